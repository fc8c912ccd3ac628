import Foundation
import ScreenplayHTML
import Testing

/// The page's triggers and timers (`BehaviourScript`, on top of `ExpressionScript`) against the
/// shared behaviour cases (Tests/Conformance/behaviour), in a real headless Chromium: the same
/// one-line answers `BehaviourCaseTests` holds `TriggerEvaluator` and `ScreenTimers` to.
/// Skipped when the browser is not installed, unless SCREENPLAY_REQUIRE_BROWSER is set.
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct BehaviourBrowserTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Conformance/behaviour")

    /// Runs one file's cases in the page and answers `{run, failures: [{name, expected, actual}]}`.
    static let runner = #"""
        const runCases = (fileText) => {
          const B = window.ScreenplayBehaviour;
          const inferred = (v) => typeof v === "string" ? "string" : typeof v === "boolean" ? "boolean" :
            typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : Array.isArray(v) ? "array" : "dict";
          const failures = [];
          let run = 0;
          for (const c of JSON.parse(fileText).cases || []) {
            const screen = c.screen || {};
            const types = {}, values = {};
            for (const [k, v] of Object.entries(screen.state || {})) { values[k] = v; types[k] = inferred(v); }
            for (const d of screen.variables || []) { values[d.name] = d.value; types[d.name] = d.type; }
            const list = () => Object.keys(values).map((name) => ({ name, type: types[name] || inferred(values[name]), value: values[name] }));
            const triggers = B.triggers(screen.triggers, { limits: c.limits });
            const timers = B.timers(screen.timers, { limits: c.limits });
            (c.steps || []).forEach((step, index) => {
              let actual;
              if (step.lifecycle) {
                const now = step.at || 0;
                let released = { fired: [] };
                if (step.lifecycle === "inactive") { triggers.hold(list()); timers.hold(now); }
                else { timers.release(now); released = triggers.release(list()); }
                const next = timers.nextDeadline();
                actual = "fired " + (released.fired.length ? released.fired.join(",") : "none") + " | next " + (next === null ? "none" : next);
              } else if (step.set) {
                const before = list();
                Object.assign(values, step.set);
                if (step.cascade !== true) triggers.beginChange();
                const out = triggers.evaluate(before, list());
                actual = "fired " + (out.fired.length ? out.fired.join(",") : "none");
                if (out.limited) actual += " limited";
                if (out.problems.length) actual += " problems " + out.problems.length;
              } else {
                const now = step.at || 0;
                const out = step.timer ? timers.perform(step.command, step.timer, now, list()) : timers.advance(now);
                for (const s of out.steps) if (s.valueVariable) values[s.valueVariable] = s.value;
                actual = out.steps.length ? out.steps.map((s) => `${s.timer} ${s.event} ${s.value}`).join(", ") : "none";
                const next = timers.nextDeadline();
                actual += " | next " + (next === null ? "none" : next);
                if (out.problems.length) actual += " | problems " + out.problems.length;
              }
              run++;
              if (step.expect !== undefined && step.expect !== actual) failures.push({ name: `${c.name}, step ${index}`, expected: step.expect, actual });
              for (const [k, v] of Object.entries(step.values || {}))
                if (JSON.stringify(values[k]) !== JSON.stringify(v)) failures.push({ name: `${c.name}, step ${index}: ${k}`, expected: JSON.stringify(v), actual: JSON.stringify(values[k]) });
            });
          }
          return { run, failures };
        };
        return runCases(arguments[0]);
        """#

    @Test func theScriptNeverEvaluatesCode() {
        for forbidden in ["eval(", "Function(", "import("] {
            #expect(!BehaviourScript.source.contains(forbidden), "the behaviour script contains \(forbidden)")
        }
        #expect(BehaviourScript.path.hasPrefix("/screenplay/behaviour-") && BehaviourScript.path.hasSuffix(".js"))
    }

    @Test func everySharedBehaviourCasePassesInTheBrowser() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!files.isEmpty, "no case files in \(Self.directory.path)")
        let browser = try await WebDriver.start()
        do {
            let loaded = try await browser.execute(
                ExpressionScript.source + "\n" + BehaviourScript.source + "\n;return typeof window.ScreenplayBehaviour.timers")
            try #require(loaded == .string("function"), "the behaviour script did not load: \(loaded)")
            var total = 0
            var failed = 0
            for file in files {
                let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
                let result = try await browser.execute(Self.runner, [.string(text)])
                total += result["run"]?.intValue ?? 0
                let failures = result["failures"]?.arrayValue ?? []
                failed += failures.count
                for failure in failures {
                    let field = { (name: String) in failure[name]?.stringValue ?? "" }
                    Issue.record("\(file): \(field("name"))\n  expected: \(field("expected"))\n  actual:   \(field("actual"))")
                }
            }
            #expect(total >= 60, "only \(total) steps ran")
            print("BehaviourBrowserTests: \(total) shared behaviour steps run in the browser, \(failed) failed")
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }
}
