import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayDSL
import ScreenplayTestSupport
import Testing

/// The runtime's waits and stamps on a clock the test moves: the uploader's interval and
/// backoff, a cached screen's freshness and use, a stream's reconnection delay. Nothing here
/// waits for real time; each step checks what happened before the clock moved and after.
@MainActor @Suite struct ClockTests {
    static let server = URL(string: "http://screens.test")!

    static func clock(_ manual: ManualClock) -> ScreenplayClock {
        ScreenplayClock(clock: manual, now: { manual.date })
    }

    // MARK: - The event uploader

    /// A batch waits for its interval; a refused one is tried again after its backoff (1 s),
    /// not before; each event is stamped with the clock's time.
    @Test func theUploaderSendsAfterItsIntervalAndRetriesAfterItsBackoff() async throws {
        let manual = ManualClock()
        let answers = Answers<HTTPResponse.Status>([.serviceUnavailable, .ok])
        let transport = InMemoryTransport { _ in TransportResponse(status: answers.next(), headers: [:], body: []) }
        let uploader = EventUploader(
            configuration: ClientConfiguration(server: Self.server), transport: transport, batchSize: 10, interval: .seconds(60),
            clock: Self.clock(manual))
        let tracked = manual.date
        await uploader.track("tap", screen: "home")
        #expect(await uploader.waiting.first?.time == Int64(tracked.timeIntervalSince1970 * 1_000), "stamped by the clock")

        // The interval's sleep: nothing goes out until it has passed.
        await manual.waitForSleepers(1)
        #expect(manual.sleeperCount == 1)
        manual.advance(by: .seconds(59))
        #expect(manual.sleeperCount == 1 && transport.requests.isEmpty)
        manual.advance(by: .seconds(1))
        // Sent and refused (503): the next try sleeps on the clock for its backoff.
        #expect(await yieldUntil { transport.requests.count == 1 && manual.sleeperCount == 1 })
        #expect(await uploader.waiting.count == 1)
        manual.advance(by: .milliseconds(999))
        #expect(manual.sleeperCount == 1 && transport.requests.count == 1, "not before the backoff")
        manual.advance(by: .milliseconds(1))
        #expect(await yieldUntil { await uploader.waiting.isEmpty })
        #expect(transport.requests.count == 2)
        #expect(transport.requests.allSatisfy { $0.method == .post && $0.url.path.hasSuffix("/events") })
    }

    // MARK: - The screen cache

