// The operators of the language on typed expressions. Each has three overloads: two expressions,
// an expression and a Swift value of the same type (written as a literal), and the reverse, so that
// one side at least is an expression and plain Swift arithmetic never meets them.

/// Adds integers or numbers, or joins strings: `cartCount + 1`, `"Hello, " + name`.
public func + <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<L.Value>
where L.Value == R.Value, L.Value: ExpressionAddable {
    TypedExpression<L.Value>.binary("+", .sum, lhs.typedExpression, rhs.typedExpression)
}

/// Adds integers or numbers, or joins strings: `cartCount + 1`, `"Hello, " + name`.
public func + <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<L.Value> where L.Value: ExpressionAddable {
    TypedExpression<L.Value>.binary("+", .sum, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Adds integers or numbers, or joins strings: `cartCount + 1`, `"Hello, " + name`.
public func + <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<R.Value> where R.Value: ExpressionAddable {
    TypedExpression<R.Value>.binary("+", .sum, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Subtracts: `total - discount`.
public func - <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<L.Value>
where L.Value == R.Value, L.Value: ExpressionNumeric {
    TypedExpression<L.Value>.binary("-", .sum, lhs.typedExpression, rhs.typedExpression)
}

/// Subtracts: `total - discount`.
public func - <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<L.Value> where L.Value: ExpressionNumeric {
    TypedExpression<L.Value>.binary("-", .sum, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Subtracts: `total - discount`.
public func - <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<R.Value> where R.Value: ExpressionNumeric {
    TypedExpression<R.Value>.binary("-", .sum, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Multiplies: `price * 1.2`.
public func * <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<L.Value>
where L.Value == R.Value, L.Value: ExpressionNumeric {
    TypedExpression<L.Value>.binary("*", .product, lhs.typedExpression, rhs.typedExpression)
}

/// Multiplies: `price * 1.2`.
public func * <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<L.Value> where L.Value: ExpressionNumeric {
    TypedExpression<L.Value>.binary("*", .product, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Multiplies: `price * 1.2`.
public func * <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<R.Value> where R.Value: ExpressionNumeric {
    TypedExpression<R.Value>.binary("*", .product, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Divides (integers toward zero; by zero an error): `seconds / 60`.
public func / <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<L.Value>
where L.Value == R.Value, L.Value: ExpressionNumeric {
    TypedExpression<L.Value>.binary("/", .product, lhs.typedExpression, rhs.typedExpression)
}

/// Divides (integers toward zero; by zero an error): `seconds / 60`.
public func / <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<L.Value> where L.Value: ExpressionNumeric {
    TypedExpression<L.Value>.binary("/", .product, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Divides (integers toward zero; by zero an error): `seconds / 60`.
public func / <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<R.Value> where R.Value: ExpressionNumeric {
    TypedExpression<R.Value>.binary("/", .product, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// The remainder, with the sign of the dividend (by zero an error): `seconds % 60`.
public func % <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<L.Value>
where L.Value == R.Value, L.Value: ExpressionNumeric {
    TypedExpression<L.Value>.binary("%", .product, lhs.typedExpression, rhs.typedExpression)
}

/// The remainder, with the sign of the dividend (by zero an error): `seconds % 60`.
public func % <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<L.Value> where L.Value: ExpressionNumeric {
    TypedExpression<L.Value>.binary("%", .product, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// The remainder, with the sign of the dividend (by zero an error): `seconds % 60`.
public func % <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<R.Value> where R.Value: ExpressionNumeric {
    TypedExpression<R.Value>.binary("%", .product, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Whether the left is less: `cartCount < 10`.
public func < <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.Value == R.Value, L.Value: ExpressionComparable {
    TypedExpression<Bool>.binary("<", .comparison, lhs.typedExpression, rhs.typedExpression)
}

/// Whether the left is less: `cartCount < 10`.
public func < <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<Bool> where L.Value: ExpressionComparable {
    TypedExpression<Bool>.binary("<", .comparison, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Whether the left is less: `cartCount < 10`.
public func < <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<Bool> where R.Value: ExpressionComparable {
    TypedExpression<Bool>.binary("<", .comparison, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Whether the left is less or equal: `cartCount <= 10`.
public func <= <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.Value == R.Value, L.Value: ExpressionComparable {
    TypedExpression<Bool>.binary("<=", .comparison, lhs.typedExpression, rhs.typedExpression)
}

/// Whether the left is less or equal: `cartCount <= 10`.
public func <= <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<Bool> where L.Value: ExpressionComparable {
    TypedExpression<Bool>.binary("<=", .comparison, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Whether the left is less or equal: `cartCount <= 10`.
public func <= <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<Bool> where R.Value: ExpressionComparable {
    TypedExpression<Bool>.binary("<=", .comparison, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Whether the left is greater: `cartCount > 0`.
public func > <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.Value == R.Value, L.Value: ExpressionComparable {
    TypedExpression<Bool>.binary(">", .comparison, lhs.typedExpression, rhs.typedExpression)
}

/// Whether the left is greater: `cartCount > 0`.
public func > <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<Bool> where L.Value: ExpressionComparable {
    TypedExpression<Bool>.binary(">", .comparison, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Whether the left is greater: `cartCount > 0`.
public func > <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<Bool> where R.Value: ExpressionComparable {
    TypedExpression<Bool>.binary(">", .comparison, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Whether the left is greater or equal: `total >= 10.0`.
public func >= <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.Value == R.Value, L.Value: ExpressionComparable {
    TypedExpression<Bool>.binary(">=", .comparison, lhs.typedExpression, rhs.typedExpression)
}

/// Whether the left is greater or equal: `total >= 10.0`.
public func >= <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<Bool> where L.Value: ExpressionComparable {
    TypedExpression<Bool>.binary(">=", .comparison, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Whether the left is greater or equal: `total >= 10.0`.
public func >= <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<Bool> where R.Value: ExpressionComparable {
    TypedExpression<Bool>.binary(">=", .comparison, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Whether both sides are equal (an expression, not a Swift `Bool`): `cartCount == 0`.
public func == <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<Bool> where L.Value == R.Value {
    TypedExpression<Bool>.binary("==", .equality, lhs.typedExpression, rhs.typedExpression)
}

/// Whether both sides are equal (an expression, not a Swift `Bool`): `cartCount == 0`.
public func == <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<Bool> where L.Value: ExpressionLiteralRepresentable {
    TypedExpression<Bool>.binary("==", .equality, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Whether both sides are equal (an expression, not a Swift `Bool`): `cartCount == 0`.
public func == <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<Bool> where R.Value: ExpressionLiteralRepresentable {
    TypedExpression<Bool>.binary("==", .equality, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Whether the sides differ: `name != ""`.
public func != <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<Bool> where L.Value == R.Value {
    TypedExpression<Bool>.binary("!=", .equality, lhs.typedExpression, rhs.typedExpression)
}

/// Whether the sides differ: `name != ""`.
public func != <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<Bool> where L.Value: ExpressionLiteralRepresentable {
    TypedExpression<Bool>.binary("!=", .equality, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Whether the sides differ: `name != ""`.
public func != <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<Bool> where R.Value: ExpressionLiteralRepresentable {
    TypedExpression<Bool>.binary("!=", .equality, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Both (the right side is evaluated only when the left is true): `isMember && cartCount > 0`.
public func && <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.Value == R.Value, L.Value == Bool {
    TypedExpression<Bool>.binary("&&", .and, lhs.typedExpression, rhs.typedExpression)
}

/// Both (the right side is evaluated only when the left is true): `isMember && cartCount > 0`.
public func && <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<Bool> where L.Value == Bool {
    TypedExpression<Bool>.binary("&&", .and, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Both (the right side is evaluated only when the left is true): `isMember && cartCount > 0`.
public func && <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<Bool> where R.Value == Bool {
    TypedExpression<Bool>.binary("&&", .and, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// Either (the right side is evaluated only when the left is false): `isMember || total > 100.0`.
public func || <L: ExpressionOperand, R: ExpressionOperand>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.Value == R.Value, L.Value == Bool {
    TypedExpression<Bool>.binary("||", .or, lhs.typedExpression, rhs.typedExpression)
}

/// Either (the right side is evaluated only when the left is false): `isMember || total > 100.0`.
public func || <L: ExpressionOperand>(lhs: L, rhs: L.Value) -> TypedExpression<Bool> where L.Value == Bool {
    TypedExpression<Bool>.binary("||", .or, lhs.typedExpression, TypedExpression(literal: rhs))
}

/// Either (the right side is evaluated only when the left is false): `isMember || total > 100.0`.
public func || <R: ExpressionOperand>(lhs: R.Value, rhs: R) -> TypedExpression<Bool> where R.Value == Bool {
    TypedExpression<Bool>.binary("||", .or, TypedExpression(literal: lhs), rhs.typedExpression)
}

/// The negation: `-balance`.
public prefix func - <E: ExpressionOperand>(operand: E) -> TypedExpression<E.Value> where E.Value: ExpressionNumeric {
    TypedExpression<E.Value>.prefix("-", operand.typedExpression)
}

/// The opposite: `!isMember`.
public prefix func ! <E: ExpressionOperand>(operand: E) -> TypedExpression<Bool> where E.Value == Bool {
    TypedExpression<Bool>.prefix("!", operand.typedExpression)
}
