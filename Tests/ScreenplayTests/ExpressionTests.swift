import Screenplay
import Testing

private func evaluate(_ property: String, _ variables: [String: ExpressionValue] = [:], limits: EvaluationLimits = .default)
    throws(ExpressionError) -> ExpressionValue
{
    try ExpressionEvaluator(limits: limits, now: { 86_400_000 }).evaluate(property: property, variables: variables)
}

private func message(_ property: String, _ variables: [String: ExpressionValue] = [:], limits: EvaluationLimits = .default) -> String? {
    do {
        let value = try evaluate(property, variables, limits: limits)
        Issue.record("\(property) gave \(value), expected an error")
        return nil
    } catch {
        return error.message
    }
}

private func bare(_ expression: String) throws -> String {
    try ExpressionParser.parse(expression: expression).description
}

@Suite struct ExpressionParserTests {
    @Test func precedenceFollowsDivKitsTable() throws {
        // Re-printed without parentheses the tree is invisible, so check shapes through evaluation and kinds.
        let sum = try ExpressionParser.parse(expression: "1 + 2 * 3")
        guard case .binary(.add, _, let right) = sum.kind, case .binary(.multiply, _, _) = right.kind else {
            Issue.record("\(sum)")
            return
        }
        #expect(try evaluate("@{4 / 1 / 4}") == .integer(1))
        #expect(try evaluate("@{1 + 1 + 2}") == .integer(4))
        #expect(try evaluate("@{10 - 2 - 3}") == .integer(5))
        #expect(try evaluate("@{true ? 0 : true ? 1 : 2}") == .integer(0))
        #expect(try evaluate("@{true ? false ? 1 : 2 : 0}") == .integer(2))
        #expect(try evaluate("@{1 < 2 == 3 < 4}") == .boolean(true))
        #expect(try evaluate("@{true || false && false}") == .boolean(true))
        #expect(try evaluate("@{!false && true}") == .boolean(true))
        #expect(try evaluate("@{-2 * 3}") == .integer(-6))
        // `!:` sits between additive and comparison.
        #expect(try evaluate("@{undefined_var !: 8 + 4 * 2}") == .integer(16))
        #expect(try evaluate("@{int_var !: 8 + 4 > 2}", ["int_var": .integer(1)]) == .boolean(false))
        #expect(try evaluate("@{string_var !: 'fallback' == 'fallback'}", ["string_var": .string("defined")]) == .boolean(false))
        #expect(message("@{true ? undefined_var : 'else' !: 'fallback'}") == "Variable 'undefined_var' is missing.")
        // Methods bind tighter than prefixes.
        #expect(message("@{!false.toString()}") == "Failed to evaluate [!'false']. A Boolean is expected after a unary not.")
    }

    @Test func nodesKeepTheirSourceRanges() throws {
        let node = try ExpressionParser.parse(property: "@{a + f(1, 'x')}")
        #expect(node.range == 2..<15)
        guard case .binary(.add, let left, let right) = node.kind else {
            Issue.record("\(node)")
            return
        }
        #expect(left.range == 2..<3)
        #expect(right.range == 6..<15)
        #expect(node.description == "a + f(1, 'x')")
    }

    @Test func literals() throws {
        #expect(try evaluate("@{9223372036854775807}") == .integer(.max))
        #expect(try evaluate("@{-9223372036854775808}") == .integer(.min))
        #expect(message("@{9223372036854775808}") == "Value 9223372036854775808 can't be converted to Integer type.")
        #expect(message("@{-(9223372036854775808)}") == "Value 9223372036854775808 can't be converted to Integer type.")
        #expect(try evaluate("@{11e2}") == .number(1100))
        #expect(try evaluate("@{.5}") == .number(0.5))
        #expect(try evaluate("@{+.5}") == .number(0.5))
        #expect(try evaluate("@{1100e-2}") == .number(11))
        #expect(try evaluate("@{.09e2}") == .number(9))
        #expect(try evaluate("@{true}") == .boolean(true))
        #expect(try evaluate("@{'abc'}") == .string("abc"))
        #expect(throws: ExpressionError.self) { try evaluate("@{2_147}") }
        #expect(throws: ExpressionError.self) { try evaluate("@{2147.0_0093}") }
    }

    @Test func variableNamesTakeDots() throws {
        let variables: [String: ExpressionValue] = [
            "var.1": .integer(1), "string.var": .string("s"), "var.": .integer(2), "true": .integer(3),
        ]
        #expect(try evaluate("@{var.1 + var.}", variables) == .integer(3))
        #expect(try evaluate("@{string.var.toString()}", variables) == .string("s"))
        #expect(try evaluate("@{true}", variables) == .boolean(true))
        #expect(try evaluate("@{123.toString()}") == .string("123"))
        #expect(try evaluate("@{123.45.toString()}") == .string("123.45"))
        #expect(try evaluate("@{(2 + 3).toString()}") == .string("5"))
        #expect(try evaluate("@{toString (123).toString()}") == .string("123"))
        #expect(message("@{'x'.toString}") == "Method expected after .")
        #expect(message("@{переменная}") == "Error tokenizing '@{переменная}'.")
    }

