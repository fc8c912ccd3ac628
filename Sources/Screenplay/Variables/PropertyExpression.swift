/// A property's value written in the expression language: a whole-value expression
/// (`"@{cartCount > 0}"`) or a string template (`"@{cartCount} items"`), parsed once, with the
/// variables it reads.
///
/// A node binds its properties to them (``Node/bindings``) and the `set` action assigns their
/// value to a variable. They are never read out of a literal property: a string a server puts in
/// a text is text, whatever it contains, so user data can never become code.
///
/// ```swift
/// let label = try PropertyExpression("@{cartCount} items")
/// label.variableNames        // ["cartCount"]
/// let shown = try PropertyExpression("@{cartCount > 0}")
/// ```
public struct PropertyExpression: Sendable, Hashable, CustomStringConvertible {
    /// The text as written, `@{…}` included.
    public let source: String
    /// The parsed expression.
    public let node: ExpressionNode
    /// Every variable the expression reads, by full name.
    public let variableNames: Set<String>

    /// Parses `source` in property syntax.
    /// - Parameter source: one `@{…}` (the value keeps its type) or a template.
    /// - Throws: ``ExpressionError`` of kind `syntax` or `limit`.
    public init(_ source: String) throws(ExpressionError) {
        self.source = source
        node = try ExpressionParser.parse(property: source)
        variableNames = node.variableNames
    }

    /// Whether the expression is a template (it always gives a string).
    public var isTemplate: Bool {
        switch node.kind {
        case .template: true
        case .literal(.string): !source.hasPrefix("@{")
        default: false
        }
    }

    public var description: String { source }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

extension ExpressionNode {
    /// Every variable the expression reads (a `getIntegerValue('name', …)`-style read by a
    /// literal name counts too, so that a change to that variable re-evaluates the expression).
    public var variableNames: Set<String> {
        var names: Set<String> = []
        collectVariableNames(into: &names)
        return names
    }

    private func collectVariableNames(into names: inout Set<String>) {
        switch kind {
        case .literal: break
        case .variable(let name): names.insert(name)
        case .template(let parts): for part in parts { part.collectVariableNames(into: &names) }
        case .call(let name, let arguments):
            if name.hasPrefix("get"), name.hasSuffix("Value"),
                case .literal(.string(let variable))? = arguments.first?.kind
            {
                names.insert(variable)
            }
            for argument in arguments { argument.collectVariableNames(into: &names) }
        case .method(let receiver, _, let arguments):
            receiver.collectVariableNames(into: &names)
            for argument in arguments { argument.collectVariableNames(into: &names) }
        case .unary(_, let operand): operand.collectVariableNames(into: &names)
        case .binary(_, let left, let right):
            left.collectVariableNames(into: &names)
            right.collectVariableNames(into: &names)
        case .conditional(let condition, let then, let otherwise):
            condition.collectVariableNames(into: &names)
            then.collectVariableNames(into: &names)
            otherwise.collectVariableNames(into: &names)
        }
    }
}

extension PropertyExpression {
    /// Reads an expression member: a string in property syntax, or a number or boolean literal.
    static func read(_ json: JSONElement, context: DecodingContext) throws(DecodingFailure) -> PropertyExpression {
        let source: String
        switch json.kind {
        case .string: source = json.string ?? ""
        case .number:
            let value = json.number ?? 0
            source = value.rounded() == value && abs(value) < 9.2e18 ? "@{\(Int64(value))}" : "@{\(value)}"
        case .true: source = "@{true}"
        case .false: source = "@{false}"
        default:
            throw context.failure(
                .invalidValue,
                "expected an expression string, a number or a boolean, found \(json.kindDescription) (setState takes JSON values)")
        }
        do throws(ExpressionError) {
            let expression = try PropertyExpression(source)
            if let types = context.variableTypes, let error = ExpressionTypeChecker(variables: types).check(expression.node).errors.first {
                throw error
            }
            return expression
        } catch {
            throw context.failure(
                .invalidValue, "\(error.message) (at \(error.range.lowerBound)..<\(error.range.upperBound) of \"\(source)\")")
        }
    }
}
