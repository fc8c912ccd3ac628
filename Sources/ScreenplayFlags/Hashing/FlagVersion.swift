import Screenplay

/// Version strings compared as GrowthBook compares them (`$veq`, `$vgt` …): each is padded into
/// a text whose plain string order is the version order, then the texts are compared.
///
/// Padding: a leading `v` and a build suffix (`+…`) are dropped, the rest is split at `.` and `-`,
/// a version of exactly three parts gets a `~` part (so `1.0.0` sorts after `1.0.0-beta`), and each
/// all-digit part is left-padded with spaces to five characters. A number is read as its text;
/// anything else that is not a non-empty string counts as `"0"`.
///
/// ```swift
/// FlagVersion.padded("v1.2.3+build")   // "    1-    2-    3-~"
/// FlagVersion.compare("1.10.0", .greater, "1.9.0")   // true
/// FlagVersion.compare("1.0.0", .greater, "1.0.0-rc.1")   // true
/// ```
public enum FlagVersion {
    /// How two versions are compared.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
    }

    /// The padded text of a version (GrowthBook's `paddedVersionString`).
    /// - Parameter version: A version string, or any JSON value (a number is read as its text).
    /// - Returns: The padded text.
    public static func padded(_ version: JSONValue) -> String {
        switch version {
        case .string(let text) where !text.isEmpty: padded(text)
        case .number(let number): padded(JavaScript.numberString(number))
        default: padded("0")
        }
    }

    /// The padded text of a version string.
    /// - Parameter version: A version string; an empty one counts as `"0"`.
    /// - Returns: The padded text.
    public static func padded(_ version: String) -> String {
        // One pass over the UTF-8 bytes (every character that matters is ASCII): it runs once per
        // version operator evaluated, so it allocates only the result.
        var source = version.isEmpty ? "0" : version
        return source.withUTF8 { bytes -> String in
            var end = bytes.count
            // `(^v|\+.*$)`: from the first `+` that no line break follows to the end (a break is
            // \n, \r, U+2028 or U+2029, the last two E2 80 A8/A9 in UTF-8).
            var afterBreak = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    afterBreak = index + 1
                } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                    bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                {
                    afterBreak = index + 3
                }
            }
            if let plus = (afterBreak..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: "+") }) { end = plus }
            let start = end > 0 && bytes[0] == UInt8(ascii: "v") ? 1 : 0
            var parts = 1
            for index in start..<max(start, end) where bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "-") {
                parts += 1
            }
            var out: [UInt8] = []
            out.reserveCapacity(end - start + parts * 5 + 2)
            var partStart = start
            func closePart(_ partEnd: Int) {
                let count = partEnd - partStart
                let numeric =
                    count > 0 && (partStart..<partEnd).allSatisfy { bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") }
                if numeric && count < 5 { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 5 - count)) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[partStart..<partEnd]))
            }
            var index = start
            while index < end {
                if bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "-") {
                    closePart(index)
                    out.append(UInt8(ascii: "-"))
                    partStart = index + 1
                }
                index += 1
            }
            closePart(max(start, end))
            if parts == 3 { out.append(contentsOf: [UInt8(ascii: "-"), UInt8(ascii: "~")]) }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Compares two versions as GrowthBook does: `left comparison right`.
    ///
    /// ```swift
    /// FlagVersion.compare("1.2.3", .equal, "v1.2.3+build.7")   // true
    /// ```
    /// - Parameters:
    ///   - left: The attribute's version.
    ///   - comparison: The comparison.
    ///   - right: The condition's version.
    /// - Returns: Whether it holds.
    public static func compare(_ left: JSONValue, _ comparison: Comparison, _ right: JSONValue) -> Bool {
        comparePadded(padded(left), comparison, padded(right))
    }

    /// Compares two padded texts, by UTF-16 code units as JavaScript compares strings.
    static func comparePadded(_ left: String, _ comparison: Comparison, _ right: String) -> Bool {
        switch comparison {
        case .equal: JavaScript.sameText(left, right)
        case .notEqual: !JavaScript.sameText(left, right)
        case .less: JavaScript.compare(left, .less, right)
        case .lessOrEqual: JavaScript.compare(left, .lessOrEqual, right)
        case .greater: JavaScript.compare(left, .greater, right)
        case .greaterOrEqual: JavaScript.compare(left, .greaterOrEqual, right)
        }
    }
}
