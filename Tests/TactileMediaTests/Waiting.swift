import Foundation
import TactileTestSupport

/// Polls `condition` for up to `timeout` seconds; throws `Timeout` when it never holds.
func waitUntil(timeout: TimeInterval = 10, _ condition: () -> Bool) throws {
    guard Readiness.wait(timeout: timeout, poll: 0.005, until: condition) else { throw Timeout() }
}

struct Timeout: Error {}

/// Counts wake-ups from worker threads.
final class Wakes: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func bump() { lock.withLock { n += 1 } }
    var count: Int { lock.withLock { n } }
}
