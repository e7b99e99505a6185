import Foundation
import Hummingbird
import Logging
import NIOCore

/// Runs a Hummingbird application on its own task, off the frame loop: `start` waits until it
/// listens and returns the port it got (or says why it could not bind); `stop` ends it. Shared
/// by the kiosk's health server and the study's observer page.
// Unchecked Sendable, safe: the port and failure the server's task reports are read and written
// under `lock`; `task` is set by `start` and `stop`, both called by the owner's thread.
final class ServiceLauncher: @unchecked Sendable {
    private var task: Task<Void, Error>?
    /// Whether the server `stop` ended is still closing (it may hold its port a while). Under `lock`.
    private var previousRunning = false
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

    /// Runs `app`; returns its port once it listens. `what` names the server in errors. A server
    /// stopped just before may still let go of its port (its connections end in their own time,
    /// idle ones after the client timeout): binding is tried again until it has, or `timeout`.
    func start(_ app: some ApplicationProtocol & Sendable, what: String, host: String, port: Int, timeout: Double) throws -> Int {
        let deadline = DispatchTime.now() + timeout
        while true {
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
            guard started.wait(timeout: deadline) == .success else {
                throw HealthServer.ServerError("the \(what) did not start within \(Int(timeout)) s")
            }
            if let port = lock.withLock({ boundPort }) { return port }
            if lock.withLock({ previousRunning }), DispatchTime.now() < deadline {
                usleep(20_000)
                continue
            }
            throw HealthServer.ServerError("cannot serve the \(what) on \(host):\(port): \(lock.withLock { failure } ?? "unknown error")")
        }
    }

    func stop() {
        guard let stopping = task else { return }
        stopping.cancel()
        task = nil
        lock.withLock { previousRunning = true }
        Task.detached { [weak self] in
            _ = await stopping.result
            self?.lock.withLock { self?.previousRunning = false }
        }
    }
}
