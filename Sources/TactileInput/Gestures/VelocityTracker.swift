import TactileCore

/// Estimates a finger's velocity from its recent positions: the displacement over the last
/// `window` of samples (at least two), in points per second. Old samples are dropped.
public struct VelocityTracker: Sendable, Hashable {
    public var window: Time
    private var samples: [(time: Time, point: Point)] = []

    public init(window: Time) { self.window = window }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.window == b.window && a.samples.count == b.samples.count
            && zip(a.samples, b.samples).allSatisfy { $0.time == $1.time && $0.point == $1.point }
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(window); hasher.combine(samples.count) }

    /// Adds a position.
    public mutating func add(_ point: Point, at time: Time) {
        samples.append((time, point))
        while samples.count > 2, let first = samples.first, time - first.time > window { samples.removeFirst() }
    }

    /// The velocity now (zero with fewer than two samples or none recent).
    public func velocity(at now: Time) -> Point {
        guard let last = samples.last, let first = samples.first, last.time > first.time, now - last.time <= window else { return .zero }
        let dt = (last.time - first.time).seconds
        return Point(x: (last.point.x - first.point.x) / dt, y: (last.point.y - first.point.y) / dt)
    }
}
