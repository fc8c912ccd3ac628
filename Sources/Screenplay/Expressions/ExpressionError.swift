/// Why an expression could not be parsed, type-checked or evaluated, in DivKit's words, and where.
///
/// `range` counts Unicode scalars from the start of the text that was parsed (the whole property
/// string for a template).
///
/// ```swift
/// do {
///     _ = try ExpressionEvaluator().evaluate(property: "@{2 / 0}")
/// } catch {
///     error.message   // "Failed to evaluate [2 / 0]. Division by zero is not supported."
/// }
/// ```
public struct ExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which stage refused the expression.
    public enum Kind: String, Sendable, Hashable {
        /// The text is not an expression.
        case syntax
        /// The expression's types do not fit (static checking).
        case type
        /// The expression failed while it was evaluated.
        case evaluation
        /// Evaluation went past an ``EvaluationLimits`` bound.
        case limit
    }

    public var kind: Kind
    /// The message, as DivKit words it where DivKit has one.
    public var message: String
    /// The offending part of the source, in Unicode scalar offsets.
    public var range: Range<Int>

    public init(_ kind: Kind, _ message: String, at range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.range = range
    }

    /// `message`, then where: `Division by zero is not supported. (at 2..<7)`.
    public var description: String { "\(message) (at \(range.lowerBound)..<\(range.upperBound))" }
}
