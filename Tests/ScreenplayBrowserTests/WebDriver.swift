import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayDSL
import ScreenplayTestHarness
import Testing

/// A headless Chromium driven through chromedriver's W3C WebDriver protocol: a real browser,
/// with a real driver, spoken to with the runtime's own transport.
final class WebDriver: @unchecked Sendable {
    // Safe: a session is used by one test at a time.
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let chromedriver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static var isAvailable: Bool { chromium != nil && chromedriver != nil }
    /// Set by scripts/test in CI: a missing browser is then a failure, not a skip.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["SCREENPLAY_REQUIRE_BROWSER"] == "1" }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let driver: ChildProcess
    private let profile: URL
    private let base: URL
    private let session: String
    private let transport = DefaultTransport.make(maxResponseBytes: 64 << 20)

    /// Starts chromedriver and a browser session whose window is `width`×`height` and which asks
    /// for pages in `language`. chromedriver picks a free port itself (`--port=0`, read from the
    /// line it prints), so no port can be taken by another test or by a server.
    static func start(language: String = "en", width: Int = 390, height: Int = 844) async throws -> WebDriver {
        guard let chromium, let chromedriver else { throw Failure(description: "chromium and chromium-driver are not installed") }
        var lastError: (any Error)?
        // A session that could not be created (a browser slow to launch on a busy machine) is
        // tried again with a new driver: the failed one has been stopped with its whole group.
        for _ in 0..<3 {
            do {
                return try await WebDriver(
                    chromium: chromium, chromedriver: chromedriver, language: language, width: width, height: height)
            } catch {
                lastError = error
            }
        }
        throw lastError ?? Failure(description: "chromedriver did not start")
    }

    /// Runs `body` with a new browser, and quits it however `body` ends.
    ///
    ///     try await WebDriver.with(width: 1440) { browser in try await browser.open(url) }
    static func with<Value>(
        language: String = "en", width: Int = 390, height: Int = 844, _ body: (WebDriver) async throws -> Value
    ) async throws -> Value {
        let browser = try await start(language: language, width: width, height: height)
        do {
            let value = try await body(browser)
            await browser.quit()
            return value
        } catch {
            await browser.quit()
            throw error
        }
    }

