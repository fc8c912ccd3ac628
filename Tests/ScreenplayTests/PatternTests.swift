import Testing

@testable import Screenplay

/// `TextPattern`: the answers of a practical regular-expression subset, what it refuses and
/// where, and the linear bound on the work a test takes, counted in machine steps.
@Suite struct PatternTests {
    /// (pattern, input, a match anywhere, a match of the whole), checked by hand (and against
    /// Python's `re` with `re.ASCII`, `re.search` and `re.fullmatch`).
    static let cases: [(String, String, Bool, Bool)] = [
        // Literals, concatenation, the empty pattern.
        ("abc", "abc", true, true),
        ("abc", "xabcx", true, false),
        ("abc", "ab", false, false),
        ("", "", true, true),
        ("", "a", true, false),
        ("a", "", false, false),
        // The dot: any scalar but a line terminator.
        ("a.c", "abc", true, true),
        ("a.c", "a\nc", false, false),
        ("a.c", "a€c", true, true),
        ("...", "ab", false, false),
        // Escapes.
        ("\\d+", "abc123", true, false),
        ("\\d+", "123", true, true),
        ("\\D", "123", false, false),
        ("\\w+", "hello_42", true, true),
        ("\\W", "hello_42", false, false),
        ("\\W", "a-b", true, false),
        ("a\\sb", "a b", true, true),
        ("a\\sb", "a\tb", true, true),
        ("\\S+", "   ", false, false),
        ("a\\.b", "a.b", true, true),
        ("a\\.b", "axb", false, false),
        ("\\t\\n\\r", "\t\n\r", true, true),
        ("\\\\", "\\", true, true),
        ("\\/\\-\\(\\)\\[\\]\\{\\}\\*\\+\\?\\|\\^\\$", "/-()[]{}*+?|^$", true, true),
        ("\\u00e9", "é", true, true),
        ("\\x41", "A", true, true),
        ("a]}", "a]}", true, true),
        // Classes and ranges.
        ("[abc]", "b", true, true),
        ("[abc]", "d", false, false),
        ("[^a-z0-9_]", "a", false, false),
        ("[^a-z0-9_]", "A", true, true),
        ("[\\d\\s]+", "1 2 3", true, true),
        ("[a-]", "-", true, true),
        ("[-a]", "-", true, true),
        ("[a\\-z]", "b", false, false),
        ("[a\\-z]", "-", true, true),
        ("[.]", "x", false, false),
        ("[.]", ".", true, true),
        ("[^\\D]", "7", true, true),
        ("[A-Fa-f0-9]{2}", "3E", true, true),
        // Anchors and boundaries.
        ("^abc", "abcd", true, false),
        ("^abc", "xabc", false, false),
        ("abc$", "xabc", true, false),
        ("abc$", "abcx", false, false),
        ("^$", "", true, true),
        ("^$", "a", false, false),
        ("a^b", "ab", false, false),
        ("\\bcat\\b", "a cat sat", true, false),
        ("\\bcat\\b", "concat", false, false),
        ("\\Bcat", "concat", true, false),
        ("\\Bcat", "cat", false, false),
        ("\\b", "", false, false),
        // Groups and alternation.
        ("(ab)+", "ababab", true, true),
        ("(?:ab)+", "aba", true, false),
        ("(?<year>\\d{4})", "2024", true, true),
        ("cat|dog", "hotdog", true, false),
        ("cat|dog", "dog", true, true),
        ("^(cat|dog)$", "cats", false, false),
        ("a(b|c|)d", "ad", true, true),
        ("a(b|c|)d", "acd", true, true),
        ("a(b|c|)d", "aed", false, false),
        ("(a|ab)(c|bcd)", "abcd", true, true),
        ("|a", "b", true, false),
        // Quantifiers.
        ("a*", "", true, true),
        ("a*", "bbb", true, false),
        ("ba*", "baaa", true, true),
        ("a+", "", false, false),
        ("colou?r", "color", true, true),
        ("colou?r", "colour", true, true),
        ("colou?r", "colouur", false, false),
        ("a{3}", "aa", false, false),
        ("a{3}", "aaa", true, true),
        ("a{3}", "aaaa", true, false),
        ("a{2,}", "aaaaa", true, true),
        ("a{2,}", "a", false, false),
        ("a{2,3}", "aaaa", true, false),
        ("a{2,3}", "aaa", true, true),
        ("a{0}b", "b", true, true),
        ("a{0,1}b", "ab", true, true),
        ("a*?b", "aaab", true, true),
        ("a+?", "aaa", true, true),
        ("a{2,3}?", "aaa", true, true),
        ("(a*)*", "aaa", true, true),
        ("(a*)+b", "aab", true, true),
        ("(a|b*)*c", "abbac", true, true),
        ("(\\b)*x", "x", true, true),
        ("x*y*z*", "zzz", true, true),
        // Unicode scalars.
        ("é+", "ééé", true, true),
        ("^.$", "😀", true, true),
        ("[😀-😂]", "😁", true, true),
        ("\\ud83d\\ude00", "😀", true, true),
        ("\\u{1F600}", "😀", true, true),
        ("^.$", "e\u{301}", false, false),
        // Validators.
        ("^[0-9]{4}( ?[0-9]{4}){3}$", "4111 1111 1111 1111", true, true),
        ("^[0-9]{4}( ?[0-9]{4}){3}$", "4111111111111111", true, true),
        ("^[0-9]{4}( ?[0-9]{4}){3}$", "4111 1111 1111 111", false, false),
        ("^[0-9]{4}( ?[0-9]{4}){3}$", "4111  1111 1111 1111", false, false),
        ("^[0-9]{4}( ?[0-9]{4}){3}$", "4111-1111-1111-1111", false, false),
        ("^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+$", "jane.doe+news@mail.example.com", true, true),
        ("^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+$", "jane@localhost", false, false),
        ("^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+$", "jane@@example.com", false, false),
        ("^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+$", "jane doe@example.com", false, false),
        ("^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$", "2024-02-29", true, true),
        ("^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$", "2024-13-01", false, false),
        ("^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$", "2024-12-32", false, false),
        ("\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])", "due 2024-12-31.", true, false),
        ("^\\+?[0-9]{1,3}[ -]?\\(?[0-9]{3}\\)?[ -]?[0-9]{3}[ -]?[0-9]{4}$", "+1 (555) 123-4567", true, true),
        ("^\\+?[0-9]{1,3}[ -]?\\(?[0-9]{3}\\)?[ -]?[0-9]{3}[ -]?[0-9]{4}$", "+44 20 7946 0958", false, false),
        ("^\\+?[0-9]{1,3}[ -]?\\(?[0-9]{3}\\)?[ -]?[0-9]{3}[ -]?[0-9]{4}$", "15551234567", true, true),
        ("^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$", "SW1A 1AA", true, true),
        ("^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$", "sw1a 1aa", false, false),
        ("^\\d{5}(-\\d{4})?$", "12345-6789", true, true),
        ("^\\d{5}(-\\d{4})?$", "12345-678", false, false),
    ]