    @Test func templates() throws {
        #expect(try evaluate("You have @{5.0} dollars") == .string("You have 5.0 dollars"))
        #expect(try evaluate("This is a@{} string") == .string("This is a string"))
        #expect(try evaluate("@{}") == .string(""))
        #expect(try evaluate("") == .string(""))
        #expect(try evaluate("a@bc.de") == .string("a@bc.de"))
        #expect(try evaluate("Hello, 'World'!") == .string("Hello, 'World'!"))
        #expect(try evaluate("@{'var = @{'@{var}'}'}", ["var": .string("abcd")]) == .string("var = abcd"))
        #expect(try evaluate("@{5}") == .integer(5))
        #expect(try evaluate(" @{5}") == .string(" 5"))
        #expect(try evaluate("Timestamp starts at: @{parseUnixTime(0)}") == .string("Timestamp starts at: 1970-01-01 00:00:00"))
        #expect(
            try evaluate("Sky color is @{color}", ["color": .color(ExpressionColor(parsing: "#75bbfd")!)])
                == .string("Sky color is #FF75BBFD"))
    }

    @Test func escapes() throws {
        #expect(try evaluate(#"Hello, \@{World}!"#) == .string("Hello, @{World}!"))
        #expect(try evaluate(#"a\\b"#) == .string(#"a\b"#))
        #expect(try evaluate(#"@{'it\'s'}"#) == .string("it's"))
        #expect(try evaluate(#"@{'a\\b'}"#) == .string(#"a\b"#))
        #expect(message(#"a\nb"#) == "Incorrect string escape")
        #expect(message(#"a\@b"#) == "Incorrect string escape")
        #expect(message(#"abc\"#) == #"Error tokenizing 'abc\'."#)
        #expect(throws: ExpressionError.self) { try evaluate("@{'This's a string'}") }
    }

    @Test func syntaxErrorsSayWhatAndWhere() throws {
        do {
            _ = try ExpressionParser.parse(property: "@{ Hello there")
            Issue.record("parsed")
        } catch {
            #expect(error.message == "Error tokenizing '@{ Hello there'.")
            #expect(error.kind == .syntax)
            #expect(error.range.lowerBound == 0)
        }
        do {
            _ = try ExpressionParser.parse(expression: "1 + ")
            Issue.record("parsed")
        } catch {
            #expect(error.message == "Expression expected")
            #expect(error.range.lowerBound == 4)
        }
        for text in ["1 ^ 2", "1 & 2", "1 | 2", "a = 1", "\"a\"", "++123", "true ? 'value'", "@{@{1}}", "f(1,"] {
            #expect(throws: ExpressionError.self, "\(text)") { try ExpressionParser.parse(expression: text) }
        }
        #expect(try bare("- x") == "-x")
        #expect(try bare("a\t&&\nb\r||c") == "a && b || c")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(expression: deep) }
        let nots = String(repeating: "!", count: 100_000) + "true"
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(expression: nots) }
        let strings = String(repeating: "'@{", count: 10_000) + "1" + String(repeating: "}'", count: 10_000)
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(expression: strings) }
    }
}

