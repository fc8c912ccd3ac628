import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenplayDemo
import ScreenplayTestHarness
import Testing

@testable import ScreenplayServer

/// What one connection may hold, tried with raw sockets against the demo on a real loopback
/// server with short limits: timeouts, one Host, bounded heads, 100-continue, HTTP/1.0, early
/// answers, and live streams that end when their client leaves.
@Suite struct ConnectionTests {
    /// Deadlines well under the bounds the timeout test allows, so a loaded machine (the browser
    /// suites run alongside) does not make it fail; what it catches is a connection never cut off.
    /// The other tests use the default limits: a request that is slow only because the machine is
    /// busy must not be cut off there.
    static var shortLimits: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.idleTimeout = .milliseconds(800)
        limits.headTimeout = .milliseconds(800)
        limits.bodyTimeout = .milliseconds(800)
        limits.lingerTimeout = .seconds(2)
        return limits
    }

    /// The demo (or `routes`) on a real server with Screenplay's guards.
    /// - Parameters:
    ///   - streamsOnTheirConnections: the server is given the routes' ``LiveUpdates``, so that a
    ///     connection opened for a stream is served by NIO without a task; otherwise every stream
    ///     is a route's response body, in its connection's task.
    ///   - registry: where the server counts its connections (the test waits on its count).
    static func withServer(
        limits: ConnectionLimits = ConnectionLimits(), live: LiveUpdates = LiveUpdates(), streamsOnTheirConnections: Bool = true,
        registry: ConnectionRegistry? = nil, routes: ScreenplayRoutes = DemoApp.routes(),
        _ body: @escaping @Sendable (_ port: Int) async throws -> Void
    ) async throws {
        var routes = routes
        routes.live = live
        let router = Router(context: ScreenplayRequestContext.self)
        routes.addRoutes(to: router)
        let app = Application(
            router: router,
            server: .screenplay(
                limits: limits, live: streamsOnTheirConnections ? live : nil, registry: registry ?? ConnectionRegistry(limits: limits)),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in try await body(try #require(client.port)) }
    }

    /// How long a connection that sends `start`, then `trickle` every 200 ms, stays open (15 s at most).
    static func secondsUntilClosed(port: Int, sending start: String, thenEvery200ms trickle: String) async throws -> Double {
        let connection = try RawConnection(port: port)
        await connection.send(start)
        let began = ContinuousClock.now
        var open = true
        while open, ContinuousClock.now - began < .seconds(15) {
            // Kept: a byte every 200 ms is the trickling client this measures, not a wait for something.
            try await Task.sleep(for: .milliseconds(200))
            open = await connection.send(trickle)
        }
        if open, await !connection.readAll(timeout: .seconds(1)).closed { return 15 }
        let elapsed = ContinuousClock.now - began
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func status(_ text: String) -> String? {
        text.split(separator: "\r\n", maxSplits: 1).first.map(String.init)
    }

    @Test func idleConnectionsHalfSentHeadsAndTrickledBodiesAreClosed() async throws {
        try await Self.withServer(limits: Self.shortLimits) { port in
            let idle = try RawConnection(port: port)
            let start = ContinuousClock.now
            // Generous bounds: a loaded CI machine (the PostgreSQL suites run meanwhile) has taken 10 s.
            let idleClosed = await idle.readAll(timeout: .seconds(20)).closed
            #expect(idleClosed)
            #expect(ContinuousClock.now - start < .seconds(18))

            // One header line, or one body byte, every 200 ms: never idle, but never done in time.
            for (start, trickle, what) in [
                ("GET /screens/home HTTP/1.1\r\n", "X-Slow: 1\r\n", "head"),
                (
                    "POST /screens/cities/intents HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
                    " ", "body"
                ),
            ] {
                let elapsed = try await Self.secondsUntilClosed(port: port, sending: start, thenEvery200ms: trickle)
                #expect(elapsed < 12, "the trickled \(what) was not cut off (\(elapsed) s)")
            }

            // A keep-alive connection that asks in time is served, then closed when idle.
            let kept = try RawConnection(port: port)
            await kept.send("GET /health HTTP/1.1\r\nHost: a\r\n\r\n")
            let (answer, closed) = await kept.readAll(timeout: .seconds(15))
            #expect(Self.status(answer) == "HTTP/1.1 200 OK")
            #expect(closed)
        }
    }

    @Test func aRequestCarriesExactlyOneHostAndABoundedHead() async throws {
        try await Self.withServer { port in
            for request in [
                "GET /screens/home HTTP/1.1\r\n\r\n", "GET /screens/home HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
            ] {
                let connection = try RawConnection(port: port)
                await connection.send(request)
                let (answer, closed) = await connection.readAll(timeout: .seconds(15))
                #expect(Self.status(answer) == "HTTP/1.1 400 Bad Request", "\(request)")
                #expect(answer.contains("\"badHost\""))
                #expect(closed)
            }
            let huge = try RawConnection(port: port)
            await huge.send("GET /screens/home HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "a", count: 40_000))\r\n\r\n")
            let hugeAnswer = await huge.readAll(timeout: .seconds(15)).text
            #expect(Self.status(hugeAnswer) == "HTTP/1.1 431 Request Header Fields Too Large")
            let many = try RawConnection(port: port)
            await many.send("GET /screens/home HTTP/1.1\r\nHost: a\r\n" + (0..<150).map { "X-\($0): 1\r\n" }.joined() + "\r\n")
            let manyAnswer = await many.readAll(timeout: .seconds(15)).text
            #expect(Self.status(manyAnswer) == "HTTP/1.1 431 Request Header Fields Too Large")
        }
    }

    @Test func pipelinedRequestsAreEachAnsweredInOrder() async throws {
        try await Self.withServer { port in
            let connection = try RawConnection(port: port)
            // Three requests in one write, the last an HTTP/1.0 one: three answers, in order, then the close.
            await connection.send(
                "GET /health HTTP/1.1\r\nHost: a\r\n\r\nGET /screens/nowhere HTTP/1.1\r\nHost: a\r\n\r\nGET /health HTTP/1.0\r\n\r\n")
            let (answer, closed) = await connection.readAll(timeout: .seconds(15))
            let statuses = answer.matches(of: /HTTP\/1\.[01] \d{3} [A-Za-z ]+/).map { String($0.output) }
            #expect(statuses == ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found", "HTTP/1.0 200 OK"], "\(answer)")
            #expect(closed)
        }
    }

    @Test func expectContinueIsAnsweredBeforeTheBody() async throws {
        try await Self.withServer { port in
            let body = #"{"name":"refresh"}"#
            let connection = try RawConnection(port: port)
            await connection.send(
                "POST /screens/cities/intents HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n")
            let interim = await connection.read(until: "\r\n\r\n", timeout: .seconds(15))
            #expect(interim.hasPrefix("HTTP/1.1 100 Continue\r\n"))
            await connection.send(body)
            let final = await connection.read(until: "\r\n\r\n", timeout: .seconds(15))
            #expect(final.hasPrefix("HTTP/1.1 200 OK"))

            let tooLarge = try RawConnection(port: port)
            await tooLarge.send(
                "POST /screens/cities/intents HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n"
                    + "Content-Length: 50000000\r\n\r\n")
            let tooLargeAnswer = await tooLarge.readAll(timeout: .seconds(15)).text
            #expect(Self.status(tooLargeAnswer) == "HTTP/1.1 413 Payload Too Large")
        }
    }

    @Test func http10ClientsGetAnUnchunkedAnswerAndAClosedConnection() async throws {
        try await Self.withServer { port in
            let connection = try RawConnection(port: port)
            await connection.send("GET /screens/home HTTP/1.0\r\n\r\n")
            let (answer, closed) = await connection.readAll(timeout: .seconds(15))
            #expect(Self.status(answer) == "HTTP/1.0 200 OK")
            #expect(closed)
            let stream = try RawConnection(port: port)
            await stream.send("GET /screens/cities/stream HTTP/1.0\r\n\r\n")
            let events = await stream.read(until: "event: screen", timeout: .seconds(15)).lowercased()
            #expect(events.hasPrefix("http/1.0 200 ok"))
            #expect(!events.contains("transfer-encoding"))
            #expect(events.contains("\r\n\r\nevent: screen"), "the first event follows the head without a chunk size")
        }
    }

    @Test func aMalformedChunkIs400AndAnOversizeBodyIsAnsweredBeforeTheClientReads() async throws {
        try await Self.withServer { port in
            let chunked = try RawConnection(port: port)
            await chunked.send(
                "POST /screens/cities/intents HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n"
            )
            let chunkedAnswer = await chunked.readAll(timeout: .seconds(15)).text
            #expect(Self.status(chunkedAnswer) == "HTTP/1.1 400 Bad Request")

            // As Python's urllib does: the whole body first, then read. The server answers 413
            // early and keeps reading (and dropping) until the client is done.
            let body = #"{"name":"refresh","payload":{"x":""# + String(repeating: "a", count: 2_000_000) + #""}}"#
            let eager = try RawConnection(port: port)
            let sent = await eager.send(
                "POST /screens/cities/intents HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nConnection: close\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
            #expect(sent, "the server reset the connection before the client was done writing")
            let (answer, closed) = await eager.readAll(timeout: .seconds(15))
            #expect(Self.status(answer) == "HTTP/1.1 413 Payload Too Large")
            #expect(answer.lowercased().contains("connection: close"))
            #expect(closed)
        }
    }

    @Test(arguments: [true, false])
    func streamsEndWhenTheirClientLeavesAndAreBoundedPerAddress(onTheirConnections: Bool) async throws {
        let live = LiveUpdates(maxSubscribers: 100, maxSubscribersPerAddress: 3)
        try await Self.withServer(live: live, streamsOnTheirConnections: onTheirConnections) { port in
            var open: [RawConnection] = []
            for _ in 0..<3 {
                let connection = try RawConnection(port: port)
                await connection.send("GET /screens/cities/stream HTTP/1.1\r\nHost: a\r\n\r\n")
                let first = await connection.read(until: "event: screen", timeout: .seconds(15))
                #expect(first.contains("event: screen"))
                open.append(connection)
            }
            #expect(live.subscriberCount == 3)
            let refused = try RawConnection(port: port)
            await refused.send("GET /screens/cities/stream HTTP/1.1\r\nHost: a\r\n\r\n")
            let answer = await refused.read(until: "}}", timeout: .seconds(15))
            #expect(Self.status(answer) == "HTTP/1.1 429 Too Many Requests")
            #expect(answer.contains("Retry-After: 5"))
            // Clients that leave — one closing, one half-closing — free their place at once,
            // without waiting for the next heartbeat or event.
            open.removeLast()
            open[0].shutdownWrite()
            try await eventually(within: .seconds(15), "the two clients that left to free their place") { live.subscriberCount <= 1 }
            #expect(live.subscriberCount == 1)
        }
    }

    /// A stream asked for on a new connection (served without a task) and one asked for after
    /// another request on a kept-alive connection (served by the route, in the connection's task)
    /// are one group: the same versions, the same events, the same patch when the screen changes.
    @Test func aStreamIsTheSameOnItsOwnConnectionAndAfterOtherRequests() async throws {
        let (feed, live) = (CityFeed(), LiveUpdates())
        try await Self.withServer(live: live, routes: DemoApp.routes(feed: feed, live: live)) { port in
            let own = try RawConnection(port: port)
            await own.send("GET /screens/cities/stream HTTP/1.1\r\nHost: a\r\n\r\n")
            let reused = try RawConnection(port: port)
            await reused.send("GET /health HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await reused.read(until: "}", timeout: .seconds(15)).hasPrefix("HTTP/1.1 200 OK"))
            await reused.send("GET /screens/cities/stream HTTP/1.1\r\nHost: a\r\n\r\n")
            var texts = ["", ""]
            for (index, connection) in [own, reused].enumerated() {
                texts[index] = await Self.read(events: 1, from: connection)
                #expect(texts[index].hasPrefix("HTTP/1.1 200 OK"))
                #expect(texts[index].contains("event: screen"))
            }
            #expect(Self.eventIDs(texts[0]).count == 1)
            #expect(Self.eventIDs(texts[0]) == Self.eventIDs(texts[1]))
            feed.newDay()
            for (index, connection) in [own, reused].enumerated() {
                texts[index] += await Self.read(events: 1, from: connection)
                #expect(texts[index].contains("event: patch"))
            }
            #expect(Self.eventIDs(texts[0]).count == 2)
            #expect(Self.eventIDs(texts[0]) == Self.eventIDs(texts[1]))
        }
    }

    /// What arrives until `count` more events (each ends with a blank line) came.
    static func read(events count: Int, from connection: RawConnection) async -> String {
        var text = ""
        while text.components(separatedBy: "\n\n").count <= count {
            let more = await connection.read(until: "\n\n", timeout: .seconds(15))
            if more.isEmpty { break }
            text += more
        }
        return text
    }

    /// The `id:` lines of the events in `text`.
    static func eventIDs(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
    }

    /// Whatever can refuse a stream does so before its first byte, with a status and the JSON error:
    /// a handler that throws, on either transport. A stream request that carries a body is not
    /// opened on its connection; the route answers it as any request.
    @Test(arguments: [true, false])
    func aStreamThatCannotOpenIsRefusedWithItsError(onTheirConnections: Bool) async throws {
        var routes = DemoApp.routes()
        routes.screen("broken") { (_: ScreenContext) async throws -> Screen in
            throw ScreenplayError(.serviceUnavailable, code: "upstreamDown", message: "the figures are not available now")
        }
        try await Self.withServer(streamsOnTheirConnections: onTheirConnections, routes: routes) { port in
            let broken = try RawConnection(port: port)
            await broken.send("GET /screens/broken/stream HTTP/1.1\r\nHost: a\r\n\r\n")
            let answer = await broken.read(until: "}}", timeout: .seconds(15))
            #expect(Self.status(answer) == "HTTP/1.1 503 Service Unavailable", "\(answer)")
            #expect(answer.contains(#""code":"upstreamDown""#))
            let withBody = try RawConnection(port: port)
            await withBody.send("GET /screens/cities/stream HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc")
            let stream = await withBody.read(until: "event: screen", timeout: .seconds(15))
            #expect(Self.status(stream) == "HTTP/1.1 200 OK")
            #expect(stream.contains("event: screen"))
        }
    }
}
