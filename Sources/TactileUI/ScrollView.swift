import TactileCore
import TactileInput

/// What a vertical scroll view remembers between passes (in `UIMemory`, while it is drawn):
/// how far it is scrolled and which finger drags it.
public struct ScrollOffset: Hashable, Sendable {
    /// How far the content is moved up, in points.
    public var offset: Double = 0
    /// The finger dragging the content, if one is.
    public var grab: Grab?
    /// Fingers that moved sideways first: they belong to what they landed on (a slider), never
    /// to the scroll, until they lift.
    public var declined: [PointerID] = []
    /// How tall the content was laid out in the last pass (for a view that learns it by drawing).
    public var contentHeight: Double = 0
    /// The grabbing finger's speed, for a fling when it lifts.
    var tracker: VelocityTracker?
    /// A flung scroll coasting to a stop: where it was let go, when, and how fast (points per
    /// second, the offset's).
    public var coast: Coast?

    public struct Coast: Hashable, Sendable {
        public var from: Double, since: Time, speed: Double
    }

    /// A finger holding the content: the offset is `anchor` less the finger's height.
    public struct Grab: Hashable, Sendable {
        public var finger: PointerID
        public var anchor: Double
    }

    public init(offset: Double = 0) { self.offset = offset }
}

/// How a scroll view is flung and slows: the finger's speed over `window` when it lifts (at
/// most `maximumSpeed`), coasting as the timeline's scroller does (`ScrollPhysics`) at the
/// sheets' own rate (`input.sheetDecelerationRate`) down to `input.sheetFlingLeastSpeed`, which a
/// lift must reach to fling at all.
struct ScrollFling: Sendable {
    var window: Time, maximumSpeed: Double
    var physics = ScrollPhysics()
    init(_ input: TactileConfiguration.Input) {
        window = .seconds(input.velocityWindow); maximumSpeed = input.maximumFlingSpeed
        physics.decelerationRate = input.sheetDecelerationRate
        physics.minimumVelocity = input.sheetFlingLeastSpeed
    }

    /// Where a coast from `coast` is at `now`, and whether it is still moving.
    func position(_ coast: ScrollOffset.Coast, at now: Time) -> (offset: Double, moving: Bool) {
        let at = physics.coast(from: coast.from, velocity: coast.speed, since: coast.since, at: now)
        return (at.position, abs(at.velocity) >= physics.minimumVelocity)
    }
}

/// A scroll view drawn in a pass, as `tactile inspect` and the layout check see it.
public struct ScrollView: Hashable, Sendable {
    public var id: String
    /// Where it shows its content, on the screen.
    public var window: Rect
    /// How tall its content is laid out.
    public var contentHeight: Double
    /// How far its content is moved up.
    public var offset: Double
    /// How far it can scroll: 0 when everything shows.
    public var maximumOffset: Double { max(0, contentHeight - window.height) }
}

extension UIContext {
    /// A vertical scroll view: `body` lays its content out from `window`'s top as though it
    /// were `contentHeight` tall; the screen shows what falls in `window`, moved up by the
    /// scroll. Its draw commands, touch targets and elements move with it; its targets take
    /// touches only where the window shows them; the positions its widgets read (`location`,
    /// `location(of:)`) are in its own layout (the arena's gestures keep the screen's: a slider
    /// reads their x, which the scroll does not move). It remembers its scroll while it is drawn in every pass; returns how far it
    /// is scrolled.
    ///
    /// A finger that landed in the window and moves up or down past the tap slop drags the
    /// content, whatever it landed on (a button does not then tap: it moved too far); one that
    /// moves sideways first, or landed on something that takes a drag itself (a slider, a trim),
    /// stays with it.
    @discardableResult
    public func scrolling(_ key: String, window: Rect, contentHeight: Double, _ body: () -> Void) -> Double {
        scrolling(key, window: window, knownHeight: contentHeight) {
            body()
            return contentHeight
        }
    }

    /// A scroll view whose content's height is known only once `body` has laid it out (it
    /// returns the height): a form drawn top to bottom. Its scroll is kept within the height
    /// the pass before laid out.
    @discardableResult
    public func scrolling(_ key: String, window: Rect, _ body: () -> Double) -> Double {
        scrolling(key, window: window, knownHeight: nil, body)
    }