    @Test func answersTheTableOfCases() throws {
        #expect(Self.cases.count >= 60)
        for (source, input, search, whole) in Self.cases {
            let pattern = try TextPattern(source)
            #expect(pattern.search(in: input) == search, "search \(source) in \(input.debugDescription)")
            #expect(pattern.matchesWhole(input) == whole, "whole \(source) on \(input.debugDescription)")
        }
    }

    @Test func validatesCardNumbersAsTheDocumentationSays() throws {
        let card = try TextPattern("^[0-9]{4}( ?[0-9]{4}){3}$")
        #expect(card.matchesWhole("4111 1111 1111 1111"))
        #expect(!card.matchesWhole("4111-1111-1111-1111"))
        let digit = try TextPattern("\\d")
        #expect(digit.search(in: "flat 4B"))
        #expect(!digit.matchesWhole("flat 4B"))
        #expect(card.description == "^[0-9]{4}( ?[0-9]{4}){3}$")
        #expect(try TextPattern("a+") == TextPattern("a+"))
        #expect(try TextPattern("a+") != TextPattern("a+", limits: .init(maxInputLength: 5)))
    }

    /// Each refused construct, with the offset (in scalars) the error names.
    static let refusals: [(String, Int)] = [
        ("(\\w+)\\1", 5),
        ("a\\k<x>", 1),
        ("a(?=b)", 1),
        ("a(?!b)", 1),
        ("(?<=a)b", 0),
        ("(?<!a)b", 0),
        ("(?>a)", 0),
        ("(?i)a", 0),
        ("(?<1x>a)", 0),
        ("a*+", 2),
        ("a{2}+", 4),
        ("(ab", 0),
        ("a(b(c)", 1),
        ("ab)", 2),
        ("[abc", 0),
        ("x[^a", 1),
        ("[]", 0),
        ("[^]", 0),
        ("[z-a]", 1),
        ("[\\d-z]", 1),
        ("*a", 0),
        ("a|+", 2),
        ("(?:?)", 3),
        ("a**", 2),
        ("a?*", 2),
        ("a*??", 3),
        ("^*", 1),
        ("\\b+", 2),
        ("{2}", 0),
        ("a{", 1),
        ("a{x}", 1),
        ("a{,3}", 1),
        ("a{2,1}", 1),
        ("a{1001}", 1),
        ("a{1,5000}", 1),
        ("\\q", 0),
        ("ab\\p{L}", 2),
        ("\\cJ", 0),
        ("\\01", 0),
        ("a\\", 1),
        ("\\u12", 0),
        ("\\ud800", 0),
        ("\\u{110000}", 0),
        ("\\xZ", 0),
        ("[\\B]", 1),
        ("(a{1000}){1000}", 9),
        ("x(?:a{100}){100}y", 11),
        (String(repeating: "(", count: 101) + String(repeating: ")", count: 101), 100),
        (String(repeating: "a", count: 1_001), 1_000),
    ]

