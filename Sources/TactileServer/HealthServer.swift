import Foundation
import Hummingbird
import Logging
import NIOCore
import TactileCore

/// The kiosk's health endpoints (`kiosk.healthPort`), served by Hummingbird on SwiftNIO's own
/// threads — never the frame loop's: `/health` (JSON), `/metrics` (Prometheus text format),
/// `/screenshot.png` (the next presented picture). A slow or hostile client costs the server's
/// threads, not a frame.
public final class HealthServer: @unchecked Sendable {
    public let telemetry: KioskTelemetry
    private let host: String
    private let requestedPort: Int
    private let stallAfter: Double, lowSpace: Double
    private var task: Task<Void, Error>?
    private let started = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var boundPort: Int?
    private var failure: String?

    /// A server on `host`:`port` (0: any free port) reporting `telemetry`. `/health` says
    /// degraded when the loop has not come round for `stallAfter` seconds or less than
    /// `lowSpace` bytes are free where sessions are saved.
    public init(telemetry: KioskTelemetry, host: String, port: Int, stallAfter: Double, lowSpace: Double) {
        self.telemetry = telemetry; self.host = host; requestedPort = port; self.stallAfter = stallAfter; self.lowSpace = lowSpace
    }

    /// Starts serving; returns the port it listens on. Throws when it cannot bind.
    @discardableResult
    public func start(timeout: Double = 10) throws -> Int {
        let router = Router()
        let telemetry = self.telemetry, stallAfter = self.stallAfter, lowSpace = self.lowSpace
        router.get("health") { _, _ -> Response in
            let body = telemetry.health(stallAfter: stallAfter, lowSpace: lowSpace).serialized(pretty: true) + "\n"
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        router.get("metrics") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                     body: .init(byteBuffer: ByteBuffer(bytes: telemetry.metrics())))
        }
        router.get("screenshot.png") { _, _ -> Response in
            guard let png = await telemetry.screenshot(timeout: 3) else {
                return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain"],
                                body: .init(byteBuffer: ByteBuffer(string: "no picture was presented within 3 s\n")))
            }
            return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        // The server's own log only for what is critical: a failure to bind is reported by
        // `start`, and its shutdown chatter (closing a closed channel) is not news.
        var logger = Logger(label: "tactile.health")
        logger.logLevel = .critical
        let app = Application(router: router, configuration: .init(address: .hostname(host, port: requestedPort), serverName: "Tactile"),
                              onServerRunning: { [weak self] channel in
                                  self?.lock.withLock { self?.boundPort = channel.localAddress?.port }
                                  self?.started.signal()
                              }, logger: logger)
        task = Task.detached { [weak self] in
            do {
                // No signal handling of its own: the window's handlers save and close on SIGTERM.
                try await app.runService(gracefulShutdownSignals: [])
            } catch {
                self?.lock.withLock { self?.failure = "\(error)" }
                self?.started.signal()
            }
        }
        guard started.wait(timeout: .now() + timeout) == .success else { throw ServerError("the health server did not start within \(Int(timeout)) s") }
        if let port = lock.withLock({ boundPort }) { return port }
        throw ServerError("cannot serve health on \(host):\(requestedPort): \(lock.withLock { failure } ?? "unknown error")")
    }

    /// Stops serving.
    public func stop() {
        task?.cancel()
        task = nil
    }

    public struct ServerError: Error, CustomStringConvertible {
        public let description: String
        init(_ d: String) { description = d }
    }
}
