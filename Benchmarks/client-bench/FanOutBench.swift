import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// Issue 16's fan-out: `screenplay-client-bench --fanout N` opens N Server-Sent Events streams of
/// `/screens/cities` against the demo server (a child process, so its memory is its own), then
/// publishes one-city changes and times each from just before the publish request to the moment
/// each subscriber's socket delivered the patch.
///
/// The subscribers are bare NIO sockets that look for `event: patch` in what arrives: an HTTP
/// client per subscriber (AsyncHTTPClient, as the 1,000-subscriber benchmark uses) costs more CPU
/// than the server it measures, on a 2-core machine that runs both. One more subscriber asks for
/// gzip and keeps the size of every chunk, which is one event: the patch bytes on the wire.
/// Before them, the same connections hold streams of Hummingbird alone (`--serve-floor`): what a
/// stream costs as a response held open in its connection's task; and of a bare NIO handler per
/// connection, no task (`--serve-nio-floor`): the floor of streams served as the demo serves them.
enum FanOutBench {
    static func run(subscribers: Int, publishes: Int = 10) async throws {
        // The two floors first, holding as many streams: a response held open in Hummingbird, and a
        // NIO handler with no task, as Screenplay serves a stream on a connection of its own.
        let floor = try await heldStreamsMemory(subscribers: subscribers, mode: "--serve-floor")
        let taskless = try await heldStreamsMemory(subscribers: subscribers, mode: "--serve-nio-floor")

        let (child, port) = try await LiveBench.startServer()
        defer { child.terminate() }
        let received = Received(publishes: publishes)
        let opened = Received(publishes: 0)
        let idle = LiveBench.residentKilobytes(of: child.processIdentifier)
        var channels = try await open(subscribers, port: port, received: received, opened: opened)
        let gzipped = GzipChunks(port: port)
        channels.append(
            try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(gzipped) }
            }.connect(host: "127.0.0.1", port: port).get())
        try await Task.sleep(for: .seconds(2))
        let withSubscribers = LiveBench.residentKilobytes(of: child.processIdentifier)
        let clock = ContinuousClock()
        for index in 0..<publishes {
            received.published(index, at: clock.now)
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/bench/new-day")
            request.method = .POST
            _ = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            let deadline = clock.now + .seconds(20)
            while received.count(for: index) < subscribers, clock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
            try await Task.sleep(for: .milliseconds(300))
        }
        let latencies = received.latencies.sorted()
        func percentile(_ p: Double) -> String { received.latency(atPercentile: p) }
        let chunks = gzipped.chunkSizes
        print("")
        print("fan-out: \(opened.opens) of \(subscribers) subscribers of /screens/cities on loopback, \(publishes) one-city changes")
        print(
            "  delivered \(latencies.count) of \(subscribers * publishes) patches; publish-to-receive p50 \(percentile(0.5)), p99 \(percentile(0.99)), max \(percentile(1.0))"
        )
        print(
            "  server RSS \(idle) KB idle, \(withSubscribers) KB with \(opened.opens) subscribers: \((withSubscribers - idle) * 1024 / max(1, opened.opens)) bytes per subscriber"
        )
        print(
            "  Hummingbird alone holding \(floor.opened) streams: \(floor.bytesPerStream) bytes per stream (a response held open in its connection's task)"
        )
        print(
            "  a NIO handler per stream, no task, holding \(taskless.opened): \(taskless.bytesPerStream) bytes per stream (the floor under the figure above)"
        )
        if chunks.count > 2 {
            let steady = chunks.dropFirst(2).sorted()
            print(
                "  gzipped stream: screen \(chunks[0]) bytes, first patch \(chunks[1]) bytes, later patches median \(steady[steady.count / 2]) bytes"
            )
        }
        for channel in channels { channel.close(promise: nil) }
    }

    /// The server memory per stream of a floor `mode` (Hummingbird, or a NIO handler, holding a
    /// streaming response open, nothing else) with as many streams as the fan-out opens.
    private static func heldStreamsMemory(subscribers: Int, mode: String) async throws -> (opened: Int, bytesPerStream: Int) {
        let (child, port) = try await LiveBench.startServer(mode: mode)
        // Killed, not terminated: its streams sleep through a graceful shutdown.
        defer { kill(child.processIdentifier, SIGKILL) }
        let opened = Received(publishes: 0)
        let idle = LiveBench.residentKilobytes(of: child.processIdentifier)
        let channels = try await open(subscribers, port: port, received: Received(publishes: 0), opened: opened)
        try await Task.sleep(for: .seconds(2))
        let held = LiveBench.residentKilobytes(of: child.processIdentifier)
        for channel in channels { channel.close(promise: nil) }
        return (opened.opens, (held - idle) * 1024 / max(1, opened.opens))
    }

    /// Opens `count` stream subscribers of the server at `port`, in batches, each waiting for its screens: a
    /// burst of ten thousand connects overflows the listen backlog, and the retried SYNs would time
    /// the connects, not the server.
    private static func open(_ count: Int, port: Int, received: Received, opened: Received) async throws -> [any Channel] {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        var channels: [any Channel] = []
        let batch = 250
        for start in stride(from: 0, to: count, by: batch) {
            for _ in start..<min(start + batch, count) {
                let channel = try await bootstrap.channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(StreamCounter(port: port, received: received, opened: opened))
                    }
                }.connect(host: "127.0.0.1", port: port).get()
                channels.append(channel)
            }
            let deadline = ContinuousClock.now + .seconds(30)
            while opened.opens < min(start + batch, count), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        return channels
    }
}

