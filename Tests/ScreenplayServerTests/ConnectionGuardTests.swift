import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import Testing

@testable import ScreenplayServer

/// The connection guards on an `EmbeddedChannel`, whose event loop's clock moves only when a test
/// advances it: every deadline is checked a millisecond before it passes and when it passes,
/// and no test waits for real time. (ConnectionTests and ConnectionLimitTests try the same bounds
/// over real sockets.) Synchronous tests: an embedded loop is used from the thread that made it.
@Suite struct ConnectionGuardTests {
    /// A connection as the server sets it up (the HTTP/1.1 handlers, the byte and request guards),
    /// an application that answers every request once it is read whole, and a socket that records
    /// a half-close (an embedded channel closes whole).
    final class Connection {
        let channel = EmbeddedChannel()
        let app = Answerer()
        let socket = HalfCloseRecorder()

        init(_ limits: ConnectionLimits = ConnectionLimits()) throws {
            // A server's connection is active when it is set up.
            channel.connect(to: try SocketAddress(ipAddress: "192.0.2.1", port: 40_000), promise: nil)
            let pipeline = channel.pipeline.syncOperations
            try GuardedHTTP1Channel.addHTTP1Handlers(to: pipeline, decoder: GuardedHTTP1Channel.decoderConfiguration(limits))
            try GuardedHTTP1Channel.addGuards(to: pipeline, state: ConnectionGuard(limits: limits, record: nil))
            try pipeline.addHandler(app)
            try pipeline.addHandler(socket, position: .first)
        }

        var isOpen: Bool { channel.isActive }

        func send(_ text: String) throws {
            try channel.writeInbound(ByteBuffer(string: text))
        }

        func advance(by duration: Duration) {
            channel.embeddedEventLoop.advanceTime(by: TimeAmount(duration))
        }

        /// Everything written to the client since the last call.
        func written() throws -> String {
            var text = ""
            while let data = try channel.readOutbound(as: IOData.self) {
                if case .byteBuffer(let buffer) = data { text += String(buffer: buffer) }
            }
            return text
        }

        deinit {
            _ = try? channel.finish(acceptAlreadyClosed: true)
        }
    }

