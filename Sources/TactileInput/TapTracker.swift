import TactileCore

/// Decides whether a finger's down…up sequence was a tap: it stayed within the slop and lifted
/// before the maximum duration. A pure, per-finger bookkeeping helper that widgets use until a
/// richer recogniser claims the touch.
public struct TapTracker: Sendable {
    public struct Press: Sendable, Hashable {
        public var origin: Point
        public var time: Time
        public var wandered: Bool
    }

    public var slop: Double
    public var maximumDuration: Time
    public private(set) var presses: [PointerID: Press] = [:]

    public init(slop: Double, maximumDuration: Time) { self.slop = slop; self.maximumDuration = maximumDuration }

    /// Feeds one touch; returns the location of a completed tap, or nil.
    public mutating func handle(id: PointerID, phase: TouchPhase, location: Point, time: Time) -> Point? {
        switch phase {
        case .down:
            presses[id] = Press(origin: location, time: time, wandered: false)
        case .move:
            if let p = presses[id], location.distance(to: p.origin) > slop { presses[id]?.wandered = true }
        case .up:
            guard let p = presses.removeValue(forKey: id) else { return nil }
            let tooFar = p.wandered || location.distance(to: p.origin) > slop
            if !tooFar && time - p.time <= maximumDuration { return p.origin }
        case .cancel:
            presses[id] = nil
        }
        return nil
    }

    /// Forgets every press (focus lost).
    public mutating func cancelAll() { presses.removeAll() }
}
