/// Anything the DSL can write as an expression of a known type: a ``TypedExpression``, a
/// ``Variable``, an ``ExpressionTemplate``, or a Swift value written as a literal (`0`, `"text"`,
/// `true`). Functions take their arguments as `some ExpressionConvertible<T>`, so both work:
///
/// ```swift
/// let name = Variable<String>("name")
/// name.substring(from: 0, to: 3)             // substring(name, 0, 3)
/// name.substring(from: 0, to: name.count)    // substring(name, 0, len(name))
/// ```
public protocol ExpressionConvertible<Value>: Sendable {
    /// The Swift type of the expression's value.
    associatedtype Value: ExpressionRepresentable
    /// The expression.
    var typedExpression: TypedExpression<Value> { get }
}

/// An expression that is not a plain Swift value: a ``TypedExpression``, a ``Variable`` or an
/// ``ExpressionTemplate``. The operators (`+`, `<`, `==`, `&&` …) need one on at least one side,
/// so that `1 + 2` and `a == b` on plain Swift values keep their Swift meaning, while
/// `cartCount + 1` writes an expression.
///
/// ```swift
/// let cartCount = Variable<Int>("cartCount")
/// let label = cartCount == 0           // TypedExpression<Bool>: cartCount == 0
/// ```
public protocol ExpressionOperand<Value>: ExpressionConvertible {}
