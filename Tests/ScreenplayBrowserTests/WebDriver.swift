import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayDSL
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

    private let driver = Process()
    private let base: URL
    private let session: String
    private let transport = DefaultTransport.make(maxResponseBytes: 64 << 20)

    /// Starts chromedriver and a browser session whose window is `width`×`height` and which asks
    /// for pages in `language`.
    static func start(language: String = "en", width: Int = 390, height: Int = 844) async throws -> WebDriver {
        guard let chromium, let chromedriver else { throw Failure(description: "chromium and chromium-driver are not installed") }
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = Int.random(in: 20_000..<60_000)
            do {
                return try await WebDriver(
                    chromium: chromium, chromedriver: chromedriver, port: port, language: language, width: width, height: height)
            } catch {
                lastError = error
            }
        }
        throw lastError ?? Failure(description: "chromedriver did not start")
    }

    private init(chromium: String, chromedriver: String, port: Int, language: String, width: Int, height: Int) async throws {
        driver.executableURL = URL(fileURLWithPath: chromedriver)
        driver.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        base = URL(string: "http://127.0.0.1:\(port)")!
        // Wait until the driver answers.
        var ready = false
        for _ in 0..<100 {
            if let status = try? await transport.send(TransportRequest(url: base.appendingPathComponent("status"))), status.status == .ok {
                ready = true
                break
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        guard ready else {
            driver.terminate()
            throw Failure(description: "chromedriver did not answer on port \(port)")
        }
        let capabilities: JSONValue = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": .string(chromium),
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                            .string("--window-size=\(width),\(height)"), .string("--lang=\(language)"),
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
        do {
            let created = try await Self.call(transport, base, .post, "session", capabilities)
            guard let id = created["value"]?["sessionId"]?.stringValue else { throw Failure(description: "no session: \(created)") }
            session = id
        } catch {
            driver.terminate()
            throw error
        }
    }

    func quit() async {
        _ = try? await command(.delete, "")
        _ = try? await transport.send(TransportRequest(url: base.appendingPathComponent("shutdown")))
        for _ in 0..<100 where driver.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
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
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await execute(script) == true { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "timed out waiting: \(comment)")
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
