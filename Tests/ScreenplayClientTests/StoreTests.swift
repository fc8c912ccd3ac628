import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayDSL
import ScreenplayTestHarness
import Testing

/// The store's phase machine over an in-memory transport: no server, no sockets, so each case
/// states exactly what the server answered. (The loopback suites run the same paths against the
/// real server.)
@MainActor @Suite struct StoreTests {
    nonisolated static let v1 = Screen(id: "cities", title: "Statistics", state: ["city": ""], stream: "/screens/cities/stream") {
        VStack {
            Text("Paris 10").id("paris")
            Text("Moscow 20").id("moscow")
        }.id("list")
    }
    nonisolated static var v2: Screen {
        var screen = v1
        screen.body =
            VStack {
                Text("Paris 11").id("paris")
                Text("Moscow 20").id("moscow")
            }.id("list").node
        return screen
    }

    static func runtime(_ transport: InMemoryTransport) -> ScreenplayRuntime {
        ScreenplayRuntime(configuration: ClientConfiguration(server: URL(string: "http://screens.test")!), transport: transport)
    }

    /// Answers GETs with `v1` tagged `"v1"`, and intents with `answer`.
    nonisolated static func transport(answer: IntentAnswer, stream: InMemoryTransport.StreamHandler? = nil) -> InMemoryTransport {
        InMemoryTransport(stream: stream) { request in
            if request.method == .post {
                return TransportResponse(status: .ok, headers: [.contentType: "application/json"], body: answer.encoded())
            }
            return TransportResponse(status: .ok, headers: [.eTag: "\"v1\"", .cacheControl: "no-cache"], body: v1.encoded())
        }
    }

    @Test func anIntentAnsweredWithAPatchShowsThePatchedScreen() async throws {
        let answer = IntentAnswer(content: .patch(PatchEnvelope(base: "v1", patch: ScreenPatch(from: Self.v1, to: Self.v2))), version: "v2")
        let transport = Self.transport(answer: answer)
        let runtime = Self.runtime(transport)
        await runtime.open("/cities")
        let store = try #require(runtime.current)
        store.stopFollowing()
        #expect(store.screen == Self.v1)
        #expect(store.version == "v1")
        store.set("city", to: "Paris")
        await runtime.perform(.intent("refresh"))
        #expect(store.intentError == nil)
        #expect(store.screen == Self.v2)
        #expect(store.version == "v2")
        #expect(store.values["city"] == "Paris", "what the user typed survives the patch")
        // The request named the version shown, with the client state, through the protocol's type.
        let sent = try #require(transport.requests.last { $0.method == .post })
        let request = try IntentRequest.decode(from: sent.body ?? []).get()
        #expect(request.version == "v1")
        #expect(request.state["city"] == "Paris")
    }

    @Test func aPatchForAnotherVersionFailsTheIntentAndKeepsTheScreen() async throws {
        let answer = IntentAnswer(content: .patch(PatchEnvelope(base: "v0", patch: ScreenPatch(from: Self.v1, to: Self.v2))), version: "v2")
        let runtime = Self.runtime(Self.transport(answer: answer))
        await runtime.open("/cities")
        let store = try #require(runtime.current)
        store.stopFollowing()
        await runtime.perform(.intent("refresh"))
        #expect(store.intentError?.kind == .undecodable)
        #expect(store.screen == Self.v1)
        #expect(store.version == "v1")
    }

    @Test func streamPatchesApplyToTheScreenShown() async throws {
        let events = StreamMessage.patch(PatchEnvelope(base: "v1", patch: ScreenPatch(from: Self.v1, to: Self.v2)), version: "v2").event
            .encoded()
        let streamRequests = Box(0)
        let transport = Self.transport(answer: IntentAnswer()) { request in
            await MainActor.run { streamRequests.value += 1 }
            #expect(request.headers[.lastEventID] == "v1")
            return StreamingResponse(
                status: .ok, headers: [.contentType: "text/event-stream"],
                body: AsyncThrowingStream { continuation in
                    // Split mid-event, as a network does.
                    continuation.yield(Array(events.prefix(10)))
                    continuation.yield(Array(events.dropFirst(10)))
                })
        }
        let runtime = Self.runtime(transport)
        await runtime.open("/cities")
        let store = try #require(runtime.current)
        try await eventually(within: .seconds(5), "the store to show v2") { @MainActor in store.screen == Self.v2 }
        #expect(store.version == "v2")
        if case .loaded(let loaded) = store.phase { #expect(loaded.source == .stream) }
        store.stopFollowing()
        #expect(streamRequests.value == 1)
    }

    @Test func aStreamPatchForAnotherVersionReconnects() async throws {
        let stale = StreamMessage.patch(PatchEnvelope(base: "v0", patch: ScreenPatch(from: Self.v1, to: Self.v2)), version: "v2").event
            .encoded()
        let whole = StreamMessage.screen(Self.v2, version: "v2").event.encoded()
        let attempts = Box<[String?]>([])
        let transport = Self.transport(answer: IntentAnswer()) { request in
            let attempt = await MainActor.run {
                attempts.value.append(request.headers[.lastEventID])
                return attempts.value.count
            }
            // First a patch made for a version the client never had; then, reconnected, the whole screen.
            let bytes = attempt == 1 ? stale : whole
            return StreamingResponse(
                status: .ok, headers: [:],
                body: AsyncThrowingStream { continuation in
                    continuation.yield(bytes)
                    if attempt > 1 { return } // stays open
                    continuation.finish()
                })
        }
        let runtime = Self.runtime(transport)
        await runtime.open("/cities")
        let store = try #require(runtime.current)
        try await eventually(within: .seconds(10), "the store to show v2") { @MainActor in store.screen == Self.v2 }
        store.stopFollowing()
        #expect(attempts.value.first == "v1")
        #expect(attempts.value.count >= 2)
    }

    @Test func anErrorAnswerIsReadFromItsBody() async throws {
        let transport = InMemoryTransport { _ in
            let error = ScreenplayError(.serviceUnavailable, code: "maintenance", message: "back at noon")
            return TransportResponse(status: error.status, headers: [.contentType: "application/json"], body: error.encodedBody)
        }
        let runtime = Self.runtime(transport)
        await runtime.open("/cities")
        guard case .failed(let error)? = runtime.current?.phase else {
            Issue.record("not failed: \(String(describing: runtime.current?.phase))")
            return
        }
        #expect(error.kind == .http)
        #expect(error.status == 503)
        #expect(error.message == "back at noon")
    }
}