@Suite struct ExpressionEvaluatorTests {
    @Test func integersNeverWrap() {
        #expect(
            message("@{5000000000000000000 + 6000000000000000000}")
                == "Failed to evaluate [5000000000000000000 + 6000000000000000000]. Integer overflow.")
        #expect(message("@{maxInteger() * 2}") == "Failed to evaluate [9223372036854775807 * 2]. Integer overflow.")
        #expect(message("@{-minInteger()}") == "Failed to evaluate [--9223372036854775808]. Integer overflow.")
        #expect(message("@{minInteger() / -1}") == "Failed to evaluate [-9223372036854775808 / -1]. Integer overflow.")
        #expect(message("@{abs(minInteger())}") == "Failed to evaluate [abs(-9223372036854775808)]. Integer overflow.")
    }

    @Test func divisionTruncatesAndModuloTakesTheDividendsSign() throws {
        #expect(try evaluate("@{3 / -2}") == .integer(-1))
        #expect(try evaluate("@{1 / 2}") == .integer(0))
        #expect(try evaluate("@{-3 % 2}") == .integer(-1))
        #expect(try evaluate("@{3 % -2}") == .integer(1))
        #expect(try evaluate("@{4.0 % 7.0}") == .number(4))
        #expect(try evaluate("@{minInteger() % -1}") == .integer(0))
        #expect(message("@{2 / 0}") == "Failed to evaluate [2 / 0]. Division by zero is not supported.")
        #expect(message("@{2 % 0}") == "Failed to evaluate [2 % 0]. Division by zero is not supported.")
        #expect(message("@{0.0 / 0.0}") == "Failed to evaluate [0.0 / 0.0]. Division by zero is not supported.")
    }

    @Test func integersPromoteToNumbersAndNothingElseConverts() throws {
        #expect(try evaluate("@{7 + 8.9}") == .number(15.9))
        #expect(try evaluate("@{1 + 1.0}") == .number(2))
        #expect(try evaluate("@{7 == 7.0}") == .boolean(true))
        #expect(try evaluate("@{7 < 7.2}") == .boolean(true))
        #expect(try evaluate("@{max(0, 1, 2, 3.5)}") == .number(3.5))
        #expect(try evaluate("@{'a' + 'b'}") == .string("ab"))
        #expect(
            message("@{'a' + 1}") == "Failed to evaluate ['a' + 1]. Operator '+' cannot be applied to different types: String and Integer.")
        #expect(message("@{'abc' - 'abc'}") == "Failed to evaluate ['abc' - 'abc']. Operator '-' cannot be applied to String type.")
        #expect(message("@{true + true}") == "Failed to evaluate [true + true]. Operator '+' cannot be applied to Boolean type.")
        #expect(message("@{+true}") == "Failed to evaluate [+true]. A Number is expected after a unary plus.")
        #expect(try evaluate("@{-x}", ["x": .number(2.5)]) == .number(-2.5))
    }

    @Test func equalityNeedsOneTypeAndComparisonNumbersOrDates() throws {
        #expect(
            message("@{'abc' == 7}")
                == "Failed to evaluate ['abc' == 7]. Operator '==' cannot be applied to different types: String and Integer.")
        #expect(
            message("@{'abc' < 7.0}")
                == "Failed to evaluate ['abc' < 7.0]. Operator '<' cannot be applied to different types: String and Number.")
        #expect(message("@{'a' < 'b'}") == "Failed to evaluate ['a' < 'b']. Operator '<' cannot be applied to String type.")
        #expect(try evaluate("@{toColor('#fce') == toColor('#FFFFCCEE')}") == .boolean(true))
        #expect(try evaluate("@{parseUnixTime(1) > parseUnixTime(0)}") == .boolean(true))
        #expect(try evaluate("@{'a' != 'b'}") == .boolean(true))
    }

    @Test func noTruthinessAndShortCircuit() throws {
        #expect(
            message("@{true && 7.0}")
                == "Failed to evaluate [true && 7.0]. Operator '&&' cannot be applied to different types: Boolean and Number.")
        #expect(
            message("@{false || 7.0}")
                == "Failed to evaluate [false || 7.0]. Operator '||' cannot be applied to different types: Boolean and Number.")
        #expect(throws: ExpressionError.self) { try evaluate("@{4 && 7}") }
        #expect(try evaluate("@{true || 7.0}") == .boolean(true))
        #expect(try evaluate("@{true || abc}") == .boolean(true))
        #expect(try evaluate("@{false && abc}") == .boolean(false))
        #expect(message("@{2 ? 1 : 0}") == "Failed to evaluate [2 ? 1 : 0]. Ternary must be called with a Boolean value as a condition.")
        #expect(try evaluate("@{3 < a + 1 ? 1 : 'some string'}", ["a": .integer(1)]) == .string("some string"))
    }

    @Test func fallbackCatchesAnyEvaluationError() throws {
        #expect(try evaluate("@{'infinity' / 0 !: 'fallback'}") == .string("fallback"))
        #expect(try evaluate("@{missing !: 1}") == .integer(1))
        #expect(try evaluate("@{1 !: missing}") == .integer(1))
        #expect(message("@{missing}") == "Variable 'missing' is missing.")
    }

    @Test func stringConversionFollowsDivKit() throws {
        let cases: [(ExpressionValue, String)] = [
            (.integer(-5), "-5"), (.number(5), "5.0"), (.number(-5), "-5.0"), (.number(3.1415), "3.1415"), (.number(1e23), "1.0E23"),
            (.number(3.1415e64), "3.1415E64"), (.number(1e7), "1.0E7"), (.number(9_999_999), "9999999.0"), (.number(0.001), "0.001"),
            (.number(1e-5), "1.0E-5"), (.number(123.45e-10), "1.2345E-8"), (.number(0.1 + 0.2), "0.30000000000000004"),
            (.boolean(true), "true"), (.color(ExpressionColor(parsing: "#dfce")!), "#DDFFCCEE"),
            (.url("https://ya.ru/?hello=1"), "https://ya.ru/?hello=1"),
            (.datetime(10_921_000), "1970-01-01 03:02:01"), (.array(["string", [123, 123.45, true]]), #"["string",[123,123.45,true]]"#),
            (
                .dict(["string": "value", "boolean": true, "dict": ["number": 123.45, "integer": 123]]),
                #"{"boolean":true,"dict":{"integer":123,"number":123.45},"string":"value"}"#
            ),
        ]
        for (value, text) in cases {
            #expect(value.text == text)
        }
        #expect(ExpressionColor(parsing: "#ffCCeE")?.description == "#FFFFCCEE")
        #expect(ExpressionColor(parsing: "#12345") == nil)
        #expect(ExpressionType.datetime.description == "DateTime")
        #expect(ExpressionType(rawValue: "url")?.description == "Url")
    }
}

