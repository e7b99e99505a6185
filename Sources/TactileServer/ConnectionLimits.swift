import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// What a server allows its clients, so that no number of them can exhaust the program nor keep
/// a real request waiting:
/// - at most `maxConnections` open at once (further ones wait in the kernel's queue, costing the
///   program no descriptor);
/// - a connection's request headers must have arrived within `headerDeadline` seconds of its
///   opening or of its last answer (a client that sends nothing, or headers a byte at a time, or
///   an idle keep-alive, is closed then), and its request must be answered within
///   `clientTimeout` seconds of its headers (a body sent a byte at a time);
/// - once three quarters of the places are taken, each new connection closes the connection
///   that has waited longest without sending a request (open for at least `evictionGrace`), so
///   idle sockets make room for a request whose bytes have arrived instead of making it queue;
/// - connections upgraded to a WebSocket (the observer page's live socket) have a budget of
///   their own, `maxLiveSockets`: past it the oldest is closed (a page reconnects by itself), and
///   no timeout applies to them (the socket's pings find a page that went).
public struct ConnectionLimits: Sendable, Equatable {
    public var maxConnections: Int
    public var clientTimeout: Double
    public var headerDeadline: Double
    public var maxLiveSockets: Int
    /// How long a new connection is safe from being closed for room, in seconds: its request
    /// bytes are read in that time if they were sent with the connection. Default 0.05 s.
    public var evictionGrace: Double
    /// How many connections may wait in the kernel's queue to be accepted (capped by the
    /// system's `net.core.somaxconn`): a queue that overflows drops a monitor's connection
    /// attempt, which its system tries again only a second later. Default 4096.
    public var backlog: Int = 4096

    public init(maxConnections: Int, clientTimeout: Double, headerDeadline: Double = 1, maxLiveSockets: Int = 4, evictionGrace: Double = 0.05) {
        self.maxConnections = max(1, maxConnections); self.clientTimeout = max(0.1, clientTimeout)
        self.headerDeadline = max(0.05, min(headerDeadline, self.clientTimeout)); self.maxLiveSockets = max(1, maxLiveSockets)
        self.evictionGrace = max(0, evictionGrace)
    }

    /// The number of connections past which waiting ones are closed to make room.
    var roomAt: Int { max(1, maxConnections * 3 / 4) }

    /// The cap for a process allowed `descriptorLimit` open files, keeping `reserve` for the
    /// program's own files (projects, recordings, media, the window): never more than what is
    /// left after the reserve, split between `servers` servers, and at least one.
    public func fitting(descriptorLimit: Int, reserve: Int, servers: Int = 2) -> ConnectionLimits {
        var fitted = self
        fitted.maxConnections = max(1, min(maxConnections, (descriptorLimit - reserve) / max(1, servers)))
        return fitted
    }

    /// The server configuration with the cap, for `Application`.
    func configuration(host: String, port: Int) -> ApplicationConfiguration {
        .init(
            address: .hostname(host, port: port), serverName: "Tactile", backlog: backlog,
            availableConnectionsDelegate: MaximumAvailableConnections(maxConnections, logger: ServiceLauncher.quietLogger("tactile.connections")))
    }

    /// A server whose connections, made by `make` (HTTP/1, or HTTP/1 with a WebSocket upgrade),
    /// are each guarded by a `ConnectionGuard` reporting to one `ConnectionRegistry`.
    func server<Inner: ServerChildChannel>(_ make: @escaping @Sendable (@escaping HTTPChannelHandler.Responder) -> Inner) -> HTTPServerBuilder {
        let registry = ConnectionRegistry(limits: self)
        let limits = self
        return HTTPServerBuilder { responder in GuardedChildChannel(inner: make(responder), limits: limits, registry: registry) }
    }
}

/// A server child channel whose connections are guarded by `ConnectionGuard`.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let limits: ConnectionLimits
    let registry: ConnectionRegistry

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(limits: limits, registry: registry))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Every open connection of one server and what it is doing, so that a new connection can close
/// the one that has waited longest without a request, and a new live socket the oldest live one.
final class ConnectionRegistry: Sendable {
    enum State: Sendable { case waiting, answering, live }
    private struct Entry {
        var channel: any Channel
        var state: State
        var since: NIODeadline
    }
    private let limits: ConnectionLimits
    private let entries = NIOLockedValueBox<[ObjectIdentifier: Entry]>([:])

    init(limits: ConnectionLimits) { self.limits = limits }

    /// A connection opened: notes it, and makes room (`makeRoom`).
    func opened(_ channel: any Channel, now: NIODeadline = .now()) -> [any Channel] {
        entries.withLockedValue { $0[ObjectIdentifier(channel)] = Entry(channel: channel, state: .waiting, since: now) }
        return makeRoom(now: now)
    }

