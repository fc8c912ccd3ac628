import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayClient
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// Variables, bindings, the `set` action and state switches in a real headless Chromium, against
/// a real server on loopback: the page evaluates bound properties with the expression script (loaded
/// only when a screen needs it), a state switch costs no request, a failing binding keeps the value
/// the server drew, and the page's strict Content-Security-Policy holds with no violation.
/// Skipped when the browser is not installed, unless SCREENPLAY_REQUIRE_BROWSER is set.
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct VariableBrowserTests {
    /// A product page that thinks in the browser: a counter, what it shows and enables, a colour, a
    /// field read by a template, a state switch and two bindings that fail.
    static let product = #"""
        {"version": "1.2", "id": "product", "title": "Trail shoes",
         "variables": [
           {"name": "cartCount", "type": "integer", "value": 0},
           {"name": "accent", "type": "color", "value": "#FFD32F2F"},
           {"name": "plain", "type": "color", "value": "#FF000000"},
           {"name": "name", "type": "string", "value": ""},
           {"name": "tab", "type": "string", "value": "tab.details"},
           {"name": "data", "type": "dict", "value": {}}],
         "body": {"type": "vstack", "children": [
           {"type": "text", "id": "count", "text": "literal", "bindings": {"text": "@{cartCount} items"}},
           {"type": "text", "id": "in-cart", "text": "In your cart", "bindings": {"visible": "@{cartCount > 0}"}},
           {"type": "button", "id": "checkout", "title": "Check out", "bindings": {"enabled": "@{cartCount > 0}"},
            "action": {"type": "intent", "name": "checkout"}},
           {"type": "text", "id": "coloured", "text": "Colour", "color": "#0000ff", "bindings": {"color": "@{cartCount > 0 ? accent : plain}"}},
           {"type": "button", "id": "add", "title": "Add to cart", "action": {"type": "set", "variable": "cartCount", "value": "@{cartCount + 1}"}},
           {"type": "textField", "id": "field", "key": "name", "label": "Name"},
           {"type": "text", "id": "hello", "text": "Hello!", "bindings": {"text": "Hello, @{name}!"}},
           {"type": "hstack", "children": [
             {"type": "button", "id": "show-details", "title": "Details", "action": {"type": "setState", "key": "tab", "value": "tab.details"}},
             {"type": "button", "id": "show-reviews", "title": "Reviews", "action": {"type": "setState", "key": "tab", "value": "tab.reviews"}}]},
           {"type": "states", "variable": "tab", "children": [
             {"type": "text", "id": "tab.details", "text": "Light, with a grippy sole."},
             {"type": "text", "id": "tab.reviews", "text": "Best shoes I have owned."}]},
           {"type": "text", "id": "missing", "text": "kept", "bindings": {"text": "@{getStringFromDict(data, 'missing')}"}},
           {"type": "text", "id": "ratio", "text": "none", "bindings": {"text": "@{toString(10 / (1 - cartCount))}"}}]}}
        """#

    /// A screen with no expression at all, whose intent answers with the product page.
    static let plain = Screen(id: "plain", title: "Plain") {
        VStack {
            Text("Nothing to evaluate here").id("nothing")
            Button("Open the product", action: .intent("open")).id("open")
        }
    }

    /// Records, from before the page's first script, every script error, unhandled rejection, policy
    /// violation, runtime error event and `fetch`.
    static let watcher = #"""
        window.__errors = []; window.__violations = []; window.__fetches = 0;
        window.addEventListener("error", (e) => window.__errors.push(String(e.message || e.type) + " " + (e.filename || "")), true);
        window.addEventListener("unhandledrejection", (e) => window.__errors.push("rejection " + String(e.reason)));
        document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
        document.addEventListener("screenplay:error", (e) => window.__errors.push("screenplay:error " + JSON.stringify(e.detail)));
        const originalFetch = window.fetch;
        window.fetch = function (...args) { window.__fetches += 1; return originalFetch.apply(this, args); };
        """#

    static func server() async throws -> TestServer {
        let decoded = Screen.decode(from: Array(Self.product.utf8))
        let product = try #require(decoded.value)
        #expect(decoded.diagnostics.isEmpty, "the product page reads with \(decoded.diagnostics)")
        return try await TestServer.serving {
            var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
            routes.screen("product") { _ in product }
            routes.screen("plain") { _ in Self.plain }
            routes.intent("open", on: "plain") { _ in IntentResult(screen: product) }
            let router = Router()
            routes.addRoutes(to: router)
            return router
        }
    }

    static func get(_ url: URL, accept: String = "text/html") async throws -> TransportResponse {
        var request = TransportRequest(url: url)
        request.headers[.accept] = accept
        return try await DefaultTransport.make(maxResponseBytes: 8 << 20).send(request)
    }

    static func value(_ browser: WebDriver, _ script: String) async throws -> JSONValue {
        try await browser.execute(script)
    }

    /// No script error, no policy violation, no error event from the runtime.
    static func expectClean(_ browser: WebDriver, _ label: String) async throws {
        #expect(try await browser.execute("return window.__errors") == [], "\(label): script errors")
        #expect(try await browser.execute("return window.__violations") == [], "\(label): policy violations")
    }

    // MARK: - (a) and (g): what the server sends

    @Test func theExpressionScriptIsServedOnlyToScreensThatUseExpressions() async throws {
        let server = try await Self.server()
        do {
            try await Self.checkServedPages(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    static func checkServedPages(_ server: TestServer) async throws {
        let product = try await Self.get(server.url.appendingPathComponent("screens/product"))
        let plain = try await Self.get(server.url.appendingPathComponent("screens/plain"))
        let productHTML = String(decoding: product.body, as: UTF8.self)
        let plainHTML = String(decoding: plain.body, as: UTF8.self)
        #expect(product.headers[.contentType] == "text/html; charset=utf-8")
        #expect(productHTML.contains("<script src=\"\(ExpressionScript.path)\" defer></script>"))
        #expect(!plainHTML.contains("<script src=\"\(ExpressionScript.path)\""), "a screen without expressions loads the evaluator")
        // Both pages know where the evaluator is, for an answer that brings expressions.
        #expect(plainHTML.contains("data-expressions=\"\(ExpressionScript.path)\""))
        // The server drew the bound values with the initial values, and kept their sources.
        #expect(productHTML.contains(">0 items<"))
        #expect(productHTML.contains("data-sp-bind="))
        #expect(!plainHTML.contains("data-sp-bind="))

        let script = try await Self.get(server.url.appendingPathComponent(String(ExpressionScript.path.dropFirst())), accept: "*/*")
        #expect(script.status == .ok)
        #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
        #expect(script.headers[.cacheControl] == "public, max-age=31536000, immutable")
        #expect(script.headers[.xContentTypeOptions] == "nosniff")
        #expect(String(decoding: script.body, as: UTF8.self) == ExpressionScript.source)
        // A stale or guessed name is not the script.
        let stale = try await Self.get(server.url.appendingPathComponent("screenplay/expressions-000000000000.js"), accept: "*/*")
        #expect(stale.status == .notFound)

        for (name, page) in [("product", product), ("plain", plain)] {
            let policy = try #require(page.headers[.contentSecurityPolicy], "\(name) has no policy")
            #expect(policy.contains("script-src 'self'"), "\(name): \(policy)")
            #expect(policy.contains("default-src 'none'"), "\(name): \(policy)")
            for loose in ["unsafe-inline", "unsafe-eval", "unsafe-hashes", "wasm-unsafe-eval", "data:", "blob:", "*"] {
                #expect(!policy.contains(loose), "\(name)'s policy allows \(loose): \(policy)")
            }
        }
        for forbidden in ["eval(", "Function(", "setTimeout(", "setInterval(", "import(", "innerHTML", "document.write"] {
            #expect(!ExpressionScript.source.contains(forbidden), "the expression script contains \(forbidden)")
        }
    }

    // MARK: - (b) to (g) in the browser

    @Test func setChangesTextVisibilityEnablingAndColourInThePage() async throws {
        let server = try await Self.server()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/product")
            try await browser.wait(until: "return typeof window.ScreenplayExpressions === 'object'", "the evaluator loaded")
            #expect(try await Self.value(browser, "return document.getElementById('sp-count').textContent") == "0 items")
            #expect(try await Self.value(browser, "return document.getElementById('sp-in-cart').hidden") == true)
            #expect(try await Self.value(browser, "return document.getElementById('sp-checkout').disabled") == true)
            #expect(
                try await Self.value(browser, "return getComputedStyle(document.getElementById('sp-coloured')).color") == "rgb(0, 0, 0)")
            let fetchesBefore = try await Self.value(browser, "return window.__fetches")

            try await browser.click("#sp-add")
            try await browser.wait(
                until: "return document.getElementById('sp-count').textContent === '1 items'", "the set action changed the bound text")
            #expect(try await Self.value(browser, "return document.getElementById('sp-in-cart').hidden") == false)
            #expect(
                try await Self.value(browser, "return getComputedStyle(document.getElementById('sp-in-cart')).display") != "none",
                "the node shown by its binding takes its place")
            #expect(try await Self.value(browser, "return document.getElementById('sp-checkout').disabled") == false)
            #expect(
                try await Self.value(browser, "return getComputedStyle(document.getElementById('sp-coloured')).color") == "rgb(211, 47, 47)"
            )
            try await browser.click("#sp-add")
            try await browser.wait(until: "return document.getElementById('sp-count').textContent === '2 items'", "and again")
            #expect(try await Self.value(browser, "return window.__fetches") == fetchesBefore, "a set action sent a request")
            try await Self.expectClean(browser, "after set")
        }
    }

    @Test func typingIntoAFieldUpdatesATemplateBoundToIt() async throws {
        let server = try await Self.server()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/product")
            try await browser.wait(until: "return typeof window.ScreenplayExpressions === 'object'", "the evaluator loaded")
            #expect(try await Self.value(browser, "return document.getElementById('sp-hello').textContent") == "Hello, !")
            try await browser.type("Ada", into: "input[data-sp-key=name]")
            try await browser.wait(
                until: "return document.getElementById('sp-hello').textContent === 'Hello, Ada!'", "the template follows the field")
            // Hostile text is text: a typed `@{` is never evaluated.
            try await browser.type("@{cartCount + 41}</p><script>window.__xss=1</script>", into: "input[data-sp-key=name]")
            try await browser.wait(
                until:
                    "return document.getElementById('sp-hello').textContent === 'Hello, @{cartCount + 41}</p><script>window.__xss=1</script>!'",
                "the typed text is shown as it is")
            #expect(try await Self.value(browser, "return window.__xss === undefined") == true)
            try await Self.expectClean(browser, "after typing")
        }
    }

    @Test func aStateSwitchChangesTheShownChildWithNoRequest() async throws {
        let server = try await Self.server()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/product")
            try await browser.wait(until: "return typeof window.ScreenplayExpressions === 'object'", "the evaluator loaded")
            let shown = "return [...document.querySelectorAll('[data-sp-id^=\"tab.\"]')].filter(e => !e.hidden).map(e => e.dataset.spId)"
            #expect(try await Self.value(browser, shown) == ["tab.details"])
            let resources = "return performance.getEntriesByType('resource').length"
            let before = try await Self.value(browser, resources)
            let fetches = try await Self.value(browser, "return window.__fetches")

            try await browser.click("#sp-show-reviews")
            try await browser.wait(
                until: "return document.getElementById('sp-tab.reviews').hidden === false", "the reviews are shown")
            #expect(try await Self.value(browser, shown) == ["tab.reviews"])
            #expect(
                try await Self.value(browser, "return getComputedStyle(document.getElementById('sp-tab.details')).display") == "none")
            try await browser.click("#sp-show-details")
            try await browser.wait(until: "return document.getElementById('sp-tab.reviews').hidden === true", "back to the details")
            #expect(try await Self.value(browser, shown) == ["tab.details"])

            try await consistently(for: .milliseconds(200), pollingEvery: .milliseconds(50), "switching states loads and fetches nothing") {
                let loaded = try await Self.value(browser, resources)
                let fetched = try await Self.value(browser, "return window.__fetches")
                return loaded == before && fetched == fetches
            }
            #expect(try await Self.value(browser, resources) == before, "switching states loaded something")
            #expect(try await Self.value(browser, "return window.__fetches") == fetches, "switching states fetched something")
            try await Self.expectClean(browser, "after switching")
        }
    }

    @Test func anIntentAnswerWithBindingsLoadsTheEvaluator() async throws {
        let server = try await Self.server()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/plain")
            #expect(try await Self.value(browser, "return typeof window.ScreenplayExpressions") == "undefined")
            #expect(
                try await Self.value(browser, "return [...document.scripts].some(s => s.src.includes('/screenplay/expressions-'))") == false
            )

            try await browser.click("#sp-open")
            try await browser.wait(until: "return document.getElementById('sp-count') !== null", "the product answered the intent")
            try await browser.wait(until: "return typeof window.ScreenplayExpressions === 'object'", "the runtime loaded the evaluator")
            #expect(try await Self.value(browser, "return document.getElementById('sp-count').textContent") == "0 items")
            #expect(try await Self.value(browser, "return document.getElementById('sp-in-cart').hidden") == true)
            #expect(try await Self.value(browser, "return document.getElementById('sp-tab.reviews').hidden") == true)
            // The new screen's variables are typed and evaluated.
            try await browser.click("#sp-add")
            try await browser.wait(
                until: "return document.getElementById('sp-count').textContent === '1 items'", "the answer's set action evaluated")
            #expect(try await Self.value(browser, "return document.getElementById('sp-checkout').disabled") == false)
            #expect(try await Self.value(browser, "return document.getElementById('sp-in-cart').hidden") == false)
            try await browser.click("#sp-show-reviews")
            try await browser.wait(until: "return document.getElementById('sp-tab.reviews').hidden === false", "its states switch")
            #expect(try await browser.currentURL == "\(server.url)/screens/plain", "an intent does not reload the page")
            try await Self.expectClean(browser, "after the answer")
        }
    }

    /// A tap on a `set` button before the evaluator has arrived (here in the very turn the answer
    /// is swapped in) waits for it rather than failing.
    @Test func aSetTappedBeforeTheEvaluatorArrivesStillRuns() async throws {
        let server = try await Self.server()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/plain")
            try await browser.execute(
                """
                new MutationObserver((changes, observer) => {
                  const add = document.getElementById("sp-add");
                  if (!add) return;
                  observer.disconnect();
                  window.__loadedWhenTapped = typeof window.ScreenplayExpressions === "object";
                  add.click();
                }).observe(document.getElementById("screenplay"), { childList: true, subtree: true });
                """)
            try await browser.click("#sp-open")
            try await browser.wait(until: "return window.__loadedWhenTapped !== undefined", "the add button was tapped")
            #expect(try await browser.execute("return window.__loadedWhenTapped") == false, "the evaluator was there already")
            try await browser.wait(
                until: "return document.getElementById('sp-count').textContent === '1 items'", "the early set action ran")
            try await Self.expectClean(browser, "after an early tap")
        }
    }

    @Test func aFailingBindingKeepsTheServersValueAndLogsNothing() async throws {
        let server = try await Self.server()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/product")
            try await browser.wait(until: "return typeof window.ScreenplayExpressions === 'object'", "the evaluator loaded")
            // A missing dict key fails on the server and in the page: the literal stays.
            #expect(try await Self.value(browser, "return document.getElementById('sp-missing').textContent") == "kept")
            // 10 / (1 - 0) on the server; 10 / 0 in the page after one tap: the server's value stays.
            #expect(try await Self.value(browser, "return document.getElementById('sp-ratio').textContent") == "10")
            try await browser.click("#sp-add")
            try await browser.wait(until: "return document.getElementById('sp-count').textContent === '1 items'", "the counter moved")
            #expect(try await Self.value(browser, "return document.getElementById('sp-ratio').textContent") == "10")
            #expect(try await Self.value(browser, "return document.getElementById('sp-missing').textContent") == "kept")
            // Past the failure, the binding evaluates again: 10 / (1 - 2).
            try await browser.click("#sp-add")
            try await browser.wait(until: "return document.getElementById('sp-ratio').textContent === '-10'", "the binding recovers")
            try await Self.expectClean(browser, "after failing bindings")
        }
    }

    /// The page with expressions runs under the strict policy: an inline script and `eval` are
    /// refused (as are a string timer and a data: image), and the watcher that found no violation in
    /// the other tests does see these.
    @Test func thePolicyRefusesInlineScriptAndEvalOnAnExpressionPage() async throws {
        let server = try await Self.server()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/product")
            try await browser.wait(until: "return typeof window.ScreenplayExpressions === 'object'", "the evaluator loaded")
            try await browser.click("#sp-add")
            try await browser.wait(until: "return document.getElementById('sp-count').textContent === '1 items'", "the page evaluated")
            try await Self.expectClean(browser, "before the probe")
            // WebDriver's own scripts run outside the page's policy, so the probe makes the page
            // itself parse code: an inline script element, a string timer (eval), a data: image.
            try await browser.execute(
                """
                const inline = document.createElement("script");
                inline.textContent = "window.__inline = 1";
                document.head.appendChild(inline);
                window.setTimeout("window.__timer = 1", 0);
                const image = document.createElement("img");
                image.src = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
                document.body.appendChild(image);
                """)
            try await browser.wait(until: "return window.__violations.length >= 3", "the violations were reported")
            try await browser.holds(
                "return window.__timer === undefined && window.__inline === undefined", for: .milliseconds(100),
                "neither the string timer nor the inline script runs")
            #expect(try await browser.execute("return window.__timer === undefined") == true, "a string timer ran")
            #expect(try await browser.execute("return window.__inline === undefined") == true, "an inline script ran")
            let violations = try await browser.execute("return window.__violations.join(' | ')").stringValue ?? ""
            for directive in ["script-src-elem inline", "script-src eval", "img-src data"] {
                #expect(violations.contains(directive), "\(directive) was not reported: \(violations)")
            }
        }
    }
}
