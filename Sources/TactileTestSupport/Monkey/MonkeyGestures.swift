import TactileCore
import TactileStudy
import TactileInput
import TactileUI

/// The pieces the monkey's gestures are made of, the screen it reads, and the builder that
/// collects events into batches.
extension Monkey {
    // MARK: Gesture pieces

    /// A fresh finger id, as a host gives each landing finger.
    mutating func finger() -> PointerID {
        defer { nextFinger += 1 }
        return nextFinger
    }

    /// A tap: down, 30–160 ms, up within a few points.
    mutating func tap(at p: Point, into g: inout GestureBuilder) {
        let id = finger()
        g.down(id, p)
        g.wait(random.int(30...160))
        g.up(id, Point(x: p.x + random.double(-2...2), y: p.y + random.double(-2...2)))
    }

    /// Moves finger `id` from `p` by `delta` in `steps` frames (at 60 Hz, with a little wobble);
    /// returns where it ended. A drag now and then runs past the window's edge.
    mutating func drag(_ id: PointerID, from p: Point, by delta: Point, steps: Int, into g: inout GestureBuilder) -> Point {
        var end = Point(x: p.x + delta.x, y: p.y + delta.y)
        if random.chance(0.03) { end.x += random.chance(0.5) ? -900 : 900 }
        guard steps > 0 else { return p }
        for i in 1...steps {
            let k = Double(i) / Double(steps)
            g.frame()
            g.move(id, Point(x: p.x + (end.x - p.x) * k + random.double(-1...1), y: p.y + (end.y - p.y) * k + random.double(-1...1)))
        }
        return end
    }

    /// Sometimes carries a held finger to near the left or right edge and holds it there (the
    /// timeline auto-scrolls under a dragged clip or handle).
    mutating func holdNearEdge(_ id: PointerID, from p: Point, viewport: Size, into g: inout GestureBuilder) -> Point {
        guard random.chance(0.2) else {
            g.wait(random.int(0...150))
            return p
        }
        let x = random.chance(0.5) ? random.double(0...20) : viewport.width - random.double(0...20)
        let end = drag(id, from: p, by: Point(x: x - p.x, y: 0), steps: random.int(3...10), into: &g)
        g.wait(random.int(100...2500))
        return end
    }

    /// Lifts finger `id` (one time in ten the touch is cancelled instead).
    mutating func lift(_ id: PointerID, at p: Point, into g: inout GestureBuilder) {
        g.frame()
        if random.chance(0.1) { g.cancel(id, p) } else { g.up(id, p) }
    }

    /// Two fingers spreading or closing around `center`, the pair drifting; they lift together,
    /// one after the other, or one is cancelled.
    mutating func pinch(around center: Point, into g: inout GestureBuilder) {
        let a = finger(), b = finger()
        let half = random.double(15...80)
        let scale = random.chance(0.5) ? random.double(1.1...3.5) : random.double(0.2...0.9)
        let drift = Point(x: random.double(-80...80), y: random.double(-10...10))
        let steps = random.int(4...40)
        var pa = Point(x: center.x - half, y: center.y), pb = Point(x: center.x + half, y: center.y)
        g.down(a, pa)
        if random.chance(0.3) { g.wait(random.int(10...120)) }
        g.down(b, pb)
        for i in 1...steps {
            let k = Double(i) / Double(steps)
            let h = half * (1 + (scale - 1) * k)
            let c = Point(x: center.x + drift.x * k, y: center.y + drift.y * k)
            pa = Point(x: c.x - h, y: c.y); pb = Point(x: c.x + h, y: c.y)
            g.frame()
            g.move(a, pa); g.move(b, pb)
        }
        g.frame()
        switch random.int(0...3) {
        case 0: g.up(a, pa); g.wait(random.int(16...200)); g.up(b, pb)
        case 1: g.cancel(b, pb); g.frame(); g.up(a, pa)
        default: g.up(a, pa); g.up(b, pb)
        }
    }

