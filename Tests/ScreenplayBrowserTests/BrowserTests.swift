import Foundation
import Hummingbird
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayHTML
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// The demo's pages in a real headless Chromium, over loopback: localised content, intents,
/// links, the web-only path, live visibility. Skipped when the browser is not installed (scripts/test
/// installs it, and CI requires it).
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct BrowserTests {
    /// A page loaded, its runtime running, and its stylesheet applied (the CSP allowed it by hash).
    static func loaded(_ browser: WebDriver, _ url: String) async throws {
        try await browser.open(url)
        try await browser.wait(
            until: "return document.readyState === 'complete' && document.getElementById('screenplay')?.dataset.ready === 'true'",
            "the runtime started on \(url)")
        let layout = try await browser.execute("return getComputedStyle(document.querySelector('.sp-main')).display")
        #expect(layout == "flex", "the page's <style> was not applied on \(url)")
    }

    /// Runs `body` with a headless browser for `server`, then quits the browser and stops the
    /// server, whether `body` (or starting the browser) throws or not.
    static func withBrowser(
        _ server: TestServer, language: String = "en", width: Int = 390, height: Int = 844, _ body: (WebDriver) async throws -> Void
    ) async throws {
        do {
            try await WebDriver.with(language: language, width: width, height: height, body)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    static func text(_ browser: WebDriver) async throws -> String {
        try await browser.execute("return document.body.textContent").stringValue ?? ""
    }

    @Test(arguments: [
        ("en", ["Requests", "Jean-Élie Locataire", "Pending"]), ("fr", ["Demandes", "En attente", "du mer. 15 févr. 2017"]),
    ])
    func everyDemoScreenShowsItsLocalisedContent(language: String, expected: [String]) async throws {
        let server = try await TestServer.demo()
        try await Self.withBrowser(server, language: language) { browser in
            try await Self.loaded(browser, "\(server.url)/screens/requests")
            #expect(try await browser.execute("return document.documentElement.lang") == .string(language))
            let text = try await Self.text(browser)
            for phrase in expected { #expect(text.contains(phrase), "\(phrase) is not on the \(language) requests page:\n\(text)") }
            let titles: [String: [String]] = [
                "messages": ["Messages", "Messages"], "cities": ["Statistics", "Statistiques"], "home": ["Home", "Accueil"],
                "checkout": ["Checkout", "Paiement"],
            ]
            for (path, names) in titles.sorted(by: { $0.key < $1.key }) {
                try await Self.loaded(browser, "\(server.url)/screens/\(path)")
                let title = try await browser.title
                #expect(title == names[language == "fr" ? 1 : 0], "\(path) in \(language): \(title)")
            }
        }
    }

    /// The Tutu write-up's refresh: the field's value goes with the intent, the answer replaces the page.
    @Test func aButtonsIntentChangesThePage() async throws {
        let server = try await TestServer.demo()
        try await Self.withBrowser(server, language: "en") { browser in
            try await Self.loaded(browser, "\(server.url)/screens/cities")
            let before = try await browser.execute(
                "return (window.__barsBefore = [...document.querySelectorAll('.sp-rect')].map(e => e.className).join())")
            #expect(
                try await browser.execute("return document.querySelectorAll('[data-sp-id^=\"city.\"][data-sp-id$=\"day0\"]').length") == 3)
            try await browser.type("Moscow", into: "input[data-sp-key=city]")
            try await browser.click("#sp-refresh")
            // Every city is sent; the filter hides those it does not find (on the device, and in the answer).
            try await browser.wait(
                until: "return [...document.querySelectorAll('[data-sp-id$=\"day0\"]')].filter(e => !e.closest('[hidden]')).length === 1",
                "the filtered answer replaced the cities")
            // The filter hides the other cities on the device at once; the answer comes after it.
            try await browser.wait(
                until: "return [...document.querySelectorAll('.sp-rect')].map(e => e.className).join() !== window.__barsBefore",
                "the answer's bars replaced the page's")
            #expect(try await browser.execute("return document.querySelector('input[data-sp-key=city]').value") == "Moscow")
            let shown = try await browser.execute("return document.body.innerText").stringValue ?? ""
            #expect(shown.contains("Moscow"))
            #expect(!shown.contains("Vladivostok"))
            #expect(try await browser.currentURL == "\(server.url)/screens/cities", "an intent does not reload the page")
            let after = try await browser.execute("return [...document.querySelectorAll('.sp-rect')].map(e => e.className).join()")
            #expect(after != before)
            // The new bars are drawn with the answer's stylesheet.
            let height = try await browser.execute(
                "return [...document.querySelectorAll('.sp-rect')].find(e => !e.closest('[hidden]')).getBoundingClientRect().height")
            #expect((height.doubleValue ?? 0) > 0, "the answer's CSS was not applied")
        }
    }

    /// Links are real links; the web-only claim opens, and its toggle shows a line live.
    @Test func linksNavigateAndTheWebOnlyPathOpens() async throws {
        let server = try await TestServer.demo()
        try await Self.withBrowser(server, language: "en") { browser in
            try await Self.loaded(browser, "\(server.url)/screens/requests")
            try await browser.click("#sp-request\\.2")
            try await browser.wait(until: "return location.pathname === '/screens/requests/2'", "the item's link navigated")
            try await browser.wait(
                until: "return document.getElementById('screenplay')?.dataset.ready === 'true'", "the detail page loaded")
            #expect(try await Self.text(browser).contains("Marie Conductrice"))

            try await Self.loaded(browser, "\(server.url)/screens/requests")
            try await browser.click("#sp-request\\.3\\.claim")
            try await browser.wait(until: "return location.pathname === '/requests/3/insurance-claim'", "the claim opened on the web")
            try await browser.wait(until: "return document.getElementById('screenplay')?.dataset.ready === 'true'", "the claim page loaded")
            #expect(try await browser.title == "Insurance claim")
            #expect(try await browser.execute("return document.getElementById('sp-thanks').hidden") == true)
            try await browser.click("#sp-reviewed input")
            try await browser.wait(
                until: "return document.getElementById('sp-thanks').hidden === false", "the thank-you line follows the toggle")
            try await browser.click("#sp-reviewed input")
            try await browser.wait(until: "return document.getElementById('sp-thanks').hidden === true", "and hides again")
            // Its back button is a link to the request's screen page.
            try await browser.click("#sp-back")
            try await browser.wait(until: "return location.pathname === '/screens/requests/3'", "back to the request")
        }
    }

    /// Live updates reach the page without a reload: a new day moves Moscow's bars in place.
    @Test func thePageChangesWithoutAReload() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        try await Self.withBrowser(server, language: "en") { browser in
            try await Self.loaded(browser, "\(server.url)/screens/cities")
            try await browser.execute("window.__field = document.querySelector('input[data-sp-key=city]')")
            try await browser.wait(
                until: "return document.getElementById('screenplay').dataset.live === 'true'", "the page's stream opened")
            try await browser.execute("window.__sameDocument = 42")
            // The stream's first event is the version the page shows: it is not drawn again (a
            // redraw would drop what is being typed and the focus).
            try await browser.holds(
                "return document.contains(window.__field)", for: .milliseconds(500), "the stream's first event does not redraw the page")
            #expect(
                try await browser.execute("return document.contains(window.__field)") == true, "the stream's first event redrew the page")
            // The filter shows and hides cities on the device: what is typed keeps Moscow shown.
            try await browser.type("Mos", into: "input[data-sp-key=city]")
            #expect(try await browser.execute("return document.querySelectorAll('[data-sp-id=\"city.moscow.day0\"]').length") == 1)
            try await browser.wait(
                until: "return window.__field.value === 'Mos'", "what is typed is in the field")
            feed.newDay()
            try await browser.wait(
                until: "return document.querySelectorAll('[data-sp-id=\"city.moscow.day7\"]').length === 1", "Moscow's new day appeared")
            #expect(try await browser.execute("return document.querySelectorAll('[data-sp-id=\"city.moscow.day0\"]').length") == 0)
            #expect(try await browser.execute("return window.__sameDocument") == 42, "the page was not reloaded")
            #expect(
                try await browser.execute("return document.querySelector('input[data-sp-key=city]').value") == "Mos",
                "the field was not touched")
            #expect(
                try await browser.execute("return document.querySelectorAll('[data-sp-id^=\"city.saint-petersburg.day\"]').length") == 7)
            let height = try await browser.execute(
                "return document.querySelector('[data-sp-id=\"city.moscow.day7\"] .sp-rect').getBoundingClientRect().height")
            #expect((height.doubleValue ?? 0) > 0, "the new bar has its style")
        }
    }

    /// Keys pressed as a user presses them: into whatever has the focus (no element is focused for
    /// them, unlike WebDriver's element value command), through Chromium's DevTools protocol.
    static func press(_ text: String, _ browser: WebDriver) async throws {
        for character in text {
            let key = JSONValue.string(String(character))
            try await browser.devTools("Input.dispatchKeyEvent", ["type": "keyDown", "key": key, "text": key])
            try await browser.devTools("Input.dispatchKeyEvent", ["type": "keyUp", "key": key])
        }
    }

    /// Typing while the screen is live (issue 40): live updates arrive between keystrokes, and the
    /// filter keeps its element, the focus, the caret and selection, every character typed, and the
    /// page its scroll position; what is typed still filters the cities.
    @Test func typingHoldsWhileLiveUpdatesArrive() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        try await Self.withBrowser(server, language: "en", height: 420) { browser in
            try await Self.loaded(browser, "\(server.url)/screens/cities")
            try await browser.wait(
                until: "return document.getElementById('screenplay').dataset.live === 'true'", "the page's stream opened")
            try await browser.execute("window.__field = document.querySelector('input[data-sp-key=city]'); window.__field.focus()")
            // "o" finds every city (Moscow, Saint-Pétersbourg, Vladivostok): the page stays long enough to scroll.
            try await Self.press("o", browser)
            try await browser.execute("window.scrollTo(0, 40); window.__field.setSelectionRange(0, 1, 'backward')")
            feed.newDay()
            try await browser.wait(
                until: "return document.querySelectorAll('[data-sp-id=\"city.moscow.day7\"]').length === 1", "Moscow's new day appeared")
            let held = try await browser.execute(
                """
                const f = window.__field;
                return [document.contains(f), document.activeElement === f, f.value, f.selectionStart, f.selectionEnd,
                  f.selectionDirection, Math.round(window.scrollY)];
                """)
            #expect(held == [true, true, "o", 0, 1, "backward", 40], "after a patch: \(held)")

            // Patches racing the keystrokes: four new days while "Moscow" is typed a key at a time
            // over the whole text selected.
            try await browser.execute("window.__field.setSelectionRange(0, 1)")
            let days = Task {
                for _ in 0..<4 {
                    feed.newDay()
                    // Pacing: days arrive between keystrokes; their interleaving in time is the input.
                    try await Task.sleep(for: .milliseconds(15))
                }
            }
            for key in "Moscow" {
                try await Self.press(String(key), browser)
                // Pacing: keystrokes at typing speed, so that the new days land between them.
                try await Task.sleep(for: .milliseconds(10))
            }
            try await days.value
            try await browser.wait(
                until: "return document.querySelectorAll('[data-sp-id=\"city.saint-petersburg.day8\"]').length === 1",
                "every new day arrived")
            let after = try await browser.execute(
                """
                const f = window.__field;
                return [document.contains(f), document.activeElement === f, f.value, f.selectionStart, f.selectionEnd,
                  // The filter leaves one card: the page may be too short now to stay scrolled 40 px.
                  Math.round(window.scrollY) === Math.min(40, document.documentElement.scrollHeight - window.innerHeight),
                  document.getElementById('sp-city.moscow').hidden,
                  document.getElementById('sp-city.saint-petersburg').hidden,
                  document.querySelectorAll('[data-sp-id^="city.moscow.day"]').length];
                """)
            #expect(after == [true, true, "Moscow", 6, 6, true, false, true, 7], "after racing patches: \(after)")

            // An answer that draws the whole screen again (the refresh intent, tapped by script so the
            // field keeps the focus) while a key is typed: the new field takes the focus, caret and text.
            try await browser.execute("document.querySelector('[data-sp-id=\"refresh\"]').click()")
            try await Self.press("!", browser)
            try await browser.wait(
                until: "return !document.getElementById('screenplay').hasAttribute('aria-busy') && !document.contains(window.__field)",
                "the refresh answer drew the screen again")
            let redrawn = try await browser.execute(
                """
                const f = document.activeElement;
                return [f.matches('input[data-sp-key=city]'), f.value, f.selectionStart, f.selectionEnd];
                """)
            #expect(redrawn == [true, "Moscow!", 7, 7], "after a whole redraw: \(redrawn)")
        }
    }

    /// The home's cart count (`scope: app`) holds across navigations in the tab, as in the apps
    /// (issue 40); a stored value of the wrong type, or garbage, is ignored with a console warning
    /// and the page works from the screen's own value.
    @Test func anAppVariableHoldsAcrossNavigations() async throws {
        let server = try await TestServer.demo()
        try await Self.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(
                """
                window.__warnings = []; window.__errors = [];
                const warn = console.warn.bind(console);
                console.warn = (...parts) => { window.__warnings.push(parts.join(" ")); warn(...parts); };
                window.addEventListener("error", (event) => window.__errors.push(String(event.message)));
                """)
            let badge = "const b = document.getElementById('sp-cart-badge'); return [b.hidden, b.textContent];"
            func home() async throws {
                try await Self.loaded(browser, "\(server.url)/screens/home")
                try await browser.wait(until: "return typeof window.ScreenplayExpressions === 'object'", "the evaluator loaded")
            }
            try await home()
            #expect(try await browser.execute(badge) == [true, "0 in your cart"])
            for _ in 0..<2 {
                try await browser.execute("document.querySelector('[data-sp-id=\"add.home.offer.1\"]').click()")
            }
            try await browser.wait(until: "return document.getElementById('sp-cart-badge').textContent === '2 in your cart'", "two added")
            try await Self.loaded(browser, "\(server.url)/screens/requests")
            try await home()
            try await browser.wait(
                until: "return document.getElementById('sp-cart-badge').textContent === '2 in your cart'",
                "the count held across navigations")
            #expect(try await browser.execute(badge) == [false, "2 in your cart"])
            #expect(try await browser.execute("return window.__warnings") == [])

            // Hostile stored values: the wrong type, a fraction, garbage, JSON that is not an object.
            for stored in [#"{"cartCount":"9"}"#, #"{"cartCount":2.5}"#, "{not json", "[7]"] {
                try await browser.execute("sessionStorage.setItem('screenplay.app', arguments[0])", [.string(stored)])
                try await home()
                try await browser.wait(until: "return window.__warnings.length >= 1", "stored \(stored): the warning")
                try await browser.holds(
                    "const b = document.getElementById('sp-cart-badge'); return b.hidden && b.textContent === '0 in your cart' && window.__warnings.length === 1",
                    for: .milliseconds(200), "stored \(stored): ignored, with one warning")
                #expect(try await browser.execute(badge) == [true, "0 in your cart"], "stored \(stored)")
                let warnings = try await browser.execute("return window.__warnings").arrayValue ?? []
                #expect(warnings.count == 1, "stored \(stored): \(warnings)")
                #expect(try await browser.execute("return window.__errors") == [], "stored \(stored)")
                #expect(try await browser.execute("return document.getElementById('screenplay').dataset.ready") == "true")
            }
            // And the page still counts, and keeps what it counts.
            try await browser.execute("document.querySelector('[data-sp-id=\"add.home.offer.1\"]').click()")
            try await browser.wait(until: "return document.getElementById('sp-cart-badge').textContent === '1 in your cart'", "one added")
            try await home()
            try await browser.wait(until: "return document.getElementById('sp-cart-badge').textContent === '1 in your cart'", "kept")
        }
    }

    /// Layout seen at a desktop's width: a field in a column takes its own height (its label, input
    /// and problem line), not a row's flexible basis as extra blank space; and a stack with a spacer
    /// fills the width its column offers, as SwiftUI's does, so the cities' cards are equally wide
    /// however short their text.
    @Test func fieldsSitCloseAndCardsAreEquallyWide() async throws {
        let server = try await TestServer.demo()
        try await Self.withBrowser(server, width: 1280, height: 900) { browser in
            try await Self.loaded(browser, "\(server.url)/screens/checkout")
            let gaps = try await browser.execute(
                """
                const fields = [...document.querySelectorAll('.sp-v > .sp-field')];
                return fields.map(f => Math.round(f.getBoundingClientRect().height - f.querySelector('.sp-input').getBoundingClientRect().height
                  - f.querySelector('.sp-field-label').getBoundingClientRect().height))
                """)
            let blank = gaps.arrayValue?.compactMap(\.doubleValue) ?? []
            #expect(blank.count >= 2, "the checkout's fields: \(gaps)")
            // The label and the input, 4 px apart, and nothing under them while there is no problem.
            #expect(blank.allSatisfy { $0 <= 8 }, "blank space in the checkout's fields: \(blank) px")

            try await Self.loaded(browser, "\(server.url)/screens/cities")
            let widths = try await browser.execute(
                "return [...document.querySelectorAll('[data-sp-id^=\"city.\"]:not([data-sp-id*=\".day\"])')].map(e => Math.round(e.getBoundingClientRect().width))"
            )
            let cards = widths.arrayValue?.compactMap(\.doubleValue) ?? []
            #expect(cards.count == 3, "the cities' cards: \(widths)")
            #expect(Set(cards).count == 1, "the cities' cards differ in width: \(cards)")
        }
    }

    /// Screenshots of each demo screen at phone width, for docs/screenshots (SCREENPLAY_SCREENSHOTS=1).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SCREENPLAY_SCREENSHOTS"] == "1"))
    func screenshotsAtPhoneWidth() async throws {
        let server = try await TestServer.demo()
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/screenshots")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try await Self.withBrowser(server, language: "en", width: 390, height: 844) { browser in
            for (name, path) in [
                ("requests", "/screens/requests"), ("messages", "/screens/messages"), ("cities", "/screens/cities"),
                ("home", "/screens/home"), ("checkout", "/screens/checkout"), ("claim", "/requests/3/insurance-claim"),
            ] {
                try await Self.loaded(browser, "\(server.url)\(path)")
                try await browser.waitUntilAtRest("\(path) at rest for its picture")
                try await browser.screenshot().write(to: directory.appendingPathComponent("\(name).png"))
            }
        }
    }
}