    /// The application: answers `200 ok` to every request read whole, and counts what reached it.
    final class Answerer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias OutboundOut = HTTPResponsePart
        var heads: [HTTPRequest] = []
        var bodyBytes = 0

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): heads.append(head)
            case .body(let body): bodyBytes += body.readableBytes
            case .end:
                context.write(wrapOutboundOut(.head(HTTPResponse(status: .ok, headerFields: [.contentLength: "2"]))), promise: nil)
                context.write(wrapOutboundOut(.body(ByteBuffer(string: "ok"))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }

    /// In place of a socket's half-close, which an embedded channel does not have: records it,
    /// and keeps the channel open for reading.
    final class HalfCloseRecorder: ChannelOutboundHandler, RemovableChannelHandler {
        typealias OutboundIn = IOData
        var outputClosed = false

        func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
            guard mode == .output else { return context.close(mode: mode, promise: promise) }
            outputClosed = true
            promise?.succeed(())
        }
    }

    static let request = "GET /screens/home HTTP/1.1\r\nHost: x\r\n\r\n"
    static let millisecond = Duration.milliseconds(1)

    // MARK: - Deadlines

    @Test func aSilentConnectionIsClosedAtItsFirstByteTimeout() throws {
        var limits = ConnectionLimits()
        limits.firstByteTimeout = .seconds(10)
        let connection = try Connection(limits)
        connection.advance(by: .seconds(10) - Self.millisecond)
        #expect(connection.isOpen)
        connection.advance(by: Self.millisecond)
        #expect(!connection.isOpen, "closed at the first-byte timeout")
        #expect(try connection.written().isEmpty, "closed without an answer: nothing was asked")
    }

    /// From a request's first byte its head has ``ConnectionLimits/headTimeout``, whatever was
    /// left of the wait for that byte.
    @Test func aHalfSentHeadIsClosedAtItsHeadTimeout() throws {
        var limits = ConnectionLimits()
        limits.firstByteTimeout = .seconds(10)
        limits.headTimeout = .seconds(10)
        let connection = try Connection(limits)
        connection.advance(by: .seconds(9))
        try connection.send("GET /screens/home HTTP/1.1\r\nHo")
        connection.advance(by: .seconds(10) - Self.millisecond)
        #expect(connection.isOpen, "the first-byte deadline no longer holds")
        try connection.send("st: x\r\n")
        connection.advance(by: Self.millisecond)
        #expect(!connection.isOpen, "closed at the head timeout, however the head trickles")
        #expect(connection.app.heads.isEmpty)
    }

    /// After an answer the connection waits ``ConnectionLimits/idleTimeout`` for the next request.
    @Test func aKeepAliveConnectionIsClosedAtItsIdleTimeout() throws {
        var limits = ConnectionLimits()
        limits.firstByteTimeout = .seconds(1)
        limits.idleTimeout = .seconds(5)
        let connection = try Connection(limits)
        try connection.send(Self.request)
        #expect(try connection.written().hasPrefix("HTTP/1.1 200 OK\r\n"))
        connection.advance(by: .seconds(5) - Self.millisecond)
        #expect(connection.isOpen, "idle after an answer: the idle timeout, not the first-byte one")
        // A second request on it: answered, and the idle wait starts again after it.
        try connection.send(Self.request)
        #expect(try connection.written().hasPrefix("HTTP/1.1 200 OK\r\n"))
        connection.advance(by: .seconds(5) - Self.millisecond)
        #expect(connection.isOpen)
        connection.advance(by: Self.millisecond)
        #expect(!connection.isOpen, "closed at the idle timeout")
        #expect(connection.app.heads.count == 2)
    }

    /// A body has ``ConnectionLimits/bodyTimeout`` from its head to its last byte: a byte now and
    /// then does not keep it open.
    @Test func aTrickledBodyIsClosedAtItsBodyTimeout() throws {
        var limits = ConnectionLimits()
        limits.bodyTimeout = .seconds(30)
        let connection = try Connection(limits)
        try connection.send("POST /screens/cities/intents HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n")
        for _ in 0..<29 {
            try connection.send("x")
            connection.advance(by: .seconds(1))
        }
        connection.advance(by: .seconds(1) - Self.millisecond)
        #expect(connection.isOpen)
        connection.advance(by: Self.millisecond)
        #expect(!connection.isOpen, "closed at the body timeout")
        #expect(connection.app.heads.count == 1 && connection.app.bodyBytes == 29)
        #expect(try connection.written().isEmpty, "never answered: the body never came whole")
    }

    /// A client that half-closes between requests has nothing left to ask: closed at once.
    @Test func aClientThatHalfClosesWhileIdleIsClosed() throws {
        let connection = try Connection()
        try connection.send(Self.request)
        #expect(try connection.written().hasPrefix("HTTP/1.1 200 OK\r\n"))
        connection.channel.pipeline.syncOperations.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(!connection.isOpen)
    }

    // MARK: - Bounds and the lingering close

    /// A body announced larger than any route takes is refused before it is sent; the connection
    /// then reads and drops what still comes for ``ConnectionLimits/lingerTimeout``, and closes.
    @Test func anEarlyAnswerLingersForItsTimeoutThenCloses() throws {
        var limits = ConnectionLimits()
        limits.maxBodyBytes = 10
        limits.lingerTimeout = .seconds(5)
        let connection = try Connection(limits)
        try connection.send(
            "POST /screens/cities/intents HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n")
        let answer = try connection.written()
        #expect(answer.hasPrefix("HTTP/1.1 413 "), "\(answer)")
        #expect(answer.contains("bodyTooLarge"))
        #expect(answer.lowercased().contains("connection: close"))
        #expect(connection.socket.outputClosed && connection.isOpen, "the answer is out; the client's bytes are still read")
        try connection.send(String(repeating: "x", count: 100))
        #expect(connection.app.heads.isEmpty && connection.app.bodyBytes == 0, "read and dropped")
        connection.advance(by: .seconds(5) - Self.millisecond)
        #expect(connection.isOpen)
        connection.advance(by: Self.millisecond)
        #expect(!connection.isOpen, "closed at the linger timeout")
    }

    @Test func lingeringStopsAtItsByteBound() throws {
        var limits = ConnectionLimits()
        limits.maxBodyBytes = 10
        limits.maxLingerBytes = 1_000
        let connection = try Connection(limits)
        try connection.send(
            "POST /screens/cities/intents HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n")
        #expect(try connection.written().hasPrefix("HTTP/1.1 413 "))
        try connection.send(String(repeating: "x", count: 1_000))
        #expect(connection.isOpen, "within the bound")
        // Closed in the middle of a request: the HTTP decoder reports the request cut short, as
        // it does on any connection closed early (the server's request loop ignores it).
        #expect(throws: HTTPParserError.invalidEOFState) { try connection.send("x") }
        #expect(!connection.isOpen, "past the bound, without waiting for the linger timeout")
    }

    /// A head past ``ConnectionLimits/maxHeadBytes`` is answered 431 by the guard; the
    /// application never sees it.
    @Test func aHeadPastItsByteBoundIs431() throws {
        var limits = ConnectionLimits()
        limits.maxHeadBytes = 1_024
        let connection = try Connection(limits)
        try connection.send("GET /screens/home HTTP/1.1\r\nHost: x\r\nX-Padding: \(String(repeating: "p", count: 2_000))\r\n\r\n")
        let answer = try connection.written()
        #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "\(answer)")
        #expect(answer.contains("headTooLarge"))
        #expect(connection.socket.outputClosed)
        #expect(connection.app.heads.isEmpty)
    }

    @Test func moreHeaderFieldsThanTheBoundIs431() throws {
        var limits = ConnectionLimits()
        limits.maxHeaderFields = 5
        let connection = try Connection(limits)
        let fields = (0..<6).map { "X-\($0): y\r\n" }.joined()
        try connection.send("GET /screens/home HTTP/1.1\r\nHost: x\r\n\(fields)\r\n")
        let answer = try connection.written()
        #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "\(answer)")
        #expect(connection.app.heads.isEmpty)
    }

    // MARK: - The copy of Hummingbird's HTTP/1.1 set-up

    /// Serves nothing: the pipeline is what is compared.
    struct StreamsNothing: StreamOpener {
        func isStream(_ head: HTTPRequest) -> Bool { head.path?.hasSuffix("/stream") == true }
        func open(_ request: Request, on channel: any Channel) async {}
    }

    /// The handler types of a pipeline, in order, without Screenplay's own.
    static func handlerTypes(_ channel: EmbeddedChannel) -> [String] {
        let ours: Set<String> = ["ByteGuardHandler", "RequestGuardHandler", "FirstRequestHandler"]
        // Each line after the header: `<inbound type> ↓↑ <outbound type> [<name>]`.
        return channel.pipeline.debugDescription.split(separator: "\n").dropFirst(2).compactMap { line -> String? in
            let withoutName = line[..<(line.range(of: " [", options: .backwards)?.lowerBound ?? line.endIndex)]
            let sides = withoutName.components(separatedBy: "↓↑").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let type = sides.first(where: { !$0.isEmpty }) else { return nil }
            return ours.contains(type) ? nil : type
        }
    }

    /// Hummingbird's HTTP1Channel on one embedded channel, Screenplay's on another — as a stream
    /// server (its own copy of the set-up, handed over to Hummingbird for a request that is not a
    /// stream) and without streams — must hold the same handlers in the same order, the guards
    /// aside. A Hummingbird release that changes its pipeline fails here, so that the copy is
    /// brought up to date.
    @Test(arguments: [true, false])
    func screenplaysPipelineIsHummingbirdsWithTheGuards(servesStreams: Bool) throws {
        let logger = Logger(label: "test")
        let responder: HTTPChannelHandler.Responder = { _, _, _ in }
        let address = try SocketAddress(ipAddress: "192.0.2.1", port: 40_000)

        let hummingbird = EmbeddedChannel()
        defer { _ = try? hummingbird.finish(acceptAlreadyClosed: true) }
        hummingbird.connect(to: address, promise: nil)
        // The values are kept: an async channel nobody holds closes its connection.
        let hummingbirdValue = try HTTP1Channel(responder: responder).setup(channel: hummingbird, logger: logger).wait()

        let live = LiveUpdates()
        if servesStreams { live.opener.withLockedValue { $0 = StreamsNothing() } }
        let limits = ConnectionLimits()
        let screenplay = EmbeddedChannel()
        defer { _ = try? screenplay.finish(acceptAlreadyClosed: true) }
        screenplay.connect(to: address, promise: nil)
        let guarded = GuardedHTTP1Channel(responder: responder, limits: limits, live: live, registry: ConnectionRegistry(limits: limits))
        let screenplayValue = try guarded.setup(channel: screenplay, logger: logger).wait()
        if servesStreams {
            #expect((try? screenplay.pipeline.syncOperations.handler(type: FirstRequestHandler.self)) != nil)
            // Not a stream: handed over to Hummingbird's request loop, as every connection is without streams.
            try screenplay.writeInbound(ByteBuffer(string: Self.request))
            #expect(throws: ChannelPipelineError.self) { try screenplay.pipeline.syncOperations.handler(type: FirstRequestHandler.self) }
        }
        #expect((try? screenplay.pipeline.syncOperations.handler(type: ByteGuardHandler.self)) != nil)
        #expect((try? screenplay.pipeline.syncOperations.handler(type: RequestGuardHandler.self)) != nil)

        let expected = Self.handlerTypes(hummingbird)
        #expect(expected.contains("HTTP1ToHTTPServerCodec") && expected.contains("HTTPConnectionStateHandler"), "\(expected)")
        #expect(
            Self.handlerTypes(screenplay) == expected,
            "Hummingbird's HTTP/1.1 pipeline changed: bring GuardedHTTP1Channel.addHTTP1Handlers and its hand-over up to date")
        #expect(screenplay.isActive && hummingbird.isActive)
        withExtendedLifetime((hummingbirdValue, screenplayValue)) {}
    }
}
