// The page's expression evaluator (Scripts/expressions.js) against the shared expression cases
// (Tests/Conformance/expressions, DivKit's case format), in Node: the same answers the Swift
// evaluator is held to in ExpressionCaseTests. Every case whose `platforms` are absent or include
// "screenplay" runs. Integers are compared exactly (BigInt), numbers as numbers, colors after
// normalising, arrays and dicts structurally; an error case with an empty (or non-string) value
// accepts any error; `expected_warnings`, when given, must match. A case's `locale` (else the
// file's, else en_US) is the evaluation's locale.
import assert from "node:assert/strict";
import { test } from "node:test";
import { caseFiles, load, served } from "./load.mjs";

const { ScreenplayExpressions: E } = load("expressions");

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
const show = (r) => (r.type === "error" ? "error " + r.value : r.type + " " + E.text(r));

/** Runs one file's cases: { run, failures: [text] }. */
const runCases = (file, platform) => {
  const failures = [];
  let run = 0;
  for (const [index, c] of (file.cases || []).entries()) {
    if (Array.isArray(c.platforms) && !c.platforms.includes(platform)) continue;
    if (typeof c.expression !== "string" || !c.expected) continue;
    run++;
    const expected = c.expected;
    const actual = E.evaluate(c.expression, c.variables || [], { locale: c.locale || file.locale || "en_US" });
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
      failures.push(`${c.name || "#" + index}\n  expression: ${c.expression}\n  expected: ${expected.type} ${JSON.stringify(expected.value)}\n  actual: ${show(actual)}`);
    }
  }
  return { run, failures };
};

const files = caseFiles("expressions");
let total = 0;
for (const { file, json } of files) {
  test(`expressions/${file}: every case claimed by screenplay`, () => {
    const { run, failures } = runCases(json, "screenplay");
    total += run;
    assert.deepEqual(failures, [], `${failures.length} of ${run} cases fail:\n${failures.join("\n")}`);
  });
}
test("the expression cases ran", (t) => {
  assert.ok(files.length > 0, "no case files");
  assert.ok(total > 0, "no case ran");
  t.diagnostic(`${total} shared expression cases pass in Node`);
});
test("the script never evaluates code", () => {
  for (const forbidden of ["eval(", "Function(", "setTimeout(", "import("]) {
    assert.ok(!served("expressions").includes(forbidden), `the expression script contains ${forbidden}`);
  }
});
