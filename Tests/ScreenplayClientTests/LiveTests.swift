import AsyncHTTPClient
import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ScreenplayClient
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayPresentation
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// Live screens over loopback: subscribe, publish, receive the patch, apply it, compare with a fresh GET.
@MainActor @Suite(.serialized) struct LiveTests {
    static func freshScreen(_ server: TestServer, _ path: String) async throws -> Screen {
        let runtime = ScreenplayRuntime(configuration: ClientConfiguration(server: server.url))
        await runtime.open(path)
        runtime.current?.stopFollowing()
        return try #require(runtime.current?.screen)
    }

    @Test func theStoreFollowsItsStreamAndMatchesAFreshLoad() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        let runtime = ScreenplayRuntime(configuration: ClientConfiguration(server: server.url))
        await runtime.open("/cities")
        let store = try #require(runtime.current)
        try await eventually(within: .seconds(10), "the store to follow its stream") { @MainActor in store.isLive }
        let before = try #require(store.screen)
        for _ in 0..<4 {
            let shown = store.screen
            feed.newDay()
            try await eventually(within: .seconds(10), "the store to show the new day") { @MainActor in store.screen != shown }
            guard case .loaded(let loaded) = store.phase else {
                Issue.record("not loaded")
                return
            }
            #expect(loaded.source == .stream)
            #expect(try await Self.freshScreen(server, "/cities") == store.screen, "the patched screen is the server's")
        }
        #expect(store.screen != before)
        // The city whose day changed moved; the text field and the other cities did not.
        #expect(HeadlessDriver(runtime: runtime).outline().contains("#city.moscow.day8"))
        #expect(!HeadlessDriver(runtime: runtime).outline().contains("#city.moscow.day1 "))
        runtime.current?.stopFollowing()
        await server.stop()
    }

    /// A client that comes back with `Last-Event-ID` gets the patch from the version it holds; an
    /// unknown version gets the whole screen.
    @Test func lastEventIDResumes() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        let loader = ScreenLoader(
            configuration: ClientConfiguration(server: server.url), transport: DefaultTransport.make(maxResponseBytes: 1 << 20))
        let url = server.url.appendingPathComponent("screens/cities/stream")
        func firstEvent(after lastEventID: String?) async throws -> ServerSentEvent {
            let response = try await loader.openStream(url, lastEventID: lastEventID)
            var parser = ServerSentEventParser()
            for try await chunk in response.body {
                if let event = parser.feed(chunk).first { return event }
            }
            throw CancellationError()
        }
        let first = try await firstEvent(after: nil)
        #expect(first.type == "screen")
        let held = try #require(Screen.decode(from: Array(first.data.utf8)).value)
        feed.newDay()
        let resumed = try await firstEvent(after: first.id)
        #expect(resumed.type == "patch")
        let envelope = try JSONParser.parse(Array(resumed.data.utf8), limits: .default)
        #expect(envelope["base"]?.stringValue == first.id)
        let patch = try ScreenPatch.decode(from: JSONWriter.write(try #require(envelope["patch"]))).get()
        // A fresh load reads the templated form (format 1.1) of the screen the stream sends plain.
        #expect(try patch.apply(to: held) == (try await Self.freshScreen(server, "/cities")))
        #expect(resumed.data.utf8.count * 10 < first.data.utf8.count, "a patch, not the screen again")
        let unknown = try await firstEvent(after: "no-such-version")
        #expect(unknown.type == "screen")
        await server.stop()
    }

    /// The identities a native renderer's `ForEach` gives the views from the root down to the
    /// text field for `key` (`PresentedChildren.identities`): what SwiftUI keeps `@State` and
    /// `@FocusState` by.
    static func identities(toField key: String, in node: PresentedNode) -> [String]? {
        if case .textField(let field) = node.content, field.key == key { return [] }
        let children: PresentedChildren
        switch node.content {
        case .stack(_, let list), .overlay(_, let list), .grid(_, let list): children = list
        default: return nil
        }
        let ids = children.identities
        for (index, child) in children.enumerated() {
            if let below = Self.identities(toField: key, in: child) { return [ids[index]] + below }
        }
        return nil
    }

    /// In the apps, what was typed into the cities' filter and the field's view identity hold
    /// through live patches (issue 40): the store keeps the typed value for the same screen, and the
    /// field keeps its place among identities, so SwiftUI keeps its focus.
    @Test func aTypedFilterAndItsFieldsIdentityHoldThroughPatches() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        let runtime = ScreenplayRuntime(configuration: ClientConfiguration(server: server.url))
        await runtime.open("/cities")
        let store = try #require(runtime.current)
        try await eventually(within: .seconds(10), "the store to follow its stream") { @MainActor in store.isLive }
        try HeadlessDriver(runtime: runtime).fill("city", with: "Mos")
        func fieldIdentities() throws -> [String]? {
            let presented = Presenter.presentOnce(try #require(store.screen), values: store.values, options: PresentationOptions())
            return Self.identities(toField: "city", in: try #require(presented.root))
        }
        let before = try fieldIdentities()
        #expect(before != nil)
        for _ in 0..<3 {
            let shown = store.screen
            feed.newDay()
            try await eventually(within: .seconds(10), "the store to show the new day") { @MainActor in store.screen != shown }
            #expect(store.values["city"] == "Mos", "what was typed")
            #expect(try fieldIdentities() == before, "the field's identity")
        }
        let outline = HeadlessDriver(runtime: runtime).outline()
        #expect(outline.contains("Moscow") && !outline.contains("Vladivostok"), "the typed filter still applies")
        runtime.current?.stopFollowing()
        await server.stop()
    }

    /// The first event of a stream and the patches of six new days (each city twice), a new day
    /// published after each event arrives.
    static func newDays(_ server: TestServer, _ feed: CityFeed, query: String, version: FormatVersion? = nil) async throws
        -> [ServerSentEvent]
    {
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration())
        var request = HTTPClientRequest(url: server.url.absoluteString + "/screens/cities/stream" + query)
        if let version { request.headers.add(name: "Screenplay-Version", value: version.description) }
        let response = try await client.execute(request, timeout: .seconds(30))
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for try await chunk in response.body {
            let arrived = parser.feed(Array(chunk.readableBytesView))
            events += arrived
            if events.count >= 7 { break }
            if !arrived.isEmpty { feed.newDay() }
        }
        try await client.shutdown()
        return events
    }

    /// A new day on the cities screen sends the web page the two operations it takes (one day's
    /// removal, the next day's HTML inserted among the bars), not the whole content — a few percent of
    /// the screen (issue 40: it was a whole-content replacement, the page's focus and typing lost).
    /// Prints the figures docs/PERFORMANCE.md gives.
    @Test func aNewDaySendsThePageOnlyWhatChanged() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        let addressed = try await Self.newDays(server, feed, query: "?format=html&patches=2")
        let older = try await Self.newDays(server, feed, query: "?format=html")
        // An app of this version declares the newest format; one of format 1.0 gets no motion.
        let documents = try await Self.newDays(server, feed, query: "", version: .latest)
        let plain = try await Self.newDays(server, feed, query: "")
        await server.stop()
        for events in [addressed, older, documents, plain] {
            try #require(events.count == 7)
            #expect(events[0].type == "screen")
            #expect(events.dropFirst().allSatisfy { $0.type == "patch" })
        }
        let page = addressed[0].data.utf8.count
        var largest = 0
        for event in addressed.dropFirst() {
            let data = try JSONParser.parse(Array(event.data.utf8), limits: .default)
            #expect(data["content"] == nil, "a new day is not the whole content")
            let ops = try #require(data["ops"]?.arrayValue)
            #expect(ops.compactMap { $0["op"]?.stringValue } == ["remove", "insert"])
            // The bars' row, found from the card by positions (it has no id of its own).
            #expect(ops.last?["path"] == [1, 2])
            #expect(ops.first?.objectValue?.keys.sorted() == ["id", "op"], "a removal is its address: \(ops.first ?? nil)")
            largest = max(largest, event.data.utf8.count)
        }
        #expect(largest * 20 <= page, "a new day's patch is \(largest) bytes of a \(page)-byte page: over 5 %")
        // A page whose runtime does not ask for operations gets what it can apply: the whole content.
        let olderData = try JSONParser.parse(Array(older[1].data.utf8), limits: .default)
        #expect(olderData["content"] != nil || olderData["changes"] != nil)
        func figures(_ events: [ServerSentEvent]) -> (screen: Int, patch: Int, percent: String) {
            let (screen, patch) = (events[0].data.utf8.count, events.dropFirst().map(\.data.utf8.count).max() ?? 0)
            return (screen, patch, String(format: "%.1f", Double(patch) * 100 / Double(screen)))
        }
        let (json, json10) = (figures(documents), figures(plain))
        #expect(json.patch * 20 <= json.screen, "an app's new day is \(json.patch) bytes of a \(json.screen)-byte screen: over 5 %")
        print(
            "cities, web page: \(page) bytes, a new day's patch at most \(largest) bytes",
            "(\(String(format: "%.1f", Double(largest) * 100 / Double(page))) %); without patches=2: \(older.dropFirst().map(\.data.utf8.count).max() ?? 0) bytes;",
            "app (format \(FormatVersion.latest)): screen \(json.screen) bytes, patch at most \(json.patch) bytes (\(json.percent) %);",
            "app of format 1.0: screen \(json10.screen) bytes, patch at most \(json10.patch) bytes (\(json10.percent) %)"
        )
    }

    /// Asked for, a live stream is gzipped event by event: each event can be inflated as soon as
    /// its bytes arrive (the server flushes it), and a patch is compressed against the events
    /// before it, so it costs a fraction of its plain bytes.
    @Test func aGzippedStreamFlushesEachEventAndCompressesPatchesAgainstTheLastOnes() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        var request = HTTPClientRequest(url: server.url.appendingPathComponent("screens/cities/stream").absoluteString)
        request.headers.add(name: "Accept-Encoding", value: "gzip")
        // A client that does not inflate (the default configuration): the test sees the wire.
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration())
        let response = try await client.execute(request, timeout: .seconds(30))
        #expect(response.headers.first(name: "Content-Encoding") == "gzip")
        #expect(response.headers.first(name: "Vary") == "Accept-Encoding")
        let inflater = try ZlibDecompressor(algorithm: .gzip)
        var parser = ServerSentEventParser()
        // Each event, with the compressed bytes it took to arrive whole; a new day after each.
        var events: [(event: ServerSentEvent, wireBytes: Int)] = []
        var wireBytes = 0
        for try await var chunk in response.body {
            wireBytes += chunk.readableBytes
            var plain = ByteBuffer()
            plain.reserveCapacity(64 * 1024)
            try inflater.inflate(from: &chunk, to: &plain)
            let arrived = parser.feed(Array(plain.readableBytesView))
            for event in arrived {
                events.append((event, wireBytes))
                wireBytes = 0
            }
            if events.count >= 7 { break }
            if !arrived.isEmpty { feed.newDay() }
        }
        try #require(events.count == 7)
        #expect(events[0].event.type == "screen")
        var screen = try #require(Screen.decode(from: Array(events[0].event.data.utf8)).value)
        var (plainBytes, patchWireBytes) = (0, 0)
        for (index, (event, bytes)) in events.enumerated().dropFirst() {
            #expect(event.type == "patch")
            let envelope = try JSONParser.parse(Array(event.data.utf8), limits: .default)
            let patch = try ScreenPatch.decode(from: JSONWriter.write(try #require(envelope["patch"]))).get()
            screen = try patch.apply(to: screen)
            // The first patch has only the screen's last bytes to be compressed against.
            if index > 1 { (plainBytes, patchWireBytes) = (plainBytes + event.data.utf8.count, patchWireBytes + bytes) }
        }
        // A fresh GET with the stream's headers (no capabilities declared: the same adaptation).
        let fresh = try await client.execute(
            HTTPClientRequest(url: server.url.appendingPathComponent("screens/cities").absoluteString), timeout: .seconds(10))
        let freshBytes = try await fresh.body.collect(upTo: 1 << 20)
        #expect(screen == Screen.decode(from: Array(freshBytes.readableBytesView)).value, "the inflated patches make the server's screen")
        #expect(patchWireBytes * 3 < plainBytes, "patches on the wire: \(patchWireBytes) bytes for \(plainBytes) of patch data")
        try await client.shutdown()
        await server.stop()
    }

    /// A reader that does not read while the screen changes a thousand times is not sent a thousand
    /// patches later: changes coalesce, and what it finally gets brings it to the latest version.
    @Test func aStalledReaderGetsTheLatestNotAQueue() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        let loader = ScreenLoader(
            configuration: ClientConfiguration(server: server.url), transport: DefaultTransport.make(maxResponseBytes: 1 << 20))
        let response = try await loader.openStream(server.url.appendingPathComponent("screens/cities/stream"), lastEventID: nil)
        // Subscribed once its first screen has come (instead of 200 ms for the server to register it).
        var parser = ServerSentEventParser()
        var screen: Screen?
        var chunks = response.body.makeAsyncIterator()
        while screen == nil, let chunk = try await chunks.next() {
            for event in parser.feed(chunk) where event.type == "screen" { screen = Screen.decode(from: Array(event.data.utf8)).value }
        }
        let publishes = 1_000
        for _ in 0..<publishes { feed.newDay() }
        // Kept: the reader stalls for half a second while the server has changes to send; that
        // stall is what the test exercises, not a wait for something.
        try await Task.sleep(for: .milliseconds(500))
        // Now read everything that was sent, until the stream is at the latest version.
        let latest = try await Self.freshScreen(server, "/cities")
        var patches = 0
        reading: while let chunk = try await chunks.next() {
            for event in parser.feed(chunk) {
                if event.type == "screen" { screen = Screen.decode(from: Array(event.data.utf8)).value }
                if event.type == "patch", let current = screen {
                    patches += 1
                    let envelope = try JSONParser.parse(Array(event.data.utf8), limits: .default)
                    screen = try ScreenPatch.decode(from: JSONWriter.write(envelope["patch"] ?? .null)).get().apply(to: current)
                }
                if screen == latest { break reading }
            }
        }
        #expect(screen == latest)
        #expect(patches < publishes / 4, "\(patches) patches for \(publishes) changes")
        await server.stop()
    }

    /// An intent from a screen whose version the server knows is answered with a patch; the result
    /// is the screen a plain answer would have given, and the stream goes on from it.
    @Test func intentsAnswerWithPatches() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        let transport = CountingTransport()
        let runtime = ScreenplayRuntime(configuration: ClientConfiguration(server: server.url), transport: transport)
        await runtime.open("/cities")
        let store = try #require(runtime.current)
        try await eventually(within: .seconds(10), "the store to follow its stream") { @MainActor in store.isLive }
        await runtime.perform(.intent("refresh"))
        #expect(store.intentError == nil)
        let intent = try #require(transport.exchanges.lastIndex { $0.request.method == .post })
        let sent = try JSONParser.parse(transport.exchanges[intent].request.body ?? [], limits: .default)
        #expect(sent["version"]?.stringValue == nil || sent["version"]?.stringValue?.count == 32)
        let answer = try JSONParser.parse(transport.responseBodies[intent], limits: .default)
        #expect(answer["patch"] != nil, "answered with a patch")
        #expect(answer["screen"] == nil)
        let patchedBytes = transport.responseBodies[intent].count
        // The same intent without a version gets the whole screen: the same screen, more bytes.
        let loader = ScreenLoader(
            configuration: ClientConfiguration(server: server.url), transport: DefaultTransport.make(maxResponseBytes: 1 << 20))
        let plain = try await loader.send(
            intent: "refresh", payload: [:], state: ["city": ""], stateToken: nil,
            to: server.url.appendingPathComponent("screens/cities/intents"))
        #expect(plain.screen == store.screen)
        #expect(plain.patched == false)
        #expect(patchedBytes < (plain.screen?.encoded().count ?? 0), "\(patchedBytes) bytes of patch")
        // The stream resumes from the intent's version.
        let shown = store.screen
        feed.newDay()
        try await eventually(within: .seconds(10), "the store to show the new day") { @MainActor in store.screen != shown }
        guard case .loaded(let loaded) = store.phase else {
            Issue.record("not loaded")
            return
        }
        #expect(loaded.source == .stream)
        store.stopFollowing()
        await server.stop()
    }

    @Test func aFullServerRefusesClearly() async throws {
        let server = try await TestServer.serving {
            var routes = DemoApp.routes()
            routes.live = LiveUpdatesForTests.limited
            let router = Router()
            routes.addRoutes(to: router)
            return router
        }
        let loader = ScreenLoader(
            configuration: ClientConfiguration(server: server.url), transport: DefaultTransport.make(maxResponseBytes: 1 << 20))
        let url = server.url.appendingPathComponent("screens/cities/stream")
        let open = [try await loader.openStream(url, lastEventID: nil), try await loader.openStream(url, lastEventID: nil)]
        do {
            _ = try await loader.openStream(url, lastEventID: nil)
            Issue.record("a third subscriber was accepted")
        } catch {
            #expect(error.status == 503)
        }
        withExtendedLifetime(open) {}
        await server.stop()
    }

    /// A server shutting down ends its open streams — the last chunk, gzip's trailer, the
    /// connection closed — so that its clients reconnect to the next one, and its shutdown does
    /// not wait for them.
    @Test(arguments: [false, true])
    func aShutdownEndsOpenStreamsCleanly(gzipped: Bool) async throws {
        let server = try await TestServer.demo()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        var request = HTTPClientRequest(url: server.url.appendingPathComponent("screens/cities/stream").absoluteString)
        if gzipped { request.headers.add(name: "Accept-Encoding", value: "gzip") }
        let response = try await client.execute(request, timeout: .seconds(15))
        #expect(response.headers["Content-Encoding"] == (gzipped ? ["gzip"] : []))
        var body = response.body.makeAsyncIterator()
        var received = try #require(try await body.next())
        let stopped = Task { await server.stop() }
        // The body ends (no error: the chunked stream was finished), and the stop completes.
        while var chunk = try await body.next() { received.writeBuffer(&chunk) }
        await stopped.value
        if gzipped {
            var plain = ByteBuffer()
            plain.reserveCapacity(1 << 20)
            try ZlibDecompressor(algorithm: .gzip).inflate(from: &received, to: &plain)
            #expect(String(buffer: plain).hasPrefix("event: screen"))
        } else {
            #expect(String(buffer: received).hasPrefix("event: screen"))
        }
        try await client.shutdown()
    }
}
