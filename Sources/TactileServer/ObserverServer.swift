import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import HTTPTypes
import Logging
import NIOCore
import TactileCore

/// The study's live observer page (`study.observerPort`), served by Hummingbird on SwiftNIO's
/// threads, never the frame loop's:
///
/// - `/` — the page (`ObserverPage`): participant, variant, task and its timer, a ticker of the
///   log, the latest picture refreshed every second, marker buttons and a note field;
/// - `/live` — a WebSocket: the state and every log event as they happen; the page sends its
///   markers and notes back on it (each with its id, its age and the participant it was made
///   for) and is told of each `{"type":"ack","id":…}` once the session has logged it, or
///   `{"type":"refused","id":…,"reason":…}`;
/// - `/state` (JSON), `/frame.png` (the next presented picture), `POST /marker` (with an `id`,
///   sending it again does not log it twice: 200 and what became of it).
///
/// Every request needs the token the program printed at start (`?token=`, or the
/// `X-Tactile-Token` header); a wrong or missing one gets 403.
public final class ObserverServer: Sendable {
    public let feed: ObserverFeed
    public let token: String
    private let host: String
    private let requestedPort: Int
    private let markers: [String: String]
    private let savedShownFor: Double
    private let limits: ConnectionLimits
    private let markersPerSecond: Double, markerBurst: Double
    private let launcher = ServiceLauncher()

    /// A server on `host`:`port` (0: any free port) for `feed`; `markers` are the study's
    /// categories by key ("1": "confusion"), shown as buttons. `token`: random unless given.
    /// `limits`: how many connections at once, and how long each may stay unanswered.
    /// `savedShownFor`: seconds a saved marker or note stays in the page's outbox.
    /// `markersPerSecond`, `markerBurst`: how many markers and notes one live socket (and all
    /// `POST /marker` requests together) may send, on average and at once; more are refused
    /// with a reason (a WebSocket `refused` message, or 429), never logged.
    public init(
        feed: ObserverFeed, host: String, port: Int, markers: [String: String], token: String? = nil,
        limits: ConnectionLimits = ConnectionLimits(maxConnections: 64, clientTimeout: 10), savedShownFor: Double = 5,
        markersPerSecond: Double = 5, markerBurst: Double = 20
    ) {
        self.feed = feed; self.host = host; requestedPort = port; self.markers = markers; self.limits = limits
        self.markersPerSecond = markersPerSecond; self.markerBurst = markerBurst
        self.savedShownFor = savedShownFor
        self.token = token ?? Self.randomToken()
    }

