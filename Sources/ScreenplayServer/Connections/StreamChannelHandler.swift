import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// A live stream written by NIO on its connection, with no task: last in the pipeline of a
/// connection whose first request asked for a stream (``FirstRequestHandler``). It writes the
/// stream's head when added, then each event its ``ChannelStreamSink`` hands it (gzipped when
/// asked), and ends the stream — the gzip trailer, the last chunk, the connection closed — when
/// the server shuts down or the stream is finished. The client leaving lets its subscriber go.
///
/// ```swift
/// let sink = try StreamChannelHandler.install(on: channel, head: head, gzip: nil, live: live, subscriber: subscriber)
/// live.start(subscriber, sink: sink, …)
/// ```
final class StreamChannelHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    private let head: HTTPResponse
    private let gzip: EventCompressor?
    private let live: LiveUpdates
    private let subscriber: LiveUpdates.Subscriber
    private var context: ChannelHandlerContext?
    private var ended = false

    private init(head: HTTPResponse, gzip: EventCompressor?, live: LiveUpdates, subscriber: LiveUpdates.Subscriber) {
        self.head = head
        self.gzip = gzip
        self.live = live
        self.subscriber = subscriber
    }

    /// Adds the handler to the channel's pipeline (on its event loop), which writes the stream's
    /// head, and returns the sink that hands it events.
    static func install(
        on channel: any Channel, head: HTTPResponse, gzip: EventCompressor?, live: LiveUpdates, subscriber: LiveUpdates.Subscriber
    ) throws -> ChannelStreamSink {
        let handler = StreamChannelHandler(head: head, gzip: gzip, live: live, subscriber: subscriber)
        try channel.pipeline.syncOperations.addHandler(handler)
        return ChannelStreamSink(channel: channel, handler: NIOLoopBound(handler, eventLoop: channel.eventLoop))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        // The server began shutting down while the stream was opened.
        if (try? context.pipeline.syncOperations.handler(type: FirstRequestHandler.self))?.quiesced == true { end() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A stream's client has nothing more to ask on this connection.
    }

    func channelInactive(context: ChannelHandlerContext) {
        ended = true
        live.unsubscribe(subscriber)
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The client caught up: it gets the latest version, from the one it has.
        if context.channel.isWritable { live.ready(subscriber) }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The server is shutting down: the stream ends, and its client reconnects to the next one.
        if event is ChannelShouldQuiesceEvent { return end() }
        context.fireUserInboundEventTriggered(event)
    }

    /// Writes one event and flushes it.
    func write(_ event: ByteBuffer) {
        guard !ended, let context else { return }
        do {
            context.writeAndFlush(wrapOutboundOut(.body(try gzip?.compress(event) ?? event)), promise: nil)
        } catch {
            end()
        }
    }

    /// Ends the stream and closes the connection.
    func end() {
        guard !ended, let context else { return }
        ended = true
        if let trailer = try? gzip?.finish() { context.write(wrapOutboundOut(.body(trailer)), promise: nil) }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}

/// Hands a ``StreamChannelHandler`` its events, from any thread, on its event loop.
struct ChannelStreamSink: StreamSink {
    let channel: any Channel
    let handler: NIOLoopBound<StreamChannelHandler>

    func send(_ event: ByteBuffer) {
        let handler = self.handler
        channel.eventLoop.execute { handler.value.write(event) }
    }

    func finish() {
        let handler = self.handler
        channel.eventLoop.execute { handler.value.end() }
    }

    /// The connection takes more: the client reads what it was sent.
    var isReady: Bool { channel.isWritable }
}
