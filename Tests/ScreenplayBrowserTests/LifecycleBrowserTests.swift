import Foundation
import Hummingbird
import ScreenplayClient
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// A page the user does not see does nothing, and one tap is one action (issue 41, items 2 and 3),
/// in a real headless Chromium against a real server on loopback: while the page is hidden
/// (`visibilitychange` to hidden, as a background tab or a minimised window; `pagehide`) its
/// timer does not tick and counts no time, a trigger waits and fires once it is seen again, a
/// navigation waits for then; a double click sends one intent. The runtime's rule is
/// `ScreenActivity`; the shared decisions are held by Tests/Conformance/behaviour/lifecycle.json.
/// Skipped when the browser is not installed, unless SCREENPLAY_REQUIRE_BROWSER is set.
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct LifecycleBrowserTests {
    static let watch = #"""
        {"version": "1.2", "id": "watch", "title": "Watch",
         "variables": [{"name": "elapsed", "type": "integer", "value": 0}, {"name": "count", "type": "integer", "value": 0},
                       {"name": "fired", "type": "integer", "value": 0}],
         "timers": [{"id": "clock", "duration": 600000, "tickInterval": 100, "valueVariable": "elapsed",
                     "tickActions": [{"type": "track", "event": "tick"}]}],
         "onAppear": [{"type": "timer", "id": "clock", "command": "start"}],
         "triggers": [{"condition": "@{count >= 1}", "actions": [{"type": "set", "variable": "fired", "value": "@{fired + 1}"}]}],
         "body": {"type": "vstack", "children": [
           {"type": "text", "id": "elapsed", "text": "0", "bindings": {"text": "@{elapsed}"}},
           {"type": "text", "id": "fired", "text": "0", "bindings": {"text": "fired @{fired}"}},
           {"type": "button", "id": "add", "title": "Add", "action": {"type": "set", "variable": "count", "value": "@{count + 1}"}},
           {"type": "button", "id": "slow", "title": "Pay", "action": {"type": "intent", "name": "slow"}},
           {"type": "button", "id": "pay", "title": "Pay and go", "action": {"type": "intent", "name": "pay"}}]}}
        """#

    static let plain = Screen(id: "plain", title: "Plain") { Text("Nothing runs here").id("nothing") }

    /// The watcher of the other page tests, the ticks and answers counted, and a visibility the
    /// test sets (`__show(false)` hides the page as the browser does when its tab goes to the back).
    static let watcher =
        VariableBrowserTests.watcher + #"""
            window.__ticks = 0; window.__answers = 0; window.__visibility = "visible";
            document.addEventListener("screenplay:track", (e) => {
              if (e.detail.event === "tick") window.__ticks += 1;
              if (e.detail.event === "answered") window.__answers += 1;
            });
            Object.defineProperty(document, "visibilityState", { configurable: true, get: () => window.__visibility });
            Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__visibility === "hidden" });
            window.__show = (visible) => {
              window.__visibility = visible ? "visible" : "hidden";
              document.dispatchEvent(new Event("visibilitychange"));
            };
            """#

    /// The intents the server received.
    actor Counter {
        private(set) var count = 0
        func add() { count += 1 }
    }

    static func server(intents: Counter) async throws -> TestServer {
        let decoded = Screen.decode(from: Array(Self.watch.utf8))
        let watch = try #require(decoded.value)
        #expect(decoded.diagnostics.isEmpty, "the screen reads with \(decoded.diagnostics)")
        return try await TestServer.serving {
            var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
            routes.screen("watch") { _ in watch }
            routes.screen("plain") { _ in Self.plain }
            routes.intent("slow", on: "watch") { _ in
                await intents.add()
                // Pacing: a slow answer, so that the second click comes while the first is on its way.
                try await Task.sleep(for: .milliseconds(400))
                return IntentResult(effects: [.track("answered")])
            }
            routes.intent("pay", on: "watch") { _ in
                // Pacing: a slow answer, so that the page is hidden before the navigation comes.
                try await Task.sleep(for: .milliseconds(400))
                return IntentResult(effects: [.navigate("/screens/plain")])
            }
            let router = Router()
            routes.addRoutes(to: router)
            return router
        }
    }

    static func number(_ browser: WebDriver, _ script: String) async throws -> Int {
        let value = try await browser.execute(script)
        return value.intValue ?? Int(value.stringValue ?? "") ?? -1
    }

    @Test func aHiddenPageHoldsItsTimerAndTriggersAndGoesOnWhenSeenAgain() async throws {
        let server = try await Self.server(intents: Counter())
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/watch")
            try await browser.wait(until: "return window.__ticks >= 2", "the timer ticked")
            _ = try await browser.execute("window.__show(false)")
            #expect(try await browser.execute("return document.getElementById('screenplay').dataset.active") == "false")
            let ticks = try await Self.number(browser, "return window.__ticks")
            let elapsed = try await Self.number(browser, "return document.getElementById('sp-elapsed').textContent")
            // A tap still updates the hidden page; the trigger it would fire waits.
            try await browser.click("#sp-add")
            try await browser.holds(
                "return window.__ticks === \(ticks) && document.getElementById('sp-fired').textContent === 'fired 0'",
                for: .milliseconds(800), "hidden, the timer holds still and the trigger waits")
            #expect(try await Self.number(browser, "return window.__ticks") == ticks, "the timer ticked while the page was hidden")
            #expect(try await browser.execute("return document.getElementById('sp-fired').textContent") == "fired 0")

            _ = try await browser.execute("window.__show(true); window.__shownAt = performance.now();")
            try await browser.wait(
                until: "return document.getElementById('sp-fired').textContent === 'fired 1'", "seen again, the trigger fired")
            try await browser.wait(until: "return window.__ticks >= \(ticks + 1)", "seen again, the timer ticks")
            // What it counted since is the time it was seen (a tick or two of slack), not the 800 ms hidden too.
            let after = try await Self.number(browser, "return document.getElementById('sp-elapsed').textContent")
            let seen = try await Self.number(browser, "return Math.ceil(performance.now() - window.__shownAt)")
            #expect(after - elapsed <= seen + 200, "the 800 ms hidden were counted: \(elapsed) → \(after) in \(seen) ms seen")

            // pagehide (the page left for the back-forward cache) holds it too.
            _ = try await browser.execute("window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))")
            let held = try await Self.number(browser, "return window.__ticks")
            try await browser.holds("return window.__ticks === \(held)", for: .milliseconds(500), "after pagehide, the timer holds still")
            #expect(try await Self.number(browser, "return window.__ticks") == held, "the timer ticked after pagehide")
            _ = try await browser.execute("window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))")
            try await browser.wait(until: "return window.__ticks > \(held)", "shown again from the cache, the timer ticks")
            try await VariableBrowserTests.expectClean(browser, "after hiding and showing")
        }
    }

    /// The user paid and went to another tab before the answer came: its navigation waits for them.
    @Test func aHiddenPagesNavigationWaitsUntilItIsSeen() async throws {
        let server = try await Self.server(intents: Counter())
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/watch")
            _ = try await browser.execute("document.getElementById('sp-pay').click(); window.__show(false);")
            try await browser.wait(until: "return !document.getElementById('screenplay').hasAttribute('aria-busy')", "the intent answered")
            try await browser.holds(
                "return location.pathname === '/screens/watch'", for: .milliseconds(300), "a hidden page stays where it is")
            #expect(try await browser.execute("return location.pathname") == "/screens/watch", "a hidden page navigated")
            _ = try await browser.execute("window.__show(true)")
            try await browser.wait(until: "return location.pathname === '/screens/plain'", "seen again, the navigation was done")
        }
    }

    @Test func aDoubleClickSendsOneIntent() async throws {
        let intents = Counter()
        let server = try await Self.server(intents: intents)
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/watch")
            _ = try await browser.execute("const b = document.getElementById('sp-slow'); b.click(); b.click();")
            try await browser.wait(until: "return window.__answers === 1", "the intent answered")
            try await consistently(for: .milliseconds(300), pollingEvery: .milliseconds(50), "the second click sends no second intent") {
                let answers = try await browser.execute("return window.__answers")
                return await intents.count == 1 && answers == 1
            }
            #expect(await intents.count == 1, "the second click sent the intent again")
            #expect(try await browser.execute("return window.__answers") == 1)
            // Once answered, the same tap runs again.
            try await browser.click("#sp-slow")
            try await browser.wait(until: "return window.__answers === 2", "the next tap answered")
            #expect(await intents.count == 2)
        }
    }
}