    @Test func refusesWhatItDoesNotSupportAndSaysWhere() {
        for (source, offset) in Self.refusals {
            do {
                let pattern = try TextPattern(source)
                Issue.record("\(source) compiled to \(pattern.program.instructions.count) instructions")
            } catch {
                #expect(error.offset == offset, "\(source): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test func boundsThePatternAndTheProgramAsTheLimitsSay() throws {
        #expect(throws: TextPattern.SyntaxError.self) { try TextPattern("a{11}", limits: .init(maxProgramSize: 10)) }
        #expect(try TextPattern("a{9}", limits: .init(maxProgramSize: 10)).matchesWhole("aaaaaaaaa"))
        #expect(throws: TextPattern.SyntaxError.self) { try TextPattern("abc", limits: .init(maxPatternLength: 2)) }
        // The largest counts are allowed when the program stays in bounds.
        let thousand = try TextPattern("a{1000}")
        #expect(thousand.matchesWhole(String(repeating: "a", count: 1_000)))
        #expect(!thousand.matchesWhole(String(repeating: "a", count: 999)))
    }

    @Test func refusesInputLongerThanTheLimit() throws {
        let pattern = try TextPattern("a+", limits: .init(maxInputLength: 5))
        #expect(pattern.evaluate("aaaaa", as: .whole) == .match)
        #expect(pattern.evaluate("aaaaaa", as: .whole) == .inputTooLong)
        #expect(!pattern.search(in: "aaaaaa"))
        #expect(pattern.evaluate("bbbbb", as: .search) == .noMatch)
        #expect(try TextPattern("a").evaluate(String(repeating: "b", count: 10_001), as: .search) == .inputTooLong)
    }

    /// The classic patterns that take a backtracking engine exponential time finish here, with the
    /// right answer, in steps linear in the program and the text.
    static let catastrophes: [(String, String, Bool, Bool)] = [
        ("(a+)+$", String(repeating: "a", count: 9_999) + "b", false, false),
        ("(a+)+$", String(repeating: "a", count: 10_000), true, true),
        ("^(a+)+$", String(repeating: "a", count: 9_999) + "b", false, false),
        ("(a|aa)*b", String(repeating: "a", count: 10_000), false, false),
        ("(a|aa)*b", String(repeating: "a", count: 9_999) + "b", true, true),
        ("(.*a){20}", String(repeating: "a", count: 10_000), true, true),
        ("(.*a){20}", String(repeating: "b", count: 10_000), false, false),
        ("^(\\w+\\s?)*$", String(repeating: "word ", count: 1_999) + "!", false, false),
        ("(x+x+)+y", String(repeating: "x", count: 10_000), false, false),
        ("(a*)*b", String(repeating: "a", count: 10_000), false, false),
    ]

    @Test func catastrophicPatternsRunInLinearSteps() throws {
        for (source, input, search, whole) in Self.catastrophes {
            try Self.expectLinear(source, input, search: search, whole: whole)
        }
    }

    static func expectLinear(_ source: String, _ input: String, search: Bool, whole: Bool) throws {
        let pattern = try TextPattern(source)
        let length = input.unicodeScalars.count
        let size = pattern.program.instructions.count
        for (mode, expected) in [(TextPattern.Mode.search, search), (.whole, whole)] {
            let (outcome, steps) = pattern.run(input, as: mode)
            #expect(outcome == (expected ? .match : .noMatch), "\(source) \(mode)")
            #expect(steps <= 2 * size * (length + 1), "\(source) \(mode): \(steps) steps, program \(size), input \(length)")
            #expect(steps <= pattern.stepBound(length: length))
        }
    }

    @Test func theFuzzEntryTakesAnyBytes() {
        TextPattern.fuzz(Array("(a|aa)*b\0aaaaaaaaaaaaaaaab".utf8))
        TextPattern.fuzz(Array("(?=x".utf8))
        TextPattern.fuzz([0xFF, 0xFE, 0, 0xC3])
        TextPattern.fuzz([])
    }
}
