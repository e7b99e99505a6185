import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import TactileCore

/// The kiosk's health endpoints (`kiosk.healthPort`), served by Hummingbird on SwiftNIO's own
/// threads — never the frame loop's: `/health` (JSON), `/metrics` (Prometheus text format),
/// `/screenshot.png` (the next presented picture). A slow or hostile client costs the server's
/// threads, not a frame.
public final class HealthServer: Sendable {
    public let telemetry: KioskTelemetry
    private let host: String
    private let requestedPort: Int
    private let stallAfter: Double, lowSpace: Double
    private let limits: ConnectionLimits
    private let launcher = ServiceLauncher()

    /// A server on `host`:`port` (0: any free port) reporting `telemetry`. `/health` says
    /// degraded when the loop has not come round for `stallAfter` seconds or less than
    /// `lowSpace` bytes are free where sessions are saved. `limits`: how many clients at once,
    /// and how long each may keep a connection unanswered.
    public init(
        telemetry: KioskTelemetry, host: String, port: Int, stallAfter: Double, lowSpace: Double,
        limits: ConnectionLimits = ConnectionLimits(maxConnections: 64, clientTimeout: 10)
    ) {
        self.telemetry = telemetry; self.host = host; requestedPort = port; self.stallAfter = stallAfter; self.lowSpace = lowSpace
        self.limits = limits
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
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                body: .init(byteBuffer: ByteBuffer(bytes: telemetry.metrics())))
        }
        router.get("screenshot.png") { _, _ -> Response in
            guard let png = await telemetry.screenshots.next(timeout: 3) else {
                return Response(
                    status: .serviceUnavailable, headers: [.contentType: "text/plain"],
                    body: .init(byteBuffer: ByteBuffer(string: "no picture was presented within 3 s\n")))
            }
            return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        let app = Application(
            router: router, server: limits.server { HTTP1Channel(responder: $0) },
            configuration: limits.configuration(host: host, port: requestedPort),
            onServerRunning: launcher.onServerRunning, logger: ServiceLauncher.quietLogger("tactile.health"))
        return try launcher.start(app, what: "health server", host: host, port: requestedPort, timeout: timeout)
    }

    /// Stops serving.
    public func stop() { launcher.stop() }

    public struct ServerError: Error, CustomStringConvertible {
        public let description: String
        init(_ d: String) { description = d }
    }
}
