import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayClient
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// Triggers, timers and `onAppear` run by the page itself in a real headless Chromium, against a
/// real server on loopback: the behaviour script is served and loaded only for screens that have
/// behaviour, a timer started on appearing ticks its value variable into a binding, a trigger fires
/// after a `set`, the timers stop when another screen replaces the content, and the page's strict
/// policy holds with no script error. Skipped when the browser is not installed, unless
/// SCREENPLAY_REQUIRE_BROWSER is set.
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct BehaviourPageBrowserTests {
    /// A clock that starts when the screen appears and ticks every 100 ms (each tick tracked), a
    /// counter whose second step fires a trigger, and an intent that leaves for another screen.
    static let clock = #"""
        {"version": "1.2", "id": "clock", "title": "Clock",
         "variables": [
           {"name": "elapsed", "type": "integer", "value": 0},
           {"name": "count", "type": "integer", "value": 0},
           {"name": "fired", "type": "integer", "value": 0}],
         "timers": [{"id": "clock", "duration": 60000, "tickInterval": 100, "valueVariable": "elapsed",
                     "tickActions": [{"type": "track", "event": "tick"}]}],
         "onAppear": [{"type": "timer", "id": "clock", "command": "start"}],
         "triggers": [{"condition": "@{count >= 2}", "actions": [{"type": "set", "variable": "fired", "value": "@{fired + 1}"}]}],
         "body": {"type": "vstack", "children": [
           {"type": "text", "id": "elapsed", "text": "0", "bindings": {"text": "@{elapsed / 100}"}},
           {"type": "text", "id": "fired", "text": "0", "bindings": {"text": "fired @{fired}"}},
           {"type": "button", "id": "add", "title": "Add", "action": {"type": "set", "variable": "count", "value": "@{count + 1}"}},
           {"type": "button", "id": "leave", "title": "Leave", "action": {"type": "intent", "name": "leave"}}]}}
        """#

    static let plain = Screen(id: "plain", title: "Plain") {
        VStack {
            Text("Nothing runs here").id("nothing")
            Button("Open the clock", action: .intent("open")).id("open")
        }
    }

    /// VariableBrowserTests' watcher, and a count of the `track` events (the clock's ticks).
    static let watcher =
        VariableBrowserTests.watcher + #"""
            window.__ticks = 0;
            document.addEventListener("screenplay:track", (e) => { if (e.detail.event === "tick") window.__ticks += 1; });
            """#

    static func server() async throws -> TestServer {
        let decoded = Screen.decode(from: Array(Self.clock.utf8))
        let clock = try #require(decoded.value)
        #expect(decoded.diagnostics.isEmpty, "the clock reads with \(decoded.diagnostics)")
        return try await TestServer.serving {
            var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
            routes.screen("clock") { _ in clock }
            routes.screen("plain") { _ in Self.plain }
            routes.intent("leave", on: "clock") { _ in IntentResult(screen: Self.plain) }
            routes.intent("open", on: "plain") { _ in IntentResult(screen: clock) }
            let router = Router()
            routes.addRoutes(to: router)
            return router
        }
    }

    static func text(_ browser: WebDriver, _ id: String) async throws -> String {
        try await browser.execute("return document.getElementById('sp-\(id)').textContent").stringValue ?? ""
    }

    @Test func theBehaviourScriptIsServedOnlyToScreensWithBehaviour() async throws {
        let server = try await Self.server()
        do {
            let clock = try await VariableBrowserTests.get(server.url.appendingPathComponent("screens/clock"))
            let plain = try await VariableBrowserTests.get(server.url.appendingPathComponent("screens/plain"))
            let clockHTML = String(decoding: clock.body, as: UTF8.self)
            let plainHTML = String(decoding: plain.body, as: UTF8.self)
            #expect(clockHTML.contains("<script src=\"\(BehaviourScript.path)\" defer></script>"))
            #expect(clockHTML.contains("data-behaviour=\""))
            #expect(!plainHTML.contains("<script src=\"\(BehaviourScript.path)\""), "a screen without behaviour loads its script")
            #expect(!plainHTML.contains("data-behaviour=\""))
            // Every page knows where the script is, for an answer that brings behaviour.
            #expect(plainHTML.contains("data-behaviour-script=\"\(BehaviourScript.path)\""))
            let script = try await VariableBrowserTests.get(
                server.url.appendingPathComponent(String(BehaviourScript.path.dropFirst())), accept: "*/*")
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(String(decoding: script.body, as: UTF8.self) == BehaviourScript.source)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aTimerStartedOnAppearTicksATriggerFiresAndLeavingStopsTheTimers() async throws {
        let server = try await Self.server()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/clock")
            try await browser.wait(until: "return typeof window.ScreenplayBehaviour === 'object'", "the behaviour script loaded")
            // onAppear started the clock: its value moves the bound text with no request.
            try await browser.wait(until: "return window.__ticks >= 2", "the clock ticked")
            let fetches = try await browser.execute("return window.__fetches")
            let first = try await Self.text(browser, "elapsed")
            // Pacing: the clock's advance over 1.5 s is what is checked; time itself is the input.
            try await Task.sleep(for: .milliseconds(1_500))
            let later = try await Self.text(browser, "elapsed")
            #expect(first != later, "the bound text did not follow the timer (\(first))")
            #expect((Int(later) ?? 0) >= 10, "1.5 s later the clock shows \(later) tenths")
            #expect(try await browser.execute("return window.__fetches") == fetches, "a tick sent a request")

            // The trigger reads count: the first set does not make it true, the second does, the third keeps it true.
            #expect(try await Self.text(browser, "fired") == "fired 0")
            try await browser.click("#sp-add")
            try await browser.holds(
                "return document.getElementById('sp-fired').textContent === 'fired 0'", for: .milliseconds(200),
                "one add does not make the trigger's condition true")
            #expect(try await Self.text(browser, "fired") == "fired 0")
            try await browser.click("#sp-add")
            try await browser.wait(until: "return document.getElementById('sp-fired').textContent === 'fired 1'", "the trigger fired")
            try await browser.click("#sp-add")
            try await browser.holds(
                "return document.getElementById('sp-fired').textContent === 'fired 1'", for: .milliseconds(200),
                "onCondition does not fire again while the condition stays true")
            #expect(try await Self.text(browser, "fired") == "fired 1", "onCondition fired again while the condition stayed true")

            // Another screen replaces the content: no tick after it.
            try await browser.click("#sp-leave")
            try await browser.wait(until: "return document.getElementById('sp-nothing') !== null", "the plain screen answered")
            let ticks = try await browser.execute("return window.__ticks")
            try await consistently(for: .milliseconds(600), pollingEvery: .milliseconds(50), "no tick after the clock's screen went away") {
                try await browser.execute("return window.__ticks") == ticks
            }
            #expect(try await browser.execute("return window.__ticks") == ticks, "the timer ticked after its screen went away")
            try await VariableBrowserTests.expectClean(browser, "after the clock")
        }
    }

    /// An answer that brings behaviour to a page that has none loads the script, runs the new
    /// screen's onAppear and its timers.
    @Test func anAnswerWithBehaviourLoadsTheScriptAndStartsTheTimers() async throws {
        let server = try await Self.server()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/plain")
            #expect(try await browser.execute("return typeof window.ScreenplayBehaviour") == "undefined")
            try await browser.click("#sp-open")
            try await browser.wait(until: "return document.getElementById('sp-elapsed') !== null", "the clock answered the intent")
            try await browser.wait(until: "return typeof window.ScreenplayBehaviour === 'object'", "the runtime loaded the script")
            try await browser.wait(until: "return window.__ticks >= 3", "the new screen's timer ticked")
            try await browser.wait(
                until: "return Number(document.getElementById('sp-elapsed').textContent) >= 3", "its value reached the binding")
            try await VariableBrowserTests.expectClean(browser, "after the answer")
        }
    }

    /// The demo's home: the flash offer's countdown, mm:ss, moves by itself.
    @Test func theDemoOffersCountdownMoves() async throws {
        let server = try await TestServer.demo()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/home")
            try await browser.wait(until: "return typeof window.ScreenplayBehaviour === 'object'", "the behaviour script loaded")
            try await browser.wait(
                until: "return /^Ends in 09:5[0-9]$/.test(document.getElementById('sp-offer.countdown').textContent)",
                "the countdown started")
            let first = try await Self.text(browser, "offer.countdown")
            // Pacing: the countdown's advance over 1.5 s is what is checked; time itself is the input.
            try await Task.sleep(for: .milliseconds(1_500))
            let later = try await Self.text(browser, "offer.countdown")
            #expect(first != later, "the countdown stayed at \(first)")
            #expect(later.range(of: #"^Ends in 09:[0-5][0-9]$"#, options: .regularExpression) != nil, "\(later)")
            #expect(try await browser.execute("return document.getElementById('sp-offer.flash').hidden") == false)
            // The home's remote images may fail to load offline (a bare "error" event); no script error.
            #expect(try await browser.execute("return window.__errors.filter(e => e !== 'error ')") == [], "script errors")
            #expect(try await browser.execute("return window.__violations") == [], "policy violations")
        }
    }
}
