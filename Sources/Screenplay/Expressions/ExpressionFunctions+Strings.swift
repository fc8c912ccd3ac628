/// String functions (DivKit's `len`, `contains`, `substring`, … `encodeUri`). Indexes count
/// characters (grapheme clusters), as DivKit's iOS client does.
extension ExpressionFunctions {
    mutating func addStrings() {
        define("len", [.string], .integer, "The number of characters.") { call in
            .integer(Int64(call.string(0).count))
        }
        define("contains", [.string, .string], .boolean, "Whether the second string occurs in the first ('' always does).") { call in
            let needle = call.string(1)
            return .boolean(needle.isEmpty || call.string(0).contains(needle))
        }
        define("substring", [.string, .integer, .integer], .string, "Characters start..<end; out of bounds or descending is an error.") {
            call in
            let text = Array(call.string(0))
            let start = call.integer(1), end = call.integer(2)
            guard start >= 0, end <= text.count else { throw ExpressionFailure("Indexes are out of bounds.") }
            guard start <= end else { throw ExpressionFailure("Indexes should be in ascending order.") }
            return .string(String(text[Int(start)..<Int(end)]))
        }
        define(
            "replaceAll", [.string, .string, .string], .string, "Every occurrence of the second string (literal) replaced by the third."
        ) {
            call in
            let text = call.string(0), target = call.string(1), replacement = call.string(2)
            guard !target.isEmpty else { return .string(text) }
            let pieces = text.split(separator: target, omittingEmptySubsequences: false)
            let length = text.unicodeScalars.count + (pieces.count - 1) * (replacement.unicodeScalars.count - target.unicodeScalars.count)
            try call.checkLength(length)
            return .string(pieces.joined(separator: replacement))
        }
        define("index", [.string, .string], .integer, "The character index of the first occurrence, -1 if none ('' is at 0).") { call in
            .integer(Self.index(of: call.string(1), in: call.string(0), last: false))
        }
        define("lastIndex", [.string, .string], .integer, "The character index of the last occurrence, -1 if none.") { call in
            .integer(Self.index(of: call.string(1), in: call.string(0), last: true))
        }
        define("trim", [.string], .string, "Leading and trailing whitespace removed.") { call in
            .string(String(call.string(0).drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
        }
        define("trimLeft", [.string], .string, "Leading whitespace removed.") { call in
            .string(String(call.string(0).drop(while: \.isWhitespace)))
        }
        define("trimRight", [.string], .string, "Trailing whitespace removed.") { call in
            .string(String(call.string(0).reversed().drop(while: \.isWhitespace).reversed()))
        }
        define("toUpperCase", [.string], .string, "Upper case, Unicode-aware.") { call in .string(call.string(0).uppercased()) }
        define("toLowerCase", [.string], .string, "Lower case, Unicode-aware.") { call in .string(call.string(0).lowercased()) }
        for (name, atStart) in [("padStart", true), ("padEnd", false)] {
            let summary =
                atStart
                ? "Padded at the start to the length with the pad repeated and cut; an empty pad warns and pads nothing."
                : "Padded at the end to the length with the pad repeated and cut; an empty pad warns and pads nothing."
            let body: ExpressionFunction.Body = { call in
                let text = call.arguments[0].text
                let length = call.integer(1), pad = call.string(2)
                guard !pad.isEmpty else {
                    call.warnings.append("String for padding is empty.")
                    return .string(text)
                }
                let missing = length - Int64(text.count)
                guard missing > 0 else { return .string(text) }
                try call.checkLength(Int(clamping: length))
                let repeats = (Int(missing) + pad.count - 1) / pad.count
                let cut = String(String(repeating: pad, count: repeats).prefix(Int(missing)))
                return .string(atStart ? cut + text : text + cut)
            }
            define(name, [.string, .integer, .string], .string, summary, body)
            define(name, [.integer, .integer, .string], .string, summary, body)
        }
        define("encodeUri", [.string], .string, "Percent-encoded UTF-8 except A-Z a-z 0-9 - _ . * ! ~ ' ( ).") { call in
            .string(Self.encodeURI(call.string(0)))
        }
        define("decodeUri", [.string], .string, "Percent-escapes decoded as UTF-8.") { call in
            guard let decoded = Self.decodeURI(call.string(0)) else { throw ExpressionFailure("Unable to decode URI.") }
            return .string(decoded)
        }
    }

    mutating func addPatterns() {
        define("testRegex", [.string, .string], .boolean, "Whether the pattern matches somewhere in the string (a search, linear time).") {
            call in
            let pattern: TextPattern
            do {
                pattern = try TextPattern(call.string(1))
            } catch {
                throw ExpressionFailure("Invalid regular expression.")
            }
            return .boolean(pattern.search(in: call.string(0)))
        }
    }

    static func index(of needle: String, in text: String, last: Bool) -> Int64 {
        let haystack = Array(text), target = Array(needle)
        guard target.count <= haystack.count else { return -1 }
        let starts = Array(0...(haystack.count - target.count))
        let order = last ? Array(starts.reversed()) : starts
        for start in order where haystack[start..<start + target.count].elementsEqual(target) {
            return Int64(start)
        }
        return -1
    }

    static func encodeURI(_ text: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.*!~'()".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func decodeURI(_ text: String) -> String? {
        let source = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 55
            default: nil
            }
        }
        while index < source.count {
            if source[index] == UInt8(ascii: "%") {
                guard index + 2 < source.count, let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2]) else {
                    return nil
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.utf8) == bytes ? text : nil
    }
}
