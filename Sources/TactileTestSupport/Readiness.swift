import Foundation

/// Waiting for something a real process, window or server does, on the real clock: tests wait
/// on readiness (a file, a socket, a log line, the state a frame left), never on a fixed sleep
/// that is too long on a fast machine and too short on a slow one.
public enum Readiness {
    /// Whether `condition` came true within `timeout` seconds, looked at every `poll` seconds.
    @discardableResult
    public static func wait(timeout: Double, poll: Double = 0.05, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: poll)
        }
        return true
    }

}
