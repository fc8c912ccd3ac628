/// Text with typed expressions in it, written with Swift's string interpolation: each
/// interpolated expression becomes an `@{…}` part, and everything else is text — escaped, so that
/// no literal part and no interpolated Swift string can ever become an expression.
///
/// ```swift
/// let cartCount = Variable<Int>("cartCount", initial: 2)
/// let userName = "Ann @{cartCount}"                      // a string from a database
/// let label: ExpressionTemplate = "\(userName): \(cartCount) items"
/// label.propertySource     // Ann \@{cartCount}: @{cartCount} items
/// Text("\(cartCount) items")                              // a text bound to the template
/// ```
///
/// Only typed expressions (``ExpressionOperand``) and strings may be interpolated; a template is
/// itself a `String` expression, usable with `+`, `==` and `Node.bind(_:to:)`.
public struct ExpressionTemplate: ExpressionOperand, ExpressibleByStringInterpolation, CustomStringConvertible {
    public typealias Value = String

    /// A part of the template: text as it reads, or an expression.
    enum Part: Sendable {
        case text(String)
        case expression(String)
    }

    /// The parts, adjacent texts joined (an escape is only right on the whole text: `@` then `{`).
    private(set) var parts: [Part]
    /// The variables the expressions read.
    let uses: VariableUses

    public init(stringLiteral value: String) {
        parts = value.isEmpty ? [] : [.text(value)]
        uses = VariableUses()
    }

    public init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
        uses = stringInterpolation.uses
    }

    /// Whether any part is an expression; a template without one is plain text.
    public var hasExpressions: Bool {
        parts.contains { if case .expression = $0 { true } else { false } }
    }

    /// The text the template shows with no expression evaluated: its text parts joined, the
    /// expressions left out.
    ///
    /// ```swift
    /// let template: ExpressionTemplate = "\(Variable<Int>("n")) items"
    /// template.textWithoutExpressions     // " items"
    /// ```
    public var textWithoutExpressions: String {
        parts.map { if case .text(let text) = $0 { text } else { "" } }.joined()
    }

    /// The text a client that does not evaluate expressions shows: the template evaluated with the
    /// initial values its ``Variable``s carry when every variable it reads has one (and it
    /// evaluates), else ``textWithoutExpressions``.
    ///
    /// ```swift
    /// let cartCount = Variable<Int>("cartCount", initial: 2)
    /// let label: ExpressionTemplate = "\(cartCount) items"
    /// label.initialText      // "2 items"
    /// ```
    public var initialText: String {
        guard hasExpressions, Set(uses.initialValues.keys) == Set(uses.types.keys),
            case .string(let text)? = try? ExpressionEvaluator().evaluate(property: propertySource, variables: uses.initialValues)
        else { return textWithoutExpressions }
        return text
    }

    /// The template as a property string: a string template (`@{cartCount} items`), or — when it
    /// is one expression and no text — `@{toString(…)}` so that it still gives a string. The
    /// text parts are escaped (`\` → `\\`, `@{` → `\@{`).
    public var propertySource: String {
        if parts.count == 1, case .expression(let source) = parts[0] { return "@{toString(\(source))}" }
        return parts.map { part in
            switch part {
            case .text(let text): ExpressionSource.escaped(text, quotes: false)
            case .expression(let source): "@{\(source)}"
            }
        }.joined()
    }

    /// The template as a quoted string expression: `'@{cartCount} items'`.
    public var typedExpression: TypedExpression<String> {
        let body = parts.map { part in
            switch part {
            case .text(let text): ExpressionSource.escaped(text, quotes: true)
            case .expression(let source): "@{\(source)}"
            }
        }
        return TypedExpression(source: "'" + body.joined() + "'", precedence: .literal, uses: uses)
    }

    /// The declared type of every variable the template reads, by name.
    public var variableTypes: [String: ExpressionType] { uses.types }

    /// The initial value of every variable read whose ``Variable`` carries one, by name.
    public var initialValues: [String: ExpressionValue] { uses.initialValues }

    public var description: String { propertySource }

    /// Builds an ``ExpressionTemplate`` from a string literal's parts.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []
        var uses = VariableUses()

        public init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// Text of the literal.
        public mutating func appendLiteral(_ literal: String) {
            appendText(literal)
        }

        /// A Swift string, as text: whatever it contains (`@{…}` included) is shown as written.
        ///
        /// ```swift
        /// let name = "@{secret}"
        /// let template: ExpressionTemplate = "Hello \(name)"   // Hello \@{secret}
        /// ```
        public mutating func appendInterpolation(_ text: some StringProtocol) {
            appendText(String(text))
        }

        /// A typed expression, as an `@{…}` part (its value converted to text as templates do).
        ///
        /// ```swift
        /// let template: ExpressionTemplate = "\(Variable<Int>("cartCount")) items"   // @{cartCount} items
        /// ```
        public mutating func appendInterpolation(_ expression: some ExpressionOperand) {
            let typed = expression.typedExpression
            parts.append(.expression(typed.source))
            uses = uses.merging(typed.uses)
        }

        private mutating func appendText(_ text: String) {
            guard !text.isEmpty else { return }
            if case .text(let previous) = parts.last {
                parts[parts.count - 1] = .text(previous + text)
            } else {
                parts.append(.text(text))
            }
        }
    }
}

extension DefaultStringInterpolation {
    /// A typed expression has no text of its own until a device evaluates it: interpolated into a
    /// `String`, it would show its Swift description. This overload makes `"\\(count)"` ambiguous, so it does not compile; interpolate it
    /// into an ``ExpressionTemplate`` (`Text("\(cartCount) items")`) or bind it (`.bind("text", to: cartCount)`).
    @available(
        *, deprecated, message: "a typed expression in a String shows its Swift description; use Text(\"\\(value) …\") or .bind(_:to:)"
    )
    public mutating func appendInterpolation<Operand: ExpressionOperand>(_ operand: Operand) {
        appendInterpolation(String(describing: operand))
    }
}
