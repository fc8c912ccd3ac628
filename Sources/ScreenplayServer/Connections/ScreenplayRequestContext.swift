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
        guard let context = context as? ScreenplayRequestContext else { return ClientConnection(peer: nil, closed: nil) }
        return ClientConnection(peer: context.remoteAddress, closed: context.closed)
    }
}

/// The connection a request came on, as far as its context tells.
struct ClientConnection: Sendable {
    /// The address at the other end of the socket (a proxy's, behind a proxy).
    let peer: SocketAddress?
    let closed: EventLoopFuture<Void>?

    /// Who the request counts against (``ClientAddress``): the peer, or — when the peer is a proxy
    /// in `trusted` — the nearest address in `X-Forwarded-For` that is not a trusted proxy.
    func client(forwardedFor headers: HTTPFields, trusting trusted: [AddressRange]) -> String? {
        guard let peer else { return nil }
        guard ClientAddress.isIn(peer, trusted), headers[.xForwardedFor] != nil else { return ClientAddress.key(of: peer) }
        let hops = headers[values: .xForwardedFor].flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            guard let address = try? SocketAddress(ipAddress: hop, port: 0) else { break }
            if !ClientAddress.isIn(address, trusted) { return ClientAddress.key(of: address) }
        }
        return ClientAddress.key(of: peer)
    }
}
