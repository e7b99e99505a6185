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

    /// The size of the file at `path` in bytes (0 while it does not exist).
    public static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}

/// What a child process writes to a pipe, collected as it comes, so a test can wait for a line.
public final class PipeText: @unchecked Sendable {
    // Unchecked Sendable, safe: `text` is read and appended only under `lock`.
    private let lock = NSLock()
    private var data = Data()
    /// The pipe to hand the process as its standard output or error.
    public let pipe = Pipe()

    public init() {
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let more = handle.availableData
            guard let self, !more.isEmpty else { return }
            self.lock.lock(); self.data.append(more); self.lock.unlock()
        }
    }

    /// Everything written so far.
    public var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Everything written once the process has ended (its last bytes read).
    public func finish() -> String {
        pipe.fileHandleForReading.readabilityHandler = nil
        let rest = pipe.fileHandleForReading.readDataToEndOfFile()
        lock.lock(); data.append(rest); lock.unlock()
        return text
    }
}
