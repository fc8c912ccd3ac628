import Foundation
import Hummingbird
import ScreenplayDSL
import ScreenplayServer
import ScreenplayTestHarness
import Testing

@testable import ScreenplayHTML

/// `Tests/Conformance/patches/web-addresses.json` in Chromium: each case's first screen is loaded
/// with its live stream, the second is published, and the page the runtime patched (operations at
/// addresses, nodes by id, or the whole content, as `WebMessagesTests` checks the server decides)
/// is the page a fresh load of the second screen draws — with no patch refused on the way.
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct PatchBrowserTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/patches/web-addresses.json")

    static let watcher = """
        window.__problems = [];
        document.addEventListener("screenplay:error", (event) => window.__problems.push(String(event.detail && event.detail.message)));
        """

    @Test func eachCasePatchedEqualsAFreshLoad() async throws {
        let cases = try JSONParser.parse(Array(try Data(contentsOf: Self.file))).arrayValue ?? []
        try #require(!cases.isEmpty)
        for entry in cases {
            let description = entry["description"]?.stringValue ?? "?"
            var before = try #require(Screen.decode(from: entry["before"] ?? .null).value)
            var after = try #require(Screen.decode(from: entry["after"] ?? .null).value)
            before.stream = "/screens/\(before.id)/stream"
            after.stream = before.stream
            let live = LiveUpdates()
            let screens = MotionBrowserTests.Screens()
            let server = try await MotionBrowserTests.server(serving: before, in: screens, live: live)
            try await BrowserTests.withBrowser(server) { browser in
                try await browser.runBeforeEveryPage(Self.watcher)
                let url = "\(server.url)/screens/\(before.id)"
                try await BrowserTests.loaded(browser, url)
                try await browser.wait(
                    until:
                        "const root = document.getElementById('screenplay'); return root.dataset.live === 'true' && !!root.dataset.version",
                    "\(description): live, showing a version")
                let shown = try await browser.execute("return document.getElementById('screenplay').dataset.version").stringValue ?? ""
                screens[after.id] = after
                live.invalidate(after.id)
                try await browser.wait(
                    until: "const v = document.getElementById('screenplay').dataset.version; return !!v && v !== '\(shown)'",
                    "\(description): the patch arrived")
                let patched = try await browser.execute("return document.querySelector('.sp-main').innerHTML").stringValue
                let problems = try await browser.execute("return window.__problems")
                try await BrowserTests.loaded(browser, url)
                let fresh = try await browser.execute("return document.querySelector('.sp-main').innerHTML").stringValue
                #expect(patched == fresh, "\(description)")
                #expect(problems == [], "\(description)")
            }
        }
    }

    /// A patch whose address the page cannot find (here the page lost a node the patch moves) does
    /// not leave the page half patched: the page says so and draws the screen the stream sends
    /// again, which a fresh load draws too — keeping the focused field and what it holds.
    @Test func aPatchThatDoesNotMatchThePageLoadsTheScreenAgain() async throws {
        func screen(_ days: [String]) -> Screen {
            Screen(id: "mismatch", stream: "/screens/mismatch/stream") {
                VStack {
                    TextField(key: "query", placeholder: "Filter").id("query")
                    HStack { for day in days { Text(day).id(day) } }
                }
            }
        }
        let before = screen(["mon", "tue", "wed"])
        let after = screen(["wed", "thu", "mon"])
        let live = LiveUpdates()
        let screens = MotionBrowserTests.Screens()
        let server = try await MotionBrowserTests.server(serving: before, in: screens, live: live)
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            let url = "\(server.url)/screens/mismatch"
            try await BrowserTests.loaded(browser, url)
            try await browser.wait(
                until: "const root = document.getElementById('screenplay'); return root.dataset.live === 'true' && !!root.dataset.version",
                "live, showing a version")
            try await browser.execute(
                "document.getElementById('sp-wed').remove(); document.querySelector('input[data-sp-key=query]').focus()")
            try await BrowserTests.press("tu", browser)
            screens[after.id] = after
            live.invalidate(after.id)
            try await browser.wait(
                until: "return document.querySelectorAll('[data-sp-id=thu]').length === 1 && !!document.getElementById('sp-wed')",
                "the screen was drawn again")
            let problems = try await browser.execute("return window.__problems").arrayValue ?? []
            #expect(problems.count == 1 && problems.first?.stringValue?.contains("did not match the page") == true, "\(problems)")
            let field = try await browser.execute(
                "const f = document.activeElement; return [f.matches('input[data-sp-key=query]'), f.value, f.selectionStart]")
            #expect(field == [true, "tu", 2])
            let patched = try await browser.execute("return document.querySelector('.sp-main').innerHTML").stringValue
            try await BrowserTests.loaded(browser, url)
            #expect(patched == (try await browser.execute("return document.querySelector('.sp-main').innerHTML").stringValue))
        }
    }

    /// A page that stays open for hundreds of live patches keeps the style of every node it still
    /// shows. Patches send only the rules the page lacks, so a node may rely on a rule that came
    /// long before; the page's bound on added rules lets go only of rules no element uses (it let
    /// go of the oldest, and the node kept from the first patch lost its colour at the 501st).
    @Test func aLongLivePageKeepsTheRulesItsNodesStillUse() async throws {
        let days = 540
        func screen(_ day: Int) -> Screen {
            Screen(id: "long", stream: "/feed/long") {
                VStack {
                    // Steady content, so that a patch is cheaper than the whole screen.
                    for line in 0..<30 { Text("Line \(line) of what stays on the page while days go by") }
                    if day > 0 { Text("kept").foregroundColor(Color("#123456")).id("kept") }
                    // A colour of its own each day: a class the page has never seen.
                    Text("day \(day)").foregroundColor(Color(red: day % 256, green: day / 256, blue: 7)).id("day\(day)")
                }
            }
        }
        let renderer = HTMLRenderer()
        var events: [UInt8] = []
        var patchesWithCSS = 0
        for day in 1...days {
            let (old, new) = (screen(day - 1), screen(day))
            let event = WebPatchEvent(
                ScreenPatch(from: old, to: new), from: old, base: "v\(day - 1)", to: new, renderer: renderer, addressed: true)
            guard case .operations(let operations) = event.change else {
                Issue.record("day \(day) is not operations")
                return
            }
            // Only the new day's rule travels (and, the first day, the kept node's): the page has the others.
            #expect(operations.compactMap(\.css).count == (day == 1 ? 2 : 1), "day \(day): \(operations.compactMap(\.css))")
            patchesWithCSS += operations.contains { $0.css != nil } ? 1 : 0
            events += StreamMessage.event(.patch, version: "v\(day)", data: event.encoded()).encoded()
        }
        #expect(patchesWithCSS == days)
        let stream = events
        let first = screen(0)
        let server = try await TestServer.serving {
            var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
            routes.screen("long") { _ in first }
            let router = Router()
            routes.addRoutes(to: router)
            // Every day's patch at once; a reconnect (which would start over) only after the test.
            router.get("feed/long") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                    body: .init(byteBuffer: ByteBuffer(bytes: Array("retry: 600000\n\n".utf8) + stream)))
            }
            return router
        }
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/long")
            try await browser.wait(
                until: "return document.getElementById('screenplay').dataset.version === 'v\(days)'", timeout: .seconds(60),
                "every day's patch applied")
            let kept = try await browser.execute(
                "const kept = document.querySelector('[data-sp-id=kept]'); return kept ? getComputedStyle(kept).color : null")
            #expect(kept == "rgb(18, 52, 86)", "the node kept from the first patch lost its colour")
            let today = try await browser.execute("return getComputedStyle(document.querySelector('[data-sp-id=day\(days)]')).color")
            #expect(today == .string("rgb(\(days % 256), \(days / 256), 7)"))
            // Bounded: the rules of days long gone were let go.
            let rules = try await browser.execute(
                "return document.adoptedStyleSheets.reduce((count, sheet) => count + sheet.cssRules.length, 0)")
            #expect((rules.intValue ?? .max) <= 500, "\(rules)")
            #expect(try await browser.execute("return window.__problems") == [])
        }
    }
}
