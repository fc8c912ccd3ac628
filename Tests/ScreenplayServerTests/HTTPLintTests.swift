import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenplayDemo
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// Real answers of the demo, read by httplint (from .venv, installed by scripts/test): no WARN or
/// BAD but the two docs/SECURITY.md justifies (a screen's long `Vary`, `img-src http:` on pages). (A HEAD answer
/// is not read: httplint takes it for a response whose body is missing.)
@Suite(
    .enabled(
        if: HTTPLint.path != nil || ProcessInfo.processInfo.environment["SCREENPLAY_REQUIRE_PYTHON"] != nil,
        "needs .venv with httplint (scripts/test installs it)"))
struct HTTPLintTests {
    /// The warnings docs/SECURITY.md justifies; and httplint's clock check, which compares the
    /// `Date` header with when it read the answer: on a machine busy with other suites that can be
    /// seconds apart, which says nothing about the server (it failed CI once so).
    static let justified = ["varies in", "insecure HTTP sources", "clock"]

    /// httplint's WARN and BAD lines for one raw exchange.
    static func findings(request: String, port: Int) async throws -> [String] {
        let connection = try RawConnection(port: port)
        await connection.send(request)
        let (answer, _) = await connection.readAllBytes(timeout: .seconds(15))
        // The answer is written while the report is read: neither side can block on a full pipe.
        let report = try await ChildProcess.run(try #require(HTTPLint.path, "httplint is not in .venv"), ["-n"], input: answer)
            .standardOutput
        #expect(report.contains("* ["), "httplint did not read the answer to \(request.prefix(40)):\n\(report)")
        return report.split(separator: "\n").map(String.init).filter { $0.contains("[WARN]") || $0.contains("[BAD]") }
    }

    @Test func noWarningButTheJustifiedOnes() async throws {
        try await ConnectionTests.withServer { port in
            let tag = try await {
                let connection = try RawConnection(port: port)
                await connection.send("GET /screens/requests HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                let head = await connection.readAll(timeout: .seconds(15)).text
                return try #require(head.firstMatch(of: /ETag: ("[^"]+")/).map { String($0.output.1) })
            }()
            let requests = [
                "GET /screens/home HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n",
                "GET /screens/requests HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nConnection: close\r\n\r\n",
                "GET /screens/requests HTTP/1.1\r\nHost: localhost\r\nIf-None-Match: \(tag)\r\nConnection: close\r\n\r\n",
                "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                "GET /screens/nowhere HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                "GET /nowhere HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nConnection: close\r\n\r\n",
                "PUT /screens/home HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                "POST /screens/cities/intents HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 18\r\n"
                    + "Connection: close\r\n\r\n{\"name\":\"refresh\"}",
            ]
            for request in requests {
                let unjustified = try await Self.findings(request: request, port: port).filter { line in
                    !Self.justified.contains { line.contains($0) }
                }
                #expect(unjustified.isEmpty, "\(request.prefix(40)): \(unjustified)")
            }
        }
    }
}

/// Where scripts/test installs httplint.
enum HTTPLint {
    static let path: String? = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".venv/bin/httplint").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()
}
