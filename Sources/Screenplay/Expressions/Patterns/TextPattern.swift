/// A regular expression that runs in linear time: patterns come from the server and from documents
/// and run on phones and servers against what users type, so no pattern may take exponential time
/// (the "catastrophic backtracking" of `(a+)+$`). Swift's `Regex` and `NSRegularExpression`
/// backtrack; this one compiles the pattern to a Thompson automaton and runs every possible path at
/// once, one step per input scalar, in at most about 2 × program size × input length steps. A
/// pattern that would compile to more than ``Limits/maxProgramSize`` instructions is refused, and so
/// is input longer than ``Limits/maxInputLength``.
///
/// ```swift
/// let card = try TextPattern("^[0-9]{4}( ?[0-9]{4}){3}$")
/// card.matchesWhole("4111 1111 1111 1111")  // true
/// card.matchesWhole("4111-1111-1111-1111")  // false
///
/// let digit = try TextPattern("\\d")
/// digit.search(in: "flat 4B")               // true: a match anywhere
/// digit.matchesWhole("flat 4B")             // false: not the whole text
///
/// try TextPattern("(\\w+)\\1")               // throws: backreferences are not supported (offset 5)
/// ```
///
/// The syntax is a practical subset of ECMAScript's (and ICU's), enough for validators of card
/// numbers, emails, phone numbers, dates and postcodes:
/// - literals, and `.` (any scalar but a line terminator: `\n`, `\r`, U+2028, U+2029);
/// - escapes `\d \D \w \W \s \S` (ASCII digits, ASCII word characters `[A-Za-z0-9_]`, ECMAScript's
///   white space), `\t \n \r \f \v \0`, `\uXXXX` (a surrogate pair of two is one scalar),
///   `\u{X…}`, `\xHH`, and a backslash before any character that is not a letter or a digit
///   (`\. \- \/ \\ \( \{ \$` …);
/// - `]` and `}` outside a class are themselves (a `{` must start a quantifier);
/// - classes `[abc]`, `[^a-z0-9_]`, `[\d\s]`, with ranges; `-` first or last is itself, `[\b]` is
///   U+0008;
/// - anchors `^` and `$` (the start and the end of the whole text: there is no multiline mode) and
///   the word boundaries `\b` and `\B`;
/// - groups `( )`, `(?: )` and `(?<name> )` (nothing is captured: a pattern answers match or no match);
/// - alternation `|`;
/// - quantifiers `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` (n and m at most 1000), each also lazy
///   (`*?`, `{2,3}?`), which answers the same as greedy here.
///
/// Refused with a ``SyntaxError`` that says where: backreferences (`\1`, `\k<name>`), lookaround
/// (`(?=`, `(?!`, `(?<=`, `(?<!`), atomic groups `(?>` and possessive quantifiers (`a*+`), inline
/// flags (`(?i)`), unbalanced parentheses and brackets, the empty class `[]`, ranges backwards
/// (`[z-a]`) or between classes (`[\d-z]`), a quantifier with nothing to repeat (`*a`, `a**`, `^*`),
/// a `{` that starts no quantifier, `{m,n}` with m > n or either above 1000, escapes of letters and
/// digits not listed above (`\q`, `\p{L}`, `\cJ`), groups nested deeper than 100, and patterns
/// longer than ``Limits/maxPatternLength`` or whose program is larger than ``Limits/maxProgramSize``
/// once counted repetition is written out (`(a{1000}){1000}`).
///
/// Matching is on Unicode scalars, as the text holds them (no normalization, no case folding): `.`
/// matches one scalar, so `é` written as `e` and a combining accent is two. Offsets in errors count
/// scalars of the pattern from 0.
public struct TextPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// The limits it was compiled with and that bound the text it tests.
    public let limits: Limits
    let program: Program

    /// Compiles `pattern`, or throws a ``SyntaxError`` with the offset (in Unicode scalars) of what
    /// is refused.
    ///
    /// ```swift
    /// let date = try TextPattern("^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$")
    /// ```
    public init(_ pattern: String, limits: Limits = .default) throws(SyntaxError) {
        let scalars = Array(pattern.unicodeScalars)
        guard scalars.count <= limits.maxPatternLength else {
            throw SyntaxError(
                message: "the pattern is longer than \(limits.maxPatternLength) characters", offset: limits.maxPatternLength)
        }
        var parser = Parser(scalars: scalars)
        let tree = try parser.parse()
        self.pattern = pattern
        self.limits = limits
        self.program = try Program(compiling: tree, maxSize: limits.maxProgramSize)
    }

    /// Whether the pattern matches anywhere in `text` (what DivKit's `testRegex` and JavaScript's
    /// `RegExp.test` answer); false when `text` is longer than ``Limits/maxInputLength``.
    ///
    /// ```swift
    /// try TextPattern("[0-9]+").search(in: "order 66")  // true
    /// ```
    public func search(in text: String) -> Bool {
        evaluate(text, as: .search) == .match
    }

    /// Whether the pattern matches the whole of `text` (what an input validator asks), as if it
    /// were written `^(?:pattern)$`; false when `text` is longer than ``Limits/maxInputLength``.
    ///
    /// ```swift
    /// try TextPattern("[0-9]+").matchesWhole("66")        // true
    /// try TextPattern("[0-9]+").matchesWhole("order 66")  // false
    /// ```
    public func matchesWhole(_ text: String) -> Bool {
        evaluate(text, as: .whole) == .match
    }

    /// The answer for `text`, telling a text too long to test from one that does not match.
    ///
    /// ```swift
    /// try TextPattern("a+").evaluate(String(repeating: "a", count: 20_000), as: .whole)  // .inputTooLong
    /// ```
    public func evaluate(_ text: String, as mode: Mode) -> Outcome {
        run(text, as: mode).outcome
    }

    /// How a pattern is applied to a text.
    public enum Mode: Sendable, Hashable {
        /// A match anywhere in the text.
        case search
        /// A match of the whole text.
        case whole
    }

    /// What testing a text gives.
    public enum Outcome: Sendable, Hashable {
        case match
        case noMatch
        /// The text has more than ``Limits/maxInputLength`` Unicode scalars and was not tested.
        case inputTooLong
    }

    /// The bounds on a pattern, its compiled program and the texts it tests.
    ///
    /// ```swift
    /// let short = TextPattern.Limits(maxInputLength: 256)
    /// let postcode = try TextPattern("^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$", limits: short)
    /// ```
    public struct Limits: Sendable, Hashable {
        /// The longest pattern, in Unicode scalars.
        public var maxPatternLength: Int
        /// The most instructions a pattern compiles to, counted repetition written out
        /// (`a{3}` is three instructions, `(ab){1,3}` eight). A test takes at most about
        /// 2 × this × the text's length steps.
        public var maxProgramSize: Int
        /// The longest text tested, in Unicode scalars; a longer one does not match
        /// (``Outcome/inputTooLong``).
        public var maxInputLength: Int

        /// 1,000 pattern scalars, 10,000 instructions, 10,000 input scalars.
        public static let `default` = Limits()

        public init(maxPatternLength: Int = 1_000, maxProgramSize: Int = 10_000, maxInputLength: Int = 10_000) {
            self.maxPatternLength = maxPatternLength
            self.maxProgramSize = maxProgramSize
            self.maxInputLength = maxInputLength
        }
    }

    /// Why a pattern is refused, and where: `offset` counts the pattern's Unicode scalars from 0.
    ///
    /// ```swift
    /// do { _ = try TextPattern("a(?=b)") } catch { print(error) }
    /// // offset 1: lookaround (?= (?! (?<= (?<! is not supported
    /// ```
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        public let message: String
        public let offset: Int

        public init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }

        public var description: String { "offset \(offset): \(message)" }
    }

    public var description: String { pattern }

    public static func == (lhs: TextPattern, rhs: TextPattern) -> Bool {
        lhs.pattern == rhs.pattern && lhs.limits == rhs.limits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(limits)
    }

    /// The answer and the number of steps the machine took (each instruction visited and each
    /// scalar tested against a thread), for the tests that hold the linear bound.
    func run(_ text: String, as mode: Mode) -> (outcome: Outcome, steps: Int) {
        var input: [Unicode.Scalar] = []
        input.reserveCapacity(min(text.utf8.count, limits.maxInputLength))
        for scalar in text.unicodeScalars {
            if input.count == limits.maxInputLength { return (.inputTooLong, 0) }
            input.append(scalar)
        }
        var steps = 0
        let matched = program.run(input, anchored: mode == .whole, steps: &steps)
        return (matched ? .match : .noMatch, steps)
    }

    /// The most steps `run(_:as:)` may take on a text of `length` scalars.
    func stepBound(length: Int) -> Int {
        2 * program.instructions.count * (length + 1)
    }

    /// A fuzzer's entry (libFuzzer's bytes, as `Fuzz/` builds it with the module's sources): the
    /// bytes up to the first 0 are the pattern, those after it the text. It traps when a test takes
    /// more steps than the linear bound, or a whole match is not found by a search.
    static func fuzz(_ bytes: [UInt8]) {
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        let source = String(decoding: bytes[..<end], as: UTF8.self)
        let text = end < bytes.count ? String(decoding: bytes[(end + 1)...], as: UTF8.self) : ""
        guard let pattern = try? TextPattern(source) else { return }
        let length = text.unicodeScalars.count
        let search = pattern.run(text, as: .search)
        let whole = pattern.run(text, as: .whole)
        precondition(search.steps <= pattern.stepBound(length: length), "\(source): \(search.steps) steps searching")
        precondition(whole.steps <= pattern.stepBound(length: length), "\(source): \(whole.steps) steps matching whole")
        precondition(whole.outcome != .match || search.outcome == .match, "\(source): a whole match that search missed")
    }
}
