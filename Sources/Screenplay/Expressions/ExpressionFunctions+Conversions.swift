import Foundation

/// Conversion functions: `toString`, `toInteger`, `toNumber`, `toBoolean`, `toColor`, `toUrl`.
extension ExpressionFunctions {
    mutating func addConversions() {
        for type in ExpressionType.allCases {
            define("toString", [type], .string, "The value as templates show it.") { call in
                let text = call.arguments[0].text
                try call.checkLength(text.unicodeScalars.count)
                return .string(text)
            }
        }
        define("toInteger", [.boolean], .integer, "1 for true, 0 for false.") { call in .integer(call.boolean(0) ? 1 : 0) }
        define("toInteger", [.number], .integer, promotes: false, "Truncated toward zero; outside 64 bits an error.") { call in
            let value = call.number(0)
            guard value >= -9.223_372_036_854_775_808e18, value < 9.223_372_036_854_775_808e18 else {
                throw ExpressionFailure("Unable to convert value to Integer.")
            }
            return .integer(Int64(value))
        }
        define("toInteger", [.string], .integer, "Decimal digits with an optional sign; anything else an error.") { call in
            guard let value = Int64(call.string(0)) else { throw ExpressionFailure("Unable to convert value to Integer.") }
            return .integer(value)
        }
        define("toNumber", [.integer], .number, "The integer as a number.") { call in .number(Double(call.integer(0))) }
        define("toNumber", [.string], .number, "A decimal number (sign, '.5', exponents); anything else or overflow an error.") { call in
            guard let value = Self.strictNumber(call.string(0)) else { throw ExpressionFailure("Unable to convert value to Number.") }
            return .number(value)
        }
        define("toBoolean", [.string], .boolean, "'true' or 'false'; anything else an error.") { call in
            switch call.string(0) {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default: throw ExpressionFailure("Unable to convert value to Boolean.")
            }
        }
        define("toBoolean", [.integer], .boolean, "1 or 0; anything else an error.") { call in
            switch call.integer(0) {
            case 1: return .boolean(true)
            case 0: return .boolean(false)
            default: throw ExpressionFailure("Unable to convert value to Boolean.")
            }
        }
        define("toColor", [.string], .color, "#RGB, #ARGB, #RRGGBB or #AARRGGBB; anything else an error.") { call in
            guard let color = ExpressionColor(parsing: call.string(0)) else {
                throw ExpressionFailure("Unable to convert value to Color, expected format #AARRGGBB.")
            }
            return .color(color)
        }
        define("toUrl", [.string], .url, "A URL as written; text that is not one an error.") { call in
            guard let url = Self.url(call.string(0)) else { throw ExpressionFailure("Unable to convert value to URL.") }
            return .url(url)
        }
    }

    /// `text` when it reads as a URL (Foundation's rules), else nil.
    static func url(_ text: String) -> String? {
        guard !text.isEmpty, URL(string: text) != nil else { return nil }
        return text
    }

    /// A double from `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, finite; else nil.
    static func strictNumber(_ text: String) -> Double? {
        var scalars = Substring(text).unicodeScalars[...]
        func digits() -> Int {
            var count = 0
            while let first = scalars.first, ("0"..."9").contains(first) {
                scalars.removeFirst()
                count += 1
            }
            return count
        }
        if let first = scalars.first, first == "+" || first == "-" { scalars.removeFirst() }
        var mantissa = digits()
        if scalars.first == "." {
            scalars.removeFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if let first = scalars.first, first == "e" || first == "E" {
            scalars.removeFirst()
            if let sign = scalars.first, sign == "+" || sign == "-" { scalars.removeFirst() }
            guard digits() > 0 else { return nil }
        }
        guard scalars.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
