extension TextPattern {
    /// A parsed pattern. Groups leave no node of their own: nothing is captured.
    enum Node: Sendable, Hashable {
        /// One scalar from the set (a literal, `.`, a class, an escape like `\d`).
        case scalars(ScalarSet)
        case assertion(Assertion)
        /// Each in turn; the empty sequence matches the empty text.
        case sequence([Node])
        /// Any one of them.
        case choice([Node])
        /// `min` to `max` (nil: no bound) times; `offset` is the quantifier's, for errors.
        indirect case repetition(Node, min: Int, max: Int?, offset: Int)
    }

    /// What is checked between two scalars, consuming none.
    enum Assertion: Sendable, Hashable {
        /// `^`: the start of the text.
        case start
        /// `$`: the end of the text.
        case end
        /// `\b`: a word scalar on one side only.
        case wordBoundary
        /// `\B`: word scalars on both sides, or on neither.
        case notWordBoundary
    }

    /// A recursive-descent parser over the pattern's scalars.
    struct Parser {
        /// The largest count in `{n,m}`.
        static let maxCount = 1_000
        /// The deepest nesting of groups (the parser and the compiler recurse once per group).
        static let maxDepth = 100

        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func lookahead(_ ahead: Int) -> Unicode.Scalar? {
            position + ahead < scalars.count ? scalars[position + ahead] : nil
        }

        mutating func parse() throws(SyntaxError) -> Node {
            let node = try parseChoice()
            if position < scalars.count {
                // parseChoice stops only at the end or at a ')'.
                throw SyntaxError(message: "')' closes no group", offset: position)
            }
            return node
        }

        mutating func parseChoice() throws(SyntaxError) -> Node {
            var branches = [try parseSequence()]
            while peek == "|" {
                position += 1
                branches.append(try parseSequence())
            }
            return branches.count == 1 ? branches[0] : .choice(branches)
        }

