import TactileCore
import TactileStudy
import TactileInput
import TactileUI

/// Touch storms: what a broken panel, a driver bug or a child's whole hand sends. Every storm ends
/// by lifting, cancelling or losing focus on every id it used, so the editor should hold no finger
/// afterwards (`MonkeyRunner` checks that).
extension Monkey {
    enum Storm: CaseIterable {
        /// Ten fingers land (at once or in a ripple, ids in any order), wander, some are
        /// cancelled, the rest lift in random order.
        case tenFingers
        /// Batches of random phases for random ids (never-down ups, duplicate downs, moves of
        /// nobody) at positions in and far outside the window, times going backwards in a batch.
        case chaos
        /// A drag or pinch that leaves the window for wild positions: negative, huge, ±∞, NaN.
        case wildPositions
        /// A finger lands twice without lifting (same id), and lifts twice.
        case duplicateDowns
        /// An ordinary drag whose events arrive three frames to a batch, newest first.
        case backwardsTime
        /// Focus is lost in the middle of a gesture; the fingers' later events still arrive.
        case focusLostMidGesture
    }

    /// Positions no panel should report, but a driver, a calibration or a mouse outside the
    /// window can: far outside, huge, infinite, not a number.
    static let wildCoordinates: [Double] = [
        -1, -500, -1e6, 5_000, 1e9, -1e9, 1e300, -1e300, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, -0.0, 1e-300,
    ]

    mutating func storm(_ s: Screen, into g: inout GestureBuilder) {
        var used: Set<PointerID> = []
        switch Storm.allCases[random.weighted([4, 4, 3, 2, 2, 2])] {
        case .tenFingers: tenFingers(s, used: &used, into: &g)
        case .chaos: chaos(s, used: &used, into: &g)
        case .wildPositions: wildPositions(s, used: &used, into: &g)
        case .duplicateDowns: duplicateDowns(s, used: &used, into: &g)
        case .backwardsTime: backwardsTime(s, used: &used, into: &g)
        case .focusLostMidGesture: focusLostMidGesture(s, used: &used, into: &g)
        }
        cleanUp(used, s, into: &g)
    }

    // MARK: Storms

    private mutating func tenFingers(_ s: Screen, used: inout Set<PointerID>, into g: inout GestureBuilder) {
        var ids: [PointerID] = (0..<10).map { _ in finger() }
        if random.chance(0.5) { ids = random.shuffled([7, 3, 99, 0, -1, 42, 5, 1_000_000, 8, 2]) }
        used.formUnion(ids)
        var at: [PointerID: Point] = [:]
        let together = random.chance(0.6)
        for id in ids {
            at[id] = somewhere(s)
            g.down(id, at[id]!)
            if !together { g.wait(random.int(0...30)) }
        }
        var down = ids
        for _ in 0..<random.int(3...40) {
            g.frame()
            for id in down where random.chance(0.7) {
                at[id]! = Point(x: at[id]!.x + random.double(-25...25), y: at[id]!.y + random.double(-25...25))
                g.move(id, at[id]!)
            }
            if random.chance(0.1), !down.isEmpty {
                let victim = random.pick(down)
                g.cancel(victim, at[victim]!)
                down.removeAll { $0 == victim }
            }
        }
        for id in random.shuffled(down) {
            if random.chance(0.5) { g.frame() }
            g.up(id, at[id]!)
        }
    }

    private mutating func chaos(_ s: Screen, used: inout Set<PointerID>, into g: inout GestureBuilder) {
        let pool: [PointerID] = Array(-3...12) + [Int.max, Int.min, 1 << 40]
        let phases: [TouchPhase] = [.down, .move, .up, .cancel]
        for _ in 0..<random.int(5...40) {
            g.frame()
            for _ in 0..<random.int(1...12) {
                if random.chance(0.04) { g.add(.key(random.pick(Key.allCases), time: g.t)); continue }
                let id = random.pick(pool)
                used.insert(id)
                let p = random.chance(0.2) ? wildPoint(s) : somewhere(s)
                let when = max(.zero, g.t - .milliseconds(random.int(-20...200)))
                g.add(.touch(random.pick(phases), id: id, at: p, time: when), deliveredAt: g.t)
            }
        }
    }

