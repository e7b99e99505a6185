import Foundation
import Hummingbird
import Logging
import NIOCore

/// Runs a Hummingbird application on its own task, off the frame loop: `start` waits until it
/// listens and returns the port it got (or says why it could not bind); `stop` ends it. Shared
/// by the kiosk's health server and the study's observer page.
// Unchecked Sendable, safe: the port and failure the server's task reports are read and written
// under `lock`; `task` and `stopping` are set by `start` and `stop`, both called by the owner's thread.
final class ServiceLauncher: @unchecked Sendable {
    private var task: Task<Void, Error>?
    /// The task `stop` ended, which a new `start` waits for (so the port is free again).
    private var stopping: Task<Void, Error>?
    private let started = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var boundPort: Int?
    private var failure: String?

    /// A logger for the server's own chatter: only what is critical (a failure to bind is
    /// reported by `start`, and shutdown noise such as closing a closed channel is not news).
    static func quietLogger(_ label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = .critical
        return logger
    }

    /// For the application's `onServerRunning`: notes the port it listens on.
    var onServerRunning: @Sendable (any Channel) async -> Void {
        { [weak self] channel in
            self?.lock.withLock { self?.boundPort = channel.localAddress?.port }
            self?.started.signal()
        }
    }

    /// The port it listens on (or last listened on), once started.
    var port: Int? { lock.withLock { boundPort } }

    /// Runs `app`; returns its port once it listens. `what` names the server in errors.
    func start(_ app: some ApplicationProtocol & Sendable, what: String, host: String, port: Int, timeout: Double) throws -> Int {
        if let stopping {
            let ended = DispatchSemaphore(value: 0)
            Task.detached {
                _ = await stopping.result; ended.signal()
            }
            _ = ended.wait(timeout: .now() + timeout)
            self.stopping = nil
        }
        lock.withLock {
            boundPort = nil; failure = nil
        }
        task = Task.detached { [weak self] in
            do {
                // No signal handling of its own: the window's handlers save and close on SIGTERM.
                try await app.runService(gracefulShutdownSignals: [])
            } catch {
                self?.lock.withLock { self?.failure = "\(error)" }
                self?.started.signal()
            }
        }
        guard started.wait(timeout: .now() + timeout) == .success else {
            throw HealthServer.ServerError("the \(what) did not start within \(Int(timeout)) s")
        }
        if let port = lock.withLock({ boundPort }) { return port }
        throw HealthServer.ServerError("cannot serve the \(what) on \(host):\(port): \(lock.withLock { failure } ?? "unknown error")")
    }

    func stop() {
        task?.cancel()
        stopping = task
        task = nil
    }
}