    private func scrolling(_ key: String, window: Rect, knownHeight: Double?, _ body: () -> Double) -> Double {
        let shown = onScreen(window, clipped: true), wid = id(key)
        let before = memory.scrolls[wid] ?? ScrollOffset()
        let height = knownHeight ?? before.contentHeight, most = max(0, height - window.height)
        var s = dragged(before, in: shown, most: most)
        s.offset = min(max(0, s.offset), most)
        let marks = draw.marks
        shifts.append((dy: -s.offset, window: shown))
        s.contentHeight = body()
        shifts.removeLast()
        draw.shift(since: marks, by: -s.offset, clippedTo: window)
        // Laid out shorter than the pass before said: the next pass draws it within its end.
        if knownHeight == nil, s.offset > max(0, s.contentHeight - window.height) + 0.5 {
            requestFrames(.animation(), reason: "scroll settles")
        }
        scrolls[wid] = s
        scrollViews.append(ScrollView(id: key, window: shown, contentHeight: s.contentHeight, offset: s.offset))
        return s.offset
    }

    /// The scroll after the fingers down now: the grabbing finger's move (and, as it lifts, a
    /// fling), a new grab (which stops a coast), or a coast's next step.
    private func dragged(_ scroll: ScrollOffset, in window: Rect, most: Double) -> ScrollOffset {
        var s = scroll
        let fingers = fingersDown
        s.declined.removeAll { id in !fingers.contains { $0.id == id } }
        if let grab = s.grab {
            let finger = fingers.first { $0.id == grab.finger }
            if let finger {
                s.offset = grab.anchor - finger.now.y
                s.tracker?.add(finger.now, at: now)
            }
            // Lifting: it coasts on at the finger's speed (none after a rest). Gone without a
            // lift (the window lost focus): it stays where it is.
            if finger == nil || lifts(grab.finger) {
                s.coast = lifts(grab.finger) ? flung(s) : nil
                s.grab = nil
                s.tracker = nil
            }
        }
        if let coast = s.coast {
            let at = memory.fling.position(coast, at: now)
            s.offset = at.offset
            if !at.moving || at.offset <= 0 || at.offset >= most { s.coast = nil } else { requestFrames(.animation(), reason: "scroll coast") }
        }
        guard s.grab == nil, most > 0 else { return s }
        for finger in fingers where window.contains(finger.origin) && !s.declined.contains(finger.id) && !lifts(finger.id) {
            // A finger on something that takes a drag itself (a slider, a trim) is its own.
            if memory.arena.takesDrag(finger.id) {
                s.declined.append(finger.id)
                continue
            }
            let dx = finger.now.x - finger.origin.x, dy = finger.now.y - finger.origin.y
            // Past the slop as a tap counts it (a move of exactly the slop still taps, and does not scroll).
            guard finger.now.distance(to: finger.origin) > slop else { continue }
            if abs(dy) > abs(dx) {
                s.grab = ScrollOffset.Grab(finger: finger.id, anchor: s.offset + finger.now.y)
                s.coast = nil
                s.tracker = VelocityTracker(window: memory.fling.window)
                s.tracker?.add(finger.now, at: now)
                // The button it landed on lets go of it: it shows no longer pressed and will not tap.
                memory.active[finger.id] = nil
                break
            }
            s.declined.append(finger.id)
        }
        return s
    }

    /// The coast a lifted finger leaves: its speed over the velocity window, if fast enough.
    private func flung(_ s: ScrollOffset) -> ScrollOffset.Coast? {
        let f = memory.fling
        // The content moves with the finger: a finger going up scrolls the offset up.
        let speed = max(-f.maximumSpeed, min(f.maximumSpeed, -(s.tracker?.velocity(at: now).y ?? 0)))
        return abs(speed) >= f.physics.minimumVelocity ? ScrollOffset.Coast(from: s.offset, since: now, speed: speed) : nil
    }

    /// `rect` as laid out in the scroll views open now, where it is on the screen; `clipped`:
    /// only the part their windows show (empty when none).
    func onScreen(_ rect: Rect, clipped: Bool) -> Rect {
        guard !shifts.isEmpty else { return rect }
        var r = rect.offsetBy(dx: 0, dy: shifts.reduce(0) { $0 + $1.dy })
        if clipped { for shift in shifts { r = r.intersection(shift.window) } }
        return r
    }

    /// A point on the screen, where it falls in the layout of the scroll views open now.
    func laidOut(_ point: Point) -> Point {
        guard !shifts.isEmpty else { return point }
        return Point(x: point.x, y: point.y - shifts.reduce(0) { $0 + $1.dy })
    }
}
