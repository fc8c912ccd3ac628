// Screenplay inputs: validation rules and input masks, with the same answers as FieldRules and InputMask in Swift.
// Needs ScreenplayExpressions (expression rules, the linear-time pattern engine). No dependencies, no eval.
(() => {
  "use strict";
  const root = typeof window !== "undefined" ? window : globalThis;
  const E = root.ScreenplayExpressions;
  const MAX_RULES = 32, MAX_INPUT = 1000, MAX_PATTERN = 100, MAX_PLACEHOLDERS = 16, MAX_INTEGER = 15, MAX_FRACTION = 4;
  const PATTERN_INPUT = 10000;
  const RULES = ["required", "length", "pattern", "expression", "cardNumber"];
  // Card brands, their IIN prefixes and lengths: CardBrand.all in Swift, written in here from it.
  const CARD_BRANDS = __CARD_BRANDS__;
  const CARD_MAX_DIGITS = __CARD_MAX_DIGITS__;
  const MASKS = ["fixed", "card", "phone", "date", "currency"];
  const TYPE_NAMES = { string: "String", integer: "Integer", number: "Number", boolean: "Boolean", color: "Color", url: "Url",
    datetime: "DateTime", array: "Array", dict: "Dict" };

  // MARK: Characters (InputCharacters in Swift)

  const isWhite = (c) => (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
  const ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0xff10];
  const digitOf = (c) => { for (const z of ZEROS) if (c >= z && c < z + 10) return 0x30 + c - z; return -1; };
  const isLetter = (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  // The first `max` code points of a text.
  const scalars = (text, max) => {
    const out = [];
    for (const ch of String(text)) { if (out.length === max) break; out.push(ch.codePointAt(0)); }
    return out;
  };
  const countScalars = (text) => { let n = 0; for (const _ of text) n++; return n; };
  const fromScalars = (list) => { let s = ""; for (const c of list) s += String.fromCodePoint(c); return s; };

  // MARK: Reading, with diagnostics at JSON paths (JSONPath's text in Swift)

  const pathText = (steps) => {
    if (steps.length === 0) return "$";
    let text = "";
    for (const step of steps) text += typeof step === "number" ? `[${step}]` : (text ? "." : "") + step;
    return text;
  };
  class Refusal { constructor(path, message) { this.path = path; this.message = message; } }
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const kindOf = (v) => v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object"
    : typeof v === "string" ? "a string" : typeof v === "number" ? "a number" : typeof v === "boolean" ? "a boolean" : "nothing";
  const present = (object, key) => Object.prototype.hasOwnProperty.call(object, key) && object[key] !== null;
  const requiredString = (object, key, base, what) => {
    if (!present(object, key)) throw new Refusal(base, `${what} is missing its required "${key}"`);
    if (typeof object[key] !== "string") throw new Refusal(base.concat(key), `expected a string, found ${kindOf(object[key])}`);
    return object[key];
  };
  const optional = (object, key, base, test, expected) => {
    if (!present(object, key)) return null;
    if (!test(object[key])) throw new Refusal(base.concat(key), `expected ${expected}, found ${kindOf(object[key])}`);
    return object[key];
  };
  const isInteger = (v) => typeof v === "number" && Number.isInteger(v) && Math.abs(v) < 2 ** 53;
  const count = (object, key, base) => {
    const v = optional(object, key, base, isInteger, "an integer");
    if (v !== null && v < 0) throw new Refusal(base.concat(key), `${key} must be 0 or more, found ${v}`);
    return v;
  };
  const unknownFields = (object, known, base, diagnostics) => {
    for (const key of Object.keys(object).filter((k) => !known.includes(k)).sort(byBytes)) {
      diagnostics.push({ severity: "warning", path: pathText(base.concat(key)), message: `no field "${key}"; ignored` });
    }
  };
  // Swift's String order (by scalars), not UTF-16's.
  const byBytes = (a, b) => { const x = scalars(a, Infinity), y = scalars(b, Infinity);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length; };
  const compile = (source, path) => {
    try { return E.patterns.compile(source); }
    catch (e) {
      if (e instanceof E.patterns.PatternError) throw new Refusal(path, `the pattern is refused at offset ${e.offset}: ${e.message}`);
      throw e;
    }
  };
  const conditionProblem = (condition) => {
    if (!condition.startsWith("@{")) return "a condition is one @{…} expression";
    try {
      const tree = E.parse(condition);
      return tree && tree.k === "template" ? "a condition is one @{…} expression, not a template" : null;
    } catch (e) { return `the condition does not parse: ${e && e.message}`; }
  };

  // MARK: Rules (FieldRules in Swift)

  const readRule = (json, base, diagnostics) => {
    if (!isObject(json)) throw new Refusal(base, `expected a rule object, found ${kindOf(json)}`);
    const type = requiredString(json, "type", base, "a rule");
    if (!RULES.includes(type)) {
      diagnostics.push({ severity: "warning", path: pathText(base), message: `unknown rule type "${type}"; skipped` });
      return null;
    }
    const what = `a "${type}" rule`;
    const message = requiredString(json, "message", base, what);
    if (message === "") throw new Refusal(base.concat("message"), "a rule's message must not be empty");
    const known = ["type", "message"];
    let rule;
    if (type === "required") rule = { type, message, allowEmpty: false };
    else {
      const allow = optional(json, "allowEmpty", base, (v) => typeof v === "boolean", "a boolean");
      const allowEmpty = allow === null ? true : allow;
      known.push("allowEmpty");
      if (type === "length") {
        const min = count(json, "min", base), max = count(json, "max", base);
        if (min === null && max === null) throw new Refusal(base, `a "length" rule needs "min", "max" or both`);
        if (min !== null && max !== null && max < min) throw new Refusal(base.concat("max"), `max (${max}) is less than min (${min})`);
        known.push("min", "max");
        rule = { type, message, allowEmpty, min, max };
      } else if (type === "pattern") {
        const source = requiredString(json, "pattern", base, what);
        known.push("pattern");
        rule = { type, message, allowEmpty, program: compile(source, base.concat("pattern")) };
      } else if (type === "cardNumber") {
        const checkDigitMessage = optional(json, "checkDigitMessage", base, (v) => typeof v === "string", "a string");
        if (checkDigitMessage === "") throw new Refusal(base.concat("checkDigitMessage"), "a rule's checkDigitMessage must not be empty");
        known.push("checkDigitMessage");
        rule = { type, message, allowEmpty, checkDigitMessage };
      } else {
        const condition = requiredString(json, "condition", base, what);
        const problem = conditionProblem(condition);
        if (problem) throw new Refusal(base.concat("condition"), problem);
        known.push("condition");
        rule = { type, message, allowEmpty, condition };
      }
    }
    unknownFields(json, known, base, diagnostics);
    return rule;
  };

  // The rules of a JSON array, and every problem at its path; rules is null when json is not an array.
  const readRules = (json) => {
    const diagnostics = [];
    if (!Array.isArray(json)) {
      diagnostics.push({ severity: "error", path: "$", message: `expected an array of rules, found ${kindOf(json)}` });
      return { rules: null, diagnostics };
    }
    const rules = [];
    for (let i = 0; i < json.length; i++) {
      if (i === MAX_RULES) {
        diagnostics.push({ severity: "error", path: pathText([i]), message: `a field has at most ${MAX_RULES} rules; the rest are ignored` });
        break;
      }
      try { const rule = readRule(json[i], [i], diagnostics); if (rule) rules.push(rule); }
      catch (e) {
        if (!(e instanceof Refusal)) throw e;
        diagnostics.push({ severity: "error", path: pathText(e.path), message: `${e.message}; rule dropped` });
      }
    }
    return { rules, diagnostics };
  };

  const readCache = new WeakMap();
  const cached = (json, reader) => {
    if (json === null || typeof json !== "object") return reader(json);
    if (!readCache.has(json)) readCache.set(json, reader(json));
    return readCache.get(json);
  };
  // What readRules gave, or the JSON array itself (read once per array).
  const rulesOf = (rules) => rules && !Array.isArray(rules) && Array.isArray(rules.rules) ? rules.rules : (cached(rules, readRules).rules || []);

  // A card number's verdict (CardNumberCheck in Swift): "valid", "invalidLength" or "wrongCheckDigit".
  const owns = (brand, digits) => brand.prefixes.some((prefix) => {
    const bounds = prefix.split("-"), width = bounds[0].length;
    if (digits.length < width) return false;
    const head = digits.slice(0, width);
    return head >= bounds[0] && head <= bounds[bounds.length - 1];
  });
  const cardVerdict = (value) => {
    let digits = "";
    for (const ch of value) {
      const c = ch.codePointAt(0);
      if (c === 0x20 || c === 0x2d) continue;
      const d = digitOf(c);
      if (d < 0 || digits.length === CARD_MAX_DIGITS) return "invalidLength";
      digits += String.fromCharCode(d);
    }
    if (!CARD_BRANDS.some((brand) => owns(brand, digits) && brand.lengths.includes(digits.length))) return "invalidLength";
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = digits.charCodeAt(digits.length - 1 - i) - 48;
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0 ? "valid" : "wrongCheckDigit";
  };

  const checkRule = (rule, index, value, variables, options) => {
    if (value === "" && rule.allowEmpty) return null;
    const failed = (diagnostic) => diagnostic === undefined ? { index, message: rule.message } : { index, message: rule.message, diagnostic };
    switch (rule.type) {
      case "required": { for (const ch of value) if (!isWhite(ch.codePointAt(0))) return null; return failed(); }
      case "length": {
        const n = countScalars(value);
        return n >= (rule.min === null ? 0 : rule.min) && (rule.max === null || n <= rule.max) ? null : failed();
      }
      case "cardNumber": {
        const verdict = cardVerdict(value);
        if (verdict === "valid") return null;
        if (verdict === "wrongCheckDigit" && rule.checkDigitMessage !== null) return { index, message: rule.checkDigitMessage };
        return failed();
      }
      case "pattern": {
        const fits = !(value.length > 2 * PATTERN_INPUT || countScalars(value) > PATTERN_INPUT) && E.patterns.test(rule.program, value, true);
        return fits ? null : failed();
      }
      default: {
        const result = E.evaluate(rule.condition, variables || [], options);
        if (result.type === "error") return failed(result.value);
        if (result.type !== "boolean") return failed(`The condition gave ${TYPE_NAMES[result.type] || result.type}, not Boolean.`);
        return result.value ? null : failed();
      }
    }
  };

  // The first rule the value breaks ({ index, message, diagnostic? }) or null; rules may be the JSON array.
  const check = (rules, value, variables, options) => {
    const list = rulesOf(rules);
    for (let i = 0; i < list.length; i++) { const p = checkRule(list[i], i, String(value), variables, options); if (p) return p; }
    return null;
  };
  const problems = (rules, value, variables, options) =>
    rulesOf(rules).map((rule, i) => checkRule(rule, i, String(value), variables, options)).filter((p) => p);

  // MARK: Masks (InputMask in Swift)

  const readPlaceholders = (json, base) => {
    if (!isObject(json)) throw new Refusal(base, `expected an object of placeholders, found ${kindOf(json)}`);
    const keys = Object.keys(json);
    if (keys.length > MAX_PLACEHOLDERS) throw new Refusal(base, `a mask has at most ${MAX_PLACEHOLDERS} placeholders of its own`);
    const map = new Map();
    for (const key of keys) {
      const path = base.concat(key), codes = scalars(key, 2);
      if (codes.length !== 1) throw new Refusal(path, `a placeholder is one character, found "${key}"`);
      if (typeof json[key] !== "string") throw new Refusal(path, `expected a pattern, found ${kindOf(json[key])}`);
      map.set(codes[0], compile(json[key], path));
    }
    return map;
  };
  const dateFormatProblem = (format) => {
    const s = scalars(format, Infinity);
    if (s.length === 0) return "must not be empty";
    if (s.length > MAX_PATTERN) return `is ${s.length} characters long; the most is ${MAX_PATTERN}`;
    const seen = new Set();
    for (let i = 0; i < s.length;) {
      const c = s[i];
      if (c !== 68 && c !== 77 && c !== 89) { i++; continue; }
      let end = i;
      while (end < s.length && s[end] === c) end++;
      const run = fromScalars(s.slice(i, end));
      if (!["DD", "MM", "YY", "YYYY"].includes(run)) return `"${run}" at offset ${i} is not DD, MM, YY or YYYY`;
      if (seen.has(c)) return `"${run}" at offset ${i} repeats a field`;
      seen.add(c);
      i = end;
    }
    return seen.size === 0 ? "has none of DD, MM, YY, YYYY" : null;
  };

  const readMaskObject = (json) => {
    const base = [];
    if (!isObject(json)) throw new Refusal(base, `expected a mask object, found ${kindOf(json)}`);
    const type = requiredString(json, "type", base, "a mask");
    if (!MASKS.includes(type)) return { mask: null, warning: `unknown mask type "${type}"; the field is shown without a mask` };
    const what = `a "${type}" mask`, known = ["type"];
    let mask;
    if (type === "fixed") {
      const pattern = requiredString(json, "pattern", base, what);
      const length = countScalars(pattern);
      if (length === 0) throw new Refusal(["pattern"], "must not be empty");
      if (length > MAX_PATTERN) throw new Refusal(["pattern"], `is ${length} characters long; the most is ${MAX_PATTERN}`);
      const placeholders = present(json, "placeholders") ? readPlaceholders(json.placeholders, ["placeholders"]) : new Map();
      if (!scalars(pattern, Infinity).some((c) => c === 35 || c === 65 || c === 42 || placeholders.has(c))) {
        throw new Refusal(["pattern"], "the pattern has no placeholder (#, A, * or one of its own)");
      }
      known.push("pattern", "placeholders");
      mask = { type, pattern, placeholders };
    } else if (type === "date") {
      const format = requiredString(json, "format", base, what);
      const problem = dateFormatProblem(format);
      if (problem) throw new Refusal(["format"], problem);
      known.push("format");
      mask = { type, format };
    } else if (type === "currency") {
      const locale = optional(json, "locale", base, (v) => typeof v === "string", "a string");
      const digits = count(json, "fractionDigits", base);
      const fractionDigits = digits === null ? 2 : digits;
      if (fractionDigits > MAX_FRACTION) throw new Refusal(["fractionDigits"], `fractionDigits is at most ${MAX_FRACTION}, found ${fractionDigits}`);
      known.push("locale", "fractionDigits");
      mask = { type, locale, fractionDigits };
    } else mask = { type };
    return { mask, known };
  };
  // The mask of a JSON object and every problem at its path; mask is null when it cannot be used.
  const readMask = (json) => {
    const diagnostics = [];
    try {
      const read = readMaskObject(json);
      if (read.warning) { diagnostics.push({ severity: "warning", path: "$", message: read.warning }); return { mask: null, diagnostics }; }
      unknownFields(json, read.known, [], diagnostics);
      read.mask.__read = true;
      return { mask: read.mask, diagnostics };
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      diagnostics.push({ severity: "error", path: pathText(e.path), message: `${e.message}; no mask` });
      return { mask: null, diagnostics };
    }
  };
  const maskOf = (mask) => mask && mask.__read ? mask : cached(mask, readMask).mask;

  // Fixed patterns and date formats: slots and literals (FixedTemplate in Swift).
  const fixedTemplate = (mask) => {
    const elements = [];
    for (const c of scalars(mask.pattern, MAX_PATTERN)) {
      const custom = mask.placeholders.get(c);
      if (custom) elements.push({ slot: "custom", program: custom });
      else if (c === 35) elements.push({ slot: "digit" });
      else if (c === 65) elements.push({ slot: "letter" });
      else if (c === 42) elements.push({ slot: "letterOrDigit" });
      else elements.push({ literal: c });
    }
    return { elements, largest: new Map(), fields: [] };
  };
  const dateTemplate = (format) => {
    const elements = [], largest = new Map(), fields = [];
    let slots = 0, previous = -1;
    for (const c of scalars(format, MAX_PATTERN)) {
      if (c !== 68 && c !== 77 && c !== 89) { elements.push({ literal: c }); previous = -1; continue; }
      if (c === previous && fields.length) fields[fields.length - 1].end = slots + 1;
      else {
        fields.push({ kind: c, start: slots, end: slots + 1 });
        if (c !== 89) largest.set(elements.length, c === 77 ? 1 : 3);
      }
      elements.push({ slot: "digit" });
      slots++;
      previous = c;
    }
    return { elements, largest, fields };
  };
  const accept = (element, c) => {
    switch (element.slot) {
      case "digit": return digitOf(c);
      case "letter": return isLetter(c) ? c : -1;
      case "letterOrDigit": { const d = digitOf(c); return d >= 0 ? d : isLetter(c) ? c : -1; }
      default: return E.patterns.test(element.program, String.fromCodePoint(c), true) ? c : -1;
    }
  };
  const validDate = (template, raw) => {
    if (template.fields.length === 0) return true;
    const value = (kind) => {
      const f = template.fields.find((x) => x.kind === kind);
      if (!f || f.end > raw.length) return null;
      let n = 0;
      for (let i = f.start; i < f.end; i++) n = n * 10 + (raw[i] - 48);
      return n;
    };
    const month = value(77), day = value(68);
    let year = value(89);
    const yearField = template.fields.find((x) => x.kind === 89);
    if (year !== null && yearField && yearField.end - yearField.start === 2) year += 2000;
    if (month !== null && (month < 1 || month > 12)) return false;
    if (day === null) return true;
    let length = 31;
    if (month === 2) length = year !== null && !((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0) ? 28 : 29;
    else if ([4, 6, 9, 11].includes(month)) length = 30;
    return day >= 1 && day <= length;
  };
  const fill = (template, input, consumingLiterals) => {
    const display = [], raw = [];
    let pending = [], position = 0, carried = -1, filled = 0, slotCount = 0, stopped = false;
    template.elements.forEach((element, index) => {
      if (element.literal !== undefined) {
        if (stopped) return;
        pending.push(element.literal);
        if (consumingLiterals && carried < 0 && position < input.length && input[position] === element.literal) position++;
        return;
      }
      slotCount++;
      if (stopped) return;
      let c;
      if (carried >= 0) { c = carried; carried = -1; }
      else {
        let found = -1;
        while (found < 0 && position < input.length) found = accept(element, input[position++]);
        if (found < 0) { stopped = true; return; }
        c = found;
        const largest = template.largest.get(index);
        if (largest !== undefined && c - 48 > largest) { carried = c; c = 48; }
      }
      display.push(...pending, c);
      pending = [];
      raw.push(c);
      filled++;
    });
    const complete = filled === slotCount && slotCount > 0 && validDate(template, raw);
    if (complete) display.push(...pending);
    return { display: fromScalars(display), raw: fromScalars(raw), complete };
  };

  const grouped = (digits, sizes) => {
    let text = "", start = 0;
    for (const size of sizes) {
      if (start >= digits.length) break;
      if (start > 0) text += " ";
      text += fromScalars(digits.slice(start, start + size));
      start += size;
    }
    return text;
  };
  const isAmex = (d) => d.length >= 2 && d[0] === 51 && (d[1] === 52 || d[1] === 55);
  const card = (input) => {
    const digits = [];
    for (const c of input) {
      const d = digitOf(c);
      if (d < 0) continue;
      if (digits.length === (isAmex(digits) ? 15 : 19)) break;
      digits.push(d);
    }
    const amex = isAmex(digits);
    return { display: grouped(digits, amex ? [4, 6, 5] : [4, 4, 4, 4, 3]), raw: fromScalars(digits),
      complete: amex ? digits.length === 15 : digits.length >= 16 };
  };
  const TWO_DIGIT_CODES = new Set(["20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47",
    "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "81", "82", "84", "86", "90",
    "91", "92", "93", "94", "95", "98"]);
  const phone = (input) => {
    let digits = [], plus = false, started = false;
    for (const c of input) {
      if (!started) {
        if (isWhite(c)) continue;
        started = true;
        if (c === 43 || c === 0xff0b) { plus = true; continue; }
      }
      const d = digitOf(c);
      if (d >= 0 && digits.length < 17) digits.push(d);
    }
    if (!plus && digits.length >= 2 && digits[0] === 48 && digits[1] === 48) digits = digits.slice(2);
    digits = digits.slice(0, 15);
    if (digits.length === 0) return { display: plus ? "+" : "", raw: "", complete: false };
    const text = fromScalars(digits);
    const codeLength = digits[0] === 49 || digits[0] === 55 ? 1 : digits.length >= 2 && TWO_DIGIT_CODES.has(text.slice(0, 2)) ? 2 : 3;
    const code = text.slice(0, codeLength);
    let national = digits.slice(codeLength), sizes, complete;
    if (code === "1" || code === "7") {
      national = national.slice(0, 10);
      sizes = code === "1" ? [3, 3, 4] : [3, 3, 2, 2];
      complete = national.length === 10;
    } else {
      sizes = [];
      let remaining = national.length;
      while (remaining > 4) { sizes.push(3); remaining -= 3; }
      if (remaining > 0) sizes.push(remaining);
      complete = code.length + national.length >= 8;
    }
    let display = "+" + code;
    if (national.length) display += " " + grouped(national, sizes);
    return { display, raw: "+" + code + fromScalars(national), complete };
  };

  // CurrencyFormat in Swift: a table of our own, from CLDR, so every ICU version writes the same.
  const CURRENCY_REGIONS = { "en-in": "in", "es-mx": "en", "es-us": "en", "fr-ca": "fr-ca", "fr-ch": "fr-ch", "de-ch": "ch",
    "de-li": "ch", "de-at": "ru", "pt-pt": "pl", "pt-br": "de" };
  const CURRENCY_LANGUAGES = { hi: "in", de: "de", it: "de", nl: "de", id: "de", tr: "de", da: "de", el: "de", ro: "de", hr: "de",
    sl: "de", vi: "de", pt: "de", es: "es", fr: "fr", ru: "ru", uk: "ru", cs: "ru", sk: "ru", sv: "ru", fi: "ru", nb: "ru", no: "ru",
    bg: "ru", lt: "ru", lv: "ru", et: "ru", hu: "ru", pl: "pl" };
  const CURRENCY_ROWS = { en: [44, 46, 1, false], in: [44, 46, 1, true], de: [46, 44, 1, false], es: [46, 44, 2, false],
    fr: [0x202f, 44, 1, false], "fr-ca": [0xa0, 44, 1, false], "fr-ch": [0x202f, 46, 1, false], ch: [0x2019, 46, 1, false],
    ru: [0xa0, 44, 1, false], pl: [0xa0, 44, 2, false] };
  const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const currencyFormat = (identifier) => {
    const parts = String(identifier).toLowerCase().split(/[-_]/).filter((p) => p.length > 0);
    const language = parts.length ? parts[0] : "en";
    const regionPart = parts.slice(1).find((p) => p.length === 2);
    const region = regionPart === undefined ? null : `${language}-${regionPart}`;
    const key = region !== null && has(CURRENCY_REGIONS, region) ? region : language;
    const row = has(CURRENCY_REGIONS, key) ? CURRENCY_REGIONS[key] : has(CURRENCY_LANGUAGES, key) ? CURRENCY_LANGUAGES[key] : "en";
    const [group, decimal, minimumGrouping, indian] = CURRENCY_ROWS[row];
    return { group, decimal, minimumGrouping, indian };
  };
  const written = (format, digits) => {
    if (digits.length < 3 + format.minimumGrouping) return fromScalars(digits);
    const boundaries = new Set();
    for (let p = digits.length - 3; p > 0; p -= format.indian ? 2 : 3) boundaries.add(p);
    const out = [];
    digits.forEach((d, i) => { if (boundaries.has(i)) out.push(format.group); out.push(d); });
    return fromScalars(out);
  };
  const clampFraction = (n) => Math.max(0, Math.min(n, MAX_FRACTION));
  const currencyApply = (format, input, requested) => {
    const fractionDigits = clampFraction(requested);
    const other = format.decimal === 46 ? 44 : 46;
    let mark = input.indexOf(format.decimal);
    if (mark < 0) {
      const index = input.indexOf(other);
      if (index >= 0 && input.lastIndexOf(other) === index) {
        const after = input.slice(index + 1);
        if (after.length <= fractionDigits && after.every((c) => digitOf(c) >= 0)) mark = index;
      }
    }
    let integer = [], fraction = [], sawDigit = false;
    input.forEach((c, i) => {
      const d = digitOf(c);
      if (d < 0) return;
      sawDigit = true;
      if (mark >= 0 && i > mark) { if (fraction.length < fractionDigits) fraction.push(d); }
      else if (!(integer.length === 0 && d === 48) && integer.length < MAX_INTEGER) integer.push(d);
    });
    const showsMark = mark >= 0 && fractionDigits > 0;
    if (!sawDigit && !showsMark) return { display: "", raw: "", complete: false };
    if (integer.length === 0) integer = [48];
    let display = written(format, integer), raw = fromScalars(integer);
    if (showsMark) {
      display += String.fromCodePoint(format.decimal) + fromScalars(fraction);
      if (fraction.length) raw += "." + fromScalars(fraction);
    }
    return { display, raw, complete: true };
  };
  const currencyDisplay = (format, input, requested) => {
    const fractionDigits = clampFraction(requested);
    const mark = input.indexOf(46);
    let integer = [], fraction = [], sawDigit = false;
    input.forEach((c, i) => {
      if (c < 48 || c > 57) return;
      sawDigit = true;
      if (mark >= 0 && i > mark) { if (fraction.length < fractionDigits) fraction.push(c); }
      else if (!(integer.length === 0 && c === 48) && integer.length < MAX_INTEGER) integer.push(c);
    });
    if (!sawDigit) return { display: "", raw: "", complete: false };
    if (integer.length === 0) integer = [48];
    let display = written(format, integer), raw = fromScalars(integer);
    if (fraction.length) raw += "." + fromScalars(fraction);
    if (fractionDigits > 0) display += String.fromCodePoint(format.decimal) + fromScalars(fraction) + "0".repeat(fractionDigits - fraction.length);
    return { display, raw, complete: true };
  };

  const run = (mask, text, lang, typing) => {
    const m = maskOf(mask);
    if (!m) return null;
    const input = scalars(text, MAX_INPUT);
    switch (m.type) {
      case "fixed": return fill(fixedTemplate(m), input, typing);
      case "card": return card(input);
      case "phone": return phone(input);
      case "date": return fill(dateTemplate(m.format), input, typing);
      default: {
        const format = currencyFormat(m.locale === null ? (lang || "en") : m.locale);
        return typing ? currencyApply(format, input, m.fractionDigits) : currencyDisplay(format, input, m.fractionDigits);
      }
    }
  };

  // MARK: Edits (MaskedEdit in Swift): the masked text and the caret after one edit, in UTF-16 units.

  const scalarCount = (text) => { let n = 0; for (const _ of String(text)) n++; return n; };
  // `offset`, or the scalar boundary before it inside a surrogate pair.
  const boundary = (text, offset) => {
    let last = 0, position = 0;
    for (const ch of String(text)) { position += ch.length; if (position > offset) break; last = position; }
    return last;
  };
  // The first place in `display` with `count` raw scalars before it (the end when it has fewer), by halving.
  const positionAfter = (mask, count, display, lang) => {
    if (count <= 0) return 0;
    const offsets = [];
    let offset = 0;
    for (const ch of display) { offset += ch.length; offsets.push(offset); }
    let low = 0, high = offsets.length;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (scalarCount(run(mask, display.slice(0, offsets[middle]), lang, true).raw) >= count) high = middle; else low = middle + 1;
    }
    return low < offsets.length ? offsets[low] : display.length;
  };
  const edit = (mask, old, next, caret, composing, lang) => {
    old = String(old); next = String(next);
    caret = boundary(next, Math.min(Math.max(Number(caret) || 0, 0), next.length));
    const before = run(mask, old, lang, true);
    if (!before) return null;
    if (composing) return { display: next, raw: before.raw, complete: before.complete, caret, composing: true };
    const masked = run(mask, next, lang, true);
    if (masked.display === old && old !== next) {
      // Nothing of the edit was taken: the caret stays where the edit began.
      let suffix = 0;
      const suffixLimit = next.length - caret;
      while (suffix < suffixLimit && suffix < old.length && old.charCodeAt(old.length - 1 - suffix) === next.charCodeAt(next.length - 1 - suffix)) suffix++;
      let prefix = 0;
      const prefixLimit = Math.min(caret, old.length - suffix);
      while (prefix < prefixLimit && prefix < next.length && old.charCodeAt(prefix) === next.charCodeAt(prefix)) prefix++;
      return { display: masked.display, raw: masked.raw, complete: masked.complete, caret: boundary(old, prefix), composing: false };
    }
    const typedBefore = run(mask, next.slice(0, caret), lang, true).raw;
    return { display: masked.display, raw: masked.raw, complete: masked.complete,
      caret: positionAfter(mask, scalarCount(typedBefore), masked.display, lang), composing: false };
  };

  const api = Object.freeze({
    readRules,
    check,
    problems,
    readMask,
    // What the field shows and holds after an edit: { display, raw, complete }, or null when the mask cannot be used.
    mask: (mask, typed, lang) => run(mask, typed, lang, true),
    // What the field shows for a raw value.
    display: (mask, raw, lang) => run(mask, raw, lang, false),
    // One edit: { display, raw, complete, caret, composing } — the caret in UTF-16 units; nothing is masked while composing.
    edit,
  });
  root.ScreenplayInputs = api;
})();
