import Foundation
import ScreenplayTestHarness
import Testing

/// `screenplay open` against a real `screenplay serve` process on loopback.
@Suite(.serialized) struct OpenCommandTests {
    let cli = CLITests()

    /// A `screenplay serve` child process on a free port, stopped by `stop()`; one nobody
    /// stopped (a test that threw) is killed with its process group when it is released.
    final class Server: Sendable {
        let process: ChildProcess
        let port: Int

        private init(process: ChildProcess, port: Int) {
            self.process = process
            self.port = port
        }

        /// Starts one and returns once its log says where it listens (within a minute).
        /// - Parameter environment: added to the test's (an admin token …).
        static func start(port requested: Int = 0, arguments: [String] = [], environment: [String: String] = [:]) async throws -> Server {
            let executable = try #require(CLITests.executable, "the screenplay executable was not built next to the tests")
            // A data folder of its own: servers of different tests share no stored state.
            let data = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-cli-\(UUID().uuidString)").path
            let process = try ChildProcess.start(
                executable, ["serve", "--port", String(requested), "--data", data] + arguments,
                environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
            // The log says where it listens: "... listening on 127.0.0.1:PORT".
            let line = try await process.standardError.waitForLine(containing: "listening on 127.0.0.1:", within: .seconds(60))
            let port = line.components(separatedBy: "listening on 127.0.0.1:").last.flatMap { Int($0.prefix { $0.isNumber }) }
            return Server(process: process, port: try #require(port, "no port in \(line)"))
        }

        var url: String { "http://127.0.0.1:\(port)" }

        /// Ends it (SIGTERM, then SIGKILL to its group after two seconds) and waits until it is gone.
        func stop() async {
            await process.stop()
        }
    }

    @Test func loadsFillsAndTapsInTheOrderGiven() async throws {
        let server = try await Server.start()
        let run = try await cli.screenplay(
            "open", "\(server.url)/screens/cities", "--lang", "fr", "--fill", "city=Paris", "--tap", "refresh")
        #expect(run.status == 0, "\(run.errors)")
        let output = run.output
        #expect(output.hasPrefix(#"screen "cities" "Statistiques""#))
        let fill = try #require(output.range(of: "> fill city=Paris"))
        let tap = try #require(output.range(of: "> tap refresh"))
        #expect(fill.lowerBound < tap.lowerBound)
        #expect(output[tap.upperBound...].contains("→ intent refresh"))
        #expect(output[tap.upperBound...].contains(#"value="Paris""#), "the field keeps its value through the intent")
        await server.stop()
    }

    @Test func saysWhenTheWebFallbackOrANativeRouteIsChosen() async throws {
        let server = try await Server.start()
        let web = try await cli.screenplay("open", "\(server.url)/screens/requests", "--tap", "request.3.claim")
        #expect(web.status == 0, "\(web.errors)")
        #expect(web.output.contains("→ web fallback: \(server.url)/requests/3/insurance-claim"))
        let native = try await cli.screenplay(
            "open", "\(server.url)/screens/requests", "--native", "/requests/:id", "--tap", "Marie Conductrice")
        #expect(native.status == 0, "\(native.errors)")
        #expect(native.output.contains("→ native route /requests/:id for /requests/2"))
        await server.stop()
    }

    @Test func showsTheCachedScreenStaleWhenTheServerIsGone() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-open-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let server = try await Server.start()
        let online = try await cli.screenplay("open", "\(server.url)/screens/requests/2", "--cache", cache)
        #expect(online.status == 0, "\(online.errors)")
        #expect(!online.output.contains("stale"))
        await server.stop()
        let offline = try await cli.screenplay("open", "\(server.url)/screens/requests/2", "--cache", cache)
        #expect(offline.status == 0, "\(offline.errors)")
        #expect(offline.lines.first?.hasPrefix("stale:") == true, "\(offline.output)")
        #expect(offline.output.contains("Marie Conductrice"))
    }

    @Test func watchPrintsLiveUpdates() async throws {
        let server = try await Server.start(arguments: ["--live-interval", "0.3"])
        let run = try await cli.screenplay("open", "\(server.url)/screens/cities", "--watch", "2")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.components(separatedBy: "→ live update").count > 2, "\(run.output.suffix(500))")
        await server.stop()
    }

    @Test func failuresExitOneWithTheReason() async throws {
        let server = try await Server.start()
        let missing = try await cli.screenplay("open", "\(server.url)/screens/requests", "--tap", "no such thing")
        #expect(missing.status == 1)
        #expect(missing.errors.contains(#"no visible node with id or label "no such thing""#))
        let badFill = try await cli.screenplay("open", "\(server.url)/screens/cities", "--fill", "novalue")
        #expect(badFill.status != 0)
        #expect(badFill.errors.contains("KEY=VALUE"))
        // A path the server does not serve is not a failure: it opens on the web, as in an app.
        let notFound = try await cli.screenplay("open", "\(server.url)/screens/nowhere")
        #expect(notFound.status == 0)
        #expect(notFound.output.contains("→ web fallback: \(server.url)/nowhere"))
        let notURL = try await cli.screenplay("open", "javascript:alert(1)")
        #expect(notURL.status != 0)
        #expect(notURL.errors.contains("http(s) URL"))
        await server.stop()
    }
}