    /// An entry is fresh for its max-age on the cache's clock, and stale once the clock passes it.
    @Test func aCachedEntryExpiresWhenTheClockPassesItsMaxAge() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manual = ManualClock()
        let cache = try ScreenCache(directory: directory, clock: Self.clock(manual))
        await cache.store(ScreenCache.Entry(key: "home", body: Array("{}".utf8), storedAt: manual.date, maxAge: 60))
        let entry = try #require(await cache.entry(for: "home"))
        #expect(cache.isFresh(entry))
        manual.advance(by: .seconds(59))
        #expect(cache.isFresh(entry))
        manual.advance(by: .seconds(1))
        #expect(!cache.isFresh(entry))
    }

    /// The least recently used entry is the least recently used on the cache's clock, in the
    /// instance that used it and in the next one (file times are the clock's).
    @Test func leastRecentlyUsedFollowsTheCachesClock() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manual = ManualClock()
        func entry(_ key: String) -> ScreenCache.Entry { ScreenCache.Entry(key: key, body: Array(repeating: 120, count: 1_000)) }
        let cache = try ScreenCache(directory: directory, maxBytes: 2_500, clock: Self.clock(manual))
        await cache.store(entry("a"))
        manual.advance(by: .seconds(10))
        await cache.store(entry("b"))
        manual.advance(by: .seconds(10))
        #expect(await cache.entry(for: "a") != nil)
        manual.advance(by: .seconds(10))
        // Another run of the app, on the same clock: "b" was used least recently.
        let reopened = try ScreenCache(directory: directory, maxBytes: 2_500, clock: Self.clock(manual))
        await reopened.store(entry("c"))
        #expect(await reopened.entry(for: "b") == nil, "b was used least recently")
        #expect(await reopened.entry(for: "a") != nil)
        #expect(await reopened.entry(for: "c") != nil)
    }

    /// A runtime shows a fresh cached screen without asking the server, and revalidates it once
    /// the clock has passed its max-age.
    @Test func aRuntimeRevalidatesACachedScreenOnceTheClockPassesItsMaxAge() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manual = ManualClock()
        let cache = try ScreenCache(directory: directory, clock: Self.clock(manual))
        let transport = InMemoryTransport { request in
            if request.headers[.ifNoneMatch] == "\"v1\"" {
                return TransportResponse(status: .notModified, headers: [.cacheControl: "max-age=60"])
            }
            return TransportResponse(
                status: .ok, headers: [.eTag: "\"v1\"", .cacheControl: "max-age=60"], body: Screen(id: "home", title: "Home") {}.encoded())
        }
        func open() async -> ScreenPhase? {
            let runtime = ScreenplayRuntime(
                configuration: ClientConfiguration(server: Self.server), transport: transport, cache: cache, clock: Self.clock(manual))
            await runtime.open("/home")
            return runtime.current?.phase
        }
        _ = await open()
        #expect(transport.requests.count == 1)
        manual.advance(by: .seconds(59))
        guard case .loaded(let fresh) = await open() else {
            Issue.record("not loaded")
            return
        }
        #expect(fresh.source == .cache && !fresh.stale)
        #expect(transport.requests.count == 1, "fresh on the clock: the server is not asked")
        manual.advance(by: .seconds(1))
        guard case .loaded(let revalidated) = await open() else {
            Issue.record("not loaded")
            return
        }
        #expect(revalidated.source == .revalidated)
        #expect(transport.requests.count == 2)
        #expect(transport.requests.last?.headers[.ifNoneMatch] == "\"v1\"")
    }

    // MARK: - The stream follower

    /// A stream that cannot be opened is tried again after the follower's delay on the clock, not
    /// before; after three failures in a row the screen is also reloaded before each attempt.
    @Test func theFollowerReconnectsAfterItsDelay() async throws {
        let manual = ManualClock()
        let opens = Answers<Int>([])
        let screen = Screen(id: "cities", title: "Statistics", stream: "/screens/cities/stream") { Text("Paris 10").id("paris") }
        let transport = InMemoryTransport(stream: { _ in
            opens.record(0)
            throw URLError(.networkConnectionLost)
        }) { _ in TransportResponse(status: .ok, headers: [.eTag: "\"v1\"", .cacheControl: "no-cache"], body: screen.encoded()) }
        let runtime = ScreenplayRuntime(
            configuration: ClientConfiguration(server: Self.server), transport: transport, clock: Self.clock(manual))
        await runtime.open("/cities")
        let store = try #require(runtime.current)
        defer { store.stopFollowing() }
        func loads() -> Int { transport.requests.count - opens.count }

        // Each failure: the follower sleeps on the clock, and the next attempt waits for it. The
        // delay is 0.25 s × 2^failures, ×0.5 to ×1.5 of jitter, at most 30 s.
        for (failures, shortest) in [(1, 250), (2, 500), (3, 1_000), (4, 2_000)] {
            #expect(await yieldUntil { opens.count == failures && manual.sleeperCount == 1 }, "attempt \(failures)")
            manual.advance(by: .milliseconds(shortest - 1))
            #expect(manual.sleeperCount == 1 && opens.count == failures, "no attempt before the delay")
            manual.advance(by: .milliseconds(2 * shortest + 1))
        }
        // Asleep after the fifth failure, so the reload before that sleep is done.
        #expect(await yieldUntil { opens.count == 5 && manual.sleeperCount == 1 })
        #expect(!store.isLive)
        // Three failures and more: the screen is reloaded after each (polling), then the stream tried.
        #expect(loads() == 1 + 3, "\(transport.requests.map(\.url.path))")
    }
}

/// Answers in order (the last one again once they run out), and counts what is recorded.
final class Answers<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value]
    private var recorded: [Value] = []

    init(_ values: [Value]) {
        self.values = values
    }

    func next() -> Value {
        lock.withLock { values.count > 1 ? values.removeFirst() : values[0] }
    }

    func record(_ value: Value) {
        lock.withLock { recorded.append(value) }
    }

    var count: Int { lock.withLock { recorded.count } }
}