        mutating func parseSequence() throws(SyntaxError) -> Node {
            var items: [Node] = []
            while let next = peek, next != "|", next != ")" {
                let bare = scalars[position] != "("
                let atom = try parseAtom()
                items.append(try parseQuantifier(applyingTo: atom, bare: bare))
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        mutating func parseAtom() throws(SyntaxError) -> Node {
            let start = position
            let scalar = scalars[position]
            switch scalar {
            case ".":
                position += 1
                return .scalars(ScalarSet.lineTerminators.inverted)
            case "^":
                position += 1
                return .assertion(.start)
            case "$":
                position += 1
                return .assertion(.end)
            case "[":
                return .scalars(try parseClass())
            case "(":
                return try parseGroup()
            case "*", "+", "?", "{":
                throw SyntaxError(message: "'\(scalar)' has nothing to repeat (write \\\(scalar) for the character itself)", offset: start)
            case "\\":
                switch try parseEscape(inClass: false) {
                case .scalar(let literal): return .scalars(ScalarSet(literal))
                case .set(let set): return .scalars(set)
                case .assertion(let assertion): return .assertion(assertion)
                }
            default:
                position += 1
                return .scalars(ScalarSet(scalar))
            }
        }

        mutating func parseGroup() throws(SyntaxError) -> Node {
            let open = position
            position += 1
            if peek == "?" {
                switch lookahead(1) {
                case ":":
                    position += 2
                case "=", "!":
                    throw SyntaxError(message: "lookaround (?= (?! (?<= (?<! is not supported", offset: open)
                case "<" where lookahead(2) == "=" || lookahead(2) == "!":
                    throw SyntaxError(message: "lookaround (?= (?! (?<= (?<! is not supported", offset: open)
                case "<":
                    position += 2
                    try parseGroupName(open: open)
                case ">":
                    throw SyntaxError(message: "atomic groups (?> are not supported", offset: open)
                default:
                    throw SyntaxError(
                        message: "only (?: and (?<name> groups are supported (no lookaround, atomic groups or inline flags)", offset: open)
                }
            }
            depth += 1
            guard depth <= Self.maxDepth else {
                throw SyntaxError(message: "groups are nested deeper than \(Self.maxDepth)", offset: open)
            }
            let inner = try parseChoice()
            depth -= 1
            guard peek == ")" else {
                throw SyntaxError(message: "'(' is never closed", offset: open)
            }
            position += 1
            return inner
        }

        /// `name>` after `(?<`: a name is ASCII letters, digits and `_`, not starting with a digit.
        mutating func parseGroupName(open: Int) throws(SyntaxError) {
            let start = position
            while let scalar = peek, ScalarSet.word.contains(scalar) {
                if position == start, ScalarSet.digits.contains(scalar) { break }
                position += 1
            }
            guard position > start, peek == ">" else {
                throw SyntaxError(message: "a group name is letters, digits and '_' between (?< and >", offset: open)
            }
            position += 1
        }

        /// The quantifier after `atom`, if any (lazy ones answer as greedy ones do). `bare`: the atom
        /// is not a group, so an assertion can't be repeated (`^*`), though `(?:\b)*` can.
        mutating func parseQuantifier(applyingTo atom: Node, bare: Bool) throws(SyntaxError) -> Node {
            guard let scalar = peek else { return atom }
            let start = position
            let counts: (min: Int, max: Int?)
            switch scalar {
            case "*": counts = (0, nil)
            case "+": counts = (1, nil)
            case "?": counts = (0, 1)
            case "{": counts = try parseCounts()
            default: return atom
            }
            if bare, case .assertion = atom {
                throw SyntaxError(message: "'\(scalar)' has nothing to repeat: an anchor or a boundary can't be repeated", offset: start)
            }
            if scalar != "{" { position += 1 }
            if peek == "?" {
                position += 1
            } else if peek == "+" {
                throw SyntaxError(message: "possessive quantifiers (like *+) are not supported", offset: position)
            }
            if let next = peek, next == "*" || next == "+" || next == "?" || next == "{" {
                throw SyntaxError(message: "'\(next)' has nothing to repeat: a quantifier follows a quantifier", offset: position)
            }
            return .repetition(atom, min: counts.min, max: counts.max, offset: start)
        }

        /// `{n}`, `{n,}` or `{n,m}`, consumed; the error points at the `{`.
        mutating func parseCounts() throws(SyntaxError) -> (Int, Int?) {
            let open = position
            position += 1
            let malformed = SyntaxError(
                message: "'{' must start a quantifier {n}, {n,} or {n,m} (write \\{ for the brace itself)", offset: open)
            guard let min = parseNumber() else { throw malformed }
            var max: Int? = min
            if peek == "," {
                position += 1
                max = parseNumber()
            }
            guard peek == "}" else { throw malformed }
            position += 1
            if min > Self.maxCount || (max ?? 0) > Self.maxCount {
                throw SyntaxError(message: "a repetition count can't be more than \(Self.maxCount)", offset: open)
            }
            if let max, min > max {
                throw SyntaxError(message: "{\(min),\(max)}: the minimum is more than the maximum", offset: open)
            }
            return (min, max)
        }

        /// Decimal digits, nil when there are none; saturates well above `maxCount`.
        mutating func parseNumber() -> Int? {
            var value: Int?
            while let scalar = peek, ScalarSet.digits.contains(scalar) {
                value = Swift.min((value ?? 0) * 10 + Int(scalar.value - 48), 1_000_000)
                position += 1
            }
            return value
        }

        /// `[…]` or `[^…]`.
        mutating func parseClass() throws(SyntaxError) -> ScalarSet {
            let open = position
            position += 1
            var negated = false
            if peek == "^" {
                negated = true
                position += 1
            }
            if peek == "]" {
                throw SyntaxError(message: "an empty class [] or [^] is refused (write \\] for the bracket itself)", offset: open)
            }
            var set = ScalarSet()
            while true {
                guard let scalar = peek else {
                    throw SyntaxError(message: "'[' is never closed", offset: open)
                }
                if scalar == "]" {
                    position += 1
                    break
                }
                let start = position
                let first = try parseClassAtom()
                if peek == "-", let after = lookahead(1), after != "]" {
                    position += 1
                    let last = try parseClassAtom()
                    guard case .scalar(let low) = first, case .scalar(let high) = last else {
                        throw SyntaxError(message: "a range's ends must be single characters, not classes like \\d", offset: start)
                    }
                    guard low.value <= high.value else {
                        throw SyntaxError(message: "the range \(low)-\(high) is backwards", offset: start)
                    }
                    set.insert(low.value...high.value)
                } else {
                    switch first {
                    case .scalar(let literal): set.insert(literal.value...literal.value)
                    case .set(let other): set.formUnion(other)
                    case .assertion: break // parseEscape gives none in a class
                    }
                }
            }
            return negated ? set.inverted : set
        }

        mutating func parseClassAtom() throws(SyntaxError) -> Escape {
            let scalar = scalars[position]
            if scalar == "\\" { return try parseEscape(inClass: true) }
            position += 1
            return .scalar(scalar)
        }

        enum Escape {
            case scalar(Unicode.Scalar)
            case set(ScalarSet)
            case assertion(Assertion)
        }

        /// The escape at the `\` under `position`, consumed.
        mutating func parseEscape(inClass: Bool) throws(SyntaxError) -> Escape {
            let start = position
            position += 1
            guard let scalar = peek else {
                throw SyntaxError(message: "the pattern ends with a lone '\\'", offset: start)
            }
            position += 1
            switch scalar {
            case "d": return .set(.digits)
            case "D": return .set(ScalarSet.digits.inverted)
            case "w": return .set(.word)
            case "W": return .set(ScalarSet.word.inverted)
            case "s": return .set(.space)
            case "S": return .set(ScalarSet.space.inverted)
            case "t": return .scalar("\t")
            case "n": return .scalar("\n")
            case "r": return .scalar("\r")
            case "f": return .scalar("\u{0C}")
            case "v": return .scalar("\u{0B}")
            case "b": return inClass ? .scalar("\u{08}") : .assertion(.wordBoundary)
            case "B":
                if inClass { throw SyntaxError(message: "\\B can't be in a class", offset: start) }
                return .assertion(.notWordBoundary)
            case "0":
                if let next = peek, ScalarSet.digits.contains(next) {
                    throw SyntaxError(message: "octal escapes like \\01 are not supported", offset: start)
                }
                return .scalar("\0")
            case "1"..."9", "k":
                throw SyntaxError(message: "backreferences like \\1 and \\k<name> are not supported", offset: start)
            case "u": return .scalar(try parseUnicodeEscape(start: start))
            case "x":
                guard let value = parseHex(count: 2), let result = Unicode.Scalar(value) else {
                    throw SyntaxError(message: "\\x needs two hex digits", offset: start)
                }
                return .scalar(result)
            case "p", "P":
                throw SyntaxError(message: "Unicode property classes like \\p{L} are not supported", offset: start)
            case "c":
                throw SyntaxError(message: "control escapes like \\cJ are not supported", offset: start)
            default:
                if scalar.isASCII, ScalarSet.word.contains(scalar) {
                    throw SyntaxError(message: "unknown escape \\\(scalar)", offset: start)
                }
                return .scalar(scalar)
            }
        }

        /// After `\u`: `XXXX` (two of them a surrogate pair) or `{X…}`.
        mutating func parseUnicodeEscape(start: Int) throws(SyntaxError) -> Unicode.Scalar {
            if peek == "{" {
                position += 1
                var value: UInt32 = 0
                var digits = 0
                while let scalar = peek, let digit = Self.hexValue(scalar) {
                    value = value &* 16 &+ digit
                    digits += 1
                    position += 1
                    if digits > 6 { break }
                }
                guard digits >= 1, digits <= 6, peek == "}", let result = Unicode.Scalar(value) else {
                    throw SyntaxError(message: "\\u{…} needs 1 to 6 hex digits of a Unicode scalar value", offset: start)
                }
                position += 1
                return result
            }
            guard let value = parseHex(count: 4) else {
                throw SyntaxError(message: "\\u needs four hex digits", offset: start)
            }
            if (0xD800...0xDBFF).contains(value), peek == "\\", lookahead(1) == "u" {
                let resume = position
                position += 2
                if let low = parseHex(count: 4), (0xDC00...0xDFFF).contains(low),
                    let result = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
                {
                    return result
                }
                position = resume
            }
            guard let result = Unicode.Scalar(value) else {
                throw SyntaxError(
                    message: "a lone surrogate \\u\(String(value, radix: 16, uppercase: true)) matches no scalar", offset: start)
            }
            return result
        }

        /// Exactly `count` hex digits, consumed; nil (nothing consumed) when there are fewer.
        mutating func parseHex(count: Int) -> UInt32? {
            var value: UInt32 = 0
            for ahead in 0..<count {
                guard let scalar = lookahead(ahead), let digit = Self.hexValue(scalar) else { return nil }
                value = value * 16 + digit
            }
            position += count
            return value
        }

        static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
            switch scalar {
            case "0"..."9": scalar.value - 48
            case "a"..."f": scalar.value - 87
            case "A"..."F": scalar.value - 55
            default: nil
            }
        }
    }
}
