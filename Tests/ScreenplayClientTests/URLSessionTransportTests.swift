import Foundation
import ScreenplayClient
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayTestHarness
import Testing

/// The transport Apple platforms use, run here against the real server over loopback: Foundation's
/// URLSession exists on Linux, so the code an iPhone runs is not only type-checked.
@MainActor @Suite(.serialized) struct URLSessionTransportTests {
    @Test func loadsAScreenAndFollowsItsStream() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        let runtime = ScreenplayRuntime(configuration: ClientConfiguration(server: server.url), transport: URLSessionTransport())
        await runtime.open("/cities")
        let store = try #require(runtime.current)
        #expect(store.screen?.id == "cities")
        try await eventually(within: .seconds(10), "the store to follow its stream") { @MainActor in store.isLive }
        let shown = store.screen
        feed.newDay()
        try await eventually(within: .seconds(10), "the store to show the new day") { @MainActor in store.screen != shown }
        guard case .loaded(let loaded) = store.phase else { throw CancellationError() }
        #expect(loaded.source == .stream, "the change came as a patch over the URLSession stream")
        #expect(try await LiveTests.freshScreen(server, "/cities") == store.screen)
        store.stopFollowing()
        await server.stop()
    }

    @Test func refusesAnOversizeResponse() async throws {
        let server = try await TestServer.demo(feed: CityFeed())
        let transport = URLSessionTransport(maxResponseBytes: 64)
        await #expect(throws: URLError.self) {
            _ = try await transport.send(TransportRequest(url: server.url.appendingPathComponent("screens/requests")))
        }
        await server.stop()
    }
}
