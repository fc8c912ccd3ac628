import Hummingbird
import NIOCore

/// A request context that knows its connection: the client's address (live streams are bounded
/// per address) and when the connection closes (a stream whose client left ends at once, not at
/// its next write). Screenplay's routes work with any context; with this one they also get those
/// two bounds.
///
/// ```swift
/// let router = Router(context: ScreenplayRequestContext.self)
/// routes.addRoutes(to: router)
/// ```
public struct ScreenplayRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's address, as the socket has it (a proxy's, behind a proxy).
    public let remoteAddress: SocketAddress?
    /// Completes when the connection closes.
    let closed: EventLoopFuture<Void>

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
        self.closed = source.channel.closeFuture
    }

    /// What the pipeline learns of the connection of any context.
    static func connection(of context: some RequestContext) -> ClientConnection {
        guard let context = context as? ScreenplayRequestContext else { return ClientConnection(address: nil, closed: nil) }
        return ClientConnection(address: context.remoteAddress?.ipAddress, closed: context.closed)
    }
}

/// The connection a request came on, as far as its context tells.
struct ClientConnection: Sendable {
    /// The client's IP address, without its port.
    let address: String?
    let closed: EventLoopFuture<Void>?
}