    private mutating func wildPositions(_ s: Screen, used: inout Set<PointerID>, into g: inout GestureBuilder) {
        let target = pickElement(s, roles: ["clip", "track", "trimHandle.leading", "trimHandle.trailing", "canvas", "scrubBar"])
        let p = target.map { point(in: $0.hitFrame) } ?? somewhere(s)
        let a = finger()
        used.insert(a)
        g.down(a, p)
        var b: PointerID?
        if random.chance(0.3) {
            b = finger()
            used.insert(b!)
            g.down(b!, Point(x: p.x + 60, y: p.y))
        }
        _ = drag(a, from: p, by: Point(x: random.double(-100...100), y: 0), steps: random.int(1...8), into: &g)
        for _ in 0..<random.int(1...12) {
            g.frame()
            g.move(a, wildPoint(s))
            if let b { g.move(b, random.chance(0.5) ? wildPoint(s) : somewhere(s)) }
        }
        g.frame()
        if random.chance(0.5) { g.up(a, wildPoint(s)) }
        if let b, random.chance(0.5) { g.cancel(b, wildPoint(s)) }
        // A finger that lands outside the window, or nowhere at all.
        if random.chance(0.5) {
            let c = finger()
            used.insert(c)
            g.frame()
            g.down(c, wildPoint(s))
            g.frame()
            g.move(c, wildPoint(s))
            g.up(c, wildPoint(s))
        }
    }

    private mutating func duplicateDowns(_ s: Screen, used: inout Set<PointerID>, into g: inout GestureBuilder) {
        let id = random.chance(0.5) ? finger() : random.int(1...5)
        used.insert(id)
        let first = pickElement(s, roles: ["clip", "track", "canvas"]).map { point(in: $0.hitFrame) } ?? somewhere(s)
        g.down(id, first)
        if random.chance(0.5) { g.frame() }
        let second = somewhere(s)
        g.down(id, second)
        let end = drag(id, from: second, by: Point(x: random.double(-120...120), y: random.double(-40...40)), steps: random.int(1...15), into: &g)
        g.frame()
        g.up(id, end)
        if random.chance(0.5) { g.up(id, end) }
    }

    private mutating func backwardsTime(_ s: Screen, used: inout Set<PointerID>, into g: inout GestureBuilder) {
        let target = pickElement(s, roles: ["clip", "track", "trimHandle.leading", "trimHandle.trailing", "scrubBar", "canvas"])
        let p = target.map { point(in: $0.hitFrame) } ?? somewhere(s)
        var inner = GestureBuilder(start: g.t)
        let id = finger()
        used.insert(id)
        inner.down(id, p)
        let end = drag(id, from: p, by: Point(x: random.double(-200...200), y: random.double(-30...30)), steps: random.int(3...30), into: &inner)
        inner.frame()
        inner.up(id, end)
        // Deliver three frames at a time, the newest event first.
        let events = inner.batches.flatMap(\.events)
        var i = 0
        while i < events.count {
            let chunk = events[i..<min(events.count, i + 3)]
            let at = chunk.map(\.time).max()!
            for e in chunk.reversed() { g.add(e, deliveredAt: at) }
            i += 3
        }
        g.t = max(g.t, inner.t)
    }

    private mutating func focusLostMidGesture(_ s: Screen, used: inout Set<PointerID>, into g: inout GestureBuilder) {
        let target = pickElement(s, roles: ["clip", "track", "trimHandle.leading", "trimHandle.trailing", "scrubBar", "canvas"])
        let p = target.map { point(in: $0.hitFrame) } ?? somewhere(s)
        let a = finger(), b = finger()
        used.formUnion([a, b])
        g.down(a, p)
        let two = random.chance(0.4)
        if two { g.down(b, Point(x: p.x + 50, y: p.y)) }
        let mid = drag(a, from: p, by: Point(x: random.double(-150...150), y: 0), steps: random.int(2...12), into: &g)
        g.add(InputEvent(time: g.t, kind: .focusLost))
        let end = drag(a, from: mid, by: Point(x: random.double(-80...80), y: 0), steps: random.int(0...6), into: &g)
        g.frame()
        g.up(a, end)
        if two { g.up(b, end) }
    }

    /// Lifts every id in `ids` (ups, cancels, or a lost focus), so no finger stays down.
    private mutating func cleanUp(_ ids: Set<PointerID>, _ s: Screen, into g: inout GestureBuilder) {
        g.frame()
        switch random.int(0...4) {
        case 0: g.add(InputEvent(time: g.t, kind: .focusLost))
        case 1: for id in ids.sorted() { g.cancel(id, somewhere(s)) }
        default: for id in ids.sorted() { g.up(id, somewhere(s)) }
        }
    }

    // MARK: Positions

    /// A point anywhere in the viewport.
    mutating func somewhere(_ s: Screen) -> Point {
        Point(x: random.double(0...s.viewport.width), y: random.double(0...s.viewport.height))
    }

    /// A point with one or both coordinates wild.
    mutating func wildPoint(_ s: Screen) -> Point {
        var p = somewhere(s)
        switch random.int(0...2) {
        case 0: p.x = random.pick(Self.wildCoordinates)
        case 1: p.y = random.pick(Self.wildCoordinates)
        default: p = Point(x: random.pick(Self.wildCoordinates), y: random.pick(Self.wildCoordinates))
        }
        return p
    }
}
