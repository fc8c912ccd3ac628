import Foundation
import ScreenplayDSL
import ScreenplayHTML
import Testing

/// The page's expression evaluator (`ExpressionScript`) against the shared expression cases
/// (Tests/Conformance/expressions, DivKit's case format), in a real headless Chromium: the same
/// answers the Swift evaluator is held to in `ExpressionCaseTests`. Every case whose `platforms`
/// are absent or include "screenplay" runs; one WebDriver call per file sends its cases as JSON.
/// Skipped when the browser is not installed, unless SCREENPLAY_REQUIRE_BROWSER is set.
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct ExpressionBrowserTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Conformance/expressions")

    /// Runs one file's cases in the page and answers `{run, failures: [{name, expression, expected, actual}]}`.
    /// Integers are compared exactly (BigInt), numbers as JSON numbers, colors after normalising,
    /// arrays and dicts structurally; an error case with an empty (or non-string) value accepts any
    /// error; `expected_warnings`, when given, must match. A case's `locale` (else the file's, else
    /// `en_US`) is passed as the evaluation's locale option.
    static let runner = #"""
        const runCases = (fileText, platform) => {
          const E = window.ScreenplayExpressions;
          const file = JSON.parse(fileText);
          const cases = file.cases || [];
          const deepEqual = (a, b) => {
            if (a === b) return true;
            if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
            if (Array.isArray(a) !== Array.isArray(b)) return false;
            const ka = Object.keys(a), kb = Object.keys(b);
            return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
          };
          const color = (s) => {
            const v = E.evaluate("@{c}", [{ name: "c", type: "color", value: s }]);
            return v.type === "color" ? v.value : null;
          };
          const show = (r) => r.type === "error" ? "error " + r.value : r.type + " " + E.text(r);
          const failures = [];
          let run = 0;
          for (const [index, c] of cases.entries()) {
            if (Array.isArray(c.platforms) && !c.platforms.includes(platform)) continue;
            if (typeof c.expression !== "string" || !c.expected) continue;
            run++;
            const expected = c.expected, actual = E.evaluate(c.expression, c.variables || [], { locale: c.locale || file.locale || "en_US" });
            let ok;
            if (expected.type === "error") {
              const message = typeof expected.value === "string" ? expected.value : "";
              ok = actual.type === "error" && (message === "" || message === actual.value);
            } else if (actual.type !== expected.type) {
              ok = false;
            } else {
              switch (expected.type) {
                case "integer": ok = typeof expected.value === "number" && Number.isInteger(expected.value) && actual.value === BigInt(expected.value); break;
                case "number": ok = typeof expected.value === "number" && actual.value === expected.value; break;
                case "color": ok = color(expected.value) === actual.value; break;
                case "array": case "dict": ok = deepEqual(actual.value, expected.value); break;
                default: ok = actual.value === expected.value;
              }
            }
            if (ok && Array.isArray(c.expected_warnings)) ok = deepEqual(c.expected_warnings, actual.warnings || []);
            if (!ok) {
              failures.push({ name: c.name || "#" + index, expression: c.expression,
                expected: expected.type + " " + JSON.stringify(expected.value), actual: show(actual) });
            }
          }
          return { run, failures };
        };
        return runCases(arguments[0], arguments[1]);
        """#

    static func withBrowser(_ body: (WebDriver) async throws -> Void) async throws {
        let browser = try await WebDriver.start()
        do {
            try await body(browser)
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    @Test func theScriptNeverEvaluatesCode() {
        for forbidden in ["eval(", "Function(", "setTimeout(", "import("] {
            #expect(!ExpressionScript.source.contains(forbidden), "the expression script contains \(forbidden)")
        }
        #expect(ExpressionScript.path.hasPrefix("/screenplay/expressions-") && ExpressionScript.path.hasSuffix(".js"))
    }

    @Test func everySharedCaseClaimedByScreenplayPassesInTheBrowser() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!files.isEmpty, "no case files in \(Self.directory.path)")
        try await Self.withBrowser { browser in
            let loaded = try await browser.execute(ExpressionScript.source + "\n;return typeof window.ScreenplayExpressions.evaluate")
            try #require(loaded == .string("function"), "the expression script did not load: \(loaded)")
            var total = 0
            var failed = 0
            var summary: [String] = []
            for file in files {
                let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
                let result = try await browser.execute(Self.runner, [.string(text), "screenplay"])
                let run = result["run"]?.intValue ?? 0
                let failures = result["failures"]?.arrayValue ?? []
                total += run
                failed += failures.count
                summary.append("\(file): \(run - failures.count)/\(run)")
                for failure in failures {
                    let field = { (name: String) in failure[name]?.stringValue ?? "" }
                    Issue.record(
                        "\(file): \(field("name"))\n  expression: \(field("expression"))\n  expected: \(field("expected"))\n  actual: \(field("actual"))"
                    )
                }
            }
            #expect(total > 0, "no case ran")
            print(
                "ExpressionBrowserTests: \(total - failed) of \(total) shared cases pass in the browser\n  "
                    + summary.joined(separator: "\n  "))
        }
    }
}
