// Screenplay expressions: DivKit's expression language, evaluated in the page, with the same answers as the Swift evaluator.
// No dependencies, no eval: the source is tokenized, parsed to a tree and walked. Integers are BigInt (64-bit, overflow an error).
(() => {
  "use strict";
  const MIN = -(2n ** 63n), MAX = 2n ** 63n - 1n;
  const LIMITS = { maxSteps: 10000, maxDepth: 64, maxStringLength: 10000 };
  const TYPES = ["string", "integer", "number", "boolean", "color", "url", "datetime", "array", "dict"];
  const TYPE_NAMES = { string: "String", integer: "Integer", number: "Number", boolean: "Boolean", color: "Color", url: "Url",
    datetime: "DateTime", array: "Array", dict: "Dict" };

  class ExpressionError extends Error {
    constructor(kind, message, range) { super(message); this.kind = kind; this.range = range; }
  }
  // What a function body throws: the reason after "Failed to evaluate [f(…)].".
  // `bare`: the reason is the whole message (DivKit words a few without the prefix).
  class Failure { constructor(reason, isLimit, bare) { this.reason = reason; this.isLimit = !!isLimit; this.bare = !!bare; } }

  const V = (t, v) => ({ t, v });
  const str = (s) => V("string", s);
  const int = (n) => V("integer", n);
  const num = (n) => V("number", n);
  const bool = (b) => V("boolean", b);
  const inRange = (n) => n >= MIN && n <= MAX;
  const codePoints = (s) => { let n = 0; for (const _ of s) n++; return n; };
  const longerThan = (s, max) => s.length > max && codePoints(s) > max;
  const segmenter = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;
  // Characters as DivKit's iOS client counts them: grapheme clusters.
  const characters = (s) => segmenter ? Array.from(segmenter.segment(s), (x) => x.segment) : Array.from(s);

  // MARK: Text of values

  const javaDouble = (x) => {
    if (Number.isNaN(x)) return "NaN";
    if (!Number.isFinite(x)) return x < 0 ? "-Infinity" : "Infinity";
    if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
    const sign = x < 0 ? "-" : "";
    const m = Math.abs(x);
    const [mantissa, e] = m.toExponential().split("e");
    const digits = mantissa.replace(".", "");
    const exponent = Number(e);
    if (m >= 1e-3 && m < 1e7) {
      if (exponent >= 0) {
        const padded = digits.length < exponent + 1 ? digits + "0".repeat(exponent + 1 - digits.length) : digits;
        const fraction = padded.slice(exponent + 1);
        return sign + padded.slice(0, exponent + 1) + "." + (fraction || "0");
      }
      return sign + "0." + "0".repeat(-exponent - 1) + digits;
    }
    return sign + digits[0] + "." + (digits.slice(1) || "0") + "E" + exponent;
  };

  const jsonNumber = (n) => {
    if (!Number.isFinite(n)) return "null";
    if (Math.round(n) === n && Math.abs(n) < 1e15) return String(n === 0 ? 0 : n);
    return String(n);
  };
  // Compact JSON with sorted keys, as the Swift side writes it.
  const jsonText = (value) => {
    if (value === null || value === undefined) return "null";
    if (typeof value === "boolean") return value ? "true" : "false";
    if (typeof value === "number") return jsonNumber(value);
    if (typeof value === "bigint") return value.toString();
    if (typeof value === "string") return JSON.stringify(value);
    if (Array.isArray(value)) return "[" + value.map(jsonText).join(",") + "]";
    return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + jsonText(value[k])).join(",") + "}";
  };

  const hex8 = (n) => "#" + (n >>> 0).toString(16).toUpperCase().padStart(8, "0");

  const text = (value) => {
    switch (value.t) {
      case "string": case "url": return value.v;
      case "integer": return value.v.toString();
      case "number": return javaDouble(value.v);
      case "boolean": return value.v ? "true" : "false";
      case "color": return hex8(value.v);
      case "datetime": return civilText(civil(value.v));
      default: return jsonText(value.v);
    }
  };
  const preview = (value) => {
    if (value.t === "string") return "'" + value.v.replace(/\\/g, "\\\\").replace(/'/g, "\\'") + "'";
    if (value.t === "array") return "<array>";
    if (value.t === "dict") return "<dict>";
    return text(value);
  };

  // MARK: Colors

  const parseColor = (s) => {
    if (typeof s !== "string" || !/^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(s)) return null;
    let h = s.slice(1);
    if (h.length <= 4) h = (h.length === 3 ? "f" : "") + h, h = Array.from(h, (c) => c + c).join("");
    if (h.length === 6) h = "ff" + h;
    return parseInt(h, 16) >>> 0;
  };
  const channelOf = (c, shift) => (c >>> shift) & 0xff;
  const withChannel = (c, shift, v) => ((c & ~(0xff << shift)) | (v << shift)) >>> 0;

  // MARK: Datetimes (BigInt milliseconds since 1970 UTC, fields in UTC)

  const floorDiv = (a, b) => { let q = a / b, r = a % b; if (r !== 0n && (r < 0n) !== (b < 0n)) { q -= 1n; r += b; } return [q, r]; };
  const civil = (ms) => {
    const [days, dayMillis] = floorDiv(ms, 86400000n);
    const z = days + 719468n;
    const era = floorDiv(z, 146097n)[0];
    const doe = z - era * 146097n;
    const yoe = (doe - doe / 1460n + doe / 36524n - doe / 146096n) / 365n;
    const doy = doe - (365n * yoe + yoe / 4n - yoe / 100n);
    const mp = (5n * doy + 2n) / 153n;
    const day = doy - (153n * mp + 2n) / 5n + 1n;
    const month = mp < 10n ? mp + 3n : mp - 9n;
    const year = yoe + era * 400n + (month <= 2n ? 1n : 0n);
    return { year, month, day, hours: dayMillis / 3600000n, minutes: dayMillis / 60000n % 60n, seconds: dayMillis / 1000n % 60n,
      millis: dayMillis % 1000n };
  };
  const civilMillis = (c) => {
    const y = c.month <= 2n ? c.year - 1n : c.year;
    const era = floorDiv(y, 400n)[0];
    const yoe = y - era * 400n;
    const mp = c.month > 2n ? c.month - 3n : c.month + 9n;
    const doy = (153n * mp + 2n) / 5n + c.day - 1n;
    const doe = yoe * 365n + yoe / 4n - yoe / 100n + doy;
    const days = era * 146097n + doe - 719468n;
    const product = days * 86400000n;
    if (!inRange(product)) return null;
    const total = product + (c.hours * 3600000n + c.minutes * 60000n + c.seconds * 1000n + c.millis);
    return inRange(total) ? total : null;
  };
  const dayOfWeek = (ms) => floorDiv(floorDiv(ms, 86400000n)[0] + 3n, 7n)[1] + 1n;
  const isLeap = (y) => y % 4n === 0n && (y % 100n !== 0n || y % 400n === 0n);
  const daysIn = (m, y) => m === 2n ? (isLeap(y) ? 29n : 28n) : (m === 4n || m === 6n || m === 9n || m === 11n) ? 30n : 31n;
  const pad = (v, w) => { const d = (v < 0n ? -v : v).toString(); return (v < 0n ? "-" : "") + "0".repeat(Math.max(0, w - d.length)) + d; };
  const civilText = (c) => `${pad(c.year, 4)}-${pad(c.month, 2)}-${pad(c.day, 2)} ${pad(c.hours, 2)}:${pad(c.minutes, 2)}:${pad(c.seconds, 2)}`;
  const parseDatetime = (s) => {
    const m = /^(-?\d+)-(\d+)-(\d+) (\d+):(\d+):(\d+)$/.exec(s);
    if (!m) return null;
    const [, y, mo, d, h, mi, se] = m.map((x, i) => i === 0 ? x : BigInt(x));
    return civilMillis({ year: y, month: mo, day: d, hours: h, minutes: mi, seconds: se, millis: 0n });
  };
  const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  // An ICU date pattern read once for both date formatters, as Swift's DatePatternReader: quoted text
  // is copied, '' is a quote inside quotes and out, a quote never closed is an error, anything but an
  // ASCII letter is copied, and each run of one letter is a field that field(letter, count) writes.
  const renderDatePattern = (pattern, field) => {
    const s = Array.from(pattern);
    let out = "", quoted = false;
    for (let i = 0; i < s.length;) {
      const ch = s[i];
      if (ch === "'") {
        if (s[i + 1] === "'") { out += "'"; i += 2; } else { quoted = !quoted; i++; }
        continue;
      }
      if (quoted || !/^[A-Za-z]$/.test(ch)) { out += ch; i++; continue; }
      let n = 1;
      while (s[i + n] === ch) n++;
      i += n;
      out += field(ch, n);
    }
    if (quoted) throw new Failure("Unterminated quote in the date pattern.");
    return out;
  };
  // The ICU date pattern subset the Swift side understands (y M d H h m s S E a), in English.
  const formatDate = (ms, pattern) => {
    const c = civil(ms);
    return renderDatePattern(pattern, (ch, n) => {
      let out = "";
      switch (ch) {
        case "y": out += n === 2 ? pad(c.year % 100n, 2) : pad(c.year, n); break;
        case "M": out += n <= 2 ? pad(c.month, n) : n === 3 ? MONTHS[Number(c.month) - 1].slice(0, 3) : MONTHS[Number(c.month) - 1]; break;
        case "d": out += pad(c.day, n); break;
        case "H": out += pad(c.hours, n); break;
        case "h": out += pad(c.hours % 12n === 0n ? 12n : c.hours % 12n, n); break;
        case "m": out += pad(c.minutes, n); break;
        case "s": out += pad(c.seconds, n); break;
        case "S": { const ms3 = pad(c.millis, 3); out += n <= 3 ? ms3.slice(0, n) : ms3 + "0".repeat(n - 3); break; }
        case "E": { const name = DAYS[Number(dayOfWeek(ms)) - 1]; out += n <= 3 ? name.slice(0, 3) : name; break; }
        case "a": out += c.hours < 12n ? "AM" : "PM"; break;
        case "z": case "Z": throw new Failure(`z/Z not supported in [${pattern}]`, false, true);
        default: throw new Failure("Incorrect format pattern.");
      }
      return out;
    });
  };

  // MARK: Values from JSON (variables, array elements, dict members)

  const fromJSON = (json) => {
    if (json === null || json === undefined) return null;
    if (typeof json === "boolean") return bool(json);
    if (typeof json === "string") return str(json);
    if (typeof json === "number") return Math.round(json) === json && Math.abs(json) < 9.2e18 ? int(BigInt(json)) : num(json);
    if (Array.isArray(json)) return V("array", json);
    return V("dict", json);
  };
  const toJSONValue = (value) => {
    switch (value.t) {
      case "integer": return Number(value.v);
      case "color": case "datetime": return text(value);
      default: return value.v;
    }
  };
  const jsonEqual = (a, b) => {
    if (a === b) return true;
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  };
  const isURL = (s) => {
    if (s.length === 0 || /[\s"<>\\^`{|}]/.test(s) || /%(?![0-9a-fA-F]{2})/.test(s)) return false;
    return !/^[^:/?#]*:/.test(s) || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s);
  };
  // A variable from the case format's {name, type, value}; null when the value does not fit the type.
  const variableValue = (type, raw) => {
    switch (type) {
      case "string": return typeof raw === "string" ? str(raw) : null;
      case "url": return typeof raw === "string" ? V("url", raw) : null;
      case "integer":
        if (typeof raw === "bigint") return inRange(raw) ? int(raw) : null;
        if (typeof raw === "number" && Number.isInteger(raw)) { const n = BigInt(raw); return inRange(n) ? int(n) : null; }
        if (typeof raw === "string" && /^[+-]?\d+$/.test(raw)) { const n = BigInt(raw); return inRange(n) ? int(n) : null; }
        return null;
      case "number": return typeof raw === "number" ? num(raw) : typeof raw === "bigint" ? num(Number(raw)) : null;
      // true and false, or 1 and 0 as DivKit's documents write them (not 2, 0.5 or "1"), as Swift's ExpressionValue(_:json:).
      case "boolean":
        if (typeof raw === "boolean") return bool(raw);
        return raw === 0 || raw === 1 || raw === 0n || raw === 1n ? bool(raw == 1) : null;
      case "color": { const c = parseColor(raw); return c === null ? null : V("color", c); }
      case "datetime": { const d = typeof raw === "string" ? parseDatetime(raw) : null; return d === null ? null : V("datetime", d); }
      case "array": return Array.isArray(raw) ? V("array", raw) : null;
      case "dict": return raw !== null && typeof raw === "object" && !Array.isArray(raw) ? V("dict", raw) : null;
      default: return null;
    }
  };
  // The value as the API answers it: integers as BigInt, numbers as Number, colors "#AARRGGBB", datetimes "yyyy-MM-dd HH:mm:ss".
  const output = (value) => {
    switch (value.t) {
      case "color": case "datetime": return { type: value.t, value: text(value) };
      default: return { type: value.t, value: value.v };
    }
  };

  // MARK: Tokens and parsing

  const SYMBOLS = ["!:", "!=", "==", "<=", ">=", "&&", "||", "!", "<", ">", "+", "-", "*", "/", "%", "?", ":", "(", ")", ",", ".", "}"];
  const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["!:"], ["+", "-"], ["*", "/", "%"]];
  const isDigit = (c) => c !== undefined && c >= "0" && c <= "9";
  const isLetter = (c) => c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z"));
  const node = (k, fields, start, end) => Object.assign({ k, range: [start, end] }, fields);
  const literalNode = (value, start, end) => node("literal", { value }, start, end);

  class Parser {
    constructor(source, maxDepth) {
      this.source = source; this.s = Array.from(source); this.maxDepth = maxDepth; this.pos = 0; this.depth = 0; this.lastEnd = 0;
    }

    tokenizing(at) { return new ExpressionError("syntax", `Error tokenizing '${this.source}'.`, [at, Math.max(at + 1, this.s.length)]); }
    tooDeep(at) { return new ExpressionError("limit", `Expression is nested too deeply (more than ${this.maxDepth} levels).`, [at, at + 1]); }
    unexpected(token) {
      if (token.kind === "invalid") return this.tokenizing(token.start);
      return new ExpressionError("syntax", `Unexpected token '${this.s.slice(token.start, token.end).join("")}'.`, [token.start, token.end]);
    }

    parseProperty() {
      this.scanTemplate(false, 0, 0);
      const [parts, whole] = this.parseTemplate(false);
      return whole || Parser.templateNode(parts, 0, this.s.length);
    }
    parseBare() {
      this.scanExpression(0, 0, false);
      const result = this.parseExpression();
      const next = this.peek();
      if (next.kind !== "end") throw this.unexpected(next);
      return result;
    }
    static templateNode(parts, start, end) {
      if (parts.length === 0) return literalNode(str(""), start, end);
      if (parts.length === 1 && parts[0].k === "literal" && parts[0].value.t === "string") return literalNode(parts[0].value, start, end);
      return node("template", { parts }, start, end);
    }

    parseTemplate(quoted) {
      const s = this.s;
      const parts = [];
      let literal = "", literalStart = this.pos, hasText = false, count = 0, only = null;
      const flush = (end) => { if (literal) { parts.push(literalNode(str(literal), literalStart, end)); literal = ""; } };
      for (;;) {
        if (this.pos >= s.length) { if (quoted) throw this.tokenizing(this.pos); break; }
        const c = s[this.pos];
        if (quoted && c === "'") { this.pos++; break; }
        if (c === "\\") {
          if (this.pos + 1 >= s.length) throw this.tokenizing(this.pos);
          const n = s[this.pos + 1];
          if (n === "\\" || n === "'") { literal += n; this.pos += 2; }
          else if (n === "@" && s[this.pos + 2] === "{") { literal += "@{"; this.pos += 3; }
          else throw new ExpressionError("syntax", "Incorrect string escape", [this.pos, this.pos + 2]);
          hasText = true;
          continue;
        }
        if (c === "@" && s[this.pos + 1] === "{") {
          flush(this.pos);
          const start = this.pos;
          this.pos += 2;
          count++;
          let next = this.peek();
          if (next.kind === "symbol" && next.text === "}") {
            this.pos = next.end;
            parts.push(literalNode(str(""), start, this.pos));
          } else {
            const inner = this.parseExpression();
            next = this.peek();
            if (!(next.kind === "symbol" && next.text === "}")) {
              if (next.kind === "end") throw this.tokenizing(start);
              throw this.unexpected(next);
            }
            this.pos = next.end;
            parts.push(inner);
            only = inner;
          }
          literalStart = this.pos;
          continue;
        }
        literal += c;
        hasText = true;
        this.pos++;
      }
      flush(quoted ? this.pos - 1 : this.pos);
      return [parts, !quoted && !hasText && count === 1 ? only : null];
    }

    // DivKit tokenizes the whole text before it parses, so its tokenizing errors come first and in text order.
    scanTemplate(quoted, start, depth) {
      const s = this.s;
      let i = start;
      for (;;) {
        if (i >= s.length) { if (quoted) throw this.tokenizing(start); return i; }
        const c = s[i];
        if (c === "'" && quoted) return i + 1;
        if (c === "\\") {
          if (i + 1 >= s.length) throw this.tokenizing(i);
          const n = s[i + 1];
          if (n === "\\" || n === "'") i += 2;
          else if (n === "@" && s[i + 2] === "{") i += 3;
          else throw new ExpressionError("syntax", "Incorrect string escape", [i, i + 2]);
        } else if (c === "@" && s[i + 1] === "{") {
          i = this.scanExpression(i + 2, depth + 1, true);
        } else {
          i++;
        }
      }
    }
    scanExpression(start, depth, inTemplate) {
      if (depth > this.maxDepth) throw this.tooDeep(start);
      let i = start;
      for (;;) {
        const token = this.token(i);
        if (token.kind === "end") { if (inTemplate) throw this.tokenizing(start); return token.end; }
        if (token.kind === "invalid") throw this.tokenizing(token.start);
        if (token.kind === "symbol" && token.text === "}" && inTemplate) return token.end;
        i = token.kind === "quote" ? this.scanTemplate(true, token.end, depth + 1) : token.end;
      }
    }

    enter(at) { this.depth++; if (this.depth > this.maxDepth) throw this.tooDeep(at); }
    isSymbol(token, text) { return token.kind === "symbol" && token.text === text; }

    parseExpression() {
      this.enter(this.pos);
      try {
        const condition = this.parseBinary(0);
        if (!this.isSymbol(this.peek(), "?")) return condition;
        this.consume(this.peek());
        const then = this.parseExpression();
        const colon = this.peek();
        if (!this.isSymbol(colon, ":")) {
          throw new ExpressionError("syntax", "':' expected in ternary-if-else expression", [colon.start, Math.max(colon.end, colon.start + 1)]);
        }
        this.consume(colon);
        const otherwise = this.parseExpression();
        return node("conditional", { condition, then, otherwise }, condition.range[0], otherwise.range[1]);
      } finally { this.depth--; }
    }
    parseBinary(level) {
      if (level >= LEVELS.length) return this.parseUnary();
      let left = this.parseBinary(level + 1);
      for (;;) {
        const token = this.peek();
        if (token.kind !== "symbol" || !LEVELS[level].includes(token.text)) return left;
        this.consume(token);
        const right = this.parseBinary(level + 1);
        left = node("binary", { op: token.text, left, right }, left.range[0], right.range[1]);
      }
    }
    parseUnary() {
      const token = this.peek();
      if (token.kind !== "symbol" || !["!", "-", "+"].includes(token.text)) return this.parsePostfix(this.parsePrimary());
      const op = token.text;
      if (op === "-") {
        // A minus written right against a number is part of the literal: -9223372036854775808.
        const literal = this.numberToken(token.end);
        if (literal) { this.consume(literal); return this.parsePostfix(this.numberLiteral(literal, true, token.start)); }
      }
      this.consume(token);
      const next = this.peek();
      if (op !== "!" && next.kind === "symbol" && (next.text === "+" || next.text === "-")) {
        throw new ExpressionError("syntax", "Expression expected", [token.start, next.end]);
      }
      this.enter(token.start);
      try {
        const operand = this.parseUnary();
        return node("unary", { op, operand }, token.start, operand.range[1]);
      } finally { this.depth--; }
    }
    parsePostfix(base) {
      let result = base;
      while (this.isSymbol(this.peek(), ".")) {
        const dot = this.peek();
        this.consume(dot);
        const name = this.peek();
        if (name.kind !== "identifier" || name.text.includes(".") || !this.isSymbol(this.token(name.end), "(")) {
          throw new ExpressionError("syntax", "Method expected after .", [dot.start, dot.end]);
        }
        this.consume(name);
        const args = this.parseArguments();
        result = node("method", { receiver: result, name: name.text, args }, result.range[0], this.lastEnd);
      }
      return result;
    }
    parseArguments() {
      const open = this.peek();
      this.consume(open);
      const args = [];
      if (this.isSymbol(this.peek(), ")")) { this.consume(this.peek()); return args; }
      for (;;) {
        args.push(this.parseExpression());
        const token = this.peek();
        if (this.isSymbol(token, ",")) this.consume(token);
        else if (this.isSymbol(token, ")")) { this.consume(token); return args; }
        else if (token.kind === "end") throw this.tokenizing(open.start);
        else throw this.unexpected(token);
      }
    }
    static nameNode(name, start, end) {
      if (name === "true" || name === "false") return literalNode(bool(name === "true"), start, end);
      return node("variable", { name }, start, end);
    }
    parsePrimary() {
      const token = this.peek();
      switch (token.kind) {
        case "integer": case "number":
          this.consume(token);
          return this.numberLiteral(token, false, token.start);
        case "identifier": {
          const name = token.text;
          this.consume(token);
          if (this.isSymbol(this.peek(), "(")) {
            const dot = name.lastIndexOf(".");
            if (dot >= 0) {
              const receiverName = name.slice(0, dot), method = name.slice(dot + 1);
              if (!method) throw new ExpressionError("syntax", "Invalid function name", [token.start, token.end]);
              const receiver = Parser.nameNode(receiverName, token.start, token.start + receiverName.length);
              const args = this.parseArguments();
              return node("method", { receiver, name: method, args }, token.start, this.lastEnd);
            }
            const args = this.parseArguments();
            return node("call", { name, args }, token.start, this.lastEnd);
          }
          return Parser.nameNode(name, token.start, token.end);
        }
        case "quote": {
          this.consume(token);
          this.enter(token.start);
          try {
            const [parts] = this.parseTemplate(true);
            this.lastEnd = this.pos;
            return Parser.templateNode(parts, token.start, this.pos);
          } finally { this.depth--; }
        }
        case "invalid":
          throw this.tokenizing(token.start);
        default:
          if (this.isSymbol(token, "(")) {
            this.consume(token);
            const inner = this.parseExpression();
            const close = this.peek();
            if (!this.isSymbol(close, ")")) {
              if (close.kind === "end") throw this.tokenizing(token.start);
              throw this.unexpected(close);
            }
            this.consume(close);
            return Object.assign({}, inner, { range: [token.start, close.end] });
          }
          throw new ExpressionError("syntax", "Expression expected", [token.start, Math.max(token.end, token.start + 1)]);
      }
    }
    numberLiteral(token, negative, start) {
      const range = [start, token.end];
      if (token.kind === "integer") {
        const digits = negative ? "-" + token.text : token.text;
        const value = BigInt(digits);
        if (!inRange(value)) throw new ExpressionError("syntax", `Value ${digits} can't be converted to Integer type.`, range);
        return literalNode(int(value), start, token.end);
      }
      const value = Number(token.text);
      if (!Number.isFinite(value)) throw new ExpressionError("syntax", `Value ${token.text} can't be converted to Number type.`, range);
      return literalNode(num(negative ? -value : value), start, token.end);
    }

    consume(token) { this.pos = token.end; this.lastEnd = token.end; }
    peek() { return this.token(this.pos); }
    token(offset) {
      const s = this.s;
      let start = offset;
      while (start < s.length && (s[start] === " " || s[start] === "\t" || s[start] === "\n" || s[start] === "\r")) start++;
      if (start >= s.length) return { kind: "end", start, end: start };
      const c = s[start];
      const number = this.numberToken(start);
      if (number) return number;
      if (c === "_" || isLetter(c)) {
        let end = start + 1;
        while (end < s.length && (s[end] === "_" || s[end] === "." || isLetter(s[end]) || isDigit(s[end]))) end++;
        return { kind: "identifier", text: s.slice(start, end).join(""), start, end };
      }
      if (c === "'") return { kind: "quote", start, end: start + 1 };
      for (const symbol of SYMBOLS) {
        if (s[start] === symbol[0] && (symbol.length === 1 || s[start + 1] === symbol[1])) {
          return { kind: "symbol", text: symbol, start, end: start + symbol.length };
        }
      }
      return { kind: "invalid", start, end: start + 1 };
    }
    numberToken(start) {
      const s = this.s;
      if (!(isDigit(s[start]) || (s[start] === "." && isDigit(s[start + 1])))) return null;
      let end = start, isNumber = false;
      while (isDigit(s[end])) end++;
      if (s[end] === "." && isDigit(s[end + 1])) { isNumber = true; end++; while (isDigit(s[end])) end++; }
      if (s[end] === "e" || s[end] === "E") {
        let e = end + 1;
        if (s[e] === "+" || s[e] === "-") e++;
        if (isDigit(s[e])) { isNumber = true; end = e; while (isDigit(s[end])) end++; }
      }
      return { kind: isNumber ? "number" : "integer", text: s.slice(start, end).join(""), start, end };
    }
  }

  // MARK: Functions

  const functions = new Map(), methods = new Map();
  // `exact`: integer arguments are not promoted to its number parameters (toInteger(5) is an error in DivKit).
  const define = (table, name, params, result, body, variadic, exact) => {
    if (!table.has(name)) table.set(name, []);
    table.get(name).push({ name, params, result, body, variadic: !!variadic, exact: !!exact });
  };
  const fn = (name, params, result, body, variadic, exact) => define(functions, name, params, result, body, variadic, exact);
  const method = (name, params, result, body, variadic) => define(methods, name, params, result, body, variadic);
  const match = (f, types) => {
    if (f.variadic ? types.length < f.params.length : types.length !== f.params.length) {
      return types.length < f.params.length ? "tooFew" : "tooMany";
    }
    let promoted = false;
    for (let i = 0; i < types.length; i++) {
      const p = f.params[Math.min(i, f.params.length - 1)];
      if (types[i] === p) continue;
      if (types[i] === "integer" && p === "number" && !f.exact) { promoted = true; continue; }
      return "mismatch";
    }
    return promoted ? "promoted" : "exact";
  };
  const typeList = (types) => types.map((t) => TYPE_NAMES[t]).join(", ");
  const resolve = (name, types, isMethod) => {
    const overloads = (isMethod ? methods : functions).get(name) || [];
    if (overloads.length === 0) throw new Failure(isMethod ? `Unknown method name: ${name}.` : `Unknown function name: ${name}.`);
    const matches = overloads.map((f) => match(f, types));
    let i = matches.indexOf("exact");
    if (i < 0) i = matches.indexOf("promoted");
    if (i >= 0) return overloads[i];
    if (isMethod) {
      const given = types.slice(1);
      if (given.length === 0 && matches.includes("tooFew")) throw new Failure("Method requires non empty argument list.");
      throw new Failure(`Method has no matching overload for given argument types: ${typeList(given)}.`);
    }
    if (types.length === 0 && overloads.length > 1) throw new Failure("Function requires non empty argument list.");
    if (overloads.length > 1) throw new Failure(`Function has no matching overload for given argument types: ${typeList(types)}.`);
    const only = overloads[0];
    if (matches[0] === "tooFew" || matches[0] === "tooMany") {
      throw new Failure(only.variadic ? `At least ${only.params.length} argument(s) expected.` : `Exactly ${only.params.length} argument(s) expected.`);
    }
    throw new Failure(`Invalid argument type: expected ${typeList(only.params)}, got ${typeList(types)}.`);
  };
  const checkLength = (call, length) => {
    if (length > call.maxStringLength) throw new Failure(`The result would be longer than ${call.maxStringLength} characters.`, true);
  };
  const overflow = (n) => { if (!inRange(n)) throw new Failure("Integer overflow."); return n; };

  // Conversions.
  for (const t of TYPES) {
    const body = (c) => { const s = text(c.args[0]); checkLength(c, codePoints(s)); return str(s); };
    fn("toString", [t], "string", body);
    method("toString", [t], "string", body);
  }
  fn("toInteger", ["boolean"], "integer", (c) => int(c.args[0].v ? 1n : 0n));
  fn("toInteger", ["number"], "integer", (c) => {
    const v = c.args[0].v;
    if (!(v >= -9223372036854775808 && v < 9223372036854775808)) throw new Failure("Unable to convert value to Integer.");
    return int(BigInt(Math.trunc(v)));
  }, false, true);
  fn("toInteger", ["string"], "integer", (c) => {
    const s = c.args[0].v;
    if (!/^[+-]?[0-9]+$/.test(s) || !inRange(BigInt(s))) throw new Failure("Unable to convert value to Integer.");
    return int(BigInt(s));
  });
  fn("toNumber", ["integer"], "number", (c) => num(Number(c.args[0].v)));
  fn("toNumber", ["string"], "number", (c) => {
    const s = c.args[0].v;
    const v = /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(s) ? Number(s) : NaN;
    if (!Number.isFinite(v)) throw new Failure("Unable to convert value to Number.");
    return num(v);
  });
  fn("toBoolean", ["string"], "boolean", (c) => {
    if (c.args[0].v === "true" || c.args[0].v === "false") return bool(c.args[0].v === "true");
    throw new Failure("Unable to convert value to Boolean.");
  });
  fn("toBoolean", ["integer"], "boolean", (c) => {
    if (c.args[0].v === 1n || c.args[0].v === 0n) return bool(c.args[0].v === 1n);
    throw new Failure("Unable to convert value to Boolean.");
  });
  const COLOR_FORMAT = "Unable to convert value to Color, expected format #AARRGGBB.";
  fn("toColor", ["string"], "color", (c) => {
    const color = parseColor(c.args[0].v);
    if (color === null) throw new Failure(COLOR_FORMAT);
    return V("color", color);
  });
  fn("toUrl", ["string"], "url", (c) => {
    if (!isURL(c.args[0].v)) throw new Failure("Unable to convert value to URL.");
    return V("url", c.args[0].v);
  });

  // Strings.
  fn("len", ["string"], "integer", (c) => int(BigInt(characters(c.args[0].v).length)));
  fn("contains", ["string", "string"], "boolean", (c) => bool(c.args[1].v === "" || c.args[0].v.includes(c.args[1].v)));
  fn("substring", ["string", "integer", "integer"], "string", (c) => {
    const chars = characters(c.args[0].v), start = c.args[1].v, end = c.args[2].v;
    if (start < 0n || end > BigInt(chars.length)) throw new Failure("Indexes are out of bounds.");
    if (start > end) throw new Failure("Indexes should be in ascending order.");
    return str(chars.slice(Number(start), Number(end)).join(""));
  });
  fn("replaceAll", ["string", "string", "string"], "string", (c) => {
    const [s, target, replacement] = c.args.map((a) => a.v);
    if (target === "") return str(s);
    const pieces = s.split(target);
    checkLength(c, codePoints(s) + (pieces.length - 1) * (codePoints(replacement) - codePoints(target)));
    return str(pieces.join(replacement));
  });
  const indexOf = (haystack, needle, last) => {
    const h = characters(haystack), n = characters(needle);
    if (n.length > h.length) return -1n;
    const at = (i) => n.every((x, j) => h[i + j] === x);
    if (last) { for (let i = h.length - n.length; i >= 0; i--) if (at(i)) return BigInt(i); }
    else { for (let i = 0; i <= h.length - n.length; i++) if (at(i)) return BigInt(i); }
    return -1n;
  };
  fn("index", ["string", "string"], "integer", (c) => int(indexOf(c.args[0].v, c.args[1].v, false)));
  fn("lastIndex", ["string", "string"], "integer", (c) => int(indexOf(c.args[0].v, c.args[1].v, true)));
  fn("trim", ["string"], "string", (c) => str(c.args[0].v.trim()));
  fn("trimLeft", ["string"], "string", (c) => str(c.args[0].v.trimStart()));
  fn("trimRight", ["string"], "string", (c) => str(c.args[0].v.trimEnd()));
  fn("toUpperCase", ["string"], "string", (c) => str(c.args[0].v.toUpperCase()));
  fn("toLowerCase", ["string"], "string", (c) => str(c.args[0].v.toLowerCase()));
  for (const [name, atStart] of [["padStart", true], ["padEnd", false]]) {
    const body = (c) => {
      const s = text(c.args[0]), length = c.args[1].v, padding = c.args[2].v;
      if (padding === "") { c.warnings.push("String for padding is empty."); return str(s); }
      const missing = length - BigInt(characters(s).length);
      if (missing <= 0n) return str(s);
      checkLength(c, Number(length));
      const p = characters(padding);
      const cut = Array.from({ length: Number(missing) }, (_, i) => p[i % p.length]).join("");
      return str(atStart ? cut + s : s + cut);
    };
    fn(name, ["string", "integer", "string"], "string", body);
    fn(name, ["integer", "integer", "string"], "string", body);
  }
  const UNRESERVED = /[A-Za-z0-9\-_.*!~'()]/;
  fn("encodeUri", ["string"], "string", (c) => {
    let out = "";
    for (const byte of new TextEncoder().encode(c.args[0].v)) {
      const ch = String.fromCharCode(byte);
      out += byte < 128 && UNRESERVED.test(ch) ? ch : "%" + byte.toString(16).toUpperCase().padStart(2, "0");
    }
    return str(out);
  });
  fn("decodeUri", ["string"], "string", (c) => {
    const source = new TextEncoder().encode(c.args[0].v), bytes = [];
    for (let i = 0; i < source.length;) {
      if (source[i] === 37) {
        const h = String.fromCharCode(source[i + 1] || 0, source[i + 2] || 0);
        if (i + 2 >= source.length || !/^[0-9a-fA-F]{2}$/.test(h)) throw new Failure("Unable to decode URI.");
        bytes.push(parseInt(h, 16));
        i += 3;
      } else bytes.push(source[i++]);
    }
    try { return str(new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes))); }
    catch (_) { throw new Failure("Unable to decode URI."); }
  });
  fn("testRegex", ["string", "string"], "boolean", (c) => {
    let pattern;
    try { pattern = compilePattern(c.args[1].v); } catch (e) { if (e instanceof PatternError) throw new Failure("Invalid regular expression."); throw e; }
    return bool(searchPattern(pattern, c.args[0].v));
  });

  // Math.
  const folds = [["sum", (a, b) => a + b], ["sub", (a, b) => a - b], ["mul", (a, b) => a * b]];
  for (const [name, op] of folds) {
    fn(name, ["integer"], "integer", (c) => int(c.args.slice(1).reduce((total, a) => overflow(op(total, a.v)), c.args[0].v)), true);
    fn(name, ["number"], "number", (c) => num(c.args.slice(1).reduce((total, a) => op(total, a.v), c.args[0].v)), true);
  }
  const nonZero = (b) => { if (b === 0n || b === 0) throw new Failure("Division by zero is not supported."); };
  fn("div", ["integer", "integer"], "integer", (c) => { nonZero(c.args[1].v); return int(overflow(c.args[0].v / c.args[1].v)); });
  fn("div", ["number", "number"], "number", (c) => { nonZero(c.args[1].v); return num(c.args[0].v / c.args[1].v); });
  fn("mod", ["integer", "integer"], "integer", (c) => { nonZero(c.args[1].v); return int(c.args[0].v % c.args[1].v); });
  fn("mod", ["number", "number"], "number", (c) => { nonZero(c.args[1].v); return num(c.args[0].v % c.args[1].v); });
  for (const [name, larger] of [["max", true], ["min", false]]) {
    const pick = (c) => c.args.reduce((best, a) => (larger ? a.v > best.v : a.v < best.v) ? a : best);
    fn(name, ["integer"], "integer", (c) => int(pick(c).v), true);
    fn(name, ["number"], "number", (c) => num(pick(c).v), true);
  }
  fn("abs", ["integer"], "integer", (c) => int(overflow(c.args[0].v < 0n ? -c.args[0].v : c.args[0].v)));
  fn("abs", ["number"], "number", (c) => num(Math.abs(c.args[0].v)));
  fn("signum", ["integer"], "integer", (c) => int(c.args[0].v > 0n ? 1n : c.args[0].v < 0n ? -1n : 0n));
  fn("signum", ["number"], "number", (c) => { const v = c.args[0].v; return num(v > 0 ? 1 : v < 0 ? -1 : v); });
  fn("copySign", ["integer", "integer"], "integer", (c) => {
    // An integer 0 has no sign: the first stays as it is (DivKit: copySign(-7, 0) is -7).
    if (c.args[1].v === 0n) return c.args[0];
    const magnitude = c.args[0].v < 0n ? -c.args[0].v : c.args[0].v;
    return int(overflow(c.args[1].v < 0n ? -magnitude : magnitude));
  });
  fn("copySign", ["number", "number"], "number", (c) => {
    const m = Math.abs(c.args[0].v), s = c.args[1].v;
    return num(s < 0 || Object.is(s, -0) ? -m : m);
  });
  fn("round", ["number"], "number", (c) => { const v = c.args[0].v; return num(v < 0 ? -Math.round(-v) : Math.round(v)); });
  fn("floor", ["number"], "number", (c) => num(Math.floor(c.args[0].v)));
  fn("ceil", ["number"], "number", (c) => num(Math.ceil(c.args[0].v)));
  fn("maxInteger", [], "integer", () => int(MAX));
  fn("minInteger", [], "integer", () => int(MIN));
  fn("maxNumber", [], "number", () => num(Number.MAX_VALUE));
  fn("minNumber", [], "number", () => num(Number.MIN_VALUE));
  fn("pi", [], "number", () => num(Math.PI));
  const trig = (name, f, reason) => fn(name, ["number"], "number", (c) => {
    const v = f(c.args[0].v);
    if (!Number.isFinite(v)) throw new Failure(reason);
    return num(v);
  });
  trig("sin", Math.sin, "Unable to calculate sin.");
  trig("cos", Math.cos, "Unable to calculate cos.");
  trig("tan", Math.tan, "Unable to calculate tan.");
  fn("cot", ["number"], "number", (c) => {
    const t = Math.tan(c.args[0].v);
    if (t === 0 || !Number.isFinite(1 / t)) throw new Failure("Division by zero is not supported.");
    return num(1 / t);
  });
  trig("asin", Math.asin, "Value out of range -1..1.");
  trig("acos", Math.acos, "Value out of range -1..1.");
  trig("atan", Math.atan, "Unable to calculate atan.");
  trig("toRadians", (v) => v / 180 * Math.PI, "Unable to convert to radians.");
  trig("toDegrees", (v) => v * 180 / Math.PI, "Unable to convert to degrees.");

  // Colors.
  const channel = (v) => {
    if (!(v >= 0 && v <= 1)) throw new Failure("Value out of range 0..1.");
    return Math.round(v * 255);
  };
  const colorArgument = (value) => {
    if (value.t === "color") return value.v;
    const color = value.t === "string" ? parseColor(value.v) : null;
    if (color === null) throw new Failure(COLOR_FORMAT);
    return color;
  };
  fn("argb", ["number", "number", "number", "number"], "color", (c) => {
    const [a, r, g, b] = c.args.map((x) => channel(x.v));
    return V("color", ((a << 24) | (r << 16) | (g << 8) | b) >>> 0);
  });
  fn("rgb", ["number", "number", "number"], "color", (c) => {
    const [r, g, b] = c.args.map((x) => channel(x.v));
    return V("color", (0xff000000 | (r << 16) | (g << 8) | b) >>> 0);
  });
  for (const [name, shift] of [["Alpha", 24], ["Red", 16], ["Green", 8], ["Blue", 0]]) {
    for (const t of ["color", "string"]) {
      fn("getColor" + name, [t], "number", (c) => num(channelOf(colorArgument(c.args[0]), shift) / 255));
      fn("setColor" + name, [t, "number"], "color", (c) => {
        const color = colorArgument(c.args[0]);
        return V("color", withChannel(color, shift, channel(c.args[1].v)));
      });
    }
  }
  fn("alphaBlend", ["color", "color"], "color", (c) => {
    const bg = c.args[0].v, fg = c.args[1].v;
    const fa = channelOf(fg, 24) / 255, ba = channelOf(bg, 24) / 255;
    const alpha = fa + ba * (1 - fa);
    if (!(alpha > 0)) return V("color", 0);
    const mix = (shift) => Math.round((channelOf(fg, shift) * fa + channelOf(bg, shift) * ba * (1 - fa)) / alpha);
    return V("color", ((Math.round(alpha * 255) << 24) | (mix(16) << 16) | (mix(8) << 8) | mix(0)) >>> 0);
  });

  // Datetimes.
  const seconds = (c) => V("datetime", overflow(c.args[0].v * 1000n));
  fn("parseUnixTime", ["integer"], "datetime", seconds);
  fn("parseUnixTimeAsLocal", ["integer"], "datetime", seconds);
  fn("nowLocal", [], "datetime", (c) => V("datetime", BigInt(Math.floor(c.now()))));
  fn("addMillis", ["datetime", "integer"], "datetime", (c) => V("datetime", overflow(c.args[0].v + c.args[1].v)));
  const FIELDS = [["Year", null, "year"], ["Month", [1n, 12n], "month"], ["Day", null, "day"], ["Hours", [0n, 23n], "hours"],
    ["Minutes", [0n, 59n], "minutes"], ["Seconds", [0n, 59n], "seconds"], ["Millis", [0n, 999n], "millis"]];
  for (const [name, range, key] of FIELDS) {
    fn("set" + name, ["datetime", "integer"], "datetime", (c) => {
      const value = c.args[1].v, time = civil(c.args[0].v);
      if (range && (value < range[0] || value > range[1])) {
        throw new Failure(`Expecting ${key} in [${range[0]}..${range[1]}], instead got ${value}.`);
      }
      if (name === "Day") {
        if (value === -1n) {
          // The last day of the previous month.
          time.day = 1n;
          const first = civilMillis(time);
          if (first === null) throw new Failure("Integer overflow.");
          return V("datetime", overflow(first - 86400000n));
        }
        if (value < 1n || value > daysIn(time.month, time.year)) {
          throw new Failure(`Unable to set day ${value} for date ${civilText(civil(c.args[0].v))}.`);
        }
      }
      time[key] = value;
      if (name === "Year" || name === "Month") {
        const most = daysIn(time.month, time.year);
        if (time.day > most) time.day = most;
      }
      const result = civilMillis(time);
      if (result === null) throw new Failure("Integer overflow.");
      return V("datetime", result);
    });
    fn("get" + name, ["datetime"], "integer", (c) => int(civil(c.args[0].v)[key]));
  }
  fn("getDayOfWeek", ["datetime"], "integer", (c) => int(dayOfWeek(c.args[0].v)));
  fn("getTimestamp", ["datetime"], "integer", (c) => int(c.args[0].v));
  fn("formatDateAsUTC", ["datetime", "string"], "string", (c) => str(formatDate(c.args[0].v, c.args[1].v)));
  fn("formatDateAsUTCWithLocale", ["datetime", "string", "string"], "string", (c) => str(formatLocalDate(c.args[0].v, c.args[1].v, localeOf(c.args[2].v))));

  // Formatting in a locale (ExpressionFunctions+Formatting.swift). LOCALES is FormattingLocale.table, written into this
  // source by Swift: one table for both evaluators. Never Intl: its output changes with the browser's ICU.
  const LOCALES = __LOCALES__;
  const localeOf = (id) => {
    const parts = String(id).toLowerCase().split(/[-_]/).filter((p) => p.length > 0);
    if (parts.length === 0) return LOCALES.en;
    const region = parts.slice(1, 3).find((p) => p.length === 2 || /^[0-9]{3}$/.test(p));
    return (region && LOCALES[parts[0] + "-" + region]) || LOCALES[parts[0]] || LOCALES.en;
  };
  // A number as exact decimal digits: a double's shortest round-trip digits (as ICU rounds them), an integer's own.
  const decimalOf = (value) => {
    const d = { negative: false, integer: [], fraction: [], special: null };
    if (value.t === "integer") {
      const s = (value.v < 0n ? -value.v : value.v).toString();
      d.negative = value.v < 0n;
      if (s !== "0") d.integer = Array.from(s, Number);
      return d;
    }
    const x = value.v;
    if (Number.isNaN(x)) { d.special = "NaN"; return d; }
    d.negative = x < 0 || Object.is(x, -0);
    if (!Number.isFinite(x)) { d.special = "\u221E"; return d; }
    if (x === 0) return d;
    const [mantissa, e] = Math.abs(x).toExponential().split("e");
    const all = Array.from(mantissa.replace(".", ""), Number);
    while (all.length > 1 && all[all.length - 1] === 0) all.pop();
    const exponent = Number(e);
    if (exponent >= 0) {
      d.integer = all.slice(0, exponent + 1);
      while (d.integer.length < exponent + 1) d.integer.push(0);
      d.fraction = all.slice(exponent + 1);
    } else {
      d.fraction = new Array(-exponent - 1).fill(0).concat(all);
    }
    return d;
  };
  // Half to even at `digits` fraction digits.
  const roundDecimal = (d, digits) => {
    if (d.fraction.length <= digits) return;
    const rest = d.fraction.slice(digits);
    d.fraction = d.fraction.slice(0, digits);
    const last = d.fraction.length ? d.fraction[d.fraction.length - 1] : d.integer.length ? d.integer[d.integer.length - 1] : 0;
    const beyond = rest.slice(1).some((x) => x !== 0);
    if (!(rest[0] > 5 || (rest[0] === 5 && (beyond || last % 2 === 1)))) return;
    for (let i = d.fraction.length - 1; i >= 0; i--) { if (d.fraction[i] < 9) { d.fraction[i]++; return; } d.fraction[i] = 0; }
    for (let i = d.integer.length - 1; i >= 0; i--) { if (d.integer[i] < 9) { d.integer[i]++; return; } d.integer[i] = 0; }
    d.integer.unshift(1);
  };
  const decimalText = (source, o) => {
    if (source.special !== null) return source.special;
    const d = { integer: source.integer.slice(), fraction: source.fraction.slice() };
    roundDecimal(d, o.maxFraction);
    while (d.fraction.length > o.minFraction && d.fraction[d.fraction.length - 1] === 0) d.fraction.pop();
    while (d.fraction.length < o.minFraction) d.fraction.push(0);
    const integer = new Array(Math.max(0, o.minInteger - d.integer.length)).fill(0).concat(d.integer);
    const grouped = o.grouping !== null && integer.length >= o.grouping + o.minimumGrouping;
    let body = "";
    integer.forEach((digit, i) => {
      if (grouped && i > 0 && (integer.length - i) % o.grouping === 0) body += o.group;
      body += digit;
    });
    if (d.fraction.length || o.alwaysShowsDecimal) body += o.decimal;
    return body + d.fraction.join("");
  };
  // A DecimalFormat pattern as DivKit reads it (#, 0, one "," in the integer part, one "."); null when it is not one.
  const numberPattern = (pattern) => {
    const s = Array.from(pattern);
    if (s.filter((x) => x === ",").length > 1 || s.filter((x) => x === ".").length > 1) return null;
    const point = s.indexOf(".");
    const integer = point < 0 ? s : s.slice(0, point), fraction = point < 0 ? [] : s.slice(point + 1);
    if (fraction.includes(",") || (point < 0 && integer.length === 0)) return null;
    const comma = integer.indexOf(",");
    const grouping = comma < 0 ? null : integer.length - comma - 1;
    if (grouping !== null && grouping < 1) return null;
    const digits = integer.filter((x) => x !== ",");
    let zero = digits.indexOf("0");
    if (zero < 0) zero = digits.length;
    if (!digits.slice(0, zero).every((x) => x === "#") || !digits.slice(zero).every((x) => x === "0")) return null;
    let hash = fraction.indexOf("#");
    if (hash < 0) hash = fraction.length;
    if (!fraction.slice(0, hash).every((x) => x === "0") || !fraction.slice(hash).every((x) => x === "#")) return null;
    return { minInteger: Math.max(1, digits.length - zero), minFraction: hash, maxFraction: fraction.length, grouping,
      alwaysShowsDecimal: point >= 0 && fraction.length === 0 };
  };
  const decimalFormat = (c, id) => {
    const p = numberPattern(c.args[1].v);
    if (p === null) throw new Failure("Incorrect format pattern.");
    checkLength(c, p.minInteger + p.minFraction);
    const locale = localeOf(id), d = decimalOf(c.args[0]);
    const body = decimalText(d, Object.assign({ minimumGrouping: 1, group: locale.group, decimal: locale.decimal }, p));
    const s = (d.negative ? locale.minus : "") + body;
    checkLength(c, codePoints(s));
    return str(s);
  };
  const alphabetic = (ch) => ch !== undefined && /\p{Alphabetic}/u.test(ch);
  // The pattern's ¤ and # replaced, with CLDR's no-break space between a letter of the symbol and a digit.
  const currencyText = (pattern, symbol, amount) => {
    const cs = Array.from(pattern), sym = Array.from(symbol);
    let out = "";
    cs.forEach((ch, i) => {
      if (ch === "\u00A4") { out += symbol; if (cs[i + 1] === "#" && alphabetic(sym[sym.length - 1])) out += "\u00A0"; }
      else if (ch === "#") { out += amount; if (cs[i + 1] === "\u00A4" && alphabetic(sym[0])) out += "\u00A0"; }
      else out += ch;
    });
    return out;
  };
  const formatCurrency = (c, id) => {
    const given = c.args[1].v, code = given.toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) throw new Failure(`Expecting a three-letter ISO 4217 currency code, instead got '${given}'.`);
    const locale = localeOf(id), d = decimalOf(c.args[0]);
    const digits = CURRENCY_DIGITS[code] === undefined ? 2 : CURRENCY_DIGITS[code];
    const amount = decimalText(d, { minInteger: 1, minFraction: digits, maxFraction: digits, grouping: 3,
      minimumGrouping: locale.minimumGrouping, group: locale.currencyGroup, decimal: locale.currencyDecimal, alwaysShowsDecimal: false });
    const patterns = locale.currencyPattern.split(";");
    let pattern = patterns[0];
    if (d.negative) pattern = patterns.length > 1 ? patterns[1] : locale.minus + pattern;
    const s = currencyText(pattern, Object.prototype.hasOwnProperty.call(locale.symbols, code) ? locale.symbols[code] : code, amount);
    checkLength(c, codePoints(s));
    return str(s);
  };
  const CURRENCY_DIGITS = __CURRENCY_DIGITS__;
  for (const t of ["integer", "number"]) {
    fn("decimalFormat", [t, "string"], "string", (c) => decimalFormat(c, c.locale));
    fn("decimalFormat", [t, "string", "string"], "string", (c) => decimalFormat(c, c.args[2].v));
    method("decimalFormat", [t, "string"], "string", (c) => decimalFormat(c, c.locale));
    method("decimalFormat", [t, "string", "string"], "string", (c) => decimalFormat(c, c.args[2].v));
    fn("formatCurrency", [t, "string"], "string", (c) => formatCurrency(c, c.locale));
    fn("formatCurrency", [t, "string", "string"], "string", (c) => formatCurrency(c, c.args[2].v));
  }
  // ICU date letters with the locale's names: G y u M L d D E a H h K k m s S; fields in UTC.
  const formatLocalDate = (ms, pattern, locale) => {
    const c = civil(ms);
    return renderDatePattern(pattern, (ch, n) => {
      let out = "";
      const month = Number(c.month) - 1;
      switch (ch) {
        case "G": out += (n === 4 ? locale.longEras : locale.eras)[c.year > 0n ? 1 : 0]; break;
        case "y": out += n === 2 ? pad(c.year % 100n, 2) : pad(c.year, n); break;
        case "u": out += pad(c.year, n); break;
        case "M": out += n <= 2 ? pad(c.month, n) : (n === 3 ? locale.shortMonths : locale.months)[month]; break;
        case "L": out += n <= 2 ? pad(c.month, n) : (n === 3 ? locale.standaloneShortMonths : locale.standaloneMonths)[month]; break;
        case "d": out += pad(c.day, n); break;
        case "D": {
          const january = civilMillis({ year: c.year, month: 1n, day: 1n, hours: 0n, minutes: 0n, seconds: 0n, millis: 0n });
          out += pad(floorDiv(ms - (january === null ? 0n : january), 86400000n)[0] + 1n, n);
          break;
        }
        case "E": out += (n <= 3 ? locale.shortDays : locale.days)[Number(dayOfWeek(ms)) - 1]; break;
        case "a": out += locale.dayPeriods[c.hours < 12n ? 0 : 1]; break;
        case "H": out += pad(c.hours, n); break;
        case "h": out += pad(c.hours % 12n === 0n ? 12n : c.hours % 12n, n); break;
        case "K": out += pad(c.hours % 12n, n); break;
        case "k": out += pad(c.hours === 0n ? 24n : c.hours, n); break;
        case "m": out += pad(c.minutes, n); break;
        case "s": out += pad(c.seconds, n); break;
        case "S": { const ms3 = pad(c.millis, 3); out += n <= 3 ? ms3.slice(0, n) : ms3 + "0".repeat(n - 3); break; }
        case "z": case "Z": throw new Failure(`z/Z not supported in [${pattern}]`, false, true);
        default: throw new Failure("Incorrect format pattern.");
      }
      return out;
    });
  };
  const localDate = (c, locale) => {
    const s = formatLocalDate(c.args[0].v, c.args[1].v, locale);
    checkLength(c, codePoints(s));
    return str(s);
  };
  fn("formatDateAsLocal", ["datetime", "string"], "string", (c) => localDate(c, localeOf(c.locale)));
  fn("formatDateAsLocalWithLocale", ["datetime", "string", "string"], "string", (c) => localDate(c, localeOf(c.args[2].v)));
  const INTERVALS = [["getIntervalSeconds", 1000n, 60n], ["getIntervalTotalSeconds", 1000n, null], ["getIntervalMinutes", 60000n, 60n],
    ["getIntervalTotalMinutes", 60000n, null], ["getIntervalHours", 3600000n, 24n], ["getIntervalTotalHours", 3600000n, null],
    ["getIntervalTotalDays", 86400000n, null], ["getIntervalTotalWeeks", 604800000n, null]];
  for (const [name, unit, modulus] of INTERVALS) {
    fn(name, ["integer"], "integer", (c) => {
      const v = c.args[0].v;
      if (v < 0n) throw new Failure("Expecting non-negative number of milliseconds.");
      return int(modulus ? v / unit % modulus : v / unit);
    });
  }

  // Arrays and dicts.
  const ELEMENT_TYPES = ["string", "number", "integer", "boolean", "color", "url", "array", "dict"];
  const jsonTypeName = (json) => { const v = fromJSON(json); return v ? TYPE_NAMES[v.t] : "Null"; };
  const element = (json, type) => {
    const value = fromJSON(json);
    if (value) {
      if (type === "number" && value.t === "integer") return num(Number(value.v));
      if (type === "color" && value.t === "string") { const color = parseColor(value.v); if (color !== null) return V("color", color); }
      else if (type === "url" && value.t === "string") { if (isURL(value.v)) return V("url", value.v); }
      else if (value.t === type) return value;
    }
    throw new Failure(`Incorrect value type: expected ${TYPE_NAMES[type]}, got ${jsonTypeName(json)}.`);
  };
  const item = (array, index) => {
    if (index < 0n || index >= BigInt(array.length)) throw new Failure(`Requested index (${index}) out of bounds array size (${array.length}).`);
    return array[Number(index)];
  };
  const member = (dict, args, from) => {
    let current = dict;
    for (let i = from; i < args.length; i++) {
      const key = args[i].v;
      if (current === null || typeof current !== "object" || Array.isArray(current)) {
        throw new Failure(`Incorrect value type: expected Dict, got ${jsonTypeName(current)}.`);
      }
      if (!Object.prototype.hasOwnProperty.call(current, key)) throw new Failure(`Missing property "${key}" in the dict.`);
      current = current[key];
    }
    return current;
  };
  const empty = (type) => type === "array" ? V("array", []) : V("dict", {});
  const attempt = (f) => { try { return f(); } catch (e) { if (e instanceof Failure && !e.isLimit) return null; throw e; } };
  const sortedKeys = (dict) => Object.keys(dict).sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  fn("len", ["array"], "integer", (c) => int(BigInt(c.args[0].v.length)));
  fn("len", ["dict"], "integer", (c) => int(BigInt(Object.keys(c.args[0].v).length)));
  fn("getDictKeys", ["dict"], "array", (c) => V("array", sortedKeys(c.args[0].v)));
  fn("getDictValues", ["dict"], "array", (c) => V("array", sortedKeys(c.args[0].v).map((k) => c.args[0].v[k])));
  for (const type of ELEMENT_TYPES) {
    const name = TYPE_NAMES[type];
    for (const spelling of [`get${name}FromArray`, `getArray${name}`]) {
      fn(spelling, ["array", "integer"], type, (c) => element(item(c.args[0].v, c.args[1].v), type));
    }
    for (const spelling of [`get${name}FromDict`, `getDict${name}`]) {
      fn(spelling, ["dict", "string"], type, (c) => element(member(c.args[0].v, c.args, 1), type), true);
    }
    if (type === "array" || type === "dict") {
      fn(`getOpt${name}FromArray`, ["array", "integer"], type,
        (c) => attempt(() => element(item(c.args[0].v, c.args[1].v), type)) || empty(type));
      for (const spelling of [`getOpt${name}FromDict`, `getDictOpt${name}`]) {
        fn(spelling, ["dict", "string"], type, (c) => attempt(() => element(member(c.args[0].v, c.args, 1), type)) || empty(type), true);
      }
      continue;
    }
    const fallbacks = type === "color" || type === "url" ? [type, "string"] : [type];
    for (const fallback of fallbacks) {
      const convert = (value) => fallback === "string" && type !== "string" ? element(value.v, type) : value;
      for (const spelling of [`getOpt${name}FromArray`, `getArrayOpt${name}`]) {
        fn(spelling, ["array", "integer", fallback], type,
          (c) => attempt(() => element(item(c.args[0].v, c.args[1].v), type)) || convert(c.args[2]));
      }
      for (const spelling of [`getOpt${name}FromDict`, `getDictOpt${name}`]) {
        fn(spelling, [fallback, "dict", "string"], type,
          (c) => attempt(() => element(member(c.args[1].v, c.args, 2), type)) || convert(c.args[0]), true);
      }
    }
  }
  for (const type of ELEMENT_TYPES) {
    const name = TYPE_NAMES[type];
    method(`get${name}`, ["array", "integer"], type, (c) => element(item(c.args[0].v, c.args[1].v), type));
    method(`get${name}`, ["dict", "string"], type, (c) => element(member(c.args[0].v, c.args, 1), type), true);
  }
  method("isEmpty", ["array"], "boolean", (c) => bool(c.args[0].v.length === 0));
  // DivKit's avg: integers and numbers alike, as doubles, in the order and with the steps Swift's average uses.
  method("avg", ["array"], "number", (c) => {
    const array = c.args[0].v;
    if (array.length === 0) throw new Failure("Non empty array is required for method 'avg'.");
    const values = array.map((json, index) => {
      const value = fromJSON(json);
      if (value && (value.t === "integer" || value.t === "number")) return Number(value.v);
      throw new Failure(`Incorrect value type at index ${index}: expected Integer or Number, got ${jsonTypeName(json)}.`);
    });
    const sum = values.reduce((total, v) => total + v, 0);
    if (Number.isFinite(sum)) return num(sum / values.length);
    // The sum overflowed: again of the elements scaled by 2^-64, scaled back, the edge clamped to the largest double.
    const scale = 2 ** 64, mean = values.reduce((total, v) => total + v / scale, 0) / values.length * scale;
    return num(Number.isFinite(mean) ? mean : Math.sign(mean) * Number.MAX_VALUE);
  });
  method("isEmpty", ["dict"], "boolean", (c) => bool(Object.keys(c.args[0].v).length === 0));
  method("containsKey", ["dict", "string"], "boolean", (c) => bool(Object.prototype.hasOwnProperty.call(c.args[0].v, c.args[1].v)));
  method("getKeys", ["dict"], "array", (c) => V("array", sortedKeys(c.args[0].v)));
  method("getValues", ["dict"], "array", (c) => V("array", sortedKeys(c.args[0].v).map((k) => c.args[0].v[k])));

  // Variables by name.
  const READERS = [["getIntegerValue", "integer", ["integer"]], ["getNumberValue", "number", ["number"]],
    ["getStringValue", "string", ["string"]], ["getBooleanValue", "boolean", ["boolean"]],
    ["getColorValue", "color", ["color", "string"]], ["getUrlValue", "url", ["url", "string"]]];
  for (const [name, type, fallbacks] of READERS) {
    for (const fallback of fallbacks) {
      fn(name, ["string", fallback], type, (c) => {
        const value = c.variables.get(c.args[0].v);
        if (value && value.t === type) return value;
        if (fallback === "string" && type !== "string") return element(c.args[1].v, type);
        return c.args[1];
      });
    }
  }

  // MARK: Patterns for testRegex: a Thompson automaton (every path at once, one step per input scalar), never backtracking.
  // The syntax and refusals of the Swift TextPattern.
  class PatternError { constructor(message, offset) { this.message = message; this.offset = offset; } }
  const PATTERN_LIMITS = { maxPatternLength: 1000, maxProgramSize: 10000, maxInputLength: 10000, maxCount: 1000, maxDepth: 100 };
  const LINE_TERMINATORS = [0x0a, 0x0d, 0x2028, 0x2029];
  const isWordCode = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  const SPACE_CODES = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff];
  const isSpaceCode = (c) => SPACE_CODES.includes(c) || (c >= 0x2000 && c <= 0x200a);
  // A set of scalars: ranges and predicates, possibly inverted.
  const scalarSet = (items, inverted) => ({ items, inverted: !!inverted });
  const setHas = (set, c) => {
    let found = false;
    for (const x of set.items) {
      if (typeof x === "function" ? x(c) : c >= x[0] && c <= x[1]) { found = true; break; }
    }
    return found !== set.inverted;
  };
  const CLASS_ESCAPES = {
    d: scalarSet([[48, 57]]), D: scalarSet([[48, 57]], true), w: scalarSet([isWordCode]), W: scalarSet([isWordCode], true),
    s: scalarSet([isSpaceCode]), S: scalarSet([isSpaceCode], true),
  };
  const CONTROL_ESCAPES = { t: 9, n: 10, r: 13, f: 12, v: 11, 0: 0 };

  class PatternParser {
    constructor(source) { this.s = Array.from(source, (c) => c.codePointAt(0)); this.pos = 0; this.depth = 0; }
    get peek() { return this.s[this.pos]; }
    is(c, ch) { return c !== undefined && c === ch.codePointAt(0); }
    error(message, offset) { return new PatternError(message, offset === undefined ? this.pos : offset); }
    parse() {
      const result = this.choice();
      if (this.pos < this.s.length) throw this.error("')' closes no group");
      return result;
    }
    choice() {
      const branches = [this.sequence()];
      while (this.is(this.peek, "|")) { this.pos++; branches.push(this.sequence()); }
      return branches.length === 1 ? branches[0] : { k: "choice", branches };
    }
    sequence() {
      const items = [];
      while (this.pos < this.s.length && !this.is(this.peek, "|") && !this.is(this.peek, ")")) items.push(this.quantifier(this.atom()));
      return items.length === 1 ? items[0] : { k: "sequence", items };
    }
    atom() {
      const start = this.pos, c = this.s[this.pos], ch = String.fromCodePoint(c);
      switch (ch) {
        case ".": this.pos++; return { k: "set", set: scalarSet([(x) => LINE_TERMINATORS.includes(x)], true) };
        case "^": this.pos++; return { k: "assert", a: "start" };
        case "$": this.pos++; return { k: "assert", a: "end" };
        case "[": return { k: "set", set: this.charClass() };
        case "(": return this.group();
        case "*": case "+": case "?": case "{": throw this.error(`'${ch}' has nothing to repeat`, start);
        case "\\": {
          const e = this.escape(false);
          if (e.assert) return { k: "assert", a: e.assert };
          return { k: "set", set: e.set || scalarSet([[e.scalar, e.scalar]]) };
        }
        default: this.pos++; return { k: "set", set: scalarSet([[c, c]]) };
      }
    }
    group() {
      const open = this.pos;
      this.pos++;
      if (this.is(this.peek, "?")) {
        const next = this.s[this.pos + 1], after = this.s[this.pos + 2];
        if (this.is(next, ":")) this.pos += 2;
        else if (this.is(next, "=") || this.is(next, "!") || (this.is(next, "<") && (this.is(after, "=") || this.is(after, "!")))) {
          throw this.error("lookaround is not supported", open);
        } else if (this.is(next, "<")) {
          this.pos += 2;
          const nameStart = this.pos;
          while (this.pos < this.s.length && (isWordCode(this.peek)) && !this.is(this.peek, ">")) this.pos++;
          if (this.pos === nameStart || !this.is(this.peek, ">") || isDigitCode(this.s[nameStart])) throw this.error("bad group name", open);
          this.pos++;
        } else throw this.error("this group syntax is not supported", open);
      }
      this.depth++;
      if (this.depth > PATTERN_LIMITS.maxDepth) throw this.error("groups nest too deeply", open);
      const inner = this.choice();
      this.depth--;
      if (!this.is(this.peek, ")")) throw this.error("'(' is never closed", open);
      this.pos++;
      return inner;
    }
    number() {
      const start = this.pos;
      while (isDigitCode(this.peek)) this.pos++;
      if (this.pos === start) return null;
      const text = String.fromCodePoint(...this.s.slice(start, this.pos));
      return text.length > 5 ? Infinity : Number(text);
    }
    quantifier(atom) {
      const start = this.pos, c = this.peek;
      let min, max;
      if (this.is(c, "*")) { min = 0; max = null; this.pos++; }
      else if (this.is(c, "+")) { min = 1; max = null; this.pos++; }
      else if (this.is(c, "?")) { min = 0; max = 1; this.pos++; }
      else if (this.is(c, "{")) {
        this.pos++;
        min = this.number();
        if (min === null) throw this.error("'{' starts no quantifier", start);
        max = min;
        if (this.is(this.peek, ",")) { this.pos++; max = this.number(); }
        if (!this.is(this.peek, "}")) throw this.error("'{' starts no quantifier", start);
        this.pos++;
        if (min > PATTERN_LIMITS.maxCount || (max !== null && max > PATTERN_LIMITS.maxCount)) throw this.error("count above 1000", start);
        if (max !== null && min > max) throw this.error("{m,n} with m > n", start);
      } else return atom;
      if (atom.k === "assert") throw this.error("nothing to repeat", start);
      if (this.is(this.peek, "?")) this.pos++;
      else if (this.is(this.peek, "+")) throw this.error("possessive quantifiers are not supported", this.pos);
      if (this.pos < this.s.length && ["*", "+", "?", "{"].some((q) => this.is(this.peek, q))) {
        throw this.error("nothing to repeat", this.pos);
      }
      return { k: "repeat", atom, min, max };
    }
    escape(inClass) {
      const start = this.pos;
      this.pos++;
      const c = this.peek;
      if (c === undefined) throw this.error("'\\' ends the pattern", start);
      const ch = String.fromCodePoint(c);
      this.pos++;
      if (CLASS_ESCAPES[ch]) return { set: CLASS_ESCAPES[ch] };
      if (ch in CONTROL_ESCAPES) {
        if (ch === "0" && isDigitCode(this.peek)) throw this.error("backreferences are not supported", start);
        return { scalar: CONTROL_ESCAPES[ch] };
      }
      if (ch === "b") return inClass ? { scalar: 8 } : { assert: "word" };
      if (ch === "B" && !inClass) return { assert: "notWord" };
      if (ch === "u") {
        if (this.is(this.peek, "{")) {
          const close = this.s.indexOf(0x7d, this.pos);
          const hex = close < 0 ? "" : String.fromCodePoint(...this.s.slice(this.pos + 1, close));
          if (!/^[0-9a-fA-F]{1,6}$/.test(hex) || parseInt(hex, 16) > 0x10ffff) throw this.error("bad \\u{…} escape", start);
          this.pos = close + 1;
          return { scalar: parseInt(hex, 16) };
        }
        const unit = this.hex(4, start);
        if (unit >= 0xd800 && unit <= 0xdbff && this.is(this.peek, "\\") && this.is(this.s[this.pos + 1], "u")) {
          const saved = this.pos;
          this.pos += 2;
          const low = this.hex(4, start);
          if (low >= 0xdc00 && low <= 0xdfff) return { scalar: 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00) };
          this.pos = saved;
        }
        return { scalar: unit };
      }
      if (ch === "x") return { scalar: this.hex(2, start) };
      if (isDigitCode(c) || (c < 128 && /[A-Za-z]/.test(ch))) {
        throw this.error(isDigitCode(c) || ch === "k" ? "backreferences are not supported" : `\\${ch} is not supported`, start);
      }
      return { scalar: c };
    }
    hex(count, start) {
      const digits = this.s.slice(this.pos, this.pos + count);
      const text = digits.length === count ? String.fromCodePoint(...digits) : "";
      if (!/^[0-9a-fA-F]+$/.test(text)) throw this.error("bad hexadecimal escape", start);
      this.pos += count;
      return parseInt(text, 16);
    }
    charClass() {
      const open = this.pos;
      this.pos++;
      let inverted = false;
      if (this.is(this.peek, "^")) { inverted = true; this.pos++; }
      const items = [];
      if (this.is(this.peek, "]")) throw this.error("the empty class [] is not supported", open);
      for (;;) {
        if (this.pos >= this.s.length) throw this.error("'[' is never closed", open);
        if (this.is(this.peek, "]")) { this.pos++; break; }
        const first = this.classAtom();
        if (this.is(this.peek, "-") && this.s[this.pos + 1] !== undefined && !this.is(this.s[this.pos + 1], "]")) {
          const dash = this.pos;
          this.pos++;
          const second = this.classAtom();
          if (first.set || second.set) throw this.error("a range between classes", dash);
          if (first.scalar > second.scalar) throw this.error("a range backwards", dash);
          items.push([first.scalar, second.scalar]);
        } else if (first.set) {
          items.push((x) => setHas(first.set, x));
        } else items.push([first.scalar, first.scalar]);
      }
      return scalarSet(items, inverted);
    }
    classAtom() {
      if (this.is(this.peek, "\\")) {
        const e = this.escape(true);
        if (e.assert) throw this.error("an assertion in a class", this.pos - 2);
        return e;
      }
      return { scalar: this.s[this.pos++] };
    }
  }
  const isDigitCode = (c) => c !== undefined && c >= 48 && c <= 57;

  // The program: ["set", s] | ["assert", a] | ["split", x, y] | ["jump", x] | ["match"].
  const compilePattern = (source) => {
    if (codePoints(source) > PATTERN_LIMITS.maxPatternLength) throw new PatternError("the pattern is too long", PATTERN_LIMITS.maxPatternLength);
    const tree = new PatternParser(source).parse();
    const program = [];
    const emit = (op) => {
      if (program.length >= PATTERN_LIMITS.maxProgramSize) throw new PatternError("the pattern is too large", 0);
      program.push(op);
      return program.length - 1;
    };
    const compile = (n) => {
      switch (n.k) {
        case "set": emit(["set", n.set]); break;
        case "assert": emit(["assert", n.a]); break;
        case "sequence": n.items.forEach(compile); break;
        case "choice": {
          const jumps = [];
          n.branches.forEach((branch, i) => {
            if (i < n.branches.length - 1) {
              const split = emit(["split", 0, 0]);
              program[split][1] = program.length;
              compile(branch);
              jumps.push(emit(["jump", 0]));
              program[split][2] = program.length;
            } else compile(branch);
          });
          for (const j of jumps) program[j][1] = program.length;
          break;
        }
        case "repeat": {
          for (let i = 0; i < n.min; i++) compile(n.atom);
          if (n.max === null) {
            const split = emit(["split", 0, 0]);
            program[split][1] = program.length;
            compile(n.atom);
            emit(["jump", split]);
            program[split][2] = program.length;
          } else {
            const splits = [];
            for (let i = n.min; i < n.max; i++) {
              const split = emit(["split", 0, 0]);
              program[split][1] = program.length;
              splits.push(split);
              compile(n.atom);
            }
            for (const s of splits) program[s][2] = program.length;
          }
          break;
        }
      }
    };
    compile(tree);
    emit(["match"]);
    return program;
  };
  // Whether the pattern matches anywhere in the text (JavaScript's RegExp.test), or with `whole` the whole text
  // (TextPattern.matchesWhole, what an input validator asks); false past maxInputLength.
  const searchPattern = (program, input, whole) => {
    const s = Array.from(input, (c) => c.codePointAt(0));
    if (s.length > PATTERN_LIMITS.maxInputLength) return false;
    let current = [], seen = new Int32Array(program.length).fill(-1);
    const add = (list, pc, at, mark) => {
      const stack = [pc];
      while (stack.length) {
        const p = stack.pop();
        if (seen[p] === mark) continue;
        seen[p] = mark;
        const op = program[p];
        if (op[0] === "jump") stack.push(op[1]);
        else if (op[0] === "split") stack.push(op[2], op[1]);
        else if (op[0] === "assert") {
          const before = at > 0 ? s[at - 1] : undefined, after = s[at];
          const wordBefore = before !== undefined && isWordCode(before), wordAfter = after !== undefined && isWordCode(after);
          const ok = op[1] === "start" ? at === 0 : op[1] === "end" ? at === s.length
            : op[1] === "word" ? wordBefore !== wordAfter : wordBefore === wordAfter;
          if (ok) stack.push(p + 1);
        } else list.push(p);
      }
    };
    for (let at = 0; at <= s.length; at++) {
      if (!whole || at === 0) add(current, 0, at, at * 2);
      const next = [];
      for (const p of current) {
        const op = program[p];
        if (op[0] === "match") { if (!whole || at === s.length) return true; continue; }
        if (at < s.length && setHas(op[1], s[at])) add(next, p + 1, at + 1, at * 2 + 2);
      }
      current = next;
    }
    return current.some((p) => program[p][0] === "match");
  };

  // MARK: Evaluation

  class Run {
    constructor(variables, options) {
      this.variables = variables;
      this.limits = Object.assign({}, LIMITS, options.limits || {});
      this.now = options.now || (() => Date.now());
      // The locale formatting functions use: the option, else the page's language, else en_US (as in Swift).
      this.locale = options.locale || (typeof document !== "undefined" && document.documentElement && document.documentElement.lang) || "en_US";
      this.steps = 0; this.depth = 0; this.warnings = [];
    }
    failed(shown, reason, n) { return new ExpressionError("evaluation", `Failed to evaluate [${shown}]. ${reason}`, n.range); }
    checkLength(s, n) {
      const max = this.limits.maxStringLength;
      if (longerThan(s, max)) throw new ExpressionError("limit", `The result would be longer than ${max} characters.`, n.range);
    }
    evaluate(n) {
      if (++this.steps > this.limits.maxSteps) {
        throw new ExpressionError("limit", `Evaluation took more than ${this.limits.maxSteps} steps.`, n.range);
      }
      this.depth++;
      try {
        if (this.depth > this.limits.maxDepth) {
          throw new ExpressionError("limit", `Expression is nested too deeply (more than ${this.limits.maxDepth} levels).`, n.range);
        }
        const value = this.unchecked(n);
        if (value.t === "string") this.checkLength(value.v, n);
        return value;
      } finally { this.depth--; }
    }
    unchecked(n) {
      switch (n.k) {
        case "literal": return n.value;
        case "template": {
          let s = "";
          for (const part of n.parts) { s += text(this.evaluate(part)); this.checkLength(s, n); }
          return str(s);
        }
        case "variable": {
          const value = this.variables.get(n.name);
          if (!value) throw new ExpressionError("evaluation", `Variable '${n.name}' is missing.`, n.range);
          return value;
        }
        case "call": return this.call(n.name, n.args.map((a) => this.evaluate(a)), false, n);
        case "method": {
          const args = [this.evaluate(n.receiver)];
          for (const a of n.args) args.push(this.evaluate(a));
          return this.call(n.name, args, true, n);
        }
        case "unary": return this.unary(n.op, this.evaluate(n.operand), n);
        case "conditional": {
          const condition = this.evaluate(n.condition);
          if (condition.t !== "boolean") {
            const then = this.evaluate(n.then), otherwise = this.evaluate(n.otherwise);
            throw this.failed(`${preview(condition)} ? ${preview(then)} : ${preview(otherwise)}`,
              "Ternary must be called with a Boolean value as a condition.", n);
          }
          return this.evaluate(condition.v ? n.then : n.otherwise);
        }
        case "binary": {
          const op = n.op;
          if (op === "!:") {
            try { return this.evaluate(n.left); } catch (e) { if (!(e instanceof ExpressionError) || e.kind === "limit") throw e; }
            return this.evaluate(n.right);
          }
          if (op === "&&" || op === "||") {
            const left = this.evaluate(n.left);
            if (left.t !== "boolean") throw this.failed(`${preview(left)} ${op} ...`, `'${op}' must be called with boolean operands.`, n);
            if ((op === "||") === left.v) return left;
            const right = this.evaluate(n.right);
            if (right.t !== "boolean") {
              throw this.failed(`${preview(left)} ${op} ${preview(right)}`,
                `Operator '${op}' cannot be applied to different types: Boolean and ${TYPE_NAMES[right.t]}.`, n);
            }
            return right;
          }
          const left = this.evaluate(n.left);
          const right = this.evaluate(n.right);
          return this.binary(op, left, right, n);
        }
        default: throw new ExpressionError("syntax", "Expression expected", n.range || [0, 0]);
      }
    }
    unary(op, operand, n) {
      const shown = op + preview(operand);
      if (op === "!") {
        if (operand.t === "boolean") return bool(!operand.v);
        throw this.failed(shown, "A Boolean is expected after a unary not.", n);
      }
      if (operand.t === "integer") {
        if (op === "+") return operand;
        if (operand.v === MIN) throw this.failed(shown, "Integer overflow.", n);
        return int(-operand.v);
      }
      if (operand.t === "number") return op === "+" ? operand : num(-operand.v);
      throw this.failed(shown, `A Number is expected after a unary ${op === "+" ? "plus" : "minus"}.`, n);
    }
    binary(op, leftValue, rightValue, n) {
      let left = leftValue, right = rightValue;
      if (left.t === "integer" && right.t === "number") left = num(Number(left.v));
      if (left.t === "number" && right.t === "integer") right = num(Number(right.v));
      const shown = `${preview(left)} ${op} ${preview(right)}`;
      if (left.t !== right.t) {
        throw this.failed(shown, `Operator '${op}' cannot be applied to different types: ${TYPE_NAMES[left.t]} and ${TYPE_NAMES[right.t]}.`, n);
      }
      const notFor = () => this.failed(shown, `Operator '${op}' cannot be applied to ${TYPE_NAMES[left.t]} type.`, n);
      const t = left.t, a = left.v, b = right.v;
      switch (op) {
        case "==": case "!=": {
          const same = t === "array" || t === "dict" ? jsonEqual(a, b) : a === b;
          return bool(same === (op === "=="));
        }
        case "<": case "<=": case ">": case ">=":
          if (t !== "integer" && t !== "number" && t !== "datetime") throw notFor();
          return bool(op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b);
        default:
          if (t === "string") {
            if (op !== "+") throw notFor();
            return str(a + b);
          }
          if (t === "integer") {
            if ((op === "/" || op === "%") && b === 0n) throw this.failed(shown, "Division by zero is not supported.", n);
            const r = op === "+" ? a + b : op === "-" ? a - b : op === "*" ? a * b : op === "/" ? a / b : a % b;
            if (!inRange(r)) throw this.failed(shown, "Integer overflow.", n);
            return int(r);
          }
          if (t === "number") {
            if ((op === "/" || op === "%") && b === 0) throw this.failed(shown, "Division by zero is not supported.", n);
            return num(op === "+" ? a + b : op === "-" ? a - b : op === "*" ? a * b : op === "/" ? a / b : a % b);
          }
          throw notFor();
      }
    }
    call(name, args, isMethod, n) {
      const shownArgs = (list) => (isMethod ? list.slice(1) : list).map(preview).join(", ");
      let f;
      try { f = resolve(name, args.map((a) => a.t), isMethod); }
      catch (e) { if (e instanceof Failure) throw this.failed(`${name}(${shownArgs(args)})`, e.reason, n); throw e; }
      const converted = args.map((a, i) => f.params[Math.min(i, f.params.length - 1)] === "number" && a.t === "integer" ? num(Number(a.v)) : a);
      const context = { args: converted, variables: this.variables, now: this.now, locale: this.locale, maxStringLength: this.limits.maxStringLength, warnings: [] };
      try {
        const result = f.body(context);
        this.warnings.push(...context.warnings);
        return result;
      } catch (e) {
        if (e instanceof Failure) {
          if (e.isLimit) throw new ExpressionError("limit", e.reason, n.range);
          if (e.bare) throw new ExpressionError("evaluation", e.reason, n.range);
          throw this.failed(`${name}(${shownArgs(converted)})`, e.reason, n);
        }
        throw e;
      }
    }
  }

  const variableMap = (variables) => {
    const map = new Map();
    if (variables instanceof Map) {
      for (const [name, entry] of variables) { const v = entry && entry.type ? variableValue(entry.type, entry.value) : null; if (v) map.set(name, v); }
    } else if (Array.isArray(variables)) {
      for (const entry of variables) {
        const v = entry && typeof entry.name === "string" ? variableValue(entry.type, entry.value) : null;
        if (v) map.set(entry.name, v);
      }
    }
    return map;
  };

  const parse = (source, options) => {
    const opts = options || {};
    const maxDepth = (opts.limits && opts.limits.maxDepth) || LIMITS.maxDepth;
    const parser = new Parser(String(source), maxDepth);
    return opts.bare ? parser.parseBare() : parser.parseProperty();
  };

  const errorResult = (e) => {
    if (e instanceof ExpressionError) return { type: "error", value: e.message, kind: e.kind, range: e.range };
    if (e instanceof RangeError) return { type: "error", value: "Evaluation ran out of resources.", kind: "limit" };
    return { type: "error", value: String((e && e.message) || e), kind: "internal" };
  };

  const evaluate = (source, variables, options) => {
    const opts = options || {};
    try {
      const tree = typeof source === "string" ? parse(source, opts) : source;
      const run = new Run(variableMap(variables), opts);
      const result = output(run.evaluate(tree));
      if (run.warnings.length) result.warnings = run.warnings;
      return result;
    } catch (e) {
      return errorResult(e);
    }
  };

  const api = Object.freeze({
    evaluate,
    parse,
    // The value as templates and toString() show it.
    text: (result) => result.type === "error" ? "" : text(variableValue(result.type, result.value) || str("")),
    limits: Object.freeze(Object.assign({}, LIMITS)),
    // The linear-time pattern engine, for the page's input validation (InputScript): compile throws a PatternError.
    patterns: Object.freeze({ compile: compilePattern, test: searchPattern, PatternError }),
  });
  if (typeof window !== "undefined") window.ScreenplayExpressions = api;
  else if (typeof globalThis !== "undefined") globalThis.ScreenplayExpressions = api;
})();
