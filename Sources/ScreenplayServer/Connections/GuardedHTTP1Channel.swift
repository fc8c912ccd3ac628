import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 channel with Screenplay's guards around it (``ConnectionLimits``): the
/// byte guard first in the pipeline, the request guard right after the HTTP decoder, and the
/// decoder's own bounds on a request's head. With ``LiveUpdates`` whose routes are mounted, a
/// connection whose first request asks for a live stream is served by NIO with no task
/// (``FirstRequestHandler``); every other goes to Hummingbird's request loop.
struct GuardedHTTP1Channel: HTTPChannelHandler {
    typealias Value = ScreenplayConnection

    let http1: HTTP1Channel
    let limits: ConnectionLimits
    let live: LiveUpdates?
    let registry: ConnectionRegistry

    init(
        responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits, live: LiveUpdates?, registry: ConnectionRegistry
    ) {
        var configuration = HTTP1Channel.Configuration()
        configuration.httpDecoder = Self.decoderConfiguration(limits)
        self.http1 = HTTP1Channel(responder: responder, configuration: configuration)
        self.limits = limits
        self.live = live
        self.registry = registry
    }

    var responder: HTTPChannelHandler.Responder { http1.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        // Counted in, or answered 503 and closed (too many from its address, or in all and none idle).
        guard let record = registry.admit(channel) else {
            return channel.eventLoop.makeSucceededFuture(
                ScreenplayConnection(channel: channel, server: channel.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)))
        }
        guard let opener = live?.opener.withLockedValue({ $0 }) else {
            return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
                try addGuards(to: channel, record: record)
                return ScreenplayConnection(channel: channel, server: channel.eventLoop.makeSucceededFuture(.hummingbird(value)))
            }
        }
        return channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try Self.addHTTP1Handlers(to: pipeline, decoder: http1.configuration.httpDecoder)
            try addGuards(to: channel, record: record)
            let decided = channel.eventLoop.makePromise(of: ScreenplayConnection.Server.self)
            let idleTimeout = http1.configuration.idleTimeout
            try pipeline.addHandler(
                FirstRequestHandler(
                    isStream: opener.isStream, decided: decided,
                    handOver: { channel in
                        try channel.pipeline.syncOperations.addHandler(
                            HTTPConnectionStateHandler(idleTimeout: idleTimeout.map { .init($0) }, logger: logger))
                        return try NIOAsyncChannel(
                            wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                    }))
            // Known once the first request is read (the channel reads only after this setup).
            return ScreenplayConnection(channel: channel, server: decided.futureResult)
        }
    }

    /// The HTTP decoder's bounds on a request's head, from the connection limits (the request
    /// guard answers 431 past them).
    static func decoderConfiguration(_ limits: ConnectionLimits) -> HTTP1Channel.Configuration.DecoderConfiguration {
        .init(
            maxHeaderFieldSize: limits.maxHeadBytes, maxHeaderListSize: limits.maxHeadBytes, maxHeaderFieldCount: limits.maxHeaderFields + 1
        )
    }

    /// As Hummingbird's HTTP1Channel sets up a connection, up to its request loop (its idle
    /// handler and the async channel come when the connection is handed over). A copy: the
    /// connection guard tests hold it to Hummingbird's handlers, in order.
    static func addHTTP1Handlers(
        to pipeline: ChannelPipeline.SynchronousOperations, decoder: HTTP1Channel.Configuration.DecoderConfiguration
    ) throws {
        var decoderLimits = NIOHTTPDecoderLimitConfiguration()
        decoderLimits.maxHeaderFieldSize = decoder.maxHeaderFieldSize
        decoderLimits.maxHeaderListSize = decoder.maxHeaderListSize
        decoderLimits.maxHeaderFieldCount = decoder.maxHeaderFieldCount
        try pipeline.configureHTTPServerPipeline(
            withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
            withEncoderConfiguration: .init(), withDecoderLimitConfiguration: decoderLimits)
        try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
    }

    private func addGuards(to channel: any Channel, record: ConnectionRecord) throws {
        try Self.addGuards(to: channel.pipeline.syncOperations, state: ConnectionGuard(limits: limits, record: record))
    }

    /// The byte guard first, the request guard right after the HTTP decoder.
    static func addGuards(to pipeline: ChannelPipeline.SynchronousOperations, state: ConnectionGuard) throws {
        try pipeline.addHandler(ByteGuardHandler(state: state), position: .first)
        let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
        try pipeline.addHandler(RequestGuardHandler(state: state), position: .after(decoder))
    }

    func handle(value: Value, logger: Logger) async {
        // A connection that closes before its first request is done with.
        switch try? await value.server.get() {
        case .hummingbird(let asyncChannel):
            await http1.handle(value: asyncChannel, logger: logger)
        case .stream(let head):
            // The task ends once the stream is open: NIO writes the rest.
            let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
            await live?.opener.withLockedValue({ $0 })?.open(request, on: value.channel)
        case nil:
            value.channel.close(promise: nil)
        }
    }
}

extension HTTPServerBuilder {
    /// An HTTP/1.1 server that holds every connection to ``ConnectionLimits``: timeouts for idle
    /// connections, heads and bodies, bounded heads, one `Host`, `Expect: 100-continue`, HTTP/1.0
    /// answered as such, and a lingering close after early answers.
    ///
    /// Given the routes' ``LiveUpdates``, a connection opened for a live stream is served without
    /// a task of its own — a third of the memory per subscriber (docs/PERFORMANCE.md, the fan-out).
    ///
    /// ```swift
    /// routes.addRoutes(to: router)
    /// let app = Application(router: router, server: .screenplay(live: routes.live))
    /// ```
    public static func screenplay(limits: ConnectionLimits = ConnectionLimits(), live: LiveUpdates? = nil) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(responder: responder, limits: limits, live: live, registry: ConnectionRegistry(limits: limits))
        }
    }

    /// The same server counting its connections in `registry`, which tests read to know when the
    /// server has taken the connections they opened.
    static func screenplay(limits: ConnectionLimits, live: LiveUpdates?, registry: ConnectionRegistry) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(responder: responder, limits: limits, live: live, registry: registry)
        }
    }
}
