import Foundation

/// A source of the current instant for the frame loop. Injected, never read by the editor.
public protocol FrameClock: AnyObject {
    /// The current instant.
    var now: Time { get }
}

/// A clock that moves only when told to: for tests, headless snapshots, replays and exports.
public final class VirtualClock: FrameClock {
    public private(set) var now: Time
    public init(start: Time = .zero) { now = start }
    /// Moves the clock forward to `instant` (never backwards).
    public func advance(to instant: Time) { if instant > now { now = instant } }
    /// Moves the clock forward by `span`.
    public func advance(by span: Time) { advance(to: now + span) }
}

/// The window's clock: monotonic, starting at zero when created, and read on the microsecond
/// grid that trace files write, so a recorded session's instants replay exactly.
public final class SessionClock: FrameClock {
    private let origin = DispatchTime.now().uptimeNanoseconds
    /// The system's monotonic clock (`DispatchTime.uptimeNanoseconds`) at this clock's zero: what
    /// lets another process (a latency benchmark injecting input) line its instants up with ours.
    public var originUptimeNanoseconds: UInt64 { origin }
    private var last = Time.zero

    public init() {}

    /// Now, in whole microseconds since the clock was made; never the same reading twice running
    /// backwards.
    public var now: Time {
        let micros = (DispatchTime.now().uptimeNanoseconds - origin) / 1000
        let t = Time.seconds(Double(micros) / 1_000_000)
        if t > last { last = t }
        return last
    }
}