    /// Something on the media browser sheet: a tile, a scroll of the grid, or closing it. With no
    /// sheet open, an add button that opens one.
    mutating func browser(_ s: Screen, into g: inout GestureBuilder) {
        guard let sheet = s.first("mediaBrowser") else {
            let adds = s.elements.filter { ["toolbar.add.video", "toolbar.add.audio", "toolbar.add.image"].contains($0.id) }
            if !adds.isEmpty { tap(at: point(in: random.pick(adds).hitFrame), into: &g) }
            return
        }
        switch random.int(0...5) {
        case 0, 1, 2:
            if let tile = pickElement(s, roles: ["mediaTile"]) { tap(at: point(in: tile.hitFrame), into: &g) }
        case 3:
            let id = finger()
            let p = point(in: sheet.frame.intersection(Rect(origin: .zero, size: s.viewport)))
            g.down(id, p)
            lift(id, at: drag(id, from: p, by: Point(x: 0, y: random.double(-300...300)), steps: random.int(3...20), into: &g), into: &g)
        case 4:
            if let cancel = s.elements.first(where: { $0.role == "button" }) { tap(at: point(in: cancel.hitFrame), into: &g) }
        default:
            // The dimmed editor above the sheet closes it.
            if sheet.frame.minY > 10 { tap(at: Point(x: random.double(0...s.viewport.width), y: random.double(0...sheet.frame.minY - 1)), into: &g) }
        }
    }

    // MARK: Targets

    /// A random element with one of `roles` whose hit frame shows on screen.
    mutating func pickElement(_ s: Screen, roles: Set<String>) -> UIElement? {
        let found = s.reachable.filter { roles.contains($0.role) }
        return found.isEmpty ? nil : random.pick(found)
    }

    /// A random point well inside `r` (its middle 70%).
    mutating func point(in r: Rect) -> Point {
        Point(x: r.x + r.width * random.double(0.15...0.85), y: r.y + r.height * random.double(0.15...0.85))
    }
}

/// What the monkey sees: the elements of the last frame and the viewport.
struct Screen {
    let elements: [UIElement]
    let viewport: Size
    /// Elements a finger can reach: a hit frame of some size inside the viewport.
    let reachable: [UIElement]

    init(elements: [UIElement], viewport: Size) {
        self.elements = elements
        self.viewport = viewport
        let screen = Rect(origin: .zero, size: viewport)
        reachable = elements.filter { e in
            let r = e.hitFrame.intersection(screen)
            return r.width >= 2 && r.height >= 2
        }.map { e in
            var e = e
            e.hitFrame = e.hitFrame.intersection(screen)
            return e
        }
    }

    func has(_ role: String) -> Bool { elements.contains { $0.role == role } }
    func first(_ role: String) -> UIElement? { elements.first { $0.role == role } }
}

/// Collects a gesture's events into batches: events at the same instant share a frame.
struct GestureBuilder {
    /// The instant the next event happens at.
    var t: Time
    var batches: [MonkeyBatch] = []

    init(start: Time) { t = start }

    /// Adds `event` to the batch delivered at `at` (the current instant unless told).
    mutating func add(_ event: InputEvent, deliveredAt at: Time? = nil) {
        let at = at ?? t
        if let last = batches.last, last.at == at {
            batches[batches.count - 1].events.append(event)
        } else {
            batches.append(MonkeyBatch(at: at, events: [event]))
        }
    }

    mutating func down(_ id: PointerID, _ p: Point) { add(.touch(.down, id: id, at: p, time: t)) }
    mutating func move(_ id: PointerID, _ p: Point) { add(.touch(.move, id: id, at: p, time: t)) }
    mutating func up(_ id: PointerID, _ p: Point) { add(.touch(.up, id: id, at: p, time: t)) }
    mutating func cancel(_ id: PointerID, _ p: Point) { add(.touch(.cancel, id: id, at: p, time: t)) }
    mutating func key(_ k: Key) { add(.key(k, time: t)) }

    /// Moves on by `ms` milliseconds.
    mutating func wait(_ ms: Int) { t += .milliseconds(ms) }
    /// Moves on by one 60 Hz frame.
    mutating func frame() { t += .frame(atRate: 60) }
}
