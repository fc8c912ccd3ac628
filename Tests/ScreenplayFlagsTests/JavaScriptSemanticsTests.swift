import Screenplay
import Testing

@testable import ScreenplayFlags

/// The JavaScript conversions GrowthBook's conditions and hashes rely on, against what V8 answers,
/// and `$regexi`'s case closing.
@Suite struct JavaScriptSemanticsTests {
    @Test func numbersAreWrittenAsJavaScriptWritesThem() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-42, "-42"), (1.5, "1.5"), (0.1, "0.1"), (1e21, "1e+21"), (1.5e21, "1.5e+21"),
            (123_456_789_012_345_683_968, "123456789012345680000"), (1e-7, "1e-7"), (1.5e-7, "1.5e-7"), (0.000001, "0.000001"),
            (0.0015, "0.0015"), (1 / 3, "0.3333333333333333"), (9_007_199_254_740_994, "9007199254740994"),
            (.leastNonzeroMagnitude, "5e-324"),
            (.infinity, "Infinity"), (-.infinity, "-Infinity"), (.nan, "NaN"),
        ]
        for (number, text) in cases {
            #expect(JavaScript.numberString(number) == text, "\(number)")
        }
    }

    @Test func textIsReadAsJavaScriptsNumberReadsIt() {
        let cases: [(String, Double?)] = [
            ("", 0), ("  12 ", 12), ("\u{A0}7\n", 7), ("+5", 5), ("-5.5", -5.5), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("1E-2", 0.01),
            ("0x1f", 31), ("0b101", 5), ("0o17", 15), ("Infinity", .infinity), ("-Infinity", -.infinity), ("1e0000000000000003", 1000),
            ("abc", nil), ("1,5", nil), ("0x", nil), ("-0x5", nil), ("1e", nil), ("infinity", nil), ("1_000", nil), (".", nil),
        ]
        for (text, number) in cases {
            let read = JavaScript.stringToNumber(text)
            if let number { #expect(read == number, "\(text)") } else { #expect(read.isNaN, "\(text)") }
        }
    }

    @Test func comparisonsFollowJavaScript() {
        #expect(JavaScript.compare(.null, .less, 10))
        #expect(!JavaScript.compare(.null, .greater, 0))
        #expect(JavaScript.compare("8", .greater, 5))
        #expect(JavaScript.compare("10", .less, "9"), "two texts compare as text")
        #expect(!JavaScript.compare("x", .greaterOrEqual, 1) && !JavaScript.compare("x", .lessOrEqual, 1), "NaN: both false")
        #expect(JavaScript.compare([5], .greater, 4))
        #expect(JavaScript.compare("\u{FF5E}", .greater, "\u{1F600}"), "by UTF-16 code units, not scalars")
        #expect(JavaScript.string(["a", .null, [1, 2]]) == "a,,1,2")
        #expect(JavaScript.string(["k": 1]) == "[object Object]")
        #expect(!JavaScript.strictEquals("é", "e\u{301}"), "no canonical equivalence")
        #expect(JavaScript.stringify(["b": [1, "x\n"], "a": .null]) == #"{"a":null,"b":[1,"x\n"]}"#)
    }

    /// Padded versions against GrowthBook's regular expressions as V8 runs them (`(^v|\+.*$)`
    /// removed, split at `.` and `-`): a build suffix is only what no line break follows.
    @Test func versionsArePaddedAsGrowthBooksRegularExpressionsPadThem() {
        let cases: [(String, String)] = [
            ("v1.2.3+b\nx+y", "    1-    2-3+b\nx-~"), ("1.2\u{2028}+x", "    1-2\u{2028}"), ("", "    0"), ("v", ""), ("+", ""),
            ("1..2", "    1--    2-~"), ("-1", "-    1"), ("1.2.3-", "    1-    2-    3-"), ("12345.123456", "12345-123456"),
            ("ü.1.2", "ü-    1-    2-~"), ("v+1", ""), ("1.2.3+4+5", "    1-    2-    3-~"), ("vv1", "v1"), ("1\r2+3", "1\r2"),
        ]
        for (version, padded) in cases {
            #expect(FlagVersion.padded(version) == padded, "\(version)")
        }
        #expect(FlagVersion.padded(JSONValue.number(4.2)) == "    4-    2")
        #expect(FlagVersion.padded(JSONValue.bool(true)) == "    0")
    }

    @Test func caseInsensitivePatternsCloseLettersAndClasses() throws {
        let limits = FlagLimits.default.pattern
        let word = try FlagPattern.compile("^ab[c-e]$", ignoringCase: true, limits: limits)
        #expect(word.search(in: "AbD") && word.search(in: "abe") && !word.search(in: "abf"))
        let negated = try FlagPattern.compile("^[^x]$", ignoringCase: true, limits: limits)
        #expect(!negated.search(in: "X") && negated.search(in: "y"))
        let escapes = try FlagPattern.compile(#"^\w\d\u0041\x62$"#, ignoringCase: true, limits: limits)
        #expect(escapes.search(in: "q1ab") && escapes.search(in: "Q1AB"))
        let named = try FlagPattern.compile("(?<Name>a){2}", ignoringCase: true, limits: limits)
        #expect(named.search(in: "xAa"))
        #expect(try FlagPattern.compile("é", ignoringCase: true, limits: limits).search(in: "É"))
        #expect(try !FlagPattern.compile("s", ignoringCase: true, limits: limits).search(in: "\u{17F}"), "ſ is not s in JavaScript")
        #expect(try !FlagPattern.compile("abc", ignoringCase: false, limits: limits).search(in: "ABC"))
        #expect(throws: TextPattern.SyntaxError.self) { try FlagPattern.compile("(?i)a", ignoringCase: true, limits: limits) }
    }
}
