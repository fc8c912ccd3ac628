import Foundation
import Testing

/// `screenplay admin` and `screenplay experiments report` against a real `screenplay serve`.
@Suite(.serialized) struct AdminCommandTests {
    let cli = CLITests()
    static let token = "cli-test-token-0123456789abcdef"

    @Test func anAdminPublishesFromAShellAndReadsAReport() async throws {
        let server = try await OpenCommandTests.Server.start(environment: ["SCREENPLAY_ADMIN_TOKENS": "ci:admin:\(Self.token)"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-admin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let promo = folder.appendingPathComponent("promo.json")
        try Data(#"{"content": {"type": "text", "text": "From the shell"}}"#.utf8).write(to: promo)
        let broken = folder.appendingPathComponent("broken.json")
        try Data(#"{"content": {"type": "image"}}"#.utf8).write(to: broken)
        let common = ["--server", server.url, "--token", Self.token]

        let published = try await cli.screenplay(["admin", "slots", "publish", "home.promo", promo.path, "--if-match", "0"] + common)
        #expect(published.status == 0, "\(published.errors)")
        #expect(published.output.contains("ETag: \"1\""))
        let home = try await cli.screenplay("open", "\(server.url)/screens/home")
        #expect(home.output.contains("From the shell"), "\(home.output)")

        let refused = try await cli.screenplay(["admin", "slots", "publish", "home.promo", broken.path] + common)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("422 invalidContent") && refused.errors.contains("content"), "\(refused.errors)")
        let stale = try await cli.screenplay(["admin", "slots", "publish", "home.promo", promo.path, "--if-match", "0"] + common)
        #expect(stale.errors.contains("412 changedMeanwhile"), "\(stale.errors)")

        let report = try await cli.screenplay(["experiments", "report", "checkoutOrder"] + common)
        #expect(report.status == 0, "\(report.errors)")
        #expect(report.output.contains("signUpFirst") && report.output.contains("cardFirst") && report.output.contains("sample ratio"))

        let anonymous = try await cli.screenplay(
            "admin", "experiments", "list", "--server", server.url, "--token", "wrong-token-0123456789abcdef")
        #expect(anonymous.errors.contains("401 badToken"), "\(anonymous.errors)")
        let audit = try await cli.screenplay(["admin", "audit", "slot:home.promo"] + common)
        #expect(audit.output.contains("\"actor\": \"ci\""), "\(audit.output)")
        await server.stop()
    }

    @Test func withoutATokenTheServerSaysTheAdminAPIIsOff() async throws {
        let server = try await OpenCommandTests.Server.start(environment: ["SCREENPLAY_ADMIN_TOKENS": ""])
        let run = try await cli.screenplay("admin", "experiments", "list", "--server", server.url, "--token", Self.token)
        #expect(run.status != 0)
        #expect(run.errors.contains("403 adminDisabled"), "\(run.errors)")
        await server.stop()
    }
}
