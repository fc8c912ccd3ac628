/// A parsed expression: one node of the syntax tree and the part of the source it came from.
///
/// ```swift
/// let node = try ExpressionParser.parse(expression: "1 + 2 * 3")
/// if case .binary(.add, _, let right) = node.kind { print(right) }   // 2 * 3
/// ```
public struct ExpressionNode: Sendable, Hashable, CustomStringConvertible {
    /// What the node is.
    public indirect enum Kind: Sendable, Hashable {
        /// A literal: string, integer, number or boolean.
        case literal(ExpressionValue)
        /// A string template: its parts (literal strings and expressions) converted to strings
        /// and joined. Single-quoted literals with `@{…}` inside are templates too.
        case template([ExpressionNode])
        /// A variable read by name (dots are part of the name).
        case variable(String)
        /// `name(arguments…)`.
        case call(String, [ExpressionNode])
        /// `receiver.name(arguments…)`, from the method table.
        case method(ExpressionNode, String, [ExpressionNode])
        case unary(UnaryOperator, ExpressionNode)
        case binary(BinaryOperator, ExpressionNode, ExpressionNode)
        /// `condition ? then : else`.
        case conditional(ExpressionNode, ExpressionNode, ExpressionNode)
    }

    public var kind: Kind
    /// The node's source, in Unicode scalar offsets.
    public var range: Range<Int>

    public init(_ kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }

    /// The node written back as an expression (strings in single quotes, minimal spacing as
    /// DivKit prints: `1 + 2`, `f(a, b)`).
    public var description: String {
        switch kind {
        case .literal(let value): value.preview
        case .template(let parts):
            "'"
                + parts.map { (part) -> String in
                    if case .literal(.string(let text)) = part.kind {
                        text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'").replacingAll("@{", with: "\\@{")
                    } else {
                        "@{\(part)}"
                    }
                }.joined() + "'"
        case .variable(let name): name
        case .call(let name, let arguments): "\(name)(\(arguments.map(\.description).joined(separator: ", ")))"
        case .method(let receiver, let name, let arguments):
            "\(receiver).\(name)(\(arguments.map(\.description).joined(separator: ", ")))"
        case .unary(let op, let operand): "\(op.rawValue)\(operand)"
        case .binary(let op, let left, let right): "\(left) \(op.rawValue) \(right)"
        case .conditional(let condition, let then, let otherwise): "\(condition) ? \(then) : \(otherwise)"
        }
    }
}

extension ExpressionNode {
    /// A prefix operator.
    public enum UnaryOperator: String, Sendable, Hashable {
        case not = "!"
        case minus = "-"
        case plus = "+"
    }

    /// An infix operator, written as in the source.
    public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
        case multiply = "*"
        case divide = "/"
        case remainder = "%"
        case add = "+"
        case subtract = "-"
        /// `!:`: the right side when the left side fails.
        case fallback = "!:"
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case equal = "=="
        case notEqual = "!="
        case and = "&&"
        case or = "||"
    }
}
