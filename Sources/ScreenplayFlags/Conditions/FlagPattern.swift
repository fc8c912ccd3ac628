import Screenplay

/// The patterns of `$regex` and `$regexi`, compiled with the package's linear-time `TextPattern`
/// (so a hostile pattern is refused when the payload is read, never run for exponential time).
///
/// `$regexi` is JavaScript's `i` flag, which `TextPattern` does not have: the pattern is
/// rewritten so that each letter also matches the letters JavaScript's case-insensitive matching
/// finds equal to it (`a` → `[aA]`, and a class `[a-c]` gains `A`, `B`, `C`), by JavaScript's own
/// rule without the `u` flag: two characters are equal when their simple upper-case forms are,
/// except that a character beyond ASCII never equals one within it.
enum FlagPattern {
    /// Compiles `source`, case-insensitively for `$regexi`.
    static func compile(_ source: String, ignoringCase: Bool, limits: TextPattern.Limits) throws(TextPattern.SyntaxError) -> TextPattern {
        // The pattern as written is compiled first, so that a refusal points into it.
        let plain = try TextPattern(source, limits: limits)
        guard ignoringCase else { return plain }
        let folded = caseClosed(source)
        var wider = limits
        wider.maxPatternLength = max(limits.maxPatternLength, folded.unicodeScalars.count)
        do {
            return try TextPattern(folded, limits: wider)
        } catch {
            throw TextPattern.SyntaxError(message: "matched without case, the pattern is too large (\(error.message))", offset: 0)
        }
    }

    // MARK: JavaScript's case equivalence

    /// `Canonicalize(ch)` of ECMAScript without the `u` flag, for a BMP scalar.
    private static func canonical(_ scalar: Unicode.Scalar) -> UInt32 {
        let upper = scalar.properties.uppercaseMapping.utf16
        guard upper.count == 1, let unit = upper.first else { return scalar.value }
        if scalar.value >= 128 && unit < 128 { return scalar.value }
        return UInt32(unit)
    }

