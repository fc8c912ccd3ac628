import Foundation
import Testing

/// What a new user meets first: paths that are the document's own, folders, options that do not
/// apply, the version, and one clear line when the server is down.
@Suite struct FirstContactTests {
    let cli = CLITests()

    @Test func findingsHaveTheDocumentsOwnPathsAfterADroppedSibling() async throws {
        let file = try cli.temporaryFile(
            "dropped.json",
            Data(
                #"{"version":"1.0","id":"x","body":{"type":"vstack","children":[{"type":"text"},{"type":"text","text":"ok"},{"type":"weird"},{"type":"button","title":"b"},{"type":"text","text":"a","id":"a"},{"type":"text","text":"b","id":"a"}]}}"#
                    .utf8))
        let run = try await cli.screenplay("validate", file)
        let lines = run.lines.map { $0.replacingOccurrences(of: file + ": ", with: "") }
        #expect(lines.contains { $0.hasPrefix("body.children[0]: warning:") })
        #expect(lines.contains { $0.hasPrefix("body.children[2]: warning: app-defined component \"weird\"") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("body.children[3]: warning: button has no action") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("body.children[5].id: error:") && $0.contains("body.children[4]") }, "\(lines)")
    }

    @Test func aFolderIsValidatedFileByFile() async throws {
        let run = try await cli.screenplay("validate", "Examples/screens")
        #expect(run.status == 0)
        #expect(run.errors.contains("6 files checked"), "\(run.errors)")
        #expect(!run.errors.contains("NSCocoaError"))
    }

    @Test func optionsThatDoNotApplyAreRefusedAndTheVersionIsPrinted() async throws {
        let templates = try await cli.screenplay("render", "Examples/screens/cities.json", "--templates")
        #expect(templates.status != 0)
        #expect(templates.errors.contains("--templates applies to --format json only"))
        let language = try await cli.screenplay("render", "Examples/screens/cities.json", "--lang", "fr")
        #expect(language.status != 0)
        let version = try await cli.screenplay("--version")
        #expect(version.status == 0)
        #expect(version.output.split(separator: ".").count == 3, "\(version.output)")
    }

    @Test func openSaysOnceThatNothingAnswers() async throws {
        let run = try await cli.screenplay("open", "http://127.0.0.1:9/screens/cities")
        #expect(run.status == 1)
        let said = (run.output + run.errors).split(separator: "\n").filter { $0.contains("connection refused") }
        #expect(said.count == 1, "\(run.output)\(run.errors)")
        #expect(said.first?.contains("is the server running?") == true)
    }
}
