import Foundation

/// A critically damped spring (no wobble, fastest settle), as SwiftUI's `.spring(response:)`
/// with damping 1. Pure: the displacement at any instant follows from the start values, so
/// animations replay frame for frame.
public struct Spring: Hashable, Sendable, Codable {
    /// Seconds for one cycle of the undamped spring; smaller is snappier.
    public var response: Double

    public init(response: Double) { self.response = max(0.01, response) }

    var omega: Double { 2 * Double.pi / response }

    /// Displacement from the target and velocity `t` seconds after starting at `x0` with `v0`.
    public func state(from x0: Double, velocity v0: Double, after t: Double) -> (position: Double, velocity: Double) {
        let w = omega
        let e = exp(-w * max(0, t))
        let b = v0 + w * x0
        return ((x0 + b * t) * e, (v0 - w * b * t) * e)
    }

    /// Whether the spring has come to rest: within `positionTolerance` and `velocityTolerance`.
    public func isSettled(
        from x0: Double, velocity v0: Double, after t: Double,
        positionTolerance: Double = 0.5, velocityTolerance: Double = 5
    ) -> Bool {
        let s = state(from: x0, velocity: v0, after: t)
        return abs(s.position) < positionTolerance && abs(s.velocity) < velocityTolerance
    }
}