@Suite struct ExpressionFunctionTests {
    @Test func overloadsAndArity() {
        #expect(
            message("@{toInteger(3)}")
                == "Failed to evaluate [toInteger(3)]. Function has no matching overload for given argument types: Integer.")
        #expect(message("@{sum()}") == "Failed to evaluate [sum()]. Function requires non empty argument list.")
        #expect(message("@{len()}") == "Failed to evaluate [len()]. Function requires non empty argument list.")
        #expect(message("@{contains('a')}") == "Failed to evaluate [contains('a')]. Exactly 2 argument(s) expected.")
        #expect(
            message("@{contains('a', 1)}")
                == "Failed to evaluate [contains('a', 1)]. Invalid argument type: expected String, String, got String, Integer.")
        #expect(message("@{nope(1)}") == "Failed to evaluate [nope(1)]. Unknown function name: nope.")
        #expect(message("@{'x'.getColorAlpha()}") == "Failed to evaluate [getColorAlpha()]. Unknown method name: getColorAlpha.")
    }

    @Test func strings() throws {
        #expect(try evaluate("@{len('аАб')}") == .integer(3))
        #expect(try evaluate("@{contains('abc', '')}") == .boolean(true))
        #expect(try evaluate("@{substring('012', 2, 2)}") == .string(""))
        #expect(message("@{substring('012', 2, 5)}") == "Failed to evaluate [substring('012', 2, 5)]. Indexes are out of bounds.")
        #expect(
            message("@{substring('012', 2, 1)}") == "Failed to evaluate [substring('012', 2, 1)]. Indexes should be in ascending order.")
        #expect(try evaluate("@{replaceAll('a.b.c', '.', '--')}") == .string("a--b--c"))
        #expect(try evaluate("@{replaceAll('abc', '', 'x')}") == .string("abc"))
        #expect(try evaluate("@{index('abcabc', 'c')}") == .integer(2))
        #expect(try evaluate("@{lastIndex('abcabc', 'c')}") == .integer(5))
        #expect(try evaluate("@{index('abc', 'x')}") == .integer(-1))
        #expect(try evaluate("@{index('abc', '')}") == .integer(0))
        #expect(try evaluate("@{trim('  a b  ')}") == .string("a b"))
        #expect(try evaluate("@{trimLeft('  a ')}") == .string("a "))
        #expect(try evaluate("@{trimRight('  a ')}") == .string("  a"))
        #expect(try evaluate("@{toUpperCase('аАбБвВ')}") == .string("ААББВВ"))
        #expect(try evaluate("@{toLowerCase('AbC')}") == .string("abc"))
        #expect(try evaluate("@{padStart('0', 4, '12')}") == .string("1210"))
        #expect(try evaluate("@{padEnd('0', 4, '12')}") == .string("0121"))
        #expect(try evaluate("@{padStart(12, 3, '0')}") == .string("012"))
        #expect(try evaluate("@{padStart('long', 2, '0')}") == .string("long"))
        var warnings: [String] = []
        let node = try ExpressionParser.parse(property: "@{padStart(12, 3, '')}")
        #expect(try ExpressionEvaluator().evaluate(node, variables: [String: ExpressionValue](), warnings: &warnings) == .string("12"))
        #expect(warnings == ["String for padding is empty."])
        #expect(try evaluate("@{testRegex('order-123', '[0-9]+')}") == .boolean(true))
        #expect(try evaluate("@{testRegex('abc', '^b')}") == .boolean(false))
        #expect(message("@{testRegex('abc', '(a')}") == "Failed to evaluate [testRegex('abc', '(a')]. Invalid regular expression.")
        // A catastrophic pattern for a backtracking engine answers at once.
        #expect(try evaluate("@{testRegex(padStart('', 5000, 'a') + 'b', '^(a+)+$')}") == .boolean(false))
        #expect(try evaluate("@{encodeUri('a b/ж')}") == .string("a%20b%2F%D0%B6"))
        #expect(try evaluate("@{decodeUri('a%20b%2F%D0%B6')}") == .string("a b/ж"))
    }

    @Test func conversions() throws {
        #expect(try evaluate("@{toInteger(-2.7182)}") == .integer(-2))
        #expect(try evaluate("@{toInteger('+1')}") == .integer(1))
        #expect(try evaluate("@{toInteger(true)}") == .integer(1))
        #expect(message("@{toInteger('3.1415')}") == "Failed to evaluate [toInteger('3.1415')]. Unable to convert value to Integer.")
        #expect(message("@{toInteger(1e20)}") == "Failed to evaluate [toInteger(1.0E20)]. Unable to convert value to Integer.")
        #expect(try evaluate("@{toNumber('.5')}") == .number(0.5))
        #expect(try evaluate("@{toNumber('-1e3')}") == .number(-1000))
        #expect(try evaluate("@{toNumber(3)}") == .number(3))
        for bad in ["3e2048", "", "abc", "inf", "0x10", "1e"] {
            #expect(message("@{toNumber('\(bad)')}") == "Failed to evaluate [toNumber('\(bad)')]. Unable to convert value to Number.")
        }
        #expect(
            message("@{toNumber(true)}")
                == "Failed to evaluate [toNumber(true)]. Function has no matching overload for given argument types: Boolean.")
        #expect(try evaluate("@{toBoolean('true')}") == .boolean(true))
        #expect(try evaluate("@{toBoolean(0)}") == .boolean(false))
        #expect(message("@{toBoolean(2)}") == "Failed to evaluate [toBoolean(2)]. Unable to convert value to Boolean.")
        #expect(try evaluate("@{toColor('#fce')}") == .color(ExpressionColor(argb: 0xFFFF_CCEE)))
        #expect(
            message("@{toColor('red')}")
                == "Failed to evaluate [toColor('red')]. Unable to convert value to Color, expected format #AARRGGBB.")
        #expect(try evaluate("@{toUrl('https://ya.ru')}") == .url("https://ya.ru"))
        #expect(try evaluate("@{toString(1e23)}") == .string("1.0E23"))
        #expect(try evaluate("@{toString(toColor('#fce'))}") == .string("#FFFFCCEE"))
    }

    @Test func math() throws {
        #expect(try evaluate("@{sum(1, 2, 3)}") == .integer(6))
        #expect(try evaluate("@{sum(1, 2.5)}") == .number(3.5))
        #expect(try evaluate("@{sub(10, 2, 3)}") == .integer(5))
        #expect(try evaluate("@{mul(2, 3, 4)}") == .integer(24))
        #expect(message("@{sum(maxInteger(), 1)}") == "Failed to evaluate [sum(9223372036854775807, 1)]. Integer overflow.")
        #expect(try evaluate("@{div(7, 2)}") == .integer(3))
        #expect(try evaluate("@{mod(-7, 2)}") == .integer(-1))
        #expect(message("@{div(1, 0)}") == "Failed to evaluate [div(1, 0)]. Division by zero is not supported.")
        #expect(try evaluate("@{max(3, 1, 2)}") == .integer(3))
        #expect(try evaluate("@{min(3.5, 1)}") == .number(1))
        #expect(try evaluate("@{abs(-3)}") == .integer(3))
        #expect(try evaluate("@{signum(-3.5)}") == .number(-1))
        #expect(try evaluate("@{copySign(3, -1)}") == .integer(-3))
        #expect(message("@{copySign(minInteger(), 1)}") == "Failed to evaluate [copySign(-9223372036854775808, 1)]. Integer overflow.")
        #expect(try evaluate("@{round(2.5)}") == .number(3))
        #expect(try evaluate("@{round(-2.5)}") == .number(-3))
        #expect(try evaluate("@{floor(2.7)}") == .number(2))
        #expect(try evaluate("@{ceil(2)}") == .number(2))
        #expect(try evaluate("@{minNumber()}") == .number(.leastNonzeroMagnitude))
        #expect(try evaluate("@{maxNumber()}") == .number(.greatestFiniteMagnitude))
    }

    @Test func colors() throws {
        #expect(try evaluate("@{argb(1.0, 0.5, 0.0, 1.0)}") == .color(ExpressionColor(argb: 0xFF80_00FF)))
        #expect(try evaluate("@{argb(1.0, 0.5, 0.0, 1)}") == .color(ExpressionColor(argb: 0xFF80_00FF)))
        #expect(try evaluate("@{rgb(1, 0, 0)}") == .color(ExpressionColor(argb: 0xFFFF_0000)))
        #expect(message("@{rgb(2, 0, 0)}") == "Failed to evaluate [rgb(2.0, 0.0, 0.0)]. Value out of range 0..1.")
        #expect(try evaluate("@{getColorRed('#FF0000')}") == .number(1))
        #expect(try evaluate("@{getColorAlpha(toColor('#00112233'))}") == .number(0))
        #expect(try evaluate("@{setColorGreen('#FF000000', 1.0)}") == .color(ExpressionColor(argb: 0xFF00_FF00)))
        #expect(try evaluate("@{alphaBlend(toColor('#FF000000'), toColor('#FFFFFFFF'))}") == .color(ExpressionColor(argb: 0xFFFF_FFFF)))
        #expect(try evaluate("@{alphaBlend(toColor('#FFFFFFFF'), toColor('#00000000'))}") == .color(ExpressionColor(argb: 0xFFFF_FFFF)))
    }

    @Test func dates() throws {
        #expect(try evaluate("@{parseUnixTime(10921)}") == .datetime(10_921_000))
        #expect(try evaluate("@{nowLocal()}") == .datetime(86_400_000))
        #expect(try evaluate("@{getDayOfWeek(parseUnixTime(0))}") == .integer(4))
        #expect(try evaluate("@{getYear(parseUnixTime(0))}") == .integer(1970))
        #expect(try evaluate("@{getMonth(parseUnixTime(0))}") == .integer(1))
        #expect(try evaluate("@{getMillis(addMillis(parseUnixTime(0), 1234))}") == .integer(234))
        #expect(try evaluate("@{setDay(setMonth(parseUnixTime(0), 2), -1)}") == .datetime(30 * 86_400_000))
        #expect(
            message("@{setMonth(parseUnixTime(0), 17)}")
                == "Failed to evaluate [setMonth(1970-01-01 00:00:00, 17)]. Expecting month in [1..12], instead got 17.")
        #expect(
            message("@{setDay(setMonth(parseUnixTime(0), 2), 29)}")
                == "Failed to evaluate [setDay(1970-02-01 00:00:00, 29)]. Unable to set day 29 for date 1970-02-01 00:00:00.")
        #expect(try evaluate("@{setYear(parseUnixTime(0), 2000)}").text == "2000-01-01 00:00:00")
        #expect(try evaluate("@{setHours(parseUnixTime(0), 23)}").text == "1970-01-01 23:00:00")
        #expect(try evaluate("@{formatDateAsUTC(parseUnixTime(0), 'EEE, MMM d, yy')}") == .string("Thu, Jan 1, 70"))
        #expect(
            try evaluate(#"@{formatDateAsUTC(addMillis(parseUnixTime(10921), 5), 'yyyy-MM-dd\'T\'HH:mm:ss.SSS')}"#)
                == .string("1970-01-01T03:02:01.005"))
        #expect(
            message("@{formatDateAsUTC(parseUnixTime(0), 'dd/MM/yyyy HH:mm Z')}")
                == "z/Z not supported in [dd/MM/yyyy HH:mm Z]")
        #expect(try evaluate("@{getIntervalSeconds(61000)}") == .integer(1))
        #expect(try evaluate("@{getIntervalTotalSeconds(61000)}") == .integer(61))
        #expect(try evaluate("@{getIntervalHours(90000000)}") == .integer(1))
        #expect(
            message("@{getIntervalTotalMinutes(-1)}")
                == "Failed to evaluate [getIntervalTotalMinutes(-1)]. Expecting non-negative number of milliseconds.")
        #expect(ExpressionValue.datetime(-1).text == "1969-12-31 23:59:59")
    }

    @Test func variables() throws {
        let variables: [String: ExpressionValue] = ["i": .integer(1), "n": .number(2), "c": .color(ExpressionColor(argb: 0xFF00_0000))]
        #expect(try evaluate("@{getIntegerValue('i', 0)}", variables) == .integer(1))
        #expect(try evaluate("@{getIntegerValue('n', 0)}", variables) == .integer(0))
        #expect(try evaluate("@{getNumberValue('i', 5)}", variables) == .number(5))
        #expect(try evaluate("@{getStringValue('x', 'f')}", variables) == .string("f"))
        #expect(try evaluate("@{getColorValue('x', '#fff')}", variables) == .color(ExpressionColor(argb: 0xFFFF_FFFF)))
        #expect(try evaluate("@{getColorValue('c', '#fff')}", variables) == .color(ExpressionColor(argb: 0xFF00_0000)))
        #expect(try evaluate("@{getUrlValue('x', 'https://a.b')}", variables) == .url("https://a.b"))
        #expect(try evaluate("@{getBooleanValue('x', true)}", variables) == .boolean(true))
    }

    @Test func arraysAndDicts() throws {
        let variables: [String: ExpressionValue] = [
            "arr": .array(["a", 1, 2.5, true, "#fff", ["x": 1], [1]]),
            "dict": .dict(["a": ["b": "deep"], "n": 3, "s": "text"]),
            "empty": .array([]),
        ]
        #expect(try evaluate("@{getStringFromArray(arr, 0)}", variables) == .string("a"))
        #expect(try evaluate("@{getArrayInteger(arr, 1)}", variables) == .integer(1))
        #expect(try evaluate("@{getNumberFromArray(arr, 1)}", variables) == .number(1))
        #expect(try evaluate("@{getColorFromArray(arr, 4)}", variables) == .color(ExpressionColor(argb: 0xFFFF_FFFF)))
        #expect(try evaluate("@{arr.getBoolean(3)}", variables) == .boolean(true))
        #expect(try evaluate("@{len(arr)}", variables) == .integer(7))
        #expect(try evaluate("@{empty.isEmpty()}", variables) == .boolean(true))
        #expect(
            message("@{getIntegerFromArray(empty, 0)}", variables)
                == "Failed to evaluate [getIntegerFromArray(<array>, 0)]. Requested index (0) out of bounds array size (0).")
        #expect(
            message("@{getIntegerFromArray(arr, 0)}", variables)
                == "Failed to evaluate [getIntegerFromArray(<array>, 0)]. Incorrect value type: expected Integer, got String.")
        #expect(try evaluate("@{getOptIntegerFromArray(arr, 0, 7)}", variables) == .integer(7))
        #expect(try evaluate("@{getOptArrayFromArray(arr, 0)}", variables) == .array([]))
        #expect(try evaluate("@{getStringFromDict(dict, 'a', 'b')}", variables) == .string("deep"))
        #expect(try evaluate("@{getDictInteger(dict, 'n')}", variables) == .integer(3))
        #expect(try evaluate("@{dict.getString('s')}", variables) == .string("text"))
        #expect(
            message("@{getStringFromDict(dict, 'x')}", variables)
                == #"Failed to evaluate [getStringFromDict(<dict>, 'x')]. Missing property "x" in the dict."#)
        #expect(try evaluate("@{getDictOptString('f', dict, 'x')}", variables) == .string("f"))
        #expect(try evaluate("@{getOptDictFromDict(dict, 'x')}", variables) == .dict([:]))
        #expect(try evaluate("@{getDictKeys(dict)}", variables) == .array(["a", "n", "s"]))
        #expect(try evaluate("@{dict.containsKey('n')}", variables) == .boolean(true))
        #expect(try evaluate("@{dict.getKeys()}", variables) == .array(["a", "n", "s"]))
        #expect(try evaluate("@{len(dict)}", variables) == .integer(3))
        #expect(try evaluate("@{arr}", variables).text == ##"["a",1,2.5,true,"#fff",{"x":1},[1]]"##)
        #expect(message("@{'x'.len()}") == "Failed to evaluate [len()]. Unknown method name: len.")
    }

    /// `avg` over a huge array is exact where the doubles are: a million
    /// integers, integers at 2^53, and numbers whose sum overflows while their mean does not.
    @Test func avgOfHugeArraysIsLinearAndStaysFinite() throws {
        let million = ExpressionValue.array((0..<1_000_000).map { .number(Double($0)) })
        #expect(try evaluate("@{values.avg()}", ["values": million]) == .number(499_999.5))
        let large = ExpressionValue.array([.number(9_007_199_254_740_992), .number(9_007_199_254_740_992)])
        #expect(try evaluate("@{values.avg()}", ["values": large]) == .number(9_007_199_254_740_992))
        for (value, count) in [(Double.greatestFiniteMagnitude, 1_000), (-.greatestFiniteMagnitude, 3), (1e308, 7)] {
            let huge = ExpressionValue.array(Array(repeating: .number(value), count: count))
            guard case .number(let mean) = try evaluate("@{values.avg()}", ["values": huge]) else {
                Issue.record("avg is not a number")
                continue
            }
            #expect(mean.isFinite && abs(mean - value) <= abs(value) * 1e-12, "\(count) × \(value): \(mean)")
        }
        let mixed = ExpressionValue.array((0..<10_000).map { $0 == 9_999 ? .string("9999") : .number(Double($0)) })
        #expect(
            message("@{values.avg()}", ["values": mixed])
                == "Failed to evaluate [avg()]. Incorrect value type at index 9999: expected Integer or Number, got String.")
    }
}

