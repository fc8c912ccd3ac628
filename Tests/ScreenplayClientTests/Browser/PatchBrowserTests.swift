import Foundation
import ScreenplayDSL
import ScreenplayServer
import Testing

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
        .deletingLastPathComponent().appendingPathComponent("Conformance/patches/web-addresses.json")

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
}
