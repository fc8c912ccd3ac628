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
}
