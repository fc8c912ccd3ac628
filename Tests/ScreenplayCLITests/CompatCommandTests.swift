import Foundation
import ScreenplayTestHarness
import Testing

/// `screenplay compat` against a real `screenplay serve` with the gate on, and offline against a
/// recorded census (the CI step), with no server.
@Suite(.serialized) struct CompatCommandTests {
    let cli = CLITests()
    static let token = "cli-compat-token-0123456789abcdef"

    /// One screen request from curl, which declares nothing: the base capability set.
    static func curl(_ url: String, headers: [String] = []) async throws {
        let result = try await ChildProcess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-f"] + headers.flatMap { ["-H", $0] } + [url])
        #expect(result.status == 0, "curl \(url): \(result.standardError)")
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// One heavy user of a client that declares nothing (curl) asks 20 screens, 9 terminals of
    /// their own users one each: 69% of the requests, 10% of the users. The server's report shows
    /// both and its gate (15%) judges users, so `--check` passes; the recorded census has no
    /// users, so the CI step judges requests, and fails.
    @Test func judgesUsersWhenTheServerCountedThemAndRequestsInARecordedCensus() async throws {
        let server = try await OpenCommandTests.Server.start(
            arguments: ["--compat-max-share", "0.15"], environment: ["SCREENPLAY_ADMIN_TOKENS": "ci:admin:\(Self.token)"])
        let common = ["--server", server.url, "--token", Self.token]
        for index in 0..<9 {
            #expect(try await cli.screenplay("open", "\(server.url)/screens/requests", "--user", "terminal-\(index)").status == 0)
        }
        for _ in 0..<20 {
            try await Self.curl("\(server.url)/screens/requests", headers: ["Screenplay-User: heavy"])
        }
        let table = try await cli.screenplay(["compat", "--check"] + common)
        #expect(table.status == 0, "\(table.output)\(table.errors)")
        #expect(table.output.contains("census: 29 screen requests of about 10 users"), "\(table.output)")
        #expect(table.output.contains("gate: refuses a change that degrades more than 15.0% of users"))
        #expect(table.lines.contains { $0.contains("user share") })
        let checkout = try #require(table.lines.first { $0.hasPrefix("screen checkout ") })
        #expect(checkout.contains("10.0%") && checkout.contains("69.0%"), "\(checkout)")
        #expect(table.output.contains("check: no screen or slot degrades more than 15.0% of users"))
        let json = try Self.json(try await cli.screenplay(["compat", "--json"] + common).output)
        #expect(json["gateBasis"] as? String == "users" && json["users"] as? Int == 10)

        let recorded = try cli.temporaryFile("recorded.json", Data(try await cli.screenplay(["compat", "--export"] + common).output.utf8))
        let failing = try await cli.screenplay("compat", "--check", "--capabilities", recorded, "--max-share", "0.15")
        #expect(failing.status == 1, "\(failing.output)\(failing.errors)")
        #expect(failing.errors.contains("degrade more than 15.0% of screen requests"), "\(failing.errors)")
        await server.stop()
    }

    @Test func reportsGatesAndChecksARecordedCensusOffline() async throws {
        let server = try await OpenCommandTests.Server.start(
            arguments: ["--compat-max-share", "0.05"], environment: ["SCREENPLAY_ADMIN_TOKENS": "ci:admin:\(Self.token)"])
        let common = ["--server", server.url, "--token", Self.token]
        // Nine terminals that show everything, one client that declares nothing: 10% of the census.
        for _ in 0..<9 { #expect(try await cli.screenplay("open", "\(server.url)/screens/requests").status == 0) }
        try await Self.curl("\(server.url)/screens/requests")

        let table = try await cli.screenplay(["compat"] + common)
        #expect(table.status == 0, "\(table.errors)")
        #expect(table.output.contains("census: 10 screen requests"), "\(table.output)")
        #expect(table.output.contains("gate: refuses a change that degrades more than 5.0% of screen requests"))
        let checkout = try #require(table.lines.first { $0.hasPrefix("screen checkout ") })
        #expect(checkout.contains("10.0%") && checkout.contains("textField"), "\(checkout)")
        #expect(table.lines.contains { $0.contains("terminal") && $0.contains("90.0%") })

        let json = try Self.json(try await cli.screenplay(["compat", "--json"] + common).output)
        #expect(json["total"] as? Int == 10 && json["maxShare"] as? Double == 0.05)
        #expect((json["targets"] as? [[String: Any]])?.contains { $0["name"] as? String == "home" } == true)

        // The gate over the admin API: refused with its list, then forced with a reason.
        let toggle = try cli.temporaryFile(
            "toggle.json",
            Data(
                #"{"content": {"type": "vstack", "children": [{"type": "text", "text": "Hi"}, {"type": "toggle", "title": "Notify", "key": "n"}]}}"#
                    .utf8))
        let refused = try await cli.screenplay(["admin", "slots", "publish", "home.promo", toggle] + common)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("422 compatibilityGate") && refused.errors.contains("content.children[1]"), "\(refused.errors)")
        let forced = try await cli.screenplay(
            ["admin", "slots", "publish", "home.promo", toggle, "--force", "old apps see the text"] + common)
        #expect(forced.status == 0, "\(forced.errors)")
        let audit = try await cli.screenplay(["admin", "audit", "slot:home.promo"] + common)
        #expect(audit.output.contains("override compatibility gate") && audit.output.contains("old apps see the text"))

        // The census, recorded; then the CI step: this build's screens against it, no server.
        let exported = try await cli.screenplay(["compat", "--export"] + common)
        #expect(exported.status == 0, "\(exported.errors)")
        let recorded = try cli.temporaryFile("recorded.json", Data(exported.output.utf8))
        #expect((try Self.json(exported.output)["entries"] as? [Any])?.count == 2)
        let failing = try await cli.screenplay("compat", "--check", "--capabilities", recorded, "--max-share", "0.05")
        #expect(failing.status == 1, "\(failing.output)\(failing.errors)")
        #expect(failing.errors.contains("check failed") && failing.errors.contains("screen checkout: 10.0%"), "\(failing.errors)")
        #expect(failing.errors.contains("textField"))
        let passing = try await cli.screenplay("compat", "--check", "--capabilities", recorded, "--max-share", "0.5")
        #expect(passing.status == 0, "\(passing.errors)")
        #expect(passing.output.contains("check: no screen or slot degrades more than 50.0% of screen requests"))
        // Only the terminals: nothing degrades, at the default share.
        var census = try Self.json(exported.output)
        census["entries"] = (census["entries"] as? [[String: Any]])?.filter { $0["platform"] as? String == "terminal" }
        let terminals = try cli.temporaryFile("terminals.json", try JSONSerialization.data(withJSONObject: census))
        #expect(try await cli.screenplay("compat", "--check", "--capabilities", terminals).status == 0)
        // The recorded census sent to the server: checked against its screens and its slots.
        let posted = try Self.json(try await cli.screenplay(["compat", "--json", "--capabilities", recorded] + common).output)
        #expect((posted["targets"] as? [[String: Any]])?.contains { $0["kind"] as? String == "slot" } == true)

        // A census that is not one is refused with its problems' paths.
        let broken = try cli.temporaryFile(
            "broken.json", Data(#"{"entries": [{"version": "9.0", "components": ["text"], "actions": [], "requests": -2}]}"#.utf8))
        let refusedFile = try await cli.screenplay("compat", "--check", "--capabilities", broken)
        #expect(refusedFile.status != 0)
        #expect(
            refusedFile.errors.contains("entries[0].version") && refusedFile.errors.contains("entries[0].requests"), "\(refusedFile.errors)"
        )
        await server.stop()
    }
}
