import Foundation
import NIOConcurrencyHelpers

/// A token bucket: `perSecond` on average, `burst` at once; beyond that `take` says no.
final class RateLimit: Sendable {
    private let perSecond: Double, burst: Double
    private let state: NIOLockedValueBox<(tokens: Double, at: Double)>
    init(perSecond: Double, burst: Double) {
        self.perSecond = max(0.01, perSecond); self.burst = max(1, burst)
        state = NIOLockedValueBox((max(1, burst), ProcessInfo.processInfo.systemUptime))
    }

    /// Takes one token if there is one.
    func take(now: Double = ProcessInfo.processInfo.systemUptime) -> Bool {
        state.withLockedValue { s in
            s.tokens = min(burst, s.tokens + max(0, now - s.at) * perSecond)
            s.at = now
            guard s.tokens >= 1 else { return false }
            s.tokens -= 1
            return true
        }
    }
}