    private init(chromium: String, chromedriver: String, language: String, width: Int, height: Int) async throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-chromium-\(UUID().uuidString)")
        // chromedriver and the browser it launches share its process group, which `quit` ends.
        driver = try ChildProcess.start(chromedriver, ["--port=0", "--allowed-ips=127.0.0.1"])
        do {
            let line = try await driver.standardOutput.waitForLine(containing: "started successfully on port", within: .seconds(20))
            guard let port = line.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .punctuationCharacters)) }) else {
                throw Failure(description: "chromedriver said no port: \(line)")
            }
            base = URL(string: "http://127.0.0.1:\(port)")!
            let capabilities: JSONValue = [
                "capabilities": [
                    "alwaysMatch": [
                        "browserName": "chrome",
                        "goog:chromeOptions": [
                            "binary": .string(chromium),
                            "args": [
                                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                                .string("--window-size=\(width),\(height)"), .string("--lang=\(language)"),
                                // A profile the test owns, removed by `quit` even when the browser was killed.
                                .string("--user-data-dir=\(profile.path)"),
                            ],
                            "prefs": ["intl.accept_languages": .string(language)],
                            // A phone's viewport (headless windows are at least 500 px wide).
                            "mobileEmulation": [
                                "deviceMetrics": ["width": .number(Double(width)), "height": .number(Double(height)), "pixelRatio": 2]
                            ],
                        ],
                    ]
                ]
            ]
            let (transport, base) = (transport, base)
            let created = try await withTimeLimit(.seconds(60), "a Chromium session to start") {
                try await Self.call(transport, base, .post, "session", capabilities)
            }
            guard let id = created["value"]?["sessionId"]?.stringValue else { throw Failure(description: "no session: \(created)") }
            session = id
        } catch {
            await driver.stop()
            try? FileManager.default.removeItem(at: profile)
            throw error
        }
    }

    /// Ends the session, then chromedriver and everything in its process group (the browser too,
    /// if it did not end with its session), and removes the browser's profile.
    func quit() async {
        let (transport, base, session) = (transport, base, session)
        _ = try? await withTimeLimit(.seconds(10), "the Chromium session to end") {
            try await Self.call(transport, base, .delete, "session/\(session)", nil)
        }
        await driver.stop(grace: .seconds(2))
        try? FileManager.default.removeItem(at: profile)
    }

    // MARK: - Commands

    func open(_ url: String) async throws {
        _ = try await command(.post, "url", ["url": .string(url)])
    }

    var currentURL: String { get async throws { try await command(.get, "url").stringValue ?? "" } }
    var title: String { get async throws { try await command(.get, "title").stringValue ?? "" } }

    /// Runs `script` in the page (a function body; `arguments` are its arguments) and returns its result.
    @discardableResult
    func execute(_ script: String, _ arguments: [JSONValue] = []) async throws -> JSONValue {
        try await command(.post, "execute/sync", ["script": .string(script), "args": .array(arguments)])
    }

    /// The element matching a CSS selector.
    func element(_ selector: String) async throws -> String {
        let found = try await command(.post, "element", ["using": "css selector", "value": .string(selector)])
        guard case .object(let members) = found, let id = members.values.first?.stringValue else {
            throw Failure(description: "no element \(selector)")
        }
        return id
    }

    func click(_ selector: String) async throws {
        _ = try await command(.post, "element/\(try await element(selector))/click", [:])
    }

    func type(_ text: String, into selector: String) async throws {
        let id = try await element(selector)
        _ = try await command(.post, "element/\(id)/clear", [:])
        _ = try await command(.post, "element/\(id)/value", ["text": .string(text)])
    }

    /// Whether an alert is open (a script that ran `alert` leaves one).
    func hasAlert() async -> Bool {
        (try? await command(.get, "alert/text")) != nil
    }

    /// Makes the page see `prefers-color-scheme: scheme` (`light` or `dark`), through Chromium's
    /// DevTools protocol.
    func emulate(colorScheme scheme: String) async throws {
        _ = try await command(
            .post, "goog/cdp/execute",
            [
                "cmd": "Emulation.setEmulatedMedia",
                "params": ["features": [["name": "prefers-color-scheme", "value": .string(scheme)]]],
            ])
    }

    /// Sends a command of Chromium's DevTools protocol (`Emulation.setCPUThrottlingRate` …) and returns its result.
    @discardableResult
    func devTools(_ name: String, _ parameters: JSONValue = [:]) async throws -> JSONValue {
        try await command(.post, "goog/cdp/execute", ["cmd": .string(name), "params": parameters])
    }

    /// Makes the page see `prefers-reduced-motion: reduce` (or `no-preference`).
    func emulate(reducedMotion: Bool) async throws {
        try await devTools(
            "Emulation.setEmulatedMedia",
            ["features": [["name": "prefers-reduced-motion", "value": .string(reducedMotion ? "reduce" : "no-preference")]]])
    }

    /// Gives the element matching `selector` the pseudo-classes `states` (`["active"]`: held
    /// down), through Chromium's DevTools protocol; `[]` takes them off.
    func force(_ states: [String], on selector: String) async throws {
        try await devTools("DOM.enable")
        try await devTools("CSS.enable")
        let document = try await devTools("DOM.getDocument", ["depth": 0])
        guard let root = document["root"]?["nodeId"] else { throw Failure(description: "no document node") }
        let found = try await devTools("DOM.querySelector", ["nodeId": root, "selector": .string(selector)])
        guard let node = found["nodeId"], node != 0 else { throw Failure(description: "no element \(selector)") }
        try await devTools("CSS.forcePseudoState", ["nodeId": node, "forcedPseudoClasses": .array(states.map { .string($0) })])
    }

    /// Runs `script` in every page opened from now on, before the page's own scripts (through
    /// Chromium's DevTools protocol, which the page's Content-Security-Policy does not govern):
    /// listeners for errors and policy violations that must see the page from its first line.
    func runBeforeEveryPage(_ script: String) async throws {
        _ = try await command(
            .post, "goog/cdp/execute", ["cmd": "Page.addScriptToEvaluateOnNewDocument", "params": ["source": .string(script)]])
    }

    /// A PNG of the viewport.
    func screenshot() async throws -> Data {
        let encoded = try await command(.get, "screenshot").stringValue ?? ""
        guard let data = Data(base64Encoded: encoded) else { throw Failure(description: "not a screenshot") }
        return data
    }

    /// Polls `script` (a function body returning a boolean) until it is true, for up to `timeout`.
    func wait(until script: String, timeout: Duration = .seconds(15), _ comment: String) async throws {
        do {
            try await eventually(within: timeout, pollingEvery: .milliseconds(50), comment) { try await execute(script) == true }
        } catch is ConditionNotMet {
            throw Failure(description: "timed out waiting: \(comment)")
        }
    }

    private func command(_ method: HTTPRequest.Method, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        let answer = try await Self.call(transport, base, method, "session/\(session)" + (path.isEmpty ? "" : "/\(path)"), body)
        return answer["value"] ?? .null
    }

    private static func call(_ transport: any Transport, _ base: URL, _ method: HTTPRequest.Method, _ path: String, _ body: JSONValue?)
        async throws -> JSONValue
    {
        var request = TransportRequest(method: method, url: base.appendingPathComponent(path))
        if let body {
            request.headers[.contentType] = "application/json"
            request.body = JSONWriter.write(body)
        }
        let response = try await transport.send(request)
        let json = (try? JSONParser.parse(response.body, limits: .unlimited)) ?? .null
        guard response.status == .ok else {
            throw Failure(
                description: "WebDriver \(method) \(path): \(response.status.code) \(json["value"]?["message"]?.stringValue ?? "")")
        }
        return json
    }
}
