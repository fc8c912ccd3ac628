import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayClient
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayHTML
import ScreenplayServer
import ScreenplayTestHarness
import Synchronization
import Testing

/// Text-field validation and masks in a real headless Chromium, against a real server on loopback:
/// the demo's card step masks what is typed while the state holds the raw value, shows a field's
/// problem once the field was left, holds `continue` back at a failed `validate` (no request), and
/// shows a server's 422 under its field; with no script error or policy violation.
/// Skipped when the browser is not installed, unless SCREENPLAY_REQUIRE_BROWSER is set.
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct ValidationBrowserTests {
    /// The variable tests' watcher, plus the body of every `fetch` (what an intent sends).
    static let watcher =
        VariableBrowserTests.watcher + #"""
            window.__bodies = [];
            const countingFetch = window.fetch;
            window.fetch = function (resource, options) {
              window.__bodies.push(options && typeof options.body === "string" ? options.body : null);
              return countingFetch.apply(this, arguments);
            };
            """#

    /// Forces the checkout's variant, as a QA header would (the browser cannot add one).
    struct ForceVariant<Context: RequestContext>: RouterMiddleware {
        let variant: String
        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            var head = request.head
            head.headerFields[.screenplayExperiments] = "checkoutOrder=\(variant)"
            return try await next(Request(head: head, body: request.body), context)
        }
    }

    /// The demo, its checkout starting with the card step.
    static func demo() async throws -> TestServer {
        try await TestServer.serving {
            let router = Router()
            router.add(middleware: ForceVariant(variant: "cardFirst"))
            DemoApp.routes().addRoutes(to: router)
            return router
        }
    }

    static let card = "input[data-sp-key=cardNumber]"
    /// The demo's card messages (English): a number of no known brand and length, and a typo.
    static let lengthMessage = "This card number is too short, too long or of a kind we do not know."
    static let checkDigitMessage = "This card number has a typo: check its digits."
    static let expiry = "input[data-sp-key=expiry]"

    static func value(_ browser: WebDriver, _ script: String) async throws -> JSONValue {
        try await browser.execute(script)
    }

    /// The text of the element a field's `aria-describedby` points at, and whether it is hidden.
    static func problem(_ browser: WebDriver, _ selector: String) async throws -> (text: String, hidden: Bool, invalid: String?) {
        let found = try await browser.execute(
            """
            const input = document.querySelector(arguments[0]);
            const element = document.getElementById(input.getAttribute("aria-describedby") || "");
            if (!element) return null;
            return [element.textContent, element.hidden, element.getAttribute("role"), input.getAttribute("aria-invalid")];
            """, [.string(selector)])
        guard case .array(let parts) = found, parts.count == 4 else {
            Issue.record("\(selector) describes itself by no element: \(found)")
            return ("", true, nil)
        }
        #expect(parts[2] == "alert", "\(selector)'s problem is not announced")
        return (parts[0].stringValue ?? "", parts[1] == true, parts[3].stringValue)
    }

    static func cardStep(_ browser: WebDriver, _ server: TestServer) async throws {
        try await browser.runBeforeEveryPage(Self.watcher)
        try await BrowserTests.loaded(browser, "\(server.url)/screens/checkout")
        #expect(try await Self.value(browser, "return document.getElementById('sp-title').textContent") == "Add a card")
        try await browser.wait(until: "return typeof window.ScreenplayInputs === 'object'", "the input script loaded")
    }

    @Test func theCardMaskShowsGroupsWhileTheStateHoldsTheDigits() async throws {
        let server = try await Self.demo()
        try await BrowserTests.withBrowser(server) { browser in
            try await Self.cardStep(browser, server)
            try await browser.type("4242424242424242", into: Self.card)
            try await browser.wait(
                until: "return document.querySelector(\"\(Self.card)\").value === '4242 4242 4242 4242'", "the card mask groups the digits")
            try await browser.type("1229", into: Self.expiry)
            try await browser.wait(
                until: "return document.querySelector(\"\(Self.expiry)\").value === '12/29'", "the date mask puts the slash")
            // Neither field was left invalid: no problem is shown.
            #expect(try await Self.problem(browser, Self.card).hidden)
            let fetches = try await Self.value(browser, "return window.__fetches").intValue ?? -1
            try await browser.click("#sp-continue")
            try await browser.wait(
                until: "return document.getElementById('sp-title')?.textContent === 'Create your account'", "the next step shows")
            #expect(try await Self.value(browser, "return window.__fetches").intValue == fetches + 1, "one intent went")
            let sent = try await Self.value(browser, "return JSON.parse(window.__bodies[window.__bodies.length - 1])")
            #expect(sent["name"] == "continue")
            #expect(sent["state"]?["cardNumber"] == "4242424242424242", "the state holds the digits: \(sent)")
            #expect(sent["state"]?["expiry"] == "1229", "\(sent)")
            let keys = sent["state"]?.objectValue?.keys.sorted() ?? []
            #expect(!keys.contains { $0.hasPrefix("$") }, "the page's own values went with the intent: \(keys)")
            try await VariableBrowserTests.expectClean(browser, "masks and a valid continue")
        }
    }

    @Test func leavingAnInvalidFieldShowsItsProblem() async throws {
        let server = try await Self.demo()
        try await BrowserTests.withBrowser(server) { browser in
            try await Self.cardStep(browser, server)
            try await browser.type("4242", into: Self.card)
            // Typing is not told off.
            #expect(try await Self.problem(browser, Self.card).hidden)
            #expect(try await Self.problem(browser, Self.card).invalid == nil)
            try await browser.click(Self.expiry)
            try await browser.wait(
                until: "return document.activeElement === document.querySelector(\"\(Self.expiry)\")", "the expiry field has the focus")
            let shown = try await Self.problem(browser, Self.card)
            #expect(shown.text == Self.lengthMessage)
            #expect(!shown.hidden)
            #expect(shown.invalid == "true")
            // Fixing it takes the problem away once the field is left again.
            try await browser.type("4242424242424242", into: Self.card)
            try await browser.click(Self.expiry)
            try await browser.wait(
                until: "return document.querySelector(\"\(Self.card)\").getAttribute('aria-invalid') === null", "the fixed field is valid")
            #expect(try await Self.problem(browser, Self.card).hidden)
            try await VariableBrowserTests.expectClean(browser, "leaving fields")
        }
    }

    @Test func continueWithInvalidFieldsSendsNothingAndShowsEveryProblem() async throws {
        let server = try await Self.demo()
        try await BrowserTests.withBrowser(server) { browser in
            try await Self.cardStep(browser, server)
            try await browser.type("13", into: Self.expiry)
            let fetches = try await Self.value(browser, "return window.__fetches").intValue ?? -1
            try await browser.click("#sp-continue")
            try await browser.wait(
                until: "return document.activeElement === document.querySelector(\"\(Self.card)\")", "the first invalid field has the focus"
            )
            let card = try await Self.problem(browser, Self.card)
            #expect(card.text == "Enter your card number.")
            #expect(!card.hidden && card.invalid == "true")
            let expiry = try await Self.problem(browser, Self.expiry)
            #expect(expiry.text == "Enter the expiry as MM/YY.")
            #expect(!expiry.hidden && expiry.invalid == "true")
            try await consistently(for: .milliseconds(300), pollingEvery: .milliseconds(50), "no intent goes with invalid fields") {
                try await Self.value(browser, "return window.__fetches").intValue == fetches
            }
            #expect(try await Self.value(browser, "return window.__fetches").intValue == fetches, "an intent went with invalid fields")
            #expect(try await Self.value(browser, "return document.getElementById('sp-title').textContent") == "Add a card")
            try await VariableBrowserTests.expectClean(browser, "a held-back continue")
        }
    }

    /// Sign-up first: the card step arrives as an answer to a page that had no rule and no mask,
    /// so the input script is loaded then; Continue tapped at once still checks the fields.
    @Test func theCardStepReachedByAnAnswerChecksAndMasks() async throws {
        let server = try await TestServer.serving {
            let router = Router()
            router.add(middleware: ForceVariant(variant: "signUpFirst"))
            DemoApp.routes().addRoutes(to: router)
            return router
        }
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/checkout")
            #expect(try await Self.value(browser, "return typeof window.ScreenplayInputs") == "undefined")
            try await browser.type("Ana", into: "input[data-sp-key=name]")
            try await browser.type("ana@example.com", into: "input[data-sp-key=email]")
            try await browser.click("#sp-continue")
            try await browser.wait(until: "return document.getElementById('sp-title')?.textContent === 'Add a card'", "the card step shows")
            let fetches = try await Self.value(browser, "return window.__fetches").intValue ?? -1
            try await browser.click("#sp-continue")
            try await browser.wait(
                until: "return document.activeElement === document.querySelector(\"\(Self.card)\")", "the first invalid field has the focus"
            )
            #expect(try await Self.problem(browser, Self.card).text == "Enter your card number.")
            #expect(try await Self.problem(browser, Self.expiry).text == "Enter the expiry as MM/YY.")
            try await consistently(for: .milliseconds(300), pollingEvery: .milliseconds(50), "no intent goes with empty fields") {
                try await Self.value(browser, "return window.__fetches").intValue == fetches
            }
            #expect(try await Self.value(browser, "return window.__fetches").intValue == fetches, "an intent went with empty fields")
            try await browser.type("4242424242424242", into: Self.card)
            try await browser.wait(
                until: "return document.querySelector(\"\(Self.card)\").value === '4242 4242 4242 4242'", "the card mask groups the digits")
            try await VariableBrowserTests.expectClean(browser, "the card step after sign-up")
        }
    }

    /// The text the element a field's `aria-describedby` points at shows.
    static func describedText(_ selector: String) -> String {
        "return document.getElementById(document.querySelector(\"\(selector)\").getAttribute('aria-describedby'))?.textContent"
    }

    /// The card rule in the page: a Visa number of 15 digits is not a card number, a wrong last
    /// digit is a typo (each with its own message), digits typed in Arabic-Indic pass.
    @Test func theCardFieldTellsALengthFromATypo() async throws {
        let server = try await Self.demo()
        try await BrowserTests.withBrowser(server) { browser in
            try await Self.cardStep(browser, server)
            for (typed, message) in [("424242424242424", Self.lengthMessage), ("4242424242424241", Self.checkDigitMessage)] {
                try await browser.type(typed, into: Self.card)
                try await browser.click(Self.expiry)
                try await browser.wait(
                    until: "\(Self.describedText(Self.card)) === \(String(decoding: JSONWriter.write(.string(message)), as: UTF8.self))",
                    "\(typed) shows its problem")
                let shown = try await Self.problem(browser, Self.card)
                #expect(!shown.hidden && shown.invalid == "true", "\(typed)")
            }
            try await browser.type("٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢", into: Self.card)
            try await browser.click(Self.expiry)
            try await browser.wait(
                until: "return document.querySelector(\"\(Self.card)\").getAttribute('aria-invalid') === null", "Arabic-Indic digits pass")
            #expect(try await Self.value(browser, "return document.querySelector(\"\(Self.card)\").value") == "4242 4242 4242 4242")
            try await VariableBrowserTests.expectClean(browser, "the card rule")
        }
    }

    /// A page that checks less than the server (the card's shape only, as a client before format
    /// 1.4 does): a typo passes it, the intent goes, the server answers 422 at `state.cardNumber`, and its message, the
    /// field's own, shows under the field, announced, with `aria-invalid`.
    @Test func theServersRefusalOfACardShowsUnderTheCardField() async throws {
        let server = try await Self.demo()
        try await BrowserTests.withBrowser(server) { browser in
            try await Self.cardStep(browser, server)
            // The rules a client before 1.4 holds: the number's shape only, which a typo passes.
            try await browser.execute(
                "document.querySelector(arguments[0]).dataset.spRules = arguments[1];",
                [.string(Self.card), .string(#"[{"type": "pattern", "pattern": "[0-9]{12,19}", "message": "12 to 19 digits"}]"#)])
            try await browser.type("4242424242424241", into: Self.card)
            try await browser.type("1229", into: Self.expiry)
            let fetches = try await Self.value(browser, "return window.__fetches").intValue ?? -1
            try await browser.execute("window.__errors = [];")
            try await browser.click("#sp-continue")
            try await browser.wait(
                until: "return document.querySelector(\"\(Self.card)\").getAttribute('aria-invalid') === 'true'", "the server's word shows")
            #expect(try await Self.value(browser, "return window.__fetches").intValue == fetches + 1, "the page sent the intent")
            let shown = try await Self.problem(browser, Self.card)
            #expect(shown.text == Self.checkDigitMessage)
            #expect(!shown.hidden)
            #expect(try await Self.value(browser, "return document.getElementById('sp-title').textContent") == "Add a card")
            let errors = try await Self.value(browser, "return window.__errors").arrayValue ?? []
            #expect(errors.allSatisfy { $0.stringValue?.hasPrefix("screenplay:error") == true }, "\(errors)")
            #expect(try await Self.value(browser, "return window.__violations") == [])
        }
    }

    // MARK: - The server's word

    /// A page whose field the page checks one way and the server (which knows better) another:
    /// the page lets any code of 4 digits through, the server only 1234.
    static func serverRules(strict: Bool) -> Screen {
        Screen(id: "redeem", title: "Redeem", intents: "/screens/redeem/intents") {
            VStack {
                TextField(
                    key: "code", label: "Code",
                    rules: [
                        .required(message: "Enter the code."),
                        strict
                            ? .pattern(try! TextPattern("1234"), message: "This code has expired.")
                            : .pattern(try! TextPattern("[0-9]{4}"), message: "A code has 4 digits."),
                    ]
                ).id("field.code")
                Button("Redeem", action: .sequence([.validate(), .intent("redeem")])).id("redeem")
            }
        }
    }

    static func redeemServer() async throws -> TestServer {
        // The screen the page gets is the lenient one; the server checks the intent with the strict one.
        let served = Mutex(0)
        return try await TestServer.serving {
            var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
            routes.screen("redeem") { _ in
                let count = served.withLock { count in
                    count += 1
                    return count
                }
                return Self.serverRules(strict: count > 1)
            }
            routes.intent("redeem", on: "redeem", validatingFields: true) { _ in
                IntentResult(screen: Screen(id: "redeemed", title: "Redeemed") { Text("Redeemed").id("title") })
            }
            let router = Router()
            routes.addRoutes(to: router)
            return router
        }
    }

    @Test func aServersRefusalShowsUnderTheField() async throws {
        let server = try await Self.redeemServer()
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/redeem")
            try await browser.wait(until: "return typeof window.ScreenplayInputs === 'object'", "the input script loaded")
            let selector = "input[data-sp-key=code]"
            try await browser.type("9999", into: selector)
            let fetches = try await Self.value(browser, "return window.__fetches").intValue ?? -1
            try await browser.execute("window.__errors = [];")
            try await browser.click("#sp-redeem")
            try await browser.wait(
                until: "return document.querySelector(\"\(selector)\").getAttribute('aria-invalid') === 'true'", "the server's word shows")
            let shown = try await Self.problem(browser, selector)
            #expect(shown.text == "This code has expired.")
            #expect(!shown.hidden)
            #expect(try await Self.value(browser, "return window.__fetches").intValue == fetches + 1, "the page sent the intent")
            // The refusal is reported as the runtime's error event, and nothing else went wrong.
            let errors = try await Self.value(browser, "return window.__errors").arrayValue ?? []
            #expect(errors.allSatisfy { $0.stringValue?.hasPrefix("screenplay:error") == true }, "\(errors)")
            #expect(try await Self.value(browser, "return window.__violations") == [])
            // Typing again takes the server's word away; the page's own check then holds.
            try await browser.type("123", into: selector)
            try await browser.click("#sp-redeem")
            try await browser.wait(
                until:
                    "return document.getElementById(document.querySelector(\"\(selector)\").getAttribute('aria-describedby')).textContent === 'A code has 4 digits.'",
                "the page's own problem replaces the server's")
            #expect(try await Self.value(browser, "return window.__fetches").intValue == fetches + 1, "an invalid field was sent")
            // What the server accepts goes through.
            try await browser.type("1234", into: selector)
            try await browser.click("#sp-redeem")
            try await browser.wait(until: "return document.getElementById('sp-title')?.textContent === 'Redeemed'", "the answer shows")
        }
    }
}
