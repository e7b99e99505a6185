import Foundation
import TactileCore
import TactileSDL

/// Keeps systemd told how the program is (a `Type=notify` unit with `WatchdogSec`): `READY=1`
/// once the first picture is on screen, `WATCHDOG=1` (with a `STATUS=` line) from the frame
/// loop as it comes round — paced by `WatchdogPacer`, the loop woken for it when idle — and
/// `STOPPING=1` on the way out.
public final class ServiceHeartbeat {
    public let notifier: SystemdNotifier
    private var pacer: WatchdogPacer?
    private let status: () -> String
    /// Whether `READY=1` was sent.
    public private(set) var isReady = false

    /// `status` says, in a few words, what `systemctl status` shows ("attract loop · 12 visitors today").
    public init(notifier: SystemdNotifier, status: @escaping () -> String) {
        self.notifier = notifier
        self.status = status
        pacer = notifier.watchdogInterval.map(WatchdogPacer.init)
    }

    /// Feeds the watchdog from `host`'s loop.
    public func attach(to host: WindowHost) {
        host.wakeBy { [unowned self] _ in self.isReady ? self.pacer?.nextBeat : nil }
        host.observeLoop { [unowned self] now, presented in self.loopCameRound(at: now, presented: presented) }
    }

    /// The loop came round at `now`, having presented a picture or not.
    public func loopCameRound(at now: Time, presented: Bool) {
        var lines: [String] = []
        if presented && !isReady {
            isReady = true
            lines.append("READY=1")
        }
        if isReady, pacer?.beat(at: now) ?? lines.contains("READY=1") {
            if pacer != nil { lines.append("WATCHDOG=1") }
            lines.append("STATUS=" + status())
        }
        if !lines.isEmpty { notifier.send(lines.joined(separator: "\n")) }
    }

    /// The program is closing (its work being saved).
    public func stopping() { notifier.send("STOPPING=1") }
}
