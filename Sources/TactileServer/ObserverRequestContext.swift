import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The observer server's request context: a WebSocket's, which also knows who connected (so the
/// study can note where the page runs).
struct ObserverRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The connecting peer's address.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress
    }
}
