import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// What a server allows its clients, so that no number of them can exhaust the program: at
/// most `maxConnections` open at once (further ones wait in the kernel's queue, costing the
/// program no descriptor), and each closed when it has not been answered within
/// `clientTimeout` seconds of opening or of its last answer (an idle keep-alive, headers or a
/// body sent a byte at a time, a client that never sends anything). A connection upgraded to a
/// WebSocket is the observer page's: the timeout no longer applies (the socket's pings find a
/// page that went).
public struct ConnectionLimits: Sendable, Equatable {
    public var maxConnections: Int
    public var clientTimeout: Double
    public init(maxConnections: Int, clientTimeout: Double) {
        self.maxConnections = max(1, maxConnections); self.clientTimeout = max(0.1, clientTimeout)
    }

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
            address: .hostname(host, port: port), serverName: "Tactile",
            availableConnectionsDelegate: MaximumAvailableConnections(maxConnections, logger: ServiceLauncher.quietLogger("tactile.connections")))
    }

    /// A server whose connections, made by `make` (HTTP/1, or HTTP/1 with a WebSocket upgrade),
    /// are each guarded by `SlowClientGuard`.
    func server<Inner: ServerChildChannel>(_ make: @escaping @Sendable (@escaping HTTPChannelHandler.Responder) -> Inner) -> HTTPServerBuilder {
        let timeout = TimeAmount.nanoseconds(Int64(clientTimeout * 1e9))
        return HTTPServerBuilder { responder in GuardedChildChannel(inner: make(responder), timeout: timeout) }
    }
}

/// A server child channel whose connections are closed by `SlowClientGuard` when a client keeps
/// one without being answered.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let timeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(SlowClientGuard(timeout: timeout))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Closes a connection that has not been answered within `timeout` of opening or of the last
/// answer; sits next to the socket, before HTTP is decoded, so a client that sends nothing, or
/// headers one byte at a time, is closed too. Disarms for good once a `101 Switching Protocols`
/// answer goes out (a WebSocket).
final class SlowClientGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?
    private var upgraded = false
    private static let switching = Array("HTTP/1.1 101".utf8)

    init(timeout: TimeAmount) { self.timeout = timeout }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel(); deadline = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel(); deadline = nil
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !upgraded {
            if case let .byteBuffer(buffer) = unwrapOutboundIn(data),
                buffer.readableBytes >= Self.switching.count,
                buffer.getBytes(at: buffer.readerIndex, length: Self.switching.count) == Self.switching
            {
                upgraded = true
                deadline?.cancel(); deadline = nil
            } else {
                arm(context)
            }
        }
        context.write(data, promise: promise)
    }

    /// (Re)starts the clock: the client has `timeout` from now to be answered.
    private func arm(_ context: ChannelHandlerContext) {
        guard !upgraded else { return }
        deadline?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: timeout) {
            loopBound.value.close(promise: nil)
        }
    }
}
