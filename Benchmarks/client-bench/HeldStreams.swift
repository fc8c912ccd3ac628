import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

/// What the fan-out's memory per subscriber is measured against: servers that answer
/// `/screens/cities/stream` with one fixed event and then hold the stream open, as a live stream
/// does between changes, and do nothing else.
///
/// ```sh
/// screenplay-client-bench --serve-floor 20100       # Hummingbird alone: a task per connection
/// screenplay-client-bench --serve-nio-floor 20101   # a NIO handler per connection, no task
/// ```
enum HeldStreams {
    /// The one event every held stream gets.
    static let event = "event: screen\nid: 0\ndata: {}\n\n"

    /// Hummingbird alone: what a held stream costs the HTTP server before Screenplay adds anything.
    static func serveWithHummingbird(port: Int) async throws {
        let router = Router()
        router.get("/health") { _, _ in Response(status: .ok) }
        router.get("/screens/cities/stream") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/event-stream"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: event))
                    try? await Task.sleep(for: .seconds(3_600))
                    try await writer.finish(nil)
                })
        }
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        try await Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)), logger: logger)
            .runService()
    }

    /// A bare NIO HTTP/1 pipeline and one channel handler per connection, no task: what a stream
    /// would cost if streams were driven by a hub per event loop (the fan-out's next step).
    static func serveWithNIO(port: Int) async throws {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 4_096)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(HeldStream())
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        try await channel.closeFuture.get()
    }
}

/// Answers `/health` and holds every other request open as an event stream, after one event.
private final class HeldStream: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        if head.uri == "/health" {
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: ["content-length": "0"]))),
                promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        let headers: HTTPHeaders = ["content-type": "text/event-stream", "transfer-encoding": "chunked"]
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: headers))), promise: nil)
        let event = context.channel.allocator.buffer(string: HeldStreams.event)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(event))), promise: nil)
    }
}
