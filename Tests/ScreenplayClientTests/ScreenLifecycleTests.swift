import Foundation
import Hummingbird
import Screenplay
import ScreenplayClient
import ScreenplayServer
import ScreenplayTestHarness
import ScreenplayTestSupport
import Testing

/// A screen that is not on screen does nothing (issue 41, item 2), and one tap is one action
/// (item 3), decided by the runtime against a real server on loopback and a clock the test moves:
/// a covered screen holds its timers and triggers and goes on when shown again, a screen the host
/// hides does the same, `back` and `navigate` of a screen that is not the current one are refused
/// (its intent's answer still updates it), the screen on top of an app in the background keeps its
/// navigation until the app is back, and a tap of an action still running is not started again.
@MainActor @Suite(.serialized) struct ScreenLifecycleTests {
    nonisolated static let checkout = #"""
        {"version": "1.2", "id": "checkout", "title": "Checkout",
         "variables": [{"name": "city", "type": "string", "value": ""}],
         "triggers": [{"condition": "@{len(city) >= 3}", "actions": [{"type": "set", "variable": "searched", "value": "@{city}"}]}],
         "body": {"type": "button", "id": "pay", "title": "Pay", "action": {"type": "intent", "name": "pay"}}}
        """#
    nonisolated static let paid = #"{"version": "1.2", "id": "checkout", "title": "Paid", "body": {"type": "text", "text": "Paid"}}"#

    /// Lets the intent `slow` answer only once the test opens it.
    actor Gate {
        private var open = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private(set) var arrivals = 0

        func pass() async {
            arrivals += 1
            if open { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            open = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    static func serve(gate: Gate) async throws -> TestServer {
        let offer = try #require(Screen.decode(from: Array(BehaviourRuntimeTests.offer.utf8)).value)
        let home = try #require(Screen.decode(from: Array(BehaviourRuntimeTests.home.utf8)).value)
        let checkout = try #require(Screen.decode(from: Array(Self.checkout.utf8)).value)
        let paid = try #require(Screen.decode(from: Array(Self.paid.utf8)).value)
        return try await TestServer.serving {
            var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
            routes.screen("offer") { _ in offer }
            routes.screen("home") { _ in home }
            routes.screen("checkout") { _ in checkout }
            routes.intent("pay", on: "checkout") { _ in IntentResult(screen: paid, effects: [.navigate("/home")]) }
            routes.intent("slow", on: "checkout") { _ in
                await gate.pass()
                return IntentResult(effects: [.track("answered")])
            }
            let router = Router()
            routes.addRoutes(to: router)
            return router
        }
    }

    static func runtime(_ server: TestServer, _ manual: ManualClock) -> ScreenplayRuntime {
        ScreenplayRuntime(
            configuration: ClientConfiguration(server: server.url), clock: ScreenplayClock(clock: manual, now: { manual.date }))
    }

    @Test func aCoveredScreenHoldsItsTimerAndGoesOnWhereItWasWhenShownAgain() async throws {
        let server = try await Self.serve(gate: Gate())
        let manual = ManualClock()
        let runtime = Self.runtime(server, manual)
        await runtime.open("/offer")
        let offer = try #require(runtime.current)
        await manual.waitForSleepers(1)
        manual.advance(by: .milliseconds(600))
        await runtime.open("/home")
        #expect(!offer.isActive && runtime.current?.isActive == true)
        #expect(await yieldUntil { manual.sleeperCount == 0 }, "the covered screen's timer sleeps no more")
        manual.advance(by: .seconds(10))
        for _ in 0..<100 { await Task.yield() }
        #expect(offer.values["ticks"] == 0 && offer.values["done"] == nil, "no tick and no end while covered")
        runtime.pop(to: 1)
        #expect(offer.isActive)
        await manual.waitForSleepers(1)
        manual.advance(by: .milliseconds(399))
        for _ in 0..<100 { await Task.yield() }
        #expect(offer.values["ticks"] == 0, "600 ms were counted before it was covered, none while it was")
        manual.advance(by: .milliseconds(1))
        #expect(await yieldUntil { offer.values["ticks"] == 1 && offer.values["elapsed"] == 1000 })
        await server.stop()
    }

    @Test func aScreenItsHostHidesWaitsWithItsTriggersAndFiresForWhatChangedWhenShown() async throws {
        let server = try await Self.serve(gate: Gate())
        let runtime = Self.runtime(server, ManualClock())
        await runtime.open("/checkout")
        let store = try #require(runtime.current)
        store.deactivate()
        store.deactivate()
        #expect(!store.isActive)
        store.set("city", to: "Paris")
        for _ in 0..<100 { await Task.yield() }
        #expect(store.values["searched"] == nil, "the trigger waits while the screen is off screen")
        store.activate()
        #expect(store.isActive)
        #expect(await yieldUntil { store.values["searched"] == "Paris" }, "shown again: the change fires the trigger once")
        await server.stop()
    }

    @Test func backAndNavigateOfACoveredScreenAreRefused() async throws {
        let server = try await Self.serve(gate: Gate())
        let runtime = Self.runtime(server, ManualClock())
        await runtime.open("/checkout")
        let checkout = try #require(runtime.current)
        await runtime.open("/home")
        let home = try #require(runtime.current)
        await runtime.perform(.back, on: checkout)
        #expect(runtime.stack.count == 2 && runtime.current === home, "back from the covered screen did not pop the top one")
        await runtime.perform(.navigate("/offer"), on: checkout)
        #expect(runtime.stack.count == 2 && runtime.current === home, "navigate from the covered screen pushed nothing")
        let refusals = runtime.eventLog.filter {
            if case .refused(_, let reason) = $0 { reason == "/checkout is covered by another screen" } else { false }
        }
        #expect(refusals.count == 2, "\(runtime.eventLog)")
        await runtime.perform(.back, on: home)
        #expect(runtime.stack.count == 1 && checkout.isActive, "the screen on top still goes back")
        await server.stop()
    }

    @Test func anIntentAnswerUpdatesAnInactiveScreenButDoesNotNavigate() async throws {
        let server = try await Self.serve(gate: Gate())
        let runtime = Self.runtime(server, ManualClock())
        await runtime.open("/checkout")
        let checkout = try #require(runtime.current)
        checkout.deactivate()
        await runtime.perform(.intent("pay"), on: checkout)
        #expect(checkout.screen?.title == "Paid", "the answer updated the screen")
        #expect(runtime.stack.count == 1, "its navigate effect pushed nothing")
        #expect(runtime.eventLog.contains(.refused(target: "navigate", reason: "/checkout is not on screen")))
        await server.stop()
    }

    @Test func inTheBackgroundTheTopScreensNavigationWaitsForTheApp() async throws {
        let server = try await Self.serve(gate: Gate())
        let runtime = Self.runtime(server, ManualClock())
        await runtime.open("/checkout")
        let checkout = try #require(runtime.current)
        runtime.isInForeground = false
        #expect(!checkout.isActive)
        await runtime.perform(.intent("pay"), on: checkout)
        #expect(checkout.screen?.title == "Paid" && runtime.stack.count == 1, "updated, and nothing pushed in the background")
        runtime.isInForeground = true
        #expect(
            await yieldUntil { runtime.stack.map(\.path) == ["/checkout", "/home"] },
            "back in the foreground, the answer's navigation was done")
        await server.stop()
    }

    @Test func aTapStillRunningIsNotStartedAgain() async throws {
        let gate = Gate()
        let server = try await Self.serve(gate: gate)
        let runtime = Self.runtime(server, ManualClock())
        await runtime.open("/checkout")
        let checkout = try #require(runtime.current)
        let first = Task { await runtime.tap(.intent("slow"), on: checkout) }
        #expect(await yieldUntil { await gate.arrivals == 1 })
        await runtime.tap(.intent("slow"), on: checkout)
        #expect(runtime.eventLog.contains(.refused(target: "intent", reason: "the same tap on /checkout is still running")))
        await gate.release()
        await first.value
        #expect(await gate.arrivals == 1, "one intent reached the server")
        #expect(runtime.eventLog.filter { $0 == .intentSent(name: "slow") }.count == 1)
        await runtime.tap(.intent("slow"), on: checkout)
        #expect(await gate.arrivals == 2, "once the first is done, the same tap runs again")
        // Two taps on a link: one screen pushed.
        async let one: Void = runtime.tap(.navigate("/home"), on: checkout)
        async let two: Void = runtime.tap(.navigate("/home"), on: checkout)
        _ = await (one, two)
        #expect(runtime.stack.map(\.path) == ["/checkout", "/home"])
        await server.stop()
    }
}
