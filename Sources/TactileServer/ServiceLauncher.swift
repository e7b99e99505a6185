import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Runs a Hummingbird application on its own task, off the frame loop: `start` waits until it
/// listens and returns the port it got (or says why it could not bind); `stop` ends it. Shared
/// by the kiosk's health server and the study's observer page.
// Unchecked Sendable, safe: the port and failure the server's task reports are read and written
// under `lock`; `task` is set by `start` and `stop`, both called by the owner's thread.
final class ServiceLauncher: @unchecked Sendable {
    private var task: Task<Void, Error>?
    private var group: ServiceGroup?
    /// How long `stop` lets the server close gracefully before cancelling it, in seconds.
    static let gracefulStop: Double = 3
    /// Whether the server `stop` ended is still closing (it may hold its port a while). Under `lock`.
    private var previousRunning = false
    private let started = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var boundPort: Int?
    /// The listening socket, once it listens. Under `lock`.
    private var listening: (any Channel)?
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
            self?.lock.withLock {
                self?.boundPort = channel.localAddress?.port
                self?.listening = channel
            }
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
            // No signal handling of its own: the window's handlers save and close on SIGTERM.
            let group = ServiceGroup(
                configuration: .init(services: [app], gracefulShutdownSignals: [], cancellationSignals: [], logger: Self.quietLogger("tactile.service")))
            self.group = group
            task = Task.detached { [weak self] in
                do {
                    try await group.run()
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

    /// Ends the server gracefully: it stops accepting, and the connections it accepted are
    /// served or closed, never dropped half made (a cancelled server drops connections accepted
    /// in its last moment, which SwiftNIO takes for a programming error and stops the program);
    /// cancelled only if that takes longer than `gracefulStop`.
    func stop() {
        guard let stopping = task, let group else { return }
        task = nil
        self.group = nil
        // The port is let go at once (a server started next may take it); what was accepted
        // before is still served, as the connections' stream ends only after them.
        if let listening = lock.withLock({ listening }) { try? listening.close().wait() }
        lock.withLock {
            listening = nil
            previousRunning = true
        }
        Task.detached { [weak self] in
            await group.triggerGracefulShutdown()
            let late = Task.detached {
                try await Task.sleep(nanoseconds: UInt64(Self.gracefulStop * 1e9))
                stopping.cancel()
            }
            _ = await stopping.result
            late.cancel()
            self?.lock.withLock { self?.previousRunning = false }
        }
    }
}
