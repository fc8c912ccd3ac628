import Foundation
import ScreenplayHTML
import Testing

/// The page's validation and masks (`InputScript`, on top of `ExpressionScript`) against the shared
/// input cases (Tests/Conformance/inputs), in a real headless Chromium: the same answers
/// `FieldRules` and `InputMask` are held to in `InputCaseTests`, written as the same one-line
/// answers and compared as text. One WebDriver call per file.
/// Skipped when the browser is not installed, unless SCREENPLAY_REQUIRE_BROWSER is set.
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct InputBrowserTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Conformance/inputs")

    /// Runs one file's cases in the page and answers `{run, failures: [{name, expected, actual}]}`.
    static let runner = #"""
        const runCases = (fileText) => {
          const I = window.ScreenplayInputs;
          const text = (v) => typeof v === "string" ? v
            : v && typeof v.repeat === "string" && typeof v.count === "number" ? (v.prefix || "") + v.repeat.repeat(v.count) + (v.suffix || "") : null;
          const lines = (list) => list.length ? " diagnostics: " + list.join("; ") : "";
          const shown = (diagnostics) => diagnostics.map((d) => d.severity + " " + d.path);
          const failures = [];
          let run = 0;
          (JSON.parse(fileText).cases || []).forEach((c, index) => {
            const name = c.name || "#" + index;
            const expectedDiagnostics = c.diagnostics || [];
            let expected, actual;
            if (c.rules !== undefined) {
              const value = text(c.value);
              if (value === null) return;
              expected = "problem: none";
              if (c.problem) {
                expected = `problem: ${c.problem.index} | ${c.problem.message}`;
                if (typeof c.problem.diagnostic === "string") expected += ` | ${c.problem.diagnostic}`;
              }
              const read = I.readRules(c.rules);
              const problem = I.check(read, value, c.variables || []);
              actual = "problem: none";
              if (problem) {
                actual = `problem: ${problem.index} | ${problem.message}`;
                if (problem.diagnostic !== undefined) actual += ` | ${problem.diagnostic}`;
              }
              expected += lines(expectedDiagnostics);
              actual += lines(shown(read.diagnostics));
            } else if (c.mask !== undefined && c.old !== undefined) {
              // An edit case: the masked text and the caret after one edit (MaskedEdit in Swift).
              const e = c.expected || {};
              expected = `${e.display} | ${e.raw} | caret ${e.caret}` + (e.composing ? " | composing" : "");
              const answer = I.edit(c.mask, c.old, text(c.new), c.caret, c.composing === true, c.lang || "en");
              actual = answer ? `${answer.display} | ${answer.raw} | caret ${answer.caret}` + (answer.composing ? " | composing" : "") : "no mask";
            } else if (c.mask !== undefined) {
              expected = c.expected ? `${c.expected.display} | ${c.expected.raw} | ${c.expected.complete}` : "no mask";
              const read = I.readMask(c.mask);
              actual = "no mask";
              if (read.mask) {
                const typed = text(c.typed), raw = text(c.raw);
                const answer = typed !== null ? I.mask(read.mask, typed, c.lang || "en") : I.display(read.mask, raw, c.lang || "en");
                actual = `${answer.display} | ${answer.raw} | ${answer.complete}`;
              }
              expected += lines(expectedDiagnostics);
              actual += lines(shown(read.diagnostics));
            } else return;
            run++;
            if (expected !== actual) failures.push({ name, expected, actual });
          });
          return { run, failures };
        };
        return runCases(arguments[0]);
        """#

    @Test func theScriptNeverEvaluatesCode() {
        for forbidden in ["eval(", "Function(", "setTimeout(", "import("] {
            #expect(!InputScript.source.contains(forbidden), "the input script contains \(forbidden)")
        }
        #expect(InputScript.path.hasPrefix("/screenplay/inputs-") && InputScript.path.hasSuffix(".js"))
    }

    @Test func everySharedInputCasePassesInTheBrowser() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!files.isEmpty, "no case files in \(Self.directory.path)")
        let browser = try await WebDriver.start()
        do {
            let loaded = try await browser.execute(
                ExpressionScript.source + "\n" + InputScript.source + "\n;return typeof window.ScreenplayInputs.check")
            try #require(loaded == .string("function"), "the input script did not load: \(loaded)")
            var total = 0
            var failed = 0
            var summary: [String] = []
            for file in files {
                let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
                let result = try await browser.execute(Self.runner, [.string(text)])
                let run = result["run"]?.intValue ?? 0
                let failures = result["failures"]?.arrayValue ?? []
                total += run
                failed += failures.count
                summary.append("\(file): \(run - failures.count)/\(run)")
                for failure in failures {
                    let field = { (name: String) in failure[name]?.stringValue ?? "" }
                    Issue.record("\(file): \(field("name"))\n  expected: \(field("expected"))\n  actual:   \(field("actual"))")
                }
            }
            #expect(total >= 120, "only \(total) cases ran")
            print(
                "InputBrowserTests: \(total - failed) of \(total) shared input cases pass in the browser\n  "
                    + summary.joined(separator: "\n  "))
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }
}