@Suite struct ExpressionLimitTests {
    @Test func exponentialStringsStopAtTheLengthLimit() {
        // Each level doubles the string: 16,384 characters after 12 levels, within the step limit.
        var expression = "'abcd'"
        for _ in 0..<12 { expression = "(\(expression) + \(expression))" }
        do {
            _ = try ExpressionEvaluator().evaluate(expression: expression)
            Issue.record("no limit")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.message == "The result would be longer than 10000 characters.")
        }
        do {
            _ = try ExpressionEvaluator().evaluate(
                expression: "s + s + s + s + s + s + s + s + s + s + s + s", variables: ["s": .string(String(repeating: "x", count: 1_000))]
            )
            Issue.record("no limit")
        } catch {
            #expect(error.kind == .limit)
        }
        #expect(message("@{padStart('a', 1000000000, 'b')}").map { $0.contains("longer than") } == true)
        #expect(
            message("@{replaceAll(s, 'x', s)}", ["s": .string(String(repeating: "x", count: 5_000))]).map { $0.contains("longer than") }
                == true)
        // Limit errors are not caught by `!:`.
        #expect(throws: ExpressionError.self) {
            try evaluate("@{padStart('a', 1000000000, 'b') !: 'fallback'}")
        }
    }

    @Test func wideExpressionsStopAtTheStepLimit() throws {
        let wide = "sum(" + Array(repeating: "1", count: 20_000).joined(separator: ", ") + ")"
        do {
            _ = try ExpressionEvaluator().evaluate(expression: wide)
            Issue.record("no limit")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.message == "Evaluation took more than 10000 steps.")
        }
        // A chain nests to the left: a long one is refused when parsed, before it could run deep.
        let chain = Array(repeating: "1", count: 20_000).joined(separator: " + ")
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(expression: chain) }
        let sixty = Array(repeating: "1", count: 60).joined(separator: " + ")
        #expect(try ExpressionEvaluator().evaluate(expression: sixty) == .integer(60))
        let methods = "'a'" + String(repeating: ".toString()", count: 10_000)
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(expression: methods) }
        let limits = EvaluationLimits(maxSteps: 100, maxDepth: 8, maxStringLength: 10)
        #expect(message("@{'12345' + '678901'}", limits: limits)?.contains("longer than 10") == true)
        #expect(message("@{((((((((((1))))))))))}", limits: limits)?.contains("nested too deeply") == true)
    }
}

