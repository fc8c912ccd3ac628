// Loads the page's pure scripts (Sources/ScreenplayHTML/Scripts) into Node as the page gets them:
// the same file, its __NAME__ placeholders filled from script-data.json (the Swift tables, kept equal
// to them by the Swift test ScriptDataTests), evaluated by `vm` in this context, no DOM.
//
//   import { load } from "./load.mjs";
//   const { ScreenplayExpressions: E } = load("expressions");
//   E.evaluate("@{1 + 2}")   // { type: "integer", value: 3n }
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const here = dirname(fileURLToPath(import.meta.url));
export const repository = join(here, "..", "..");
export const scripts = join(repository, "Sources", "ScreenplayHTML", "Scripts");
const data = JSON.parse(readFileSync(join(here, "script-data.json"), "utf8"));
const loaded = new Set();

/** One script's text as served: its last line feed dropped, every placeholder filled (ScriptText in Swift). */
export const served = (name) => {
  let text = readFileSync(join(scripts, `${name}.js`), "utf8").replace(/\n$/, "");
  for (const [key, value] of Object.entries(data[name] || {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const placeholder = `__${key}__`;
    if (!text.includes(placeholder)) throw new Error(`${name}.js has no ${placeholder}`);
    text = text.split(placeholder).join(value);
  }
  const left = /__[A-Z][A-Z0-9_]*__/.exec(text);
  if (left) throw new Error(`${name}.js: ${left[0]} has no value in script-data.json`);
  return text;
};

/** Evaluates the named scripts once each, in order, and answers the global namespace they define. */
export const load = (...names) => {
  for (const name of names) {
    if (loaded.has(name)) continue;
    vm.runInThisContext(served(name), { filename: join(scripts, `${name}.js`) });
    loaded.add(name);
  }
  return globalThis;
};

/** The case files of one folder of Tests/Conformance, sorted: [{ file, json }]. */
export const caseFiles = (folder) => {
  const directory = join(repository, "Tests", "Conformance", folder);
  return readdirSync(directory).filter((file) => file.endsWith(".json")).sort()
    .map((file) => ({ file, json: JSON.parse(readFileSync(join(directory, file), "utf8")) }));
};
