import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Reads a connection's first request and decides who serves the connection. A live stream —
/// a whole `GET` head that the ``StreamOpener`` serves, with no body — is opened on the
/// connection with no task of its own (``ScreenplayConnection/Server/stream(_:)``). Anything else is
/// handed to Hummingbird as it came: the handler hands over, gives Hummingbird the parts it read
/// and leaves the pipeline, and the connection is served as any other (including a later stream
/// asked for on it, then served from the connection's task).
///
/// Before it decides, a server shutting down closes the connection (nothing was asked yet).
final class FirstRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let isStream: @Sendable (HTTPRequest) -> Bool
    /// Completed with the decision, which ``GuardedHTTP1Channel/handle(value:logger:)`` awaits.
    private let decided: EventLoopPromise<ScreenplayConnection.Server>
    /// Adds Hummingbird's handlers after this one and wraps the channel for its request loop.
    private let handOver: (any Channel) throws -> NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>
    /// The head of a stream request, until its end comes.
    private var streamHead: HTTPRequest?
    private var streaming = false
    /// The server began shutting down after the connection became a stream.
    private(set) var quiesced = false

    init(
        isStream: @escaping @Sendable (HTTPRequest) -> Bool, decided: EventLoopPromise<ScreenplayConnection.Server>,
        handOver: @escaping (any Channel) throws -> NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>
    ) {
        self.isStream = isStream
        self.decided = decided
        self.handOver = handOver
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A stream's client has nothing more to ask on this connection.
        guard !streaming else { return }
        let part = unwrapInboundIn(data)
        switch (part, streamHead) {
        case (.head(let head), nil) where isStream(head):
            streamHead = head
        case (.end, .some(let head)):
            streaming = true
            decided.succeed(.stream(head))
        case (_, .some(let head)):
            // A body on a stream request: not a stream this server opens; Hummingbird answers it.
            handOverToHummingbird(context: context, replaying: [.head(head), part])
        case (_, nil):
            handOverToHummingbird(context: context, replaying: [part])
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if !streaming { context.fireChannelReadComplete() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !streaming else { return context.close(promise: nil) }
        // Hummingbird answers a request it cannot read, as on any connection.
        handOverToHummingbird(context: context, replaying: streamHead.map { [.head($0)] } ?? [])
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        decided.fail(ChannelError.ioOnClosedChannel)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        decided.fail(ChannelError.ioOnClosedChannel)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            guard streaming else { return context.close(promise: nil) }
            quiesced = true
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func handOverToHummingbird(context: ChannelHandlerContext, replaying parts: [HTTPRequestPart]) {
        do {
            let asyncChannel = try handOver(context.channel)
            decided.succeed(.hummingbird(asyncChannel))
            for part in parts { context.fireChannelRead(wrapInboundOut(part)) }
            context.fireChannelReadComplete()
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        } catch {
            decided.fail(error)
            context.close(promise: nil)
        }
    }
}

/// A connection as the server hands it over: who serves it is known once its first request is
/// read — Hummingbird's request loop, or a live stream.
struct ScreenplayConnection: ServerChildChannelValue {
    enum Server {
        case hummingbird(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        case stream(HTTPRequest)
    }

    let channel: any Channel
    let server: EventLoopFuture<Server>
}
