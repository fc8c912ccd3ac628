import XCTest

/// Xcode's accessibility audit (contrast, Dynamic Type, clipped text, hit regions, element
/// descriptions, traits …) over each of the demo backend's screens, as the demo app shows them
/// from a running `screenplay serve` (AppleKit/check starts one). Every issue fails the test, with
/// the element it was found on.
///
/// Environment (xcodebuild passes `TEST_RUNNER_<NAME>` to the tests as `<NAME>`):
///   SCREENPLAY_SERVER  the backend, given to the app (default http://127.0.0.1:8080)
final class DemoAccessibilityAuditTests: XCTestCase {
    static let server = ProcessInfo.processInfo.environment["SCREENPLAY_SERVER"] ?? "http://127.0.0.1:8080"

    /// How long a screen may take to load from the local server (the first request also waits for
    /// the app's start).
    static let loadTimeout: TimeInterval = 30

    @MainActor func testRequests() throws { try audit("/requests") }
    @MainActor func testMessages() throws { try audit("/messages") }
    @MainActor func testCities() throws { try audit("/cities") }
    @MainActor func testHome() throws { try audit("/home") }
    @MainActor func testCheckout() throws { try audit("/checkout") }

    /// Launches the app on `path`, waits for the screen, and audits it.
    @MainActor private func audit(_ path: String) throws {
        continueAfterFailure = false
        let app = XCUIApplication()
        app.launchEnvironment["SCREENPLAY_SERVER"] = Self.server
        app.launchEnvironment["SCREENPLAY_SCREEN"] = path
        app.launch()
        defer { app.terminate() }

        try waitForScreen(path, in: app)

        let screenshot = XCTAttachment(screenshot: app.screenshot())
        screenshot.name = "screen \(path)"
        screenshot.lifetime = .keepAlways
        add(screenshot)

        try app.performAccessibilityAudit(for: .all) { issue in
            // In the log with the screen's path, which the failure Xcode records does not name.
            let element = issue.element.map { element in
                "\"\(element.label)\"" + (element.identifier.isEmpty ? "" : " (\(element.identifier))")
            }
            print("accessibility audit \(path): \(issue.compactDescription) — \(element ?? "no element"): \(issue.detailedDescription)")
            return false  // not ignored: it fails the test
        }
    }

    /// Waits until the screen has loaded: the tab bar is there, no progress indicator is left, and
    /// the screen is not the failure view (whose Retry button says the server did not answer).
    @MainActor private func waitForScreen(_ path: String, in app: XCUIApplication) throws {
        guard app.tabBars.firstMatch.waitForExistence(timeout: Self.loadTimeout) else {
            throw ScreenNotShown(description: "\(path): the demo app did not show its tabs")
        }
        let deadline = Date().addingTimeInterval(Self.loadTimeout)
        while Date() < deadline {
            if app.buttons["Retry"].exists {
                let message = app.staticTexts.allElementsBoundByIndex.map { $0.label }.joined(separator: " / ")
                throw ScreenNotShown(description: "\(path): the screen failed to load from \(Self.server): \(message)")
            }
            if app.activityIndicators.count == 0, app.staticTexts.count > 0 { return }
            Thread.sleep(forTimeInterval: 0.25)
        }
        throw ScreenNotShown(
            description: "\(path): still loading after \(Int(Self.loadTimeout)) s (is `screenplay serve` running at \(Self.server)?)")
    }
}

/// Why a screen could not be audited; thrown, it fails the test with this description.
struct ScreenNotShown: Error, CustomStringConvertible {
    var description: String
}