/// One subscriber: sends the stream request, then counts `event: patch` in what arrives.
private final class StreamCounter: ChannelInboundHandler, @unchecked Sendable {
    // Safe: touched only on the channel's event loop.
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let port: Int
    private let received: Received
    private let opened: Received
    /// The last bytes of the previous read, so that a marker split between reads is found.
    private var tail: [UInt8] = []
    private static let screen = Array("event: screen".utf8)
    private static let patch = Array("event: patch".utf8)

    init(port: Int, received: Received, opened: Received) {
        self.port = port
        self.received = received
        self.opened = opened
    }

    func channelActive(context: ChannelHandlerContext) {
        let request = "GET /screens/cities/stream HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: request)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let now = ContinuousClock.now
        let bytes = tail + Array(unwrapInboundIn(data).readableBytesView)
        var index = 0
        while index + Self.patch.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "e") {
                if bytes[index..<index + Self.patch.count].elementsEqual(Self.patch) {
                    received.record(at: now, bytes: 0)
                    index += Self.patch.count
                    continue
                }
                if index + Self.screen.count <= bytes.count, bytes[index..<index + Self.screen.count].elementsEqual(Self.screen) {
                    opened.open()
                    index += Self.screen.count
                    continue
                }
            }
            index += 1
        }
        tail = Array(bytes[index...])
    }
}

/// A subscriber that asks for gzip and keeps the size of each chunk of the chunked body: the
/// server flushes one event per chunk.
private final class GzipChunks: ChannelInboundHandler, @unchecked Sendable {
    // Safe: written on the channel's event loop, read after the publishes have all arrived.
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let port: Int
    private var bytes: [UInt8] = []
    private let lock = NSLock()

    init(port: Int) {
        self.port = port
    }

    func channelActive(context: ChannelHandlerContext) {
        let request =
            "GET /screens/cities/stream HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip\r\n\r\n"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: request)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lock.withLock { bytes += unwrapInboundIn(data).readableBytesView }
    }

    /// The sizes of the body's chunks, in order.
    var chunkSizes: [Int] {
        let bytes = lock.withLock { self.bytes }
        guard let headEnd = bytes.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound else { return [] }
        var sizes: [Int] = []
        var index = headEnd
        while let lineEnd = bytes[index...].firstRange(of: Array("\r\n".utf8)),
            let size = Int(String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0
        {
            sizes.append(size)
            index = lineEnd.upperBound + size + 2
            guard index <= bytes.count else { break }
        }
        return sizes
    }
}
