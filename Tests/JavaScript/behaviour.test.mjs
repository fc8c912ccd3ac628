// The page's triggers and timers (Scripts/behaviour.js, on top of Scripts/expressions.js) against the
// shared behaviour cases (Tests/Conformance/behaviour), in Node: the same answers TriggerEvaluator
// and ScreenTimers give in Swift. Each case's steps set variables, drive timers or change the
// screen's lifecycle; a step's `expect` is what fired and the next deadline.
import assert from "node:assert/strict";
import { test } from "node:test";
import { caseFiles, load, served } from "./load.mjs";

const { ScreenplayBehaviour: B } = load("expressions", "behaviour");

const inferred = (v) => typeof v === "string" ? "string" : typeof v === "boolean" ? "boolean" :
  typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : Array.isArray(v) ? "array" : "dict";

/** Runs one file's cases: { run, failures: [text] }. */
const runCases = (file) => {
  const failures = [];
  let run = 0;
  for (const c of file.cases || []) {
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
      if (step.expect !== undefined && step.expect !== actual) failures.push(`${c.name}, step ${index}\n  expected: ${step.expect}\n  actual: ${actual}`);
      for (const [k, v] of Object.entries(step.values || {})) {
        if (JSON.stringify(values[k]) !== JSON.stringify(v)) {
          failures.push(`${c.name}, step ${index}: ${k}\n  expected: ${JSON.stringify(v)}\n  actual: ${JSON.stringify(values[k])}`);
        }
      }
    });
  }
  return { run, failures };
};

const files = caseFiles("behaviour");
let total = 0;
for (const { file, json } of files) {
  test(`behaviour/${file}: every step`, () => {
    const { run, failures } = runCases(json);
    total += run;
    assert.deepEqual(failures, [], `${failures.length} of ${run} steps fail:\n${failures.join("\n")}`);
  });
}
test("the behaviour cases ran", (t) => {
  assert.ok(total > 0, "no step ran");
  t.diagnostic(`${total} shared behaviour steps pass in Node`);
});
test("the script never evaluates code", () => {
  for (const forbidden of ["eval(", "Function(", "setTimeout(", "import("]) {
    assert.ok(!served("behaviour").includes(forbidden), `the behaviour script contains ${forbidden}`);
  }
});