    /// 128 random bits as hex.
    static func randomToken() -> String {
        var g = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &g)) }.joined()
    }

    /// The page's address, token included.
    public func url(port: Int) -> String { "http://\(host):\(port)/?token=\(token)" }

    /// The page's address once it listens (the port it got), token included.
    public var pageURL: String? { launcher.port.map { url(port: $0) } }

    /// Starts serving; returns the port it listens on. Throws when it cannot bind. After `stop`
    /// it can start again (on the port it had, for pages to find it again).
    @discardableResult
    public func start(timeout: Double = 10) throws -> Int {
        let port = launcher.port ?? requestedPort
        let router = Router(context: ObserverRequestContext.self)
        router.add(middleware: TokenCheck(token: token))
        let feed = self.feed
        let page = ObserverPage.html(markers: markers, savedShownFor: savedShownFor)
        router.get("/") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        router.get("state") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: feed.stateMessage)))
        }
        router.get("frame.png") { _, _ -> Response in
            guard let png = await feed.screenshots.next(timeout: 3) else {
                return Response(
                    status: .serviceUnavailable, headers: [.contentType: "text/plain"],
                    body: .init(byteBuffer: ByteBuffer(string: "no picture was presented within 3 s\n")))
            }
            return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        let rate = (markersPerSecond, markerBurst)
        let posted = RateLimit(perSecond: rate.0, burst: rate.1)
        let tooMany = "too many markers and notes at once: at most \(JSONValue.format(rate.0)) a second"
        router.post("marker") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 16 * 1024)
            guard posted.take() else {
                return Response(
                    status: .tooManyRequests, headers: [.contentType: "text/plain", .retryAfter: "1"],
                    body: .init(byteBuffer: ByteBuffer(string: tooMany + "\n")))
            }
            guard let command = Self.command(from: String(buffer: body)) else {
                return Response(
                    status: .badRequest, headers: [.contentType: "text/plain"],
                    body: .init(byteBuffer: ByteBuffer(string: "expected {\"key\": \"m\" | \"1\"…\"9\"} or {\"note\": \"…\"}, with an optional \"id\"\n")))
            }
            // Sent before (the same id): not logged again; what became of it, if known.
            if let outcome = feed.enqueue(command), let id = command.id {
                return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: outcome.message(id: id))))
            }
            return Response(status: .accepted)
        }
        router.ws("live") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            // Where the page runs: on the study machine it competes with the participant's window.
            feed.pageConnected(onThisMachine: Self.isThisMachine(context.requestContext.remoteAddress))
            let (id, stream) = feed.subscribe()
            defer { feed.unsubscribe(id) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in stream { try await outbound.write(.text(message)) }
                }
                group.addTask {
                    // Each live socket has its own allowance: one page sending thousands a second
                    // is refused past it, and the study's log does not fill.
                    let allowance = RateLimit(perSecond: rate.0, burst: rate.1)
                    for try await message in inbound.messages(maxSize: 16 * 1024) {
                        guard case let .text(text) = message, let command = Self.command(from: text) else { continue }
                        guard allowance.take() else {
                            if let id = command.id { try await outbound.write(.text(ObserverFeed.Outcome.refused(tooMany).message(id: id))) }
                            continue
                        }
                        feed.enqueue(command)
                    }
                }
                // The page went (its inbound ended) or the study closed (the stream ended): both stop.
                _ = try await group.next()
                group.cancelAll()
            }
        }
        let webSocketResponder = router.buildResponder()
        let app = Application(
            router: router,
            server: limits.server { HTTP1WebSocketUpgradeChannel(responder: $0, webSocketResponder: webSocketResponder, configuration: .init()) },
            configuration: limits.configuration(host: host, port: port),
            onServerRunning: launcher.onServerRunning, logger: ServiceLauncher.quietLogger("tactile.observer"))
        return try launcher.start(app, what: "observer page", host: host, port: port, timeout: timeout)
    }

    /// Stops serving (and ends every page's stream).
    public func stop() {
        feed.close()
        launcher.stop()
    }

    /// `{"key": "m" | "1"…"9"}` or `{"note": "…"}` (a note may carry a key too) as a command,
    /// with what the page adds: `id` (1 to 64 letters, digits, - and _), `age` (milliseconds
    /// since it was made) and `participant` (whom it was made for).
    static func command(from text: String) -> ObserverFeed.Command? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { return nil }
        let note = (object["note"] as? String).map { String($0.prefix(2000)) }
        let key = object["key"] as? String ?? (note != nil ? "n" : "")
        guard ["m", "n", "1", "2", "3", "4", "5", "6", "7", "8", "9"].contains(key), key != "n" || !(note ?? "").isEmpty else { return nil }
        var id: String?
        if let given = object["id"] {
            guard let text = given as? String, (1...64).contains(text.count),
                text.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" || $0 == "_" })
            else { return nil }
            id = text
        }
        let age = (object["age"] as? Double).map { $0.isFinite ? max(0, $0) / 1000 : 0 } ?? 0
        let participant = (object["participant"] as? String).map { String($0.prefix(40)) }
        return ObserverFeed.Command(key: key, note: note, arrived: Date(), id: id, age: age, participant: participant)
    }

    /// Refuses every request without the token (403).
    /// Whether `address` is this machine's: a loopback address, or one of its own interfaces'.
    static func isThisMachine(_ address: SocketAddress?) -> Bool {
        guard let ip = address?.ipAddress else { return false }
        if ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.") { return true }
        let own = ((try? System.enumerateDevices()) ?? []).compactMap { $0.address?.ipAddress }
        return own.contains(ip) || own.contains { "::ffff:" + $0 == ip }
    }

    struct TokenCheck<Context: RequestContext>: RouterMiddleware {
        let token: String
        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            let given = request.uri.queryParameters.get("token") ?? request.headers[HTTPField.Name("X-Tactile-Token")!]
            guard let given, Self.same(given, token) else {
                return Response(
                    status: .forbidden, headers: [.contentType: "text/plain"],
                    body: .init(byteBuffer: ByteBuffer(string: "403: this page needs the token the program printed at start\n")))
            }
            return try await next(request, context)
        }

        /// Compares in time that does not depend on where they differ.
        static func same(_ a: String, _ b: String) -> Bool {
            let x = Array(a.utf8), y = Array(b.utf8)
            guard x.count == y.count else { return false }
            return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
        }
    }
}
