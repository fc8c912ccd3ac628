import Foundation
import HTTPTypes
import Observation
import ScreenplayClient
import ScreenplayDSL
import ScreenplayTestHarness
import Testing

/// Loading the demo's screens over loopback: states, the disk cache, revalidation, offline.
@MainActor @Suite(.serialized) struct LoadingTests {
    func runtime(_ server: TestServer, language: String = "en", cache: ScreenCache? = nil, transport: (any Transport)? = nil)
        -> ScreenplayRuntime
    {
        ScreenplayRuntime(
            configuration: ClientConfiguration(server: server.url, preferredLanguages: [language]), transport: transport, cache: cache)
    }

    @Test(arguments: [
        ("/requests", "en", "Jean-Élie Locataire"), ("/requests", "fr", "Demandes"), ("/messages", "de", "Nachrichten"),
        ("/cities", "fr", "Statistiques"), ("/home", "de", "Essen"), ("/checkout", "en", "Checkout"),
    ])
    func everyDemoScreenLoads(path: String, language: String, expected: String) async throws {
        let server = try await TestServer.demo()
        let runtime = runtime(server, language: language)
        await runtime.open(path)
        await server.stop()
        let store = try #require(runtime.current)
        guard case .loaded(let loaded) = store.phase else {
            Issue.record("\(path): \(store.phase)")
            return
        }
        #expect(!loaded.stale)
        #expect(loaded.source == .network)
        #expect(!store.diagnostics.contains { $0.severity == .error })
        let outline = HeadlessDriver(runtime: runtime).outline()
        #expect(outline.contains(expected), "\(path) in \(language):\n\(outline)")
    }

