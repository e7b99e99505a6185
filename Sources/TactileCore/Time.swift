/// An exact point or span of time, counted in integer ticks.
///
/// One second is 705,600,000 ticks (a "flick"): every common frame rate (24, 25, 30, 48, 50, 60,
/// 90, 120 fps, and their 1000/1001 variants when multiplied out) and audio sample rate (8 k to
/// 192 kHz) divides it, so adding frame durations never drifts. `Time` is used both for
/// timeline positions in the project and for frame-loop instants on a clock.
public struct Time: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Ticks in one second.
    public static let ticksPerSecond: Int64 = 705_600_000

    /// The count of ticks.
    public var ticks: Int64

    /// Creates a time from a tick count.
    public init(ticks: Int64) { self.ticks = ticks }

    /// Zero seconds.
    public static let zero = Time(ticks: 0)

    /// The longest span a `Time` made from seconds may be: 10⁹ s (about 31 years), so that
    /// any two such times add or subtract without overflowing the tick count (±1.3 × 10¹⁰ s).
    /// Files are checked against their own, far smaller, limits before they get here.
    public static let maximumSeconds: Double = 1e9

    /// A time `seconds` long, rounded to the nearest tick; clamped to ±`maximumSeconds` (NaN is
    /// zero), so no number can trap the conversion to ticks.
    public static func seconds(_ seconds: Double) -> Time {
        guard !seconds.isNaN else { return .zero }
        let s = min(max(seconds, -maximumSeconds), maximumSeconds)
        return Time(ticks: Int64((s * Double(ticksPerSecond)).rounded()))
    }

    /// A time `seconds` long when `range` (in seconds) holds it, else nil: how readers of files
    /// turn a number into a time they can trust.
    public static func checkedSeconds(_ seconds: Double, in range: ClosedRange<Double>) -> Time? {
        guard seconds.isFinite, range.contains(seconds), abs(seconds) <= maximumSeconds else { return nil }
        return .seconds(seconds)
    }

    /// A time of whole seconds, exact.
    public static func seconds(_ seconds: Int) -> Time {
        Time(ticks: Int64(seconds) * ticksPerSecond)
    }

    /// A time `ms` milliseconds long, exact.
    public static func milliseconds(_ ms: Int) -> Time {
        Time(ticks: Int64(ms) * (ticksPerSecond / 1000))
    }

    /// The duration of one frame at `fps` frames per second, exact for every common rate.
    public static func frame(atRate fps: Int) -> Time {
        Time(ticks: ticksPerSecond / Int64(max(1, fps)))
    }

    /// The time in seconds (floating point, for display and geometry only).
    public var seconds: Double { Double(ticks) / Double(Time.ticksPerSecond) }

    public static func < (a: Time, b: Time) -> Bool { a.ticks < b.ticks }
    public static func + (a: Time, b: Time) -> Time { Time(ticks: a.ticks + b.ticks) }
    public static func - (a: Time, b: Time) -> Time { Time(ticks: a.ticks - b.ticks) }
    public static func += (a: inout Time, b: Time) { a.ticks += b.ticks }
    public static func -= (a: inout Time, b: Time) { a.ticks -= b.ticks }
    public static func * (a: Time, n: Int64) -> Time { Time(ticks: a.ticks * n) }
    public static prefix func - (a: Time) -> Time { Time(ticks: -a.ticks) }

    /// `self` rounded down to a multiple of `step` (floor division, also for negative times).
    public func roundedDown(toMultipleOf step: Time) -> Time {
        precondition(step.ticks > 0, "step must be positive")
        let q = ticks >= 0 ? ticks / step.ticks : -((-ticks + step.ticks - 1) / step.ticks)
        return Time(ticks: q * step.ticks)
    }

    public var description: String { "\(seconds)s" }
}
