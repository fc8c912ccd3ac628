import Foundation
import Testing

/// `screenplay open` against a real `screenplay serve` process on loopback.
@Suite(.serialized) struct OpenCommandTests {
    let cli = CLITests()

    /// A `screenplay serve` child process on a free port, stopped by `stop()`.
    final class Server: @unchecked Sendable {
        // Safe: created and stopped by one test at a time.
        let process = Process()
        let port: Int

        /// - Parameter environment: added to the test's (an admin token …).
        init(port requested: Int = 0, arguments: [String] = [], environment: [String: String] = [:]) throws {
            let executable = try #require(CLITests.executable)
            process.executableURL = executable
            // A data folder of its own: servers of different tests share no stored state.
            let data = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-cli-\(UUID().uuidString)").path
            process.arguments = ["serve", "--port", String(requested), "--data", data] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // The log says where it listens: "... listening on 127.0.0.1:PORT".
            var seen = ""
            var port: Int?
            while port == nil {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += String(decoding: chunk, as: UTF8.self)
                if let range = seen.range(of: "listening on 127.0.0.1:") {
                    port = Int(seen[range.upperBound...].prefix { $0.isNumber })
                }
            }
            self.port = try #require(port, "the server did not start: \(seen)")
            // Keep draining the log so the child never blocks on a full pipe.
            errors.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
        }

        var url: String { "http://127.0.0.1:\(port)" }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    @Test func loadsFillsAndTapsInTheOrderGiven() throws {
        let server = try Server()
        defer { server.stop() }
        let run = try cli.screenplay("open", "\(server.url)/screens/cities", "--lang", "fr", "--fill", "city=Paris", "--tap", "refresh")
        #expect(run.status == 0, "\(run.errors)")
        let output = run.output
        #expect(output.hasPrefix(#"screen "cities" "Statistiques""#))
        let fill = try #require(output.range(of: "> fill city=Paris"))
        let tap = try #require(output.range(of: "> tap refresh"))
        #expect(fill.lowerBound < tap.lowerBound)
        #expect(output[tap.upperBound...].contains("→ intent refresh"))
        #expect(output[tap.upperBound...].contains(#"value="Paris""#), "the field keeps its value through the intent")
    }

    @Test func saysWhenTheWebFallbackOrANativeRouteIsChosen() throws {
        let server = try Server()
        defer { server.stop() }
        let web = try cli.screenplay("open", "\(server.url)/screens/requests", "--tap", "request.3.claim")
        #expect(web.status == 0, "\(web.errors)")
        #expect(web.output.contains("→ web fallback: \(server.url)/requests/3/insurance-claim"))
        let native = try cli.screenplay("open", "\(server.url)/screens/requests", "--native", "/requests/:id", "--tap", "Marie Conductrice")
        #expect(native.status == 0, "\(native.errors)")
        #expect(native.output.contains("→ native route /requests/:id for /requests/2"))
    }

    @Test func showsTheCachedScreenStaleWhenTheServerIsGone() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-open-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let server = try Server()
        let online = try cli.screenplay("open", "\(server.url)/screens/requests/2", "--cache", cache)
        #expect(online.status == 0, "\(online.errors)")
        #expect(!online.output.contains("stale"))
        server.stop()
        let offline = try cli.screenplay("open", "\(server.url)/screens/requests/2", "--cache", cache)
        #expect(offline.status == 0, "\(offline.errors)")
        #expect(offline.lines.first?.hasPrefix("stale:") == true, "\(offline.output)")
        #expect(offline.output.contains("Marie Conductrice"))
    }

    @Test func watchPrintsLiveUpdates() throws {
        let server = try Server(arguments: ["--live-interval", "0.3"])
        defer { server.stop() }
        let run = try cli.screenplay("open", "\(server.url)/screens/cities", "--watch", "2")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.components(separatedBy: "→ live update").count > 2, "\(run.output.suffix(500))")
    }

    @Test func failuresExitOneWithTheReason() throws {
        let server = try Server()
        defer { server.stop() }
        let missing = try cli.screenplay("open", "\(server.url)/screens/requests", "--tap", "no such thing")
        #expect(missing.status == 1)
        #expect(missing.errors.contains(#"no visible node with id or label "no such thing""#))
        let badFill = try cli.screenplay("open", "\(server.url)/screens/cities", "--fill", "novalue")
        #expect(badFill.status != 0)
        #expect(badFill.errors.contains("KEY=VALUE"))
        // A path the server does not serve is not a failure: it opens on the web, as in an app.
        let notFound = try cli.screenplay("open", "\(server.url)/screens/nowhere")
        #expect(notFound.status == 0)
        #expect(notFound.output.contains("→ web fallback: \(server.url)/nowhere"))
        let notURL = try cli.screenplay("open", "javascript:alert(1)")
        #expect(notURL.status != 0)
        #expect(notURL.errors.contains("http(s) URL"))
    }
}
