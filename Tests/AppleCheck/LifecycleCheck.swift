// A screen that is not on screen does nothing, and one tap is one action (issue 41, items 2 and 3),
// on the SwiftUI host: ScreenView tells its store when it appears and disappears, ScreenplayView
// tells the runtime when the scene goes to the background, and a double tap on a button starts its
// action once. The rule itself is the runtime's (ScreenLifecycleTests); this checks the wiring.
import Foundation
import Observation
import Screenplay
import ScreenplayClient
import ScreenplaySwiftUI
import SwiftUI

enum LifecycleCheck {
    /// Whether the host shows the screen: what a push over it or a fragment's screen going away does.
    @MainActor @Observable final class Shown {
        var on = true
    }

    struct Host: View {
        let shown: Shown
        let store: ScreenStore
        let runtime: ScreenplayRuntime

        var body: some View {
            VStack {
                if shown.on { ScreenView(store: store, runtime: runtime) }
            }
        }
    }

    /// Holds every intent until the check lets it answer.
    actor Gate {
        private(set) var arrivals = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private var open = false

        func pass() async {
            arrivals += 1
            if !open { await withCheckedContinuation { waiting.append($0) } }
        }

        func release() {
            open = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    @MainActor static func verify() async {
        let gate = Gate()
        let screen = Screen(id: "pay") { Component.Button("Pay", action: .intent("pay")) }
        let screens = ["/pay": screen]
        let runtime = ScreenplayRuntime(
            configuration: ClientConfiguration(server: URL(string: "http://screens.test")!),
            transport: InMemoryTransport { request in
                if request.url.path.hasSuffix("/intents") {
                    await gate.pass()
                    return TransportResponse(
                        status: .ok, headers: [.contentType: "application/json"], body: Array(#"{"effects": []}"#.utf8))
                }
                return try await transport(screens).send(request)
            })
        await runtime.open("/pay")
        guard let store = runtime.current else {
            check(false, "lifecycle: the screen did not open")
            return
        }

        // onAppear / onDisappear: the store is told, and holds its behaviour while away.
        let shown = Shown()
        let graph = ViewGraph(Host(shown: shown, store: store, runtime: runtime))
        check(store.isActive, "lifecycle: a shown ScreenView's store is active")
        shown.on = false
        graph.update()
        check(!store.isActive, "lifecycle: a ScreenView that disappears tells its store it is not on screen")
        shown.on = true
        graph.update()
        var waited = 0
        while !store.isActive, waited < 10_000 {
            await Task.yield()
            waited += 1
        }
        check(store.isActive, "lifecycle: a ScreenView that appears again makes its store active")

        // The scene's phase: in the background the runtime holds every screen.
        var environment = EnvironmentValues()
        environment.scenePhase = .active
        let app = ViewGraph(ScreenplayView("/pay", runtime: runtime), environment: environment)
        check(runtime.isInForeground, "lifecycle: an active scene is in the foreground")
        app.environment.scenePhase = .background
        app.update()
        check(!runtime.isInForeground && !store.isActive, "lifecycle: a scene in the background makes every screen inactive")
        app.environment.scenePhase = .inactive
        app.update()
        check(runtime.isInForeground && store.isActive, "lifecycle: an inactive scene (the app switcher) is still in the foreground")

        // A double tap on the button: one intent.
        let before = runtime.eventCount
        let tapped = ScreenplayViewCheck.tap("Pay", in: graph.root) && ScreenplayViewCheck.tap("Pay", in: graph.root)
        check(tapped, "lifecycle: the Pay button is drawn")
        var yields = 0
        while await gate.arrivals < 1, yields < 100_000 {
            await Task.yield()
            yields += 1
        }
        for _ in 0..<1_000 { await Task.yield() }
        let events = runtime.events(since: before)
        check(
            events.filter { $0 == .intentSent(name: "pay") }.count == 1
                && events.contains(.refused(target: "intent", reason: "the same tap on /pay is still running")),
            "lifecycle: a double tap sent the intent once (\(Array(events)))")
        await gate.release()
        check(await gate.arrivals == 1, "lifecycle: one intent reached the server")
    }
}
