import Foundation

/// Polls `condition` for up to `timeout` seconds; throws `Timeout` when it never holds.
func waitUntil(timeout: TimeInterval = 10, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw Timeout() }
        Thread.sleep(forTimeInterval: 0.005)
    }
}

struct Timeout: Error {}

/// Counts wake-ups from worker threads.
final class Wakes: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func bump() { lock.withLock { n += 1 } }
    var count: Int { lock.withLock { n } }
}