    /// Past three quarters of the places, the connections that have waited longest without a
    /// request (each past its grace), so many that three quarters are left: to be closed.
    func makeRoom(now: NIODeadline = .now()) -> [any Channel] {
        entries.withLockedValue { e in
            let over = e.count - limits.roomAt
            guard over > 0 else { return [] }
            let grace = TimeAmount.nanoseconds(Int64(limits.evictionGrace * 1e9))
            let waiting = e.filter { $0.value.state == .waiting && $0.value.since + grace <= now }.sorted { $0.value.since < $1.value.since }
            let chosen = waiting.prefix(over)
            for (id, _) in chosen { e[id] = nil }
            return chosen.map(\.value.channel)
        }
    }

    /// Whether more connections are open than three quarters of the places.
    var isCrowded: Bool { entries.withLockedValue { $0.count > limits.roomAt } }

    /// A connection moved to `state`: returns the connections to close (the oldest live sockets
    /// past the budget).
    func moved(_ channel: any Channel, to state: State, now: NIODeadline = .now()) -> [any Channel] {
        entries.withLockedValue { e in
            let id = ObjectIdentifier(channel)
            guard e[id] != nil else { return [] }
            e[id]!.state = state; e[id]!.since = now
            guard state == .live else { return [] }
            let live = e.filter { $0.value.state == .live }.sorted { $0.value.since < $1.value.since }
            let chosen = live.prefix(max(0, live.count - limits.maxLiveSockets))
            for (id, _) in chosen { e[id] = nil }
            return chosen.map(\.value.channel)
        }
    }

    /// A connection closed.
    func closed(_ channel: any Channel) { _ = entries.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) } }
}

/// Guards one connection from next to the socket, before HTTP is decoded: its headers must
/// arrive within the header deadline of its opening or of its last answer, its request be
/// answered within the client timeout of its headers; it reports what it is doing to the
/// registry and closes those the registry gives up for room. Disarms for good once a
/// `101 Switching Protocols` answer goes out (a WebSocket).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let limits: ConnectionLimits
    private let registry: ConnectionRegistry
    private var deadline: Scheduled<Void>?
    private var upgraded = false
    private var registered = false
    /// Whether the request's headers are complete (a blank line seen since the last answer).
    private var headersIn = false
    /// The last bytes seen, to find a blank line split between two reads.
    private var tail: [UInt8] = []
    private static let switching = Array("HTTP/1.1 101".utf8)
    private static let blankLine: [UInt8] = [13, 10, 13, 10]

    init(limits: ConnectionLimits, registry: ConnectionRegistry) { self.limits = limits; self.registry = registry }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { opened(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel(); deadline = nil
        registry.closed(context.channel)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel(); deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !upgraded && !headersIn {
            let buffer = unwrapInboundIn(data)
            let bytes = tail + (buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? [])
            if Self.contains(Self.blankLine, in: bytes) {
                headersIn = true
                tail = []
                arm(context, seconds: limits.clientTimeout)
                _ = registry.moved(context.channel, to: .answering)
            } else {
                tail = Array(bytes.suffix(3))
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !upgraded {
            if case let .byteBuffer(buffer) = unwrapOutboundIn(data),
                buffer.readableBytes >= Self.switching.count,
                buffer.getBytes(at: buffer.readerIndex, length: Self.switching.count) == Self.switching
            {
                upgraded = true
                deadline?.cancel(); deadline = nil
                for old in registry.moved(context.channel, to: .live) { old.close(promise: nil) }
            } else {
                // Answered (or answering): the next request's headers are awaited from now.
                headersIn = false
                arm(context, seconds: limits.headerDeadline)
                _ = registry.moved(context.channel, to: .waiting)
            }
        }
        context.write(data, promise: promise)
    }

    private func opened(_ context: ChannelHandlerContext) {
        guard !registered else { return }
        registered = true
        arm(context, seconds: limits.headerDeadline)
        for other in registry.opened(context.channel) { other.close(promise: nil) }
        // Connections that came together are each in their grace: room is made again once it
        // has passed, so the places never stay full of silent clients until their deadline.
        guard registry.isCrowded else { return }
        let registry = self.registry
        context.eventLoop.scheduleTask(in: .nanoseconds(Int64((limits.evictionGrace + 0.001) * 1e9))) {
            for other in registry.makeRoom() { other.close(promise: nil) }
        }
    }

    /// (Re)starts the clock: the connection is closed `seconds` from now unless it moves on.
    private func arm(_ context: ChannelHandlerContext, seconds: Double) {
        guard !upgraded else { return }
        deadline?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) {
            loopBound.value.close(promise: nil)
        }
    }

    static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { i in haystack[i..<(i + needle.count)].elementsEqual(needle) }
    }
}
