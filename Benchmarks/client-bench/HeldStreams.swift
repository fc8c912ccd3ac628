import NIOCore
import NIOHTTP1
import NIOPosix

/// `screenplay-client-bench --serve-nio-floor PORT`: the same held streams as `--serve-floor`, served
/// by a NIO channel handler per connection and no task: what a stream would cost if streams were
/// driven by a hub per event loop instead of a task per connection (the fan-out's next step).
enum HeldStreamServer {
    static func serve(port: Int) async throws {
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
                wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: ["content-length": "0"]))), promise: nil
            )
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        let headers: HTTPHeaders = ["content-type": "text/event-stream", "transfer-encoding": "chunked"]
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: headers))), promise: nil)
        let event = context.channel.allocator.buffer(string: "event: screen\nid: 0\ndata: {}\n\n")
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(event))), promise: nil)
    }
}
