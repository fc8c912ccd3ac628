import Foundation
import ScreenplayDSL
import Testing

/// Parses, type-checks and evaluates what the DSL wrote: the checker must find exactly the Swift
/// type, and the value must be what Swift computes.
private func verify<V: ExpressionRepresentable>(
    _ expression: some ExpressionConvertible<V>, _ expected: V, _ variables: [String: ExpressionValue] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let typed = expression.typedExpression
    let node = try ExpressionParser.parse(expression: typed.source)
    let check = ExpressionTypeChecker(variables: typed.variableTypes).check(node)
    #expect(check.errors.isEmpty, "\(typed.source): \(check.errors)", sourceLocation: sourceLocation)
    #expect(check.types == [V.expressionType], "\(typed.source): \(check.types)", sourceLocation: sourceLocation)
    let value = try ExpressionEvaluator(now: { 86_400_000 }).evaluate(node, variables: variables)
    if case .number(let number) = expected.expressionValue, number.isNaN, case .number(let actual) = value {
        #expect(actual.isNaN, "\(typed.source)", sourceLocation: sourceLocation)
    } else {
        #expect(value == expected.expressionValue, "\(typed.source)", sourceLocation: sourceLocation)
    }
}

/// Evaluates a property string (a template) with `variables`.
private func evaluate(property: String, _ variables: [String: ExpressionValue] = [:]) throws -> ExpressionValue {
    try ExpressionEvaluator().evaluate(property: property, variables: variables)
}

private let hostileStrings: [String] = [
    "", "'", "\\", "\\'", "''", "@{x}", "\\@{x}", "@@{x}", "@{", "@", "{", "}", "a@", "'+x+'", "' + x + '",
    "@{'@{x}'}", "'\u{301}", "\\\u{301}", "@\u{301}{x}", "@{\u{301}x}", "\u{0}", "line\nbreak\ttab\r", "🇫🇷👩‍👩‍👧",
    "\\\\@{x}", "\\@", "x}'@{x", "'@{x}'", "\u{FEFF}@{x}", "@{x}\\",
]

@Suite struct TypedExpressionTests {
    let cartCount = Variable<Int>("cartCount")
    let total = Variable<Double>("total")
    let name = Variable<String>("name")
    let isMember = Variable<Bool>("isMember")
    let values: [String: ExpressionValue] = [
        "cartCount": .integer(3), "total": .number(12.5), "name": .string("  Ann Lee "), "isMember": .boolean(true),
    ]

    // MARK: Literals

