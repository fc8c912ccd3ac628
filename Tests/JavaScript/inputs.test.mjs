// The page's validation and masks (Scripts/inputs.js, on top of Scripts/expressions.js) against the
// shared input cases (Tests/Conformance/inputs), in Node: the same answers FieldRules, InputMask and
// MaskedEdit give in Swift. Rule cases check a value, mask cases type or show one, edit cases apply
// one edit and answer the masked text and the caret.
import assert from "node:assert/strict";
import { test } from "node:test";
import { caseFiles, load, served } from "./load.mjs";

const { ScreenplayInputs: I } = load("expressions", "inputs");

const text = (v) => typeof v === "string" ? v
  : v && typeof v.repeat === "string" && typeof v.count === "number" ? (v.prefix || "") + v.repeat.repeat(v.count) + (v.suffix || "") : null;
const lines = (list) => list.length ? " diagnostics: " + list.join("; ") : "";
const shown = (diagnostics) => diagnostics.map((d) => d.severity + " " + d.path);

/** Runs one file's cases: { run, failures: [text] }. */
const runCases = (file) => {
  const failures = [];
  let run = 0;
  (file.cases || []).forEach((c, index) => {
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
    if (expected !== actual) failures.push(`${name}\n  expected: ${expected}\n  actual: ${actual}`);
  });
  return { run, failures };
};

const files = caseFiles("inputs");
let total = 0;
for (const { file, json } of files) {
  test(`inputs/${file}: every case`, () => {
    const { run, failures } = runCases(json);
    total += run;
    assert.deepEqual(failures, [], `${failures.length} of ${run} cases fail:\n${failures.join("\n")}`);
  });
}
test("the input cases ran", (t) => {
  assert.ok(total >= 120, `only ${total} cases ran`);
  t.diagnostic(`${total} shared input cases pass in Node`);
});
test("the script never evaluates code", () => {
  for (const forbidden of ["eval(", "Function(", "setTimeout(", "import("]) {
    assert.ok(!served("inputs").includes(forbidden), `the input script contains ${forbidden}`);
  }
});
