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
        var scalars = Array((version.isEmpty ? "0" : version).unicodeScalars)
        // `(^v|\+.*$)`: a leading v, and from the first `+` that no line break follows to the end.
        let lastBreak = scalars.lastIndex { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }
        if let plus = scalars[((lastBreak ?? -1) + 1)...].firstIndex(of: "+") {
            scalars.removeSubrange(plus...)
        }
        if scalars.first == "v" { scalars.removeFirst() }
        var parts = scalars.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "-" }.map { part in
            String(String.UnicodeScalarView(part))
        }
        if parts.count == 3 { parts.append("~") }
        return parts.map { part in
            let numeric = !part.isEmpty && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            return numeric && part.utf16.count < 5 ? String(repeating: " ", count: 5 - part.utf16.count) + part : part
        }.joined(separator: "-")
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
