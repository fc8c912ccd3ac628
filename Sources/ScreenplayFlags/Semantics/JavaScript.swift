import Screenplay

/// The JavaScript semantics GrowthBook's reference SDK evaluates conditions with, over JSON
/// values: `value + ""`, `value * 1`, `!!value`, `===`, `<` and `JSON.stringify`. GrowthBook's
/// published cases are written against them ("comparing numbers and strings": `"8"` is between
/// 5 and 10), so Screenplay computes them exactly rather than with Swift's own conversions.
///
/// Strings are compared as JavaScript compares them, by UTF-16 code units, never by Swift's
/// canonical equivalence: `"é"` written as one scalar and as `e` and an accent are different.
enum JavaScript {
    // MARK: Conversions

    /// `ToString(value)`, what `value + ""` gives: `null` → `"null"`, numbers as JavaScript writes
    /// them (`1`, `0.5`, `1e+21`), arrays joined with commas (`null` elements empty), objects
    /// `"[object Object]"`.
    static func string(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): numberString(number)
        case .string(let text): text
        case .array(let items): items.map { $0 == .null ? "" : string($0) }.joined(separator: ",")
        case .object: "[object Object]"
        }
    }

    /// `ToNumber(value)`, what `value * 1` gives: `null` → 0, booleans 0 or 1, strings read as
    /// JavaScript reads them (`" 12 "` → 12, `""` → 0, `"0x1f"` → 31, `"abc"` → NaN), arrays
    /// through their text (`[]` → 0, `[7]` → 7), objects NaN.
    static func number(_ value: JSONValue) -> Double {
        switch value {
        case .null: 0
        case .bool(let flag): flag ? 1 : 0
        case .number(let number): number
        case .string(let text): stringToNumber(text)
        case .array: stringToNumber(string(value))
        case .object: .nan
        }
    }

    /// `!!value`: `null`, `false`, 0, NaN and `""` are false; every array and object is true
    /// (unlike `JSONValue.isTruthy`, for which an empty array is off).
    static func truthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let flag): flag
        case .number(let number): number != 0 && !number.isNaN
        case .string(let text): !text.isEmpty
        case .array, .object: true
        }
    }

    /// `a === b` between a value from the attributes and one from the payload: arrays and objects
    /// are never the same object, so never equal.
    static func strictEquals(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): sameText(x, y)
        default: false
        }
    }

    /// Whether two strings hold the same UTF-16 code units (JavaScript's `===` on strings).
    static func sameText(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }

    // MARK: Comparison

    /// A value as `ToPrimitive` leaves it for `<`: arrays and objects become their text.
    private enum Primitive {
        case text(String)
        case other(JSONValue)
    }

    private static func primitive(_ value: JSONValue) -> Primitive {
        switch value {
        case .string(let text): .text(text)
        case .array, .object: .text(string(value))
        default: .other(value)
        }
    }

    /// JavaScript's `a < b` (IsLessThan): two texts compare by UTF-16 code units, anything else as
    /// numbers; nil ("undefined") when either number is NaN.
    static func lessThan(_ a: JSONValue, _ b: JSONValue) -> Bool? {
        let left = primitive(a)
        let right = primitive(b)
        if case .text(let x) = left, case .text(let y) = right {
            return x.utf16.lexicographicallyPrecedes(y.utf16)
        }
        let x = numberOf(left)
        let y = numberOf(right)
        if x.isNaN || y.isNaN { return nil }
        return x < y
    }

    private static func numberOf(_ primitive: Primitive) -> Double {
        switch primitive {
        case .text(let text): stringToNumber(text)
        case .other(let value): number(value)
        }
    }

    /// The four relational operators as JavaScript answers them, NaN making each false.
    enum Relation: Sendable, Hashable {
        case less, lessOrEqual, greater, greaterOrEqual
    }

    static func compare(_ a: JSONValue, _ relation: Relation, _ b: JSONValue) -> Bool {
        switch relation {
        case .less: lessThan(a, b) == true
        case .greater: lessThan(b, a) == true
        // a <= b is !(b < a), and false when b < a is undefined; a >= b likewise.
        case .lessOrEqual: lessThan(b, a) == false
        case .greaterOrEqual: lessThan(a, b) == false
        }
    }

    /// `a < b`, `a > b` … between two strings, by UTF-16 code units (version strings).
    static func compare(_ a: String, _ relation: Relation, _ b: String) -> Bool {
        switch relation {
        case .less: a.utf16.lexicographicallyPrecedes(b.utf16)
        case .greater: b.utf16.lexicographicallyPrecedes(a.utf16)
        case .lessOrEqual: !b.utf16.lexicographicallyPrecedes(a.utf16)
        case .greaterOrEqual: !a.utf16.lexicographicallyPrecedes(b.utf16)
        }
    }

    // MARK: Numbers

    /// `Number.prototype.toString()`: the shortest digits that read back as `number`, written
    /// plainly from 1e-7 to 1e21 and with an exponent outside (`1e-7`, `1.5e+21`).
    static func numberString(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number == 0 { return "0" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number < 0 { return "-" + numberString(-number) }
        // Swift's description holds the same shortest round-trip digits; only the layout differs.
        let (digits, point) = shortestDigits(number)
        let k = digits.count
        let n = point
        if k <= n && n <= 21 {
            return String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: n - k)
        }
        if 0 < n && n <= 21 {
            return String(decoding: digits[..<n], as: UTF8.self) + "." + String(decoding: digits[n...], as: UTF8.self)
        }
        if -6 < n && n <= 0 {
            return "0." + String(repeating: "0", count: -n) + String(decoding: digits, as: UTF8.self)
        }
        let exponent = n - 1
        let sign = exponent < 0 ? "-" : "+"
        var text = String(UnicodeScalar(digits[0]))
        if k > 1 { text += "." + String(decoding: digits[1...], as: UTF8.self) }
        return text + "e" + sign + String(abs(exponent))
    }

    /// The significant digits of a positive finite number (no leading or trailing zeros) and where
    /// the decimal point falls among them: 0.0015 → ("15", -2), 1200 → ("12", 4).
    private static func shortestDigits(_ number: Double) -> (digits: [UInt8], point: Int) {
        let text = Array(number.description.utf8)
        var mantissa = text[...]
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            mantissa = text[..<e]
            exponent = Int(String(decoding: text[(e + 1)...], as: UTF8.self)) ?? 0
        }
        var digits: [UInt8] = []
        var point = 0
        var seenPoint = false
        for byte in mantissa {
            if byte == UInt8(ascii: ".") {
                seenPoint = true
                continue
            }
            digits.append(byte)
            if !seenPoint { point += 1 }
        }
        while let first = digits.first, first == UInt8(ascii: "0"), digits.count > 1 {
            digits.removeFirst()
            point -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0"), digits.count > 1 {
            digits.removeLast()
        }
        return (digits, point + exponent)
    }

    /// JavaScript's white space and line terminators, which `Number("…")` trims.
    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            true
        default:
            false
        }
    }

    /// `Number(text)`: decimal literals with an optional sign and exponent, `Infinity`,
    /// `0x…`, `0o…` and `0b…` without a sign, white space around; empty text is 0, anything
    /// else NaN.
    static func stringToNumber(_ text: String) -> Double {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, isWhiteSpace(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, isWhiteSpace(last) { scalars = scalars.dropLast() }
        let body = String(String.UnicodeScalarView(scalars))
        if body.isEmpty { return 0 }
        let bytes = Array(body.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let radix: Double? =
                switch bytes[1] {
                case UInt8(ascii: "x"), UInt8(ascii: "X"): 16
                case UInt8(ascii: "o"), UInt8(ascii: "O"): 8
                case UInt8(ascii: "b"), UInt8(ascii: "B"): 2
                default: nil
                }
            if let radix {
                var value = 0.0
                for byte in bytes[2...] {
                    guard let digit = hexDigit(byte), Double(digit) < radix else { return .nan }
                    value = value * radix + Double(digit)
                }
                return value
            }
        }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        if bytes[index...].elementsEqual("Infinity".utf8) { return negative ? -.infinity : .infinity }
        func digitRun() -> ArraySlice<UInt8> {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return bytes[start..<index]
        }
        let whole = digitRun()
        var fraction: ArraySlice<UInt8> = []
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digitRun()
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return .nan }
        var exponent: ArraySlice<UInt8> = ["0"].map { UInt8(ascii: $0) }[...]
        var exponentSign = "+"
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentSign = bytes[index] == UInt8(ascii: "-") ? "-" : "+"
                index += 1
            }
            exponent = digitRun()
            guard !exponent.isEmpty else { return .nan }
            exponent = exponent.drop { $0 == UInt8(ascii: "0") }
            if exponent.isEmpty { exponent = ["0"].map { UInt8(ascii: $0) }[...] }
        }
        guard index == bytes.count else { return .nan }
        let literal =
            (negative ? "-" : "") + (whole.isEmpty ? "0" : String(decoding: whole, as: UTF8.self)) + "."
            + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) + "e" + exponentSign
            + String(decoding: exponent.prefix(12), as: UTF8.self)
        // An exponent of more than 12 digits is past every double either way.
        if exponent.count > 12 {
            let zero = whole.allSatisfy { $0 == UInt8(ascii: "0") } && fraction.allSatisfy { $0 == UInt8(ascii: "0") }
            if zero || exponentSign == "-" { return negative ? -0.0 : 0 }
            return negative ? -.infinity : .infinity
        }
        return Double(literal) ?? .nan
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    // MARK: JSON

    /// `JSON.stringify(value)` (members in sorted order: a `JSONValue` keeps no order), for the
    /// text of a sticky bucket's attribute value that is not a string.
    static func stringify(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.isFinite ? numberString(number) : "null"
        case .string(let text): return quoted(text)
        case .array(let items): return "[" + items.map(stringify).joined(separator: ",") + "]"
        case .object(let members):
            let keys = members.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            return "{" + keys.map { quoted($0) + ":" + stringify(members[$0] ?? .null) }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