    @Test func literalsReadBackAsTheSwiftValue() throws {
        for integer in [0, 1, -1, 42, Int.max, Int.min, Int.min + 1] {
            try verify(integer.typedExpression, integer)
        }
        for number in [
            0.0, -0.0, 1.0, -1.5, 0.1, 1e-5, 1e16, 1e300, -2.5e-308, .leastNonzeroMagnitude, .pi, Double.greatestFiniteMagnitude,
        ] {
            try verify(number.typedExpression, number)
        }
        try verify(Double.infinity.typedExpression, .infinity)
        try verify((-Double.infinity).typedExpression, -.infinity)
        try verify(Double.nan.typedExpression, .nan)
        try verify(true.typedExpression, true)
        try verify(false.typedExpression, false)
        try verify(ExpressionColor(argb: 0x80FF_0A0B).typedExpression, ExpressionColor(argb: 0x80FF_0A0B))
        let url = try #require(URL(string: "https://example.com/a?b='c'&d=@{e}"))
        try verify(url.typedExpression, url)
        for date in [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: 1.234)] {
            try verify(date.typedExpression, date)
        }
        try verify(Date(timeIntervalSince1970: -86_400.5).typedExpression, Date(timeIntervalSince1970: -86_400.5))
        #expect((-5).typedExpression.source == "(-5)")
        #expect("it's".typedExpression.source == "'it\\'s'")
    }

    @Test func hostileStringsStayText() throws {
        for text in hostileStrings {
            try verify(text.typedExpression, text)
            let template: ExpressionTemplate = "\(text)"
            #expect(!template.hasExpressions)
            let property = try ExpressionParser.parse(property: template.propertySource)
            #expect(property.variableNames.isEmpty, "\(template.propertySource)")
            #expect(try evaluate(property: template.propertySource) == .string(text), "\(template.propertySource)")
            // Around a real expression, and right after an `@`.
            let around: ExpressionTemplate = "\(text)\(cartCount)\(text)@\(cartCount)@"
            #expect(try evaluate(property: around.propertySource, values) == .string(text + "3" + text + "@3@"), "\(around.propertySource)")
            try verify(around, text + "3" + text + "@3@", values)
            try verify(name + text, "  Ann Lee " + text, values)
            try verify(name == text, false, values)
        }
    }

    @Test func randomStringsOfEscapeCharactersStayText() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [String] = ["@", "{", "}", "\\", "'", "a", " ", "\u{301}", "@{", "\\@{"]
        for _ in 0..<1_000 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
            try verify(text.typedExpression, text)
            let template: ExpressionTemplate = "\(text)\(cartCount)\(text)"
            #expect(try evaluate(property: template.propertySource, values) == .string(text + "3" + text), "\(template.propertySource)")
            #expect(try ExpressionParser.parse(property: template.propertySource).variableNames == ["cartCount"])
        }
    }

    // MARK: Operators

    @Test func arithmeticMatchesSwift() throws {
        let a = Variable<Int>("a")
        let b = Variable<Int>("b")
        let c = Variable<Int>("c")
        let ints: [String: ExpressionValue] = ["a": .integer(7), "b": .integer(-3), "c": .integer(2)]
        let (x, y, z) = (7, -3, 2)
        try verify(a + b * c, x + y * z, ints)
        try verify((a + b) * c, (x + y) * z, ints)
        try verify(a - (b - c), x - (y - z), ints)
        try verify(a - b - c, x - y - z, ints)
        try verify(a / (b / c), x / (y / z), ints)
        try verify(a / b / c, x / y / z, ints)
        try verify(a % b, x % y, ints)
        try verify(-a % c, -x % z, ints)
        try verify(-(a - b), -(x - y), ints)
        try verify(-(-a), -(-x), ints)
        try verify(-b * c, -y * z, ints)
        try verify(a - -3, x - -3, ints)
        try verify(-3 - a, -3 - x, ints)
        try verify(1 - (a + 1), 1 - (x + 1), ints)
        try verify(2 * (a + b) % (c + 3), 2 * (x + y) % (z + 3), ints)
        try verify(abs(b) + min(a, 5) + max(0, c) + max(a, b), abs(y) + min(x, 5) + max(0, z) + max(x, y), ints)
        #expect((a - (b - c)).source == "a - (b - c)")
        #expect((a + b * c).source == "a + b * c")
        #expect((-(-a)).source == "-(-a)")

        let p = Variable<Double>("p")
        let q = Variable<Double>("q")
        let doubles: [String: ExpressionValue] = ["p": .number(2.5), "q": .number(-0.5)]
        try verify(p * (q + 1.0) - p / 4.0, 2.5 * (-0.5 + 1.0) - 2.5 / 4.0, doubles)
        try verify(p % 1.0, 2.5.truncatingRemainder(dividingBy: 1.0), doubles)
        try verify(-p, -2.5, doubles)
        try verify(p.rounded() + q.roundedUp() + q.roundedDown(), 3.0 + (-0.0) + (-1.0), doubles)
        try verify(p.toInteger() + cartCount, 2 + 3, doubles.merging(values) { $1 })
        try verify(cartCount.toNumber() * p, 3.0 * 2.5, doubles.merging(values) { $1 })
        try verify(min(p, q) + max(p, 0.0) + abs(q), -0.5 + 2.5 + 0.5, doubles)
    }

    @Test func comparisonsEqualityAndLogicMatchSwift() throws {
        try verify(cartCount > 0, true, values)
        try verify(cartCount <= 2, false, values)
        try verify(0 < cartCount, true, values)
        try verify(total >= 12.5, true, values)
        try verify(cartCount == 3, true, values)
        try verify(3 != cartCount, false, values)
        try verify(name == "  Ann Lee ", true, values)
        try verify(isMember == false, false, values)
        try verify(cartCount > 0 && total < 10.0 || !isMember, false, values)
        try verify(cartCount > 0 && (total < 10.0 || isMember), true, values)
        try verify(!(cartCount > 0 && isMember), false, values)
        try verify((cartCount == 3) == isMember, true, values)
        try verify(cartCount + 1 == cartCount * 2 - 2, true, values)
        try verify(isMember || false, true, values)
        #expect((cartCount > 0 && (total < 10.0 || isMember)).source == "cartCount > 0 && (total < 10.0 || isMember)")
        let start = Variable<Date>("start")
        try verify(start < Date(timeIntervalSince1970: 10), true, ["start": .datetime(0)])
    }

    @Test func equalityIsAnExpressionAtTheCallSite() throws {
        func shown(when condition: some ExpressionConvertible<Bool>) -> String { condition.typedExpression.source }
        #expect(shown(when: cartCount == 0) == "cartCount == 0")
        #expect(shown(when: cartCount != 0 && name != "") == "cartCount != 0 && name != ''")
        #expect(shown(when: isMember) == "isMember")
        let isEmpty = cartCount == 0
        #expect(type(of: isEmpty) == TypedExpression<Bool>.self)
        // Plain Swift keeps its meaning beside the DSL.
        let plain = 1 + 2 == 3
        #expect(type(of: plain) == Bool.self)
        #expect(max(1, 2) == 2)
    }

    @Test func conditionalsAndFallbacks() throws {
        try verify((cartCount == 1).then("item", otherwise: "items"), "items", values)
        try verify(isMember.then(total * 0.9, otherwise: total), 11.25, values)
        try verify(isMember.then(cartCount > 1, otherwise: false).then(1, otherwise: 2) + 1, 2, values)
        try verify((isMember.then(1, otherwise: 2) == 1).then("a", otherwise: "b"), "a", values)
        let missing = Variable<Int>("missing")
        try verify(missing.fallback(0) + 1, 1, values)
        try verify((missing + 1).fallback(cartCount * 2), 6, values)
    }

    // MARK: Functions

    @Test func stringFunctionsMatchSwift() throws {
        let text = "  Ann Lee "
        try verify(name.count, text.count, values)
        try verify(name.isEmpty, text.isEmpty, values)
        try verify(name.contains("Lee"), text.contains("Lee"), values)
        try verify(name.uppercased(), text.uppercased(), values)
        try verify(name.lowercased(), text.lowercased(), values)
        try verify(name.trimmed(), text.trimmingCharacters(in: .whitespacesAndNewlines), values)
        try verify(name.trimmed().substring(from: 0, to: 3), "Ann", values)
        try verify(name.substring(from: 2, to: name.count - 1), "Ann Lee", values)
        try verify(name.matches("^ +[A-Z]"), true, values)
        try verify(name.trimmed().matches("^[A-Z][a-z]+$"), false, values)
        try verify(name.replacingOccurrences(of: " ", with: "_"), text.replacingOccurrences(of: " ", with: "_"), values)
        try verify(name.firstIndex(of: "Lee"), 6, values)
        try verify(name.hasPrefix("  A"), true, values)
        try verify(name.trimmed().hasPrefix("Lee"), false, values)
        try verify(
            name.trimmed().paddedAtStart(to: 9, with: "*") + name.trimmed().paddedAtEnd(to: 8, with: "."), "**Ann LeeAnn Lee.", values)
        try verify(cartCount.paddedAtStart(to: 2, with: "0"), "03", values)
        try verify(cartCount.toString() + " / " + total.toString() + " / " + isMember.toString(), "3 / 12.5 / true", values)
        try verify((cartCount + 1).toString().count, 1, values)
        try verify("42".typedExpression.toInteger() + cartCount, 45, values)
        try verify("2.5".typedExpression.toNumber() * total, 31.25, values)
        try verify("true".typedExpression.toBoolean() && isMember, true, values)
        try verify(
            ("/cities/" + name.trimmed().lowercased().replacingOccurrences(of: " ", with: "-")).toURL(),
            try #require(URL(string: "/cities/ann-lee")), values)
        try verify(isMember.toInteger() * 10, 10, values)
    }

    @Test func datesColorsAndCollections() throws {
        let start = Variable<Date>("start")
        let dates: [String: ExpressionValue] = ["start": .datetime(1_700_000_000_000)]
        try verify(start.adding(milliseconds: 90_061_001).timestamp, 1_700_090_061_001, dates)
        try verify(start.year * 10_000 + start.month * 100 + start.day, 2023_11_14, dates)
        try verify(start.hour * 3_600 + start.minute * 60 + start.second, 22 * 3_600 + 13 * 60 + 20, dates)
        try verify(start.dayOfWeek, 2, dates)
        try verify(start.formatted("yyyy-MM-dd HH:mm"), "2023-11-14 22:13", dates)
        try verify(TypedExpression<Date>.now, Date(timeIntervalSince1970: 86_400))
        try verify(TypedExpression<Date>.now > start, false, dates)

        let accent = Variable<ExpressionColor>("accent")
        let colors: [String: ExpressionValue] = ["accent": .color(ExpressionColor(argb: 0xFF33_6699))]
        try verify(accent.withAlpha(0.0), ExpressionColor(argb: 0x0033_6699), colors)
        try verify(accent.red + accent.green + accent.blue + accent.alpha, 0.2 + 0.4 + 0.6 + 1.0, colors)
        try verify(accent.overlaid(with: ExpressionColor(argb: 0xFFFF_FFFF)), ExpressionColor(argb: 0xFFFF_FFFF), colors)
        try verify(TypedExpression.rgb(red: 1.0, green: 0.0, blue: accent.blue), ExpressionColor(argb: 0xFFFF_0099), colors)
        try verify(accent == "#369".typedExpression.toColor(), true, colors)

        let cities = Variable<[JSONValue]>("cities")
        let user = Variable<[String: JSONValue]>("user")
        let collections: [String: ExpressionValue] = [
            "cities": .array(["Paris", 3, 2.5, true, ["x"]]),
            "user": .dict(["address": .object(["city": "Lyon", "zip": 69_001]), "tags": .array([])]),
        ]
        try verify(cities.element(at: 0, as: String.self), "Paris", collections)
        try verify(cities.element(at: 1, as: Int.self) + 1, 4, collections)
        try verify(cities.element(at: 2, as: Double.self), 2.5, collections)
        try verify(cities.element(at: 3, as: Bool.self), true, collections)
        try verify(cities.element(at: 4, as: [JSONValue].self).count, 1, collections)
        try verify(cities.count, 5, collections)
        try verify(cities.isEmpty, false, collections)
        try verify(user.value(at: "address", "city", as: String.self), "Lyon", collections)
        try verify(user.value(at: "address", "zip", as: Int.self), 69_001, collections)
        try verify(user.value(at: "tags", as: [JSONValue].self).isEmpty, true, collections)
        try verify(user.value(at: "address", as: [String: JSONValue].self).containsKey("zip"), true, collections)
        try verify(user.count, 2, collections)
    }

    // MARK: Templates

    @Test func templatesWriteParts() throws {
        let template: ExpressionTemplate = "\(cartCount) items for \(name.trimmed()) (\(total * 2.0))"
        #expect(template.propertySource == "@{cartCount} items for @{trim(name)} (@{total * 2.0})")
        #expect(template.variableTypes == ["cartCount": .integer, "name": .string, "total": .number])
        #expect(try evaluate(property: template.propertySource, values) == .string("3 items for Ann Lee (25.0)"))
        try verify(template, "3 items for Ann Lee (25.0)", values)
        try verify(template + "!", "3 items for Ann Lee (25.0)!", values)
        // One expression alone is still a string.
        let alone: ExpressionTemplate = "\(cartCount + 1)"
        #expect(alone.propertySource == "@{toString(cartCount + 1)}")
        #expect(try evaluate(property: alone.propertySource, values) == .string("4"))
        // Nested templates, and strings inside expressions.
        let nested: ExpressionTemplate = "[\(isMember.then(ExpressionTemplate("\(name.trimmed())'s"), otherwise: "guest's"))] cart"
        #expect(try evaluate(property: nested.propertySource, values) == .string("[Ann Lee's] cart"))
        let plain: ExpressionTemplate = "no @{code} here"
        #expect(!plain.hasExpressions)
        #expect(plain.propertySource == "no \\@{code} here")
    }

    @Test func initialValuesTravelWithTheExpression() throws {
        let count = Variable<Int>("count", initial: 2)
        let label: ExpressionTemplate = "\(count * 10) points for \(name)"
        #expect(label.initialValues == ["count": .integer(2)])
        #expect(label.variableTypes == ["count": .integer, "name": .string])
        #expect(label.textWithoutExpressions == " points for ")
    }

    // MARK: Screens

    @Test func textPicksTheTemplateOnlyForTypedInterpolations() throws {
        let count = Variable<Int>("cartCount", initial: 2)
        let bound = Text("\(count) items").node
        #expect(bound.bindings["text"]?.source == "@{cartCount} items")
        #expect(bound.component == .text(Text("2 items")))
        let unknown = Text("\(cartCount) items", size: 15).node
        #expect(unknown.bindings["text"]?.source == "@{cartCount} items")
        #expect(unknown.component == .text(Text(" items", size: 15)))
        let alone = Text("\(count)").node
        #expect(alone.bindings["text"]?.source == "@{toString(cartCount)}")
        #expect(alone.component == .text(Text("2")))
        // Literals, runtime strings and Swift values stay text: nothing is bound.
        let runtime = "@{cartCount} from a server \\@{x} '"
        let price = 1e7
        for (node, text) in [
            (Text("plain").node, "plain"), (Text(runtime).node, runtime), (Text("Hello \(runtime)").node, "Hello " + runtime),
            (Text("Total \(price)").node, "Total 10000000.0"), (Text("@{cartCount}").node, "@{cartCount}"),
        ] {
            #expect(node.bindings.isEmpty, "\(text)")
            #expect(node.component == .text(Text(text)), "\(text)")
        }
    }

    @Test func modifiersBindPropertiesAndActionsSetVariables() throws {
        let accent = Variable<ExpressionColor>("accent")
        let node = Text("Sale").visible(when: cartCount == 0).bind("color", to: accent)
            .bind("accessibilityLabel", to: ExpressionTemplate("\(cartCount) in the cart"))
        #expect(node.bindings["visible"]?.source == "@{cartCount == 0}")
        #expect(node.bindings["color"]?.source == "@{accent}")
        #expect(node.bindings["accessibilityLabel"]?.source == "@{cartCount} in the cart")
        #expect(Text("Old").visible(when: StateCondition("shown")).visibleWhen == StateCondition("shown"))
        #expect(Text("Always").visible(when: true).bindings["visible"]?.source == "@{true}")
        #expect(Action.set(cartCount, to: cartCount + 1) == .set("cartCount", try PropertyExpression("@{cartCount + 1}")))
        #expect(Action.set(name, to: "it's") == .set("name", try PropertyExpression("@{'it\\'s'}")))
        #expect(Action.set(name, to: ExpressionTemplate("\(cartCount)!")) == .set("name", try PropertyExpression("@{cartCount}!")))
    }

    @Test func variablesDeclareThemselves() throws {
        #expect(cartCount.declaration() == VariableDeclaration("cartCount", type: .integer, value: 0))
        #expect(Variable<Int>("n", initial: 4).declaration() == VariableDeclaration("n", type: .integer, value: 4))
        #expect(
            Variable<Int>("n", initial: 4).declaration(initial: 5, scope: .app)
                == VariableDeclaration("n", type: .integer, value: 5, scope: .app))
        #expect(total.declaration(initial: 2.5) == VariableDeclaration("total", type: .number, value: 2.5))
        #expect(name.declaration(initial: "@{x}") == VariableDeclaration("name", type: .string, value: "@{x}"))
        #expect(isMember.declaration() == VariableDeclaration("isMember", type: .boolean, value: false))
        #expect(
            Variable<ExpressionColor>("accent").declaration(initial: ExpressionColor(argb: 0xFF00_80FF))
                == VariableDeclaration("accent", type: .color, value: "#FF0080FF"))
        #expect(
            Variable<Date>("start").declaration(initial: Date(timeIntervalSince1970: 1_700_000_000))
                == VariableDeclaration("start", type: .datetime, value: "2023-11-14 22:13:20"))
        #expect(
            Variable<[JSONValue]>("cities").declaration(initial: ["Paris", 2])
                == VariableDeclaration("cities", type: .array, value: ["Paris", 2]))
    }

    @Test func aScreenWrittenWithTypedExpressionsReadsBackCleanAndResolves() throws {
        let count = Variable<Int>("cartCount", initial: 2)
        let accent = Variable<ExpressionColor>("accent", initial: ExpressionColor(argb: 0xFFFF_0000))
        let who = Variable<String>("name", initial: "Ann")
        let screen = Screen(id: "cart", variables: [count.declaration(), accent.declaration(), who.declaration()]) {
            VStack {
                Text("\(count) items for \(who)").id("count").visible(when: count > 0)
                Text("Cart").id("title").bind("color", to: accent.withAlpha(0.5))
                Button("Add", action: .set(count, to: min(count + 1, 99))).id("add")
            }
        }
        let result = Screen.decode(from: screen.encoded())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.value == screen)
        let label = try #require(screen.body.component.children.first)
        #expect(label.component == .text(Text("2 items for Ann")))
        // A reference without its initial value leaves the expressions out of the literal text.
        #expect(Text("\(count) items for \(name)").node.component == .text(Text(" items for ")))
        let resolved = label.resolvingBindings(ScreenVariables(screen: screen, values: ["cartCount": 0, "name": "Bo"]))
        #expect(resolved.problems.isEmpty)
        #expect(resolved.node.component == .text(Text("0 items for Bo")))
        #expect(!resolved.isVisible)
    }
}
