/// A typed reference to a variable of the screen or the app, by name: the DSL's way to read one
/// in expressions, so that its type is Swift's to check.
///
/// ```swift
/// let cartCount = Variable<Int>("cartCount", initial: 0)
/// Text("\(cartCount) items").visible(when: cartCount > 0)
/// ```
///
/// The name is the language's: ASCII letters, digits, `_` and `.`, starting with a letter or
/// `_` (`cart.count` is one name). Any other name is a programmer's error and stops the program
/// (it could only ever be a syntax error on every client).
public struct Variable<Value: ExpressionRepresentable>: ExpressionOperand, CustomStringConvertible {
    /// The variable's name.
    public let name: String
    /// The value the screen declares it with, when this reference carries one: templates built
    /// from it show the text of that value to clients that cannot evaluate expressions.
    public let initialValue: Value?

    /// A reference to the variable `name`.
    public init(_ name: String) {
        self.init(checking: name, initialValue: nil)
    }

    /// A reference to the variable `name` whose initial value is `initial`.
    ///
    /// ```swift
    /// let greeting = Variable<String>("greeting", initial: "Hello")
    /// ```
    public init(_ name: String, initial: Value) {
        self.init(checking: name, initialValue: initial)
    }

    private init(checking name: String, initialValue: Value?) {
        precondition(
            ExpressionSource.isVariableName(name) && VariableDeclaration.isValidName(name),
            "'\(name)' is not a variable name: letters, digits, _ and ., starting with a letter or _"
        )
        self.name = name
        self.initialValue = initialValue
    }

    public var typedExpression: TypedExpression<Value> {
        var uses = VariableUses(types: [name: Value.expressionType])
        if let initialValue { uses.initialValues[name] = initialValue.expressionValue }
        return TypedExpression(source: name, precedence: .primary, uses: uses)
    }

    public var description: String { name }
}