@Suite struct ExpressionTypeCheckerTests {
    private func check(_ property: String, _ variables: [String: ExpressionType] = [:]) throws -> ExpressionTypeChecker.Check {
        ExpressionTypeChecker(variables: variables).check(try ExpressionParser.parse(property: property))
    }

    @Test func infersTypes() throws {
        #expect(try check("@{1 + 2}").types == [.integer])
        #expect(try check("@{1 + 2.0}").types == [.number])
        #expect(try check("@{count > 1 ? 'many' : 1}", ["count": .integer]).types == [.string, .integer])
        #expect(try check("Hello @{name}", ["name": .string]).types == [.string])
        #expect(try check("@{max(1, 2)}").types == [.integer])
        #expect(try check("@{max(1, 2.5)}").types == [.number])
        #expect(try check("@{arr.getString(0)}", ["arr": .array]).types == [.string])
        #expect(try check("@{parseUnixTime(0) < nowLocal()}").types == [.boolean])
        #expect(try check("@{missing !: 'x'}").isValid)
        #expect(try check("@{'a' / 0 !: 'x'}").types == [.string])
        // Found by the expression fuzzer: the failing right side of the inner `!:` hid its left
        // side's Boolean from the outer one.
        #expect(try check("@{true !: nt !: 'c'}").types == [.boolean, .string])
        #expect(try check("@{(true !: nt) !: 'c'}").isValid)
    }

