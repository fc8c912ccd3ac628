import Foundation

/// How tightly an expression's text binds, from FORMAT.md's table: what decides the
/// parentheses the DSL writes around an operand.
enum ExpressionPrecedence: Int, Sendable, Comparable {
    /// A literal (a negative number is already parenthesised): never needs parentheses as an
    /// operand, but is wrapped as the receiver of a method.
    case literal = 0
    /// A variable, a call, a method call or a parenthesised expression.
    case primary = 1
    case prefix = 2
    case product = 3
    case sum = 4
    case fallback = 5
    case comparison = 6
    case equality = 7
    case and = 8
    case or = 9
    case conditional = 10

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Writing expression text: literals, escapes and names.
enum ExpressionSource {
    /// The literal for `value`. Arrays and dicts have none in the language; they are written as a
    /// call to a function that does not exist, which the type checker and the evaluator refuse.
    static func literal(_ value: ExpressionValue) -> (source: String, precedence: ExpressionPrecedence) {
        switch value {
        case .string(let text): (quoted(text), .literal)
        case .integer(let integer): (integer < 0 ? "(\(integer))" : "\(integer)", .literal)
        case .number(let number): (numberLiteral(number), .literal)
        case .boolean(let boolean): (boolean ? "true" : "false", .literal)
        case .color(let color): ("toColor(\(quoted(color.description)))", .primary)
        case .url(let url): ("toUrl(\(quoted(url)))", .primary)
        case .datetime(let milliseconds):
            milliseconds % 1000 == 0
                ? ("parseUnixTime(\(literal(.integer(milliseconds / 1000)).source))", .primary)
                : ("addMillis(parseUnixTime(0), \(literal(.integer(milliseconds)).source))", .primary)
        case .array, .dict: ("noLiteral(\(quoted(value.text)))", .primary)
        }
    }

    /// A finite double as Swift writes it (the shortest text that reads back: `2.5`, `1e-05`,
    /// `1e+16`), which the language reads as the same number; infinities and NaN, which have no
    /// literal, as arithmetic that gives them.
    static func numberLiteral(_ number: Double) -> String {
        if number.isNaN { return "(maxNumber() * 2.0 - maxNumber() * 2.0)" }
        if number.isInfinite { return number < 0 ? "(-maxNumber() * 2.0)" : "(maxNumber() * 2.0)" }
        let text = number.description
        return number.sign == .minus ? "(\(text))" : text
    }

    /// `text` in single quotes, escaped so that it reads back as exactly `text` and never as an
    /// expression: `\` → `\\`, `'` → `\'`, `@{` → `\@{`. Works on Unicode scalars, as the reader
    /// does, so a quote carrying a combining mark is still escaped.
    static func quoted(_ text: String) -> String {
        "'" + escaped(text, quotes: true) + "'"
    }

    /// The escapes of a quoted string (`quotes`) or of a property string's template text (where
    /// `'` is plain text).
    static func escaped(_ text: String, quotes: Bool) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "{", previous == "@" {
                // `@{` becomes `\@{`: the `@` is already written, so put the backslash before it.
                result.removeLast()
                result.append(contentsOf: "\\@".unicodeScalars)
            } else if scalar == "\\" || (quotes && scalar == "'") {
                result.append("\\")
            }
            result.append(scalar)
            previous = scalar
        }
        return String(result)
    }

    /// Whether `name` is a variable name of the language: ASCII letters, digits, `_` and `.`,
    /// starting with a letter or `_`, and not `true` or `false` (a declaration also refuses a
    /// final `.` and `..`: ``VariableDeclaration/isValidName(_:)``).
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || isLetter(first), name != "true", name != "false" else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "." || isLetter($0) || ("0"..."9").contains($0) }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
