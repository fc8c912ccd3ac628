import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Hummingbird's HTTP/1.1 channel with Screenplay's guards around it (``ConnectionLimits``): the
/// byte guard first in the pipeline, the request guard right after the HTTP decoder, and the
/// decoder's own bounds on a request's head.
struct GuardedHTTP1Channel: HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let http1: HTTP1Channel
    let limits: ConnectionLimits

    init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits) {
        var configuration = HTTP1Channel.Configuration()
        configuration.httpDecoder = .init(
            maxHeaderFieldSize: limits.maxHeadBytes, maxHeaderListSize: limits.maxHeadBytes, maxHeaderFieldCount: limits.maxHeaderFields + 1
        )
        self.http1 = HTTP1Channel(responder: responder, configuration: configuration)
        self.limits = limits
    }

    var responder: HTTPChannelHandler.Responder { http1.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = self.limits
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let state = ConnectionGuard(limits: limits)
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(ByteGuardHandler(state: state), position: .first)
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(RequestGuardHandler(state: state), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// An HTTP/1.1 server that holds every connection to ``ConnectionLimits``: timeouts for idle
    /// connections, heads and bodies, bounded heads, one `Host`, `Expect: 100-continue`, HTTP/1.0
    /// answered as such, and a lingering close after early answers.
    ///
    /// ```swift
    /// let app = Application(router: router, server: .screenplay())
    /// ```
    public static func screenplay(limits: ConnectionLimits = ConnectionLimits()) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, limits: limits) }
    }
}
