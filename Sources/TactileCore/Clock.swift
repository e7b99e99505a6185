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

/// The real, monotonic clock. Its origin is placed on the wall clock's last whole minute before
/// it was created, so `.everyMinute` entries fall on the minutes a wall clock shows, while the
/// readings themselves never jump when the wall clock is adjusted.
public final class MonotonicClock: FrameClock {
    private let originNanoseconds: UInt64

    public init() {
        let wall = Date().timeIntervalSince1970
        let intoMinute = wall.truncatingRemainder(dividingBy: 60)
        let nowNanos = DispatchTime.now().uptimeNanoseconds
        originNanoseconds = nowNanos - UInt64(intoMinute * 1_000_000_000)
    }

    public var now: Time {
        let elapsed = DispatchTime.now().uptimeNanoseconds - originNanoseconds
        return Time(ticks: Self.ticks(fromNanoseconds: elapsed))
    }

    /// Nanoseconds to ticks: 0.7056 ticks per nanosecond = 3528 / 5000, split so that the
    /// product never overflows however long the program runs.
    static func ticks(fromNanoseconds ns: UInt64) -> Int64 {
        Int64(ns / 5000 * 3528 + (ns % 5000) * 3528 / 5000)
    }
}

/// The window's clock: monotonic, starting at zero when created, and read on the microsecond
/// grid that trace files write, so a recorded session's instants replay exactly.
public final class SessionClock: FrameClock {
    private let origin = DispatchTime.now().uptimeNanoseconds
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
