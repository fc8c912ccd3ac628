import Foundation
import Hummingbird
import Screenplay
import ScreenplayClient
import ScreenplayTestHarness
import ScreenplayTestSupport
import Testing

/// Triggers, timers and `onAppear` in the app's runtime, against a real server on loopback and a
/// clock the test moves: the timer ticks and ends on the clock, its variable fires a trigger,
/// typing and actions fire triggers, a loop is cut and reported, and a screen that goes away
/// stops its timers.
@MainActor @Suite(.serialized) struct BehaviourRuntimeTests {
    nonisolated static let offer = #"""
        {"version": "1.2", "id": "offer",
         "variables": [{"name": "elapsed", "type": "integer", "value": -1}, {"name": "ticks", "type": "integer", "value": 0},
                       {"name": "n", "type": "integer", "value": 0}, {"name": "city", "type": "string", "value": ""}],
         "onAppear": [{"type": "timer", "id": "offer", "command": "start"}],
         "timers": [{"id": "offer", "duration": 3000, "tickInterval": 1000, "valueVariable": "elapsed",
                     "tickActions": [{"type": "set", "variable": "ticks", "value": "@{ticks + 1}"}],
                     "endActions": [{"type": "setState", "key": "done", "value": true}]}],
         "triggers": [{"condition": "@{elapsed >= 2000}", "once": true, "actions": [{"type": "setState", "key": "reached", "value": true}]},
                      {"condition": "@{n > 0}", "mode": "onVariable", "actions": [{"type": "set", "variable": "n", "value": "@{n + 1}"}]},
                      {"condition": "@{len(city) >= 3}", "actions": [{"type": "set", "variable": "searched", "value": "@{city}"}]}],
         "body": {"type": "text", "text": "Offer"}}
        """#
    nonisolated static let home = #"{"version": "1.2", "id": "home", "body": {"type": "text", "text": "Home"}}"#

    static func serve() async throws -> TestServer {
        try await TestServer.serving {
            let router = Router()
            for (path, document) in [("/screens/offer", offer), ("/screens/home", home)] {
                router.get(RouterPath(path)) { _, _ in
                    Response(
                        status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: document)))
                }
            }
            return router
        }
    }

    static func runtime(_ server: TestServer, _ manual: ManualClock) -> ScreenplayRuntime {
        ScreenplayRuntime(
            configuration: ClientConfiguration(server: server.url), clock: ScreenplayClock(clock: manual, now: { manual.date }))
    }

    @Test func aTimerStartedOnAppearTicksAndEndsOnTheClockAndFiresATrigger() async throws {
        let server = try await Self.serve()
        let manual = ManualClock()
        let runtime = Self.runtime(server, manual)
        await runtime.open("/offer")
        let store = try #require(runtime.current)
        #expect(store.values["elapsed"] == 0, "onAppear started the timer")
        await manual.waitForSleepers(1)
        manual.advance(by: .milliseconds(999))
        #expect(store.values["ticks"] == 0)
        manual.advance(by: .milliseconds(1))
        #expect(await yieldUntil { store.values["ticks"] == 1 && store.values["elapsed"] == 1000 })
        #expect(store.values["reached"] == nil)
        await manual.waitForSleepers(1)
        manual.advance(by: .seconds(1))
        #expect(await yieldUntil { store.values["reached"] == true }, "elapsed reached 2000: the trigger fired")
        await manual.waitForSleepers(1)
        manual.advance(by: .seconds(1))
        #expect(await yieldUntil { store.values["done"] == true })
        #expect(store.values["elapsed"] == 3000 && store.values["ticks"] == 2, "no tick falls on the end")
        #expect(store.behaviour.timers.nextDeadline == nil)
        await server.stop()
    }

    @Test func timerActionsPauseResumeAndStop() async throws {
        let server = try await Self.serve()
        let manual = ManualClock()
        let runtime = Self.runtime(server, manual)
        await runtime.open("/offer")
        let store = try #require(runtime.current)
        await manual.waitForSleepers(1)
        manual.advance(by: .milliseconds(500))
        await runtime.perform(.timer("offer", .pause))
        #expect(store.values["elapsed"] == 500 && store.behaviour.timers.isPaused("offer"))
        manual.advance(by: .seconds(10))
        await runtime.perform(.timer("offer", .resume))
        await manual.waitForSleepers(1)
        manual.advance(by: .milliseconds(500))
        #expect(await yieldUntil { store.values["ticks"] == 1 })
        await runtime.perform(.timer("offer", .stop))
        #expect(store.values["done"] == true && store.values["elapsed"] == 1000)
        await runtime.perform(.timer("offer", .resume))
        #expect(runtime.eventLog.contains { $0 == .refused(target: "timer", reason: #"timer "offer" is not paused; resume ignored"#) })
        await server.stop()
    }

    @Test func actionsAndTypingFireTriggersAndALoopIsCut() async throws {
        let server = try await Self.serve()
        let manual = ManualClock()
        let runtime = Self.runtime(server, manual)
        await runtime.open("/offer")
        let store = try #require(runtime.current)
        await runtime.perform(.setState("n", 1))
        // The trigger sets n again and again: one change fires it at most 32 times.
        #expect(store.values["n"] == 33)
        #expect(runtime.eventLog.contains { if case .refused("trigger", _) = $0 { true } else { false } })
        store.set("city", to: "Pa")
        store.set("city", to: "Par")
        #expect(await yieldUntil { store.values["searched"] == "Par" }, "typing fired the trigger")
        await server.stop()
    }

    @Test func aScreenThatGoesAwayStopsItsTimers() async throws {
        let server = try await Self.serve()
        let manual = ManualClock()
        let runtime = Self.runtime(server, manual)
        await runtime.open("/home")
        await runtime.open("/offer")
        let store = try #require(runtime.current)
        await manual.waitForSleepers(1)
        runtime.pop(to: 1)
        #expect(await yieldUntil { manual.sleeperCount == 0 }, "the timer's sleep was cancelled")
        manual.advance(by: .seconds(5))
        for _ in 0..<100 { await Task.yield() }
        #expect(store.values["ticks"] == 0 && store.values["done"] == nil)
        #expect(store.behaviour.timers.nextDeadline == nil)
        await server.stop()
    }
}
