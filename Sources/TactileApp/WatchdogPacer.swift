import TactileCore

/// When a service manager's watchdog must hear from the frame loop (systemd's `WatchdogSec`):
/// a ping at least twice per interval, and no more often than four times per interval, so a
/// loop running 60 frames a second does not flood the socket. The loop calls `beat(at:)` each
/// time it comes round — after presenting a picture, or after waking idle by design — and wakes
/// by `nextBeat` even when nothing else is due. A loop that stops coming round (a wedged
/// renderer, a stuck frame) stops the pings, and the service manager restarts the program.
public struct WatchdogPacer: Sendable, Hashable {
    /// The service manager's interval (`WATCHDOG_USEC`).
    public let interval: Time
    /// When the last ping was sent.
    public private(set) var lastPing: Time?

    public init(interval: Time) { self.interval = max(interval, Time(ticks: 4)) }

    /// The latest instant the loop must come round by for the next ping to be on time: half an
    /// interval after the last.
    public var nextBeat: Time? { lastPing.map { $0 + Time(ticks: interval.ticks / 2) } }

    /// The loop came round at `now`: whether to ping now.
    public mutating func beat(at now: Time) -> Bool {
        if let last = lastPing, now - last < Time(ticks: interval.ticks / 4) { return false }
        lastPing = now
        return true
    }
}
