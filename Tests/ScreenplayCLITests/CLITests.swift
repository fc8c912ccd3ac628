import Foundation
import ScreenplayTestHarness
import Testing

/// Runs the real `screenplay` executable, as a user would from the shell.
@Suite struct CLITests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let executable = BuiltExecutable.path(of: "screenplay")

    struct Run {
        let status: Int32
        let output: String
        let errors: String
        var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    func screenplay(_ arguments: String...) async throws -> Run {
        try await screenplay(arguments)
    }

    /// Runs `screenplay` with `arguments` in the package's folder, within two minutes: its output
    /// and error are read as they come (neither pipe can fill up and block it), and a child that
    /// does not end is stopped with everything it started.
    func screenplay(_ arguments: [String]) async throws -> Run {
        let executable = try #require(Self.executable, "the screenplay executable was not built next to the tests")
        let result = try await ChildProcess.run(executable, arguments, directory: Self.packageRoot.path, within: .seconds(120))
        return Run(status: result.status, output: result.standardOutput, errors: result.standardError)
    }

    func temporaryFile(_ name: String, _ contents: Data) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }

    @Test func validatesEveryExampleWithoutFindings() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.packageRoot.appendingPathComponent("Examples/screens").path)
            .filter { $0.hasSuffix(".json") }.sorted().map { "Examples/screens/\($0)" }
        #expect(files.count >= 5)
        let run = try await screenplay(["validate"] + files)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("\(files.count) files checked: 0 errors, 0 warnings"))
    }

    @Test func printsOneLinePerFindingWithFileAndPath() async throws {
        let file = try temporaryFile(
            "broken.json",
            Data(
                #"{"version":"1.0","id":"x","body":{"type":"vstack","children":[{"type":"text","text":"ok"},{"type":"text","text":42},{"type":"BANNER"}]}}"#
                    .utf8))
        let run = try await screenplay("validate", file)
        #expect(run.status == 0, "warnings only must exit 0")
        #expect(
            run.lines == [
                "\(file): body.children[1].text: warning: expected a string, found a number; node dropped",
                // The document's own path: the dropped sibling before it does not move it.
                "\(file): body.children[2]: warning: app-defined component \"BANNER\" has no fallback; apps that do not register it show nothing here",
            ])
    }

    @Test func exitsOneOnErrors() async throws {
        let duplicate = try temporaryFile(
            "dup.json",
            Data(
                #"{"version":"1.0","id":"x","body":{"type":"vstack","children":[{"type":"spacer","id":"a"},{"type":"spacer","id":"a"}]}}"#
                    .utf8))
        let run = try await screenplay("validate", duplicate)
        #expect(run.status == 1)
        #expect(
            run.lines == [
                "\(duplicate): body.children[1].id: error: id \"a\" is already used at body.children[0]; ids must be unique in a screen"
            ])
    }

    @Test func malformedJSONGivesLineAndColumn() async throws {
        let file = try temporaryFile("malformed.json", Data("{\n  \"version\": \"1.0\",\n  \"id\": x\n}".utf8))
        let run = try await screenplay("validate", file)
        #expect(run.status == 1)
        #expect(run.lines == ["\(file): $: error: line 3, column 9: unexpected 'x', expected a value"])
    }

    @Test func aFiftyMegabyteFileIsRefusedWithoutBeingParsed() async throws {
        let file = try temporaryFile("huge.json", Data(count: 50 * 1024 * 1024))
        let run = try await screenplay("validate", file)
        #expect(run.status == 1)
        #expect(run.lines == ["\(file): $: error: document is 52428800 bytes; the limit is 4194304 (not parsed)"])
    }

    @Test func aMissingFileIsAnErrorNotACrash() async throws {
        let run = try await screenplay("validate", "/nonexistent/screen.json")
        #expect(run.status == 1)
        #expect(run.lines == ["/nonexistent/screen.json: $: error: cannot read the file: no such file"])
    }

    @Test func deepNestingIsAClearErrorNotAStackOverflow() async throws {
        let depth = 100_000
        let body = String(repeating: #"{"type":"vstack","children":["#, count: depth) + String(repeating: "]}", count: depth)
        let file = try temporaryFile("deep.json", Data(#"{"version":"1.0","id":"deep","body":\#(body)}"#.utf8))
        let run = try await screenplay("validate", "--max-bytes", "10000000", file)
        #expect(run.status == 1)
        #expect(run.lines.count == 1)
        #expect(run.lines.first?.contains("error: line 1, column") == true)
        #expect(run.lines.first?.contains("nesting is deeper than 128 levels") == true)
    }

    @Test func moreURLSchemesCanBeAllowed() async throws {
        let file = try temporaryFile(
            "tel.json",
            Data(#"{"version":"1.0","id":"x","body":{"type":"text","text":"Call","action":{"type":"open","url":"tel:+33100000000"}}}"#.utf8)
        )
        let refused = try await screenplay("validate", file)
        #expect(refused.status == 0)
        #expect(
            refused.lines == [
                "\(file): body.action.url: warning: URL \"tel:+33100000000\" refused: scheme \"tel\" is not allowed (allowed: http, https and relative paths); ignored"
            ])
        let allowed = try await screenplay("validate", "--allow-scheme", "tel", file)
        #expect(allowed.lines == [])
    }

    @Test func schemaIsDraft2020JSON() async throws {
        let run = try await screenplay("schema")
        #expect(run.status == 0)
        let schema = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect(schema?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect((schema?["$defs"] as? [String: Any])?["node"] != nil)
    }

    @Test func renderExitsOneOnTheErrorsItPrints() async throws {
        let file = try temporaryFile(
            "twice.json",
            Data(
                #"{"version":"1.0","id":"p","body":{"type":"vstack","children":[{"type":"text","id":"a","text":"one"},{"type":"text","id":"a","text":"two"}]}}"#
                    .utf8))
        let run = try await screenplay("render", file, "--format", "html")
        #expect(run.status == 1, "two nodes with one id is an error: \(run.errors)")
        #expect(run.errors.contains("duplicateID") || run.errors.contains("\"a\""), "\(run.errors)")
        #expect(run.output.hasPrefix("<!DOCTYPE html>"), "the page is still written")
    }

    @Test func rendersAStandaloneWebPage() async throws {
        let file = try temporaryFile(
            "page.json",
            Data(
                #"{"version":"1.0","id":"p","title":"Été <b>","body":{"type":"vstack","children":[{"type":"text","text":"<script>x</script>"},{"type":"BANNER","fallback":{"type":"text","text":"Sale"}}]}}"#
                    .utf8))
        let run = try await screenplay("render", file, "--format", "html", "--lang", "fr")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("<!DOCTYPE html>\n<html lang=\"fr\">"))
        #expect(run.output.contains("<meta http-equiv=\"Content-Security-Policy\""))
        #expect(run.output.contains("<title>Été &lt;b&gt;</title>"))
        #expect(run.output.contains("&lt;script&gt;x&lt;/script&gt;"))
        #expect(!run.output.contains("<script"))
        #expect(run.output.contains(">Sale</p>"), "an app-defined node shows its fallback")
    }

    @Test func rendersAnOutline() async throws {
        let file = try temporaryFile(
            "small.json",
            Data(
                #"{"version":"1.0","id":"small","title":"Small","state":{"q":""},"body":{"type":"vstack","spacing":8,"children":[{"type":"text","text":"Hi","weight":"bold"},{"type":"button","title":"Go","action":{"type":"intent","name":"go"}},{"type":"BANNER","title":"Sale","fallback":{"type":"text","text":"Sale"}}]}}"#
                    .utf8))
        let run = try await screenplay("render", file, "--format", "outline")
        #expect(run.status == 0)
        #expect(
            run.output == """
                screen "small" "Small" (format 1.0)
                state q=""
                vstack spacing=8
                  text "Hi" weight=bold
                  button "Go" → intent go
                  BANNER (app-defined) {"title":"Sale"}
                    fallback:
                      text "Sale"

                """)
        let json = try await screenplay("render", file, "--format", "json")
        #expect(json.output.hasPrefix("{\n  \"body\": {\n"))
    }

    /// `--templates` writes the gallery-like list once as a template; reading it back gives the same screen.
    @Test func renderWritesTemplatesOnRequest() async throws {
        let rows = (0..<60).map { index in "{\"type\":\"text\",\"id\":\"row.\(index)\",\"text\":\"Row \(index)\",\"size\":15}" }
        let document =
            "{\"version\":\"1.0\",\"id\":\"rows\",\"body\":{\"type\":\"vstack\",\"children\":[" + rows.joined(separator: ",") + "]}}"
        let file = try temporaryFile("rows.json", Data(document.utf8))
        let plain = try await screenplay("render", file, "--format", "json")
        let templated = try await screenplay("render", file, "--format", "json", "--templates")
        #expect(templated.status == 0)
        #expect(templated.output.contains(#""templates""#))
        #expect(templated.output.utf8.count < plain.output.utf8.count)
        let again = try temporaryFile("rows-templated.json", Data(templated.output.utf8))
        #expect(try await screenplay("render", again, "--format", "json").output == plain.output)
    }

    @Test func renderFailsWithTheReason() async throws {
        let file = try temporaryFile("bad.json", Data(#"{"version":"3.0","id":"x","body":{"type":"spacer"}}"#.utf8))
        let run = try await screenplay("render", file)
        #expect(run.status == 1)
        #expect(run.errors.contains("version: error: format version 3.0 is not supported"))
    }
}