    /// Every group of two or more BMP scalars that are equal under `canonical`, computed once.
    private static let caseGroups: [[Unicode.Scalar]] = {
        var groups: [UInt32: [Unicode.Scalar]] = [:]
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            groups[canonical(scalar), default: []].append(scalar)
        }
        return groups.values.filter { $0.count > 1 }.map { $0.sorted { $0.value < $1.value } }
    }()

    /// Each scalar of a group, and its group.
    private static let variants: [UInt32: [Unicode.Scalar]] = {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        for group in caseGroups {
            for scalar in group { table[scalar.value] = group }
        }
        return table
    }()

    // MARK: Rewriting

    private static func hexEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16) + "}"
    }

    /// The scalars of one case group, as a class.
    private static func groupClass(_ group: [Unicode.Scalar]) -> String {
        "[" + group.map(hexEscape).joined() + "]"
    }

    /// `source` with every literal letter and class closed under case equivalence. `source`
    /// compiled as written, so its syntax is known to be valid.
    static func caseClosed(_ source: String) -> String {
        var scanner = Scanner(scalars: Array(source.unicodeScalars))
        var out = ""
        while let scalar = scanner.peek {
            switch scalar {
            case "\\":
                let start = scanner.index
                if let literal = scanner.escape(inClass: false), let group = variants[literal.value] {
                    out += groupClass(group)
                } else {
                    out += scanner.text(start..<scanner.index)
                }
            case "(":
                scanner.index += 1
                out += "("
                if scanner.at(0) == "?", scanner.at(1) == "<", let next = scanner.at(2), next != "=", next != "!",
                    let close = scanner.scalars[scanner.index...].firstIndex(of: ">")
                {
                    // A group's name is copied as it is.
                    out += scanner.text(scanner.index..<(close + 1))
                    scanner.index = close + 1
                }
            case "{":
                // A quantifier: digits and a comma.
                let close = scanner.scalars[scanner.index...].firstIndex(of: "}") ?? (scanner.scalars.count - 1)
                out += scanner.text(scanner.index..<(close + 1))
                scanner.index = close + 1
            case "[":
                out += closedClass(&scanner)
            default:
                scanner.index += 1
                if let group = variants[scalar.value] {
                    out += groupClass(group)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// The class starting at the scanner's `[`, copied, with the case variants of its letters
    /// and ranges added before its `]`.
    private static func closedClass(_ scanner: inout Scanner) -> String {
        let start = scanner.index
        scanner.index += 1
        if scanner.peek == "^" { scanner.index += 1 }
        var singles: [Unicode.Scalar] = []
        var ranges: [ClosedRange<UInt32>] = []
        while let next = scanner.peek, next != "]" {
            let low = next == "\\" ? scanner.escape(inClass: true) : scanner.take()
            // A range: a scalar, `-`, and a scalar that is not the closing bracket.
            if let low, scanner.peek == "-", let after = scanner.at(1), after != "]" {
                scanner.index += 1
                let high = scanner.peek == "\\" ? scanner.escape(inClass: true) : scanner.take()
                if let high, low.value <= high.value {
                    ranges.append(low.value...high.value)
                } else {
                    singles.append(low)
                    if let high { singles.append(high) }
                }
                continue
            }
            if let low { singles.append(low) }
        }
        let body = scanner.text(start..<scanner.index)
        if scanner.peek == "]" { scanner.index += 1 }
        var extra = Set<UInt32>()
        for single in singles {
            for variant in variants[single.value] ?? [] where variant != single { extra.insert(variant.value) }
        }
        if !ranges.isEmpty {
            for group in caseGroups where group.contains(where: { scalar in ranges.contains { $0.contains(scalar.value) } }) {
                for scalar in group { extra.insert(scalar.value) }
            }
        }
        return body + extra.sorted().compactMap(Unicode.Scalar.init).map(hexEscape).joined() + "]"
    }

    /// A cursor over a pattern's scalars.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        var peek: Unicode.Scalar? { at(0) }

        func at(_ ahead: Int) -> Unicode.Scalar? {
            index + ahead < scalars.count ? scalars[index + ahead] : nil
        }

        mutating func take() -> Unicode.Scalar? {
            defer { index += 1 }
            return peek
        }

        func text(_ range: Range<Int>) -> String {
            String(String.UnicodeScalarView(scalars[range.clamped(to: 0..<scalars.count)]))
        }

        private func hex(_ range: Range<Int>) -> UInt32? {
            range.upperBound <= scalars.count ? UInt32(text(range), radix: 16) : nil
        }

        /// Reads the escape at the backslash: the scalar it stands for, or nil for a class escape
        /// (`\d`, `\w` …), a boundary or a reference.
        mutating func escape(inClass: Bool) -> Unicode.Scalar? {
            index += 1
            guard let letter = take() else { return nil }
            switch letter {
            case "u":
                if peek == "{" {
                    guard let close = scalars[index...].firstIndex(of: "}") else { return nil }
                    let value = hex((index + 1)..<close)
                    index = close + 1
                    return value.flatMap(Unicode.Scalar.init)
                }
                guard let high = hex(index..<(index + 4)) else { return nil }
                index += 4
                if (0xD800...0xDBFF).contains(high), peek == "\\", at(1) == "u", let low = hex((index + 2)..<(index + 6)),
                    (0xDC00...0xDFFF).contains(low)
                {
                    index += 6
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                }
                return Unicode.Scalar(high)
            case "x":
                guard let value = hex(index..<(index + 2)) else { return nil }
                index += 2
                return Unicode.Scalar(value)
            case "t": return "\t"
            case "n": return "\n"
            case "r": return "\r"
            case "f": return "\u{0C}"
            case "v": return "\u{0B}"
            case "0": return "\0"
            case "b" where inClass: return "\u{08}"
            default:
                // An escaped punctuation character stands for itself; letters and digits are
                // class escapes, boundaries or references.
                let wordy = letter.properties.isAlphabetic || ("0"..."9").contains(letter)
                return wordy ? nil : letter
            }
        }
    }
}