    @Test func reportsTypeErrorsWithRanges() throws {
        let concat = try check("@{'a' + 1}")
        #expect(concat.errors.map(\.message) == ["Operator '+' cannot be applied to different types: String and Integer."])
        #expect(concat.errors.first?.range == 2..<9)
        #expect(try check("@{1 && true}").errors.map(\.message) == ["'&&' must be called with boolean operands."])
        #expect(try check("@{nope(1)}").errors.map(\.message) == ["Unknown function name: nope."])
        #expect(try check("@{contains('a')}").errors.map(\.message) == ["Exactly 2 argument(s) expected."])
        #expect(
            try check("@{toInteger(3)}").errors.map(\.message) == ["Function has no matching overload for given argument types: Integer."])
        #expect(try check("@{x + 1}").errors.map(\.message) == ["Variable 'x' is missing."])
        #expect(try check("@{2 ? 1 : 0}").errors.map(\.message) == ["Ternary must be called with a Boolean value as a condition."])
        #expect(try check("@{!1}").errors.count == 1)
        #expect(try check("@{'a' < 'b'}").errors.map(\.message) == ["Operator '<' cannot be applied to String type."])
        // A union passes when one member can work.
        #expect(try check("@{(c ? 1 : 'x') + 1}", ["c": .boolean]).isValid)
    }
}
