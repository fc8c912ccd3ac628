/// An expression of the language whose result is known to be a `Value`: the DSL writes its
/// ``source`` from variables, literals, operators and functions, and Swift's type checker
/// refuses what the language's would (`1 + 2.0`, `'a' < 'b'`, `count && true`).
///
/// ```swift
/// let cartCount = Variable<Int>("cartCount")
/// let total = Variable<Double>("total")
/// (cartCount + 1).source                       // cartCount + 1
/// (cartCount > 0 && total >= 10.0).source      // cartCount > 0 && total >= 10.0
/// (cartCount * (cartCount - 1)).source         // cartCount * (cartCount - 1)
/// // cartCount + total                         // does not compile: use total.toInteger()
/// ```
///
/// The source always reads back (`ExpressionParser.parse(expression:)`) as the expression the
/// Swift code wrote, with the parentheses precedence needs, and type-checks to `Value` given
/// the declared types of the variables it reads (``variableTypes``). It is deliberately not
/// `Equatable`: `==` between expressions writes an expression.
public struct TypedExpression<Value: ExpressionRepresentable>: ExpressionOperand, CustomStringConvertible {
    /// The expression's text, without `@{…}` (use ``propertySource`` for a property string).
    public let source: String
    /// How tightly ``source`` binds, for the parentheses of a larger expression.
    let precedence: ExpressionPrecedence
    /// The variables the expression reads and what the DSL knows of them.
    let uses: VariableUses

    init(source: String, precedence: ExpressionPrecedence, uses: VariableUses = VariableUses()) {
        self.source = source
        self.precedence = precedence
        self.uses = uses
    }

    /// The literal `value`.
    ///
    /// ```swift
    /// TypedExpression(literal: "it's").source     // 'it\'s'
    /// ```
    public init(literal value: Value) where Value: ExpressionLiteralRepresentable {
        let literal = ExpressionSource.literal(value.expressionValue)
        self.init(source: literal.source, precedence: literal.precedence)
    }

    public var typedExpression: TypedExpression<Value> { self }

    /// The expression as a whole-value property string: `@{source}`.
    public var propertySource: String { "@{\(source)}" }

    /// The declared type of every variable the expression reads, by name: what
    /// `ExpressionTypeChecker(variables:)` needs to check it.
    public var variableTypes: [String: ExpressionType] { uses.types }

    /// The initial value of every variable read whose ``Variable`` carries one, by name.
    public var initialValues: [String: ExpressionValue] { uses.initialValues }

    public var description: String { source }
}

/// The variables an expression reads: their types and, where known, their initial values.
struct VariableUses: Sendable {
    var types: [String: ExpressionType] = [:]
    var initialValues: [String: ExpressionValue] = [:]

    /// Both sets of uses; the first one's entries win where a name appears twice.
    func merging(_ other: VariableUses) -> VariableUses {
        var merged = self
        merged.types.merge(other.types) { first, _ in first }
        merged.initialValues.merge(other.initialValues) { first, _ in first }
        return merged
    }
}

extension TypedExpression {
    /// The source of `operand` as an operand of an operator with `precedence`: parenthesised when
    /// it binds more loosely, or (`right` of a left-associative operator) as loosely.
    static func operand<T>(_ operand: TypedExpression<T>, of precedence: ExpressionPrecedence, right: Bool = false) -> String {
        operand.precedence > precedence || (right && operand.precedence == precedence) ? "(\(operand.source))" : operand.source
    }

    /// `left op right` with the parentheses precedence needs (all binary operators are left-associative).
    static func binary<L, R>(_ op: String, _ precedence: ExpressionPrecedence, _ left: TypedExpression<L>, _ right: TypedExpression<R>)
        -> TypedExpression<Value>
    {
        TypedExpression(
            source: "\(operand(left, of: precedence)) \(op) \(operand(right, of: precedence, right: true))", precedence: precedence,
            uses: left.uses.merging(right.uses))
    }

    /// A prefix operator on `operand`; an operand that is itself a prefix operation or a
    /// negative literal is parenthesised (the language refuses `--x`).
    static func prefix<T>(_ op: String, _ operand: TypedExpression<T>) -> TypedExpression<Value> {
        let text = operand.precedence >= .prefix || operand.source.hasPrefix("-") ? "(\(operand.source))" : operand.source
        return TypedExpression(source: op + text, precedence: .prefix, uses: operand.uses)
    }

    /// `name(arguments…)`.
    static func call(_ name: String, _ arguments: [any ExpressionConvertibleSource]) -> TypedExpression<Value> {
        var uses = VariableUses()
        for argument in arguments { uses = uses.merging(argument.sourceUses) }
        return TypedExpression(
            source: "\(name)(\(arguments.map(\.sourceText).joined(separator: ", ")))", precedence: .primary, uses: uses)
    }

    /// `receiver.name(arguments…)`, the receiver parenthesised unless it is a variable, a call or
    /// parenthesised already.
    static func method<R>(_ receiver: TypedExpression<R>, _ name: String, _ arguments: [any ExpressionConvertibleSource])
        -> TypedExpression<Value>
    {
        let text = receiver.precedence == .primary ? receiver.source : "(\(receiver.source))"
        var uses = receiver.uses
        for argument in arguments { uses = uses.merging(argument.sourceUses) }
        return TypedExpression(
            source: "\(text).\(name)(\(arguments.map(\.sourceText).joined(separator: ", ")))", precedence: .primary, uses: uses)
    }
}

/// A typed expression seen without its type, as an argument of a call.
protocol ExpressionConvertibleSource {
    var sourceText: String { get }
    var sourceUses: VariableUses { get }
}

extension TypedExpression: ExpressionConvertibleSource {
    var sourceText: String { source }
    var sourceUses: VariableUses { uses }
}