    /// An expired copy is shown, revalidated with its ETag, and a 304 refreshes it without decoding again.
    @Test func expiredCopiesAreRevalidatedAnd304CostsNoDecode() async throws {
        let server = try await TestServer.demo()
        let directory = temporaryDirectory()
        let cache = try ScreenCache(directory: directory)
        let first = runtime(server, cache: cache)
        await first.open("/home")
        let key = try #require(first.current).cacheKey
        var entry = try #require(await cache.entry(for: key))
        #expect(entry.etag != nil)
        #expect(entry.maxAge == 60)
        entry.storedAt = Date(timeIntervalSinceNow: -3_600)
        await cache.store(entry)

        let transport = CountingTransport()
        let decodes = Counter()
        let second = ScreenplayRuntime(
            configuration: ClientConfiguration(server: server.url), transport: transport, cache: cache,
            diagnostics: { _, _ in decodes.increment() })
        await second.open("/home")
        guard case .loaded(let loaded) = second.current?.phase else {
            Issue.record("not loaded")
            return
        }
        #expect(loaded.source == .revalidated)
        #expect(!loaded.stale)
        #expect(transport.exchanges.map(\.status) == [304])
        #expect(transport.exchanges.first?.request.headers[.ifNoneMatch] == entry.etag)
        #expect(decodes.value == 1, "the cached copy is decoded once to show it; the 304 adds no decode")
        // Fresh again: a third open asks nothing.
        let third = ScreenplayRuntime(configuration: ClientConfiguration(server: server.url), transport: transport, cache: cache)
        await third.open("/home")
        #expect(transport.exchanges.count == 1)
        #expect(third.current?.screen?.id == "home")
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stop the server: the cached screen is shown stale. Start it again: the same store recovers.
    @Test func offlineShowsTheCachedScreenStaleAndRecovers() async throws {
        let server = try await TestServer.demo()
        let directory = temporaryDirectory()
        let cache = try ScreenCache(directory: directory)
        let online = runtime(server, cache: cache)
        await online.open("/cities")
        let key = try #require(online.current).cacheKey
        var entry = try #require(await cache.entry(for: key))
        entry.storedAt = Date(timeIntervalSinceNow: -3_600)
        await cache.store(entry)

        await server.stop()
        let offline = runtime(server, cache: cache)
        await offline.open("/cities")
        let store = try #require(offline.current)
        guard case .loaded(let loaded) = store.phase else {
            Issue.record("offline: \(store.phase)")
            return
        }
        #expect(loaded.stale)
        #expect(loaded.source == .cache)
        #expect(HeadlessDriver(runtime: offline).outline().hasPrefix("stale:"))

        try await server.start()
        await store.reload()
        guard case .loaded(let recovered) = store.phase else {
            Issue.record("after restart: \(store.phase)")
            return
        }
        #expect(!recovered.stale)
        #expect(recovered.source != .cache)
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Without a cached copy, offline is a failure with a retry that works once the server is back.
    @Test func withoutACopyOfflineFailsAndRetryRecovers() async throws {
        let server = try await TestServer.demo()
        await server.stop()
        let runtime = runtime(server)
        await runtime.open("/requests")
        let store = try #require(runtime.current)
        guard case .failed(let error) = store.phase else {
            Issue.record("expected a failure: \(store.phase)")
            return
        }
        #expect(error.kind == .network)
        #expect(runtime.eventLog.contains { if case .loadFailed = $0 { true } else { false } })
        try await server.start()
        await store.retry()
        #expect(store.screen?.id == "requests")
        await server.stop()
    }

    /// A cache file that was damaged is discarded and reported; the screen comes from the network.
    @Test func aCorruptCacheFileIsDiscardedNotACrash() async throws {
        let server = try await TestServer.demo()
        let directory = temporaryDirectory()
        let cache = try ScreenCache(directory: directory)
        let first = runtime(server, cache: cache)
        await first.open("/messages")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 1)
        let file = directory.appendingPathComponent(try #require(files.first))
        var bytes = try [UInt8](Data(contentsOf: file))
        bytes[bytes.count - 10] ^= 0xFF
        try Data(bytes).write(to: file)

        let reported = Recorder()
        let second = ScreenplayRuntime(
            configuration: ClientConfiguration(server: server.url), cache: try ScreenCache(directory: directory),
            diagnostics: { diagnostics, _ in reported.append(diagnostics) })
        await second.open("/messages")
        #expect(second.current?.screen?.id == "messages")
        guard case .loaded(let loaded) = second.current?.phase else {
            Issue.record("not loaded")
            return
        }
        #expect(loaded.source == .network)
        #expect(reported.all.contains { $0.code.name == "corruptCache" && $0.message.contains("checksum") })
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var diagnostics: [Diagnostic] = []
    func append(_ more: [Diagnostic]) { lock.withLock { diagnostics += more } }
    var all: [Diagnostic] { lock.withLock { diagnostics } }
}

/// The store is observable both ways: `phases()` for any consumer, Observation for SwiftUI.
@MainActor @Suite struct ObservationTests {
    @Test func phasesAndObservationSeeEveryChange() async throws {
        let server = try await TestServer.demo()
        let runtime = ScreenplayRuntime(configuration: ClientConfiguration(server: server.url))
        await runtime.open("/cities")
        let store = try #require(runtime.current)
        var phases = store.phases().makeAsyncIterator()
        guard case .loaded(let first)? = await phases.next() else {
            Issue.record("no current phase")
            return
        }
        #expect(first.source == .network)

        let changed = Box(false)
        withObservationTracking {
            _ = store.phase
        } onChange: {
            changed.value = true
        }
        await runtime.perform(.intent("refresh"))
        #expect(changed.value)
        guard case .loaded(let second)? = await phases.next() else {
            Issue.record("no phase after the intent")
            return
        }
        #expect(second.source == .intent)

        let values = Box(false)
        withObservationTracking {
            _ = store.values
        } onChange: {
            values.value = true
        }
        await runtime.perform(.setState("city", "Oslo"))
        #expect(values.value)
        #expect(store.values["city"] == "Oslo")
        await server.stop()
    }
}
