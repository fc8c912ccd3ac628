import Foundation
import NIOCore
import ScreenplayTestHarness
import Testing

@testable import ScreenplayServer

/// Connections counted per client address and in all: one client holding sockets cannot stop
/// another from getting a screen (tried with raw sockets from several loopback addresses).
@Suite struct ConnectionLimitTests {
    static let request = "GET /screens/home HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"

    static var limits: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.maxConnections = 6
        limits.maxConnectionsPerAddress = 3
        limits.firstByteTimeout = .seconds(30)
        return limits
    }

    @Test func anAddressHoldsItsShareAndAnotherIsStillServed() async throws {
        let registry = ConnectionRegistry(limits: Self.limits)
        try await ConnectionTests.withServer(limits: Self.limits, registry: registry) { port in
            let held = try (0..<3).map { _ in try RawConnection(port: port, from: "127.0.0.3") }
            // The server has counted them (it accepts on its own time, later on a busy machine).
            try await eventually("the server to count the three held connections") { registry.count(from: "127.0.0.3") == 3 }
            // A fourth from the same address: a 503 that says so, then closed.
            let fourth = try RawConnection(port: port, from: "127.0.0.3")
            let refused = await fourth.readAll(timeout: .seconds(5))
            #expect(ConnectionTests.status(refused.text) == "HTTP/1.1 503 Service Unavailable", "\(refused.text)")
            #expect(refused.text.contains("tooManyConnections") && refused.closed)
            // Another address is served (however long a first render of the home takes on a machine
            // busy with the other suites: what matters is that it is served, not how fast).
            let other = try RawConnection(port: port, from: "127.0.0.4")
            await other.send(Self.request)
            #expect(ConnectionTests.status(await other.readAll(timeout: .seconds(30)).text) == "HTTP/1.1 200 OK")
            _ = held
        }
    }

    @Test func atTheTotalTheConnectionIdleLongestMakesRoom() async throws {
        let registry = ConnectionRegistry(limits: Self.limits)
        try await ConnectionTests.withServer(limits: Self.limits, registry: registry) { port in
            // Six silent connections from three addresses fill the server.
            var silent: [RawConnection] = []
            for address in ["127.0.0.5", "127.0.0.6", "127.0.0.7"] {
                for _ in 0..<2 { silent.append(try RawConnection(port: port, from: address)) }
            }
            // The server is at its limit (the test's own client holds one of the six places).
            try await eventually("the server to be at its limit of six connections") { registry.count == 6 }
            // A seventh client is served: the connection idle the longest is closed to make room.
            let client = try RawConnection(port: port, from: "127.0.0.8")
            await client.send(Self.request)
            // Served is what matters, not how fast: a loaded machine renders the first home slowly.
            #expect(ConnectionTests.status(await client.readAll(timeout: .seconds(30)).text) == "HTTP/1.1 200 OK")
            // One of the silent ones was closed to make room (the one idle the longest, as its event
            // loop recorded it: connections are set up on two loops, so not always the first made).
            var closed = 0
            for connection in silent where await connection.readAll(timeout: .milliseconds(300)).closed { closed += 1 }
            #expect(closed >= 1, "a silent connection made room")
        }
    }

    /// Half-sent heads (slowloris) hold a place only so long: with the server at its limit, a
    /// thousand sockets from twenty addresses that each sent part of a head and stopped make room
    /// for a real client, as idle connections do, and every one of its fifty requests is served
    /// (before: none, each refused with a 503 while the heads held every place).
    @Test func halfSentHeadsMakeRoomAtTheLimit() async throws {
        let held = 200
        var limits = ConnectionLimits()
        limits.maxConnections = held
        limits.maxConnectionsPerAddress = 100
        // Only making room frees a place here: no deadline closes a head during the test.
        limits.headTimeout = .seconds(300)
        limits.firstByteTimeout = .seconds(300)
        limits.headEvictableAfter = .milliseconds(500)
        try await ConnectionTests.withServer(limits: limits) { port in
            let attack = await SlowHeadAttack.start(port: port, addresses: (10..<30).map { "127.0.0.\($0)" }, perAddress: 50)
            #expect(attack.opened >= 950, "\(attack.opened) sockets sent part of a head")
            // The server holds 200 of them and refuses the rest: wait until it has (on a loaded
            // machine the refusals trail the sockets), then past the grace.
            try await eventually(within: .seconds(60), pollingEvery: .milliseconds(50), "the server to refuse the sockets past its limit") {
                attack.closedCount() >= attack.opened - held
            }
            // Kept: the heads become evictable only once the grace (500 ms) has passed; that time
            // is what the test exercises, not a wait for something to happen.
            try await Task.sleep(for: .seconds(1))
            let refused = attack.closedCount()
            #expect(refused >= attack.opened - held, "\(refused) of \(attack.opened) sockets refused")
            var served = 0
            for _ in 0..<50 {
                let client = try RawConnection(port: port, from: "127.0.0.1")
                await client.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if ConnectionTests.status(await client.readAll(timeout: .seconds(10)).text) == "HTTP/1.1 200 OK" { served += 1 }
            }
            #expect(served == 50, "\(served) of 50 requests served")
            let closed = attack.closedCount() - refused
            // Room was made by closing half-sent heads, not by dropping them all: alone, one per
            // request (each request's place is free again once answered); under a loaded suite's
            // timing a few more, never every one the server held.
            #expect(closed >= 1 && closed < held, "\(closed) of \(held) half-sent heads closed to make room")
            withExtendedLifetime(attack) {}
        }
    }

    @Test func aConnectionThatNeverSendsIsClosedAfterTheFirstByteTimeout() async throws {
        var limits = ConnectionLimits()
        limits.firstByteTimeout = .milliseconds(500)
        limits.idleTimeout = .seconds(60)
        try await ConnectionTests.withServer(limits: limits) { port in
            let silent = try RawConnection(port: port)
            let start = ContinuousClock.now
            #expect(await silent.readAll(timeout: .seconds(20)).closed)
            #expect(ContinuousClock.now - start < .seconds(15), "closed by the first-byte timeout, not the idle one")
        }
    }

    @Test func addressesAndNetworksAreReadAsCIDR() throws {
        let network = try #require(AddressRange("10.1.0.0/16"))
        #expect(network.contains(try .init(ipAddress: "10.1.200.3", port: 1)))
        #expect(!network.contains(try .init(ipAddress: "10.2.0.1", port: 1)))
        let six = try #require(AddressRange("2001:db8::/32"))
        #expect(six.contains(try .init(ipAddress: "2001:db8:ffff::1", port: 1)))
        #expect(!six.contains(try .init(ipAddress: "10.1.200.3", port: 1)))
        #expect(AddressRange("not an address") == nil)
        #expect(AddressRange("10.0.0.0/33") == nil)
    }

    /// A body in a coding the server does not read (`gzip, chunked`) is refused, not read as plain.
    @Test func aBodyInAnotherTransferCodingIs501() async throws {
        try await ConnectionTests.withServer { port in
            let connection = try RawConnection(port: port)
            await connection.send(
                "POST /screens/cities/intents HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            let answer = await connection.readAll(timeout: .seconds(5)).text
            #expect(ConnectionTests.status(answer) == "HTTP/1.1 501 Not Implemented", "\(answer)")
            #expect(answer.contains("unsupportedTransferCoding"))
        }
    }

    @Test func anIPv6ClientCountsAsItsSlash64() throws {
        let one = ClientAddress.key(of: try .init(ipAddress: "2001:db8:1:2::5", port: 1))
        let two = ClientAddress.key(of: try .init(ipAddress: "2001:db8:1:2:ffff:ffff:ffff:1", port: 1))
        let other = ClientAddress.key(of: try .init(ipAddress: "2001:db8:1:3::5", port: 1))
        #expect(one == two && one != other)
        #expect(ClientAddress.key(of: try .init(ipAddress: "::ffff:10.0.0.1", port: 1)) == "10.0.0.1")
        #expect(ClientAddress.key(of: try .init(ipAddress: "10.0.0.1", port: 1)) == "10.0.0.1")
    }

    /// Behind a trusted proxy, a stream counts against the client the proxy names; an untrusted
    /// peer's `X-Forwarded-For` is not read.
    @Test func aTrustedProxyNamesTheClientOfAStream() async throws {
        let live = LiveUpdates(maxSubscribersPerAddress: 1, trustedProxies: [try #require(AddressRange("127.0.0.1"))])
        try await ConnectionTests.withServer(live: live) { port in
            func stream(from client: String, via source: String? = nil) async throws -> (String?, RawConnection) {
                let connection = try RawConnection(port: port, from: source)
                await connection.send(
                    "GET /screens/cities/stream HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nX-Forwarded-For: \(client)\r\n\r\n")
                // A stream stays open: its head, or a refusal, is what came up to the blank line.
                let head = await connection.read(until: "\r\n\r\n", timeout: .seconds(20))
                return (ConnectionTests.status(head), connection)
            }
            let (first, a) = try await stream(from: "203.0.113.1")
            let (second, b) = try await stream(from: "203.0.113.2")
            let (again, c) = try await stream(from: "203.0.113.1")
            #expect(first == "HTTP/1.1 200 OK" && second == "HTTP/1.1 200 OK", "two clients behind one proxy")
            #expect(again == "HTTP/1.1 429 Too Many Requests", "the first client's second stream")
            // From an address that is not a trusted proxy, X-Forwarded-For is ignored.
            let (untrusted, d) = try await stream(from: "198.51.100.9", via: "127.0.0.9")
            let (spoofed, e) = try await stream(from: "198.51.100.10", via: "127.0.0.9")
            #expect(untrusted == "HTTP/1.1 200 OK" && spoofed == "HTTP/1.1 429 Too Many Requests")
            _ = (a, b, c, d, e)
        }
    }
}
