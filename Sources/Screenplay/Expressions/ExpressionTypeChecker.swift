/// Infers an expression's result type from declared variable types, and finds type errors,
/// without evaluating anything: what publishing uses to refuse a slot whose expressions cannot
/// work.
///
/// A type that depends on values (a ternary whose branches differ, `!:`) is a union, and a union
/// is refused only when no member of it can work. Errors inside the left side of `!:` are not
/// reported: that side is allowed to fail.
///
/// ```swift
/// let checker = ExpressionTypeChecker(variables: ["count": .integer])
/// let check = checker.check(try ExpressionParser.parse(property: "@{'n = ' + count}"))
/// check.errors.first?.message   // Operator '+' cannot be applied to different types: String and Integer.
/// checker.check(try ExpressionParser.parse(property: "@{count > 1 ? 'many' : 1}")).types   // [.string, .integer]
/// ```
public struct ExpressionTypeChecker: Sendable {
    /// The declared variables and their types.
    public var variables: [String: ExpressionType]
    /// The functions and methods calls resolve to.
    public var functions: ExpressionFunctions

    /// - Parameters:
    ///   - variables: the declared variables and their types.
    ///   - functions: the function and method registry.
    public init(variables: [String: ExpressionType] = [:], functions: ExpressionFunctions = .standard) {
        self.variables = variables
        self.functions = functions
    }

    /// What checking found: the possible result types and the errors, each with its range.
    public struct Check: Sendable, Hashable {
        /// The types the expression may have; every type when nothing can be said.
        public var types: Set<ExpressionType>
        /// Type errors, in source order of discovery.
        public var errors: [ExpressionError]

        /// Whether the expression passed.
        public var isValid: Bool { errors.isEmpty }
    }

    /// Checks a parsed expression.
    /// - Parameter node: the expression, from ``ExpressionParser``.
    /// - Returns: its possible types and its type errors.
    public func check(_ node: ExpressionNode) -> Check {
        var errors: [ExpressionError] = []
        let types = infer(node, &errors)
        return Check(types: types, errors: errors)
    }

    static let all = Set(ExpressionType.allCases)

    func infer(_ node: ExpressionNode, _ errors: inout [ExpressionError]) -> Set<ExpressionType> {
        func fail(_ message: String) -> Set<ExpressionType> {
            errors.append(ExpressionError(.type, message, at: node.range))
            return Self.all
        }
        switch node.kind {
        case .literal(let value):
            return [value.type]
        case .template(let parts):
            for part in parts { _ = infer(part, &errors) }
            return [.string]
        case .variable(let name):
            guard let type = variables[name] else { return fail("Variable '\(name)' is missing.") }
            return [type]
        case .unary(let op, let operand):
            let types = infer(operand, &errors)
            switch op {
            case .not:
                return types.contains(.boolean) ? [.boolean] : fail("A Boolean is expected after a unary not.")
            case .plus, .minus:
                let numeric = types.intersection([.integer, .number])
                return numeric.isEmpty ? fail("A Number is expected after a unary \(op == .plus ? "plus" : "minus").") : numeric
            }
        case .conditional(let condition, let then, let otherwise):
            let conditionTypes = infer(condition, &errors)
            if !conditionTypes.contains(.boolean) {
                errors.append(ExpressionError(.type, "Ternary must be called with a Boolean value as a condition.", at: condition.range))
            }
            return infer(then, &errors).union(infer(otherwise, &errors))
        case .binary(.fallback, let left, let right):
            var ignored: [ExpressionError] = []
            let leftTypes = infer(left, &ignored)
            var rightErrors: [ExpressionError] = []
            let rightTypes = infer(right, &rightErrors)
            errors += rightErrors
            // A side with errors fails whenever it runs and adds no type of its own: its "any type"
            // must not hide what the other side gives (`true !: missing !: 'c'` is a Boolean or a String).
            let fromLeft = ignored.isEmpty || leftTypes != Self.all ? leftTypes : []
            let fromRight = rightErrors.isEmpty ? rightTypes : []
            let types = fromLeft.union(fromRight)
            return types.isEmpty ? Self.all : types
        case .binary(let op, let left, let right) where op == .and || op == .or:
            let leftTypes = infer(left, &errors), rightTypes = infer(right, &errors)
            if !leftTypes.contains(.boolean) { return fail("'\(op.rawValue)' must be called with boolean operands.") }
            if !rightTypes.contains(.boolean) {
                let shown = rightTypes.count == 1 ? rightTypes.first!.description : "a non-Boolean"
                return fail("Operator '\(op.rawValue)' cannot be applied to different types: Boolean and \(shown).")
            }
            return [.boolean]
        case .binary(let op, let left, let right):
            let leftTypes = infer(left, &errors), rightTypes = infer(right, &errors)
            if leftTypes == Self.all || rightTypes == Self.all { return Self.resultTypes(op) }
            var results: Set<ExpressionType> = []
            var firstProblem: String?
            for l in Self.sorted(leftTypes) {
                for r in Self.sorted(rightTypes) {
                    switch Self.binaryType(op, l, r) {
                    case .success(let type): results.insert(type)
                    case .failure(let problem): firstProblem = firstProblem ?? problem.reason
                    }
                }
            }
            if results.isEmpty { return fail(firstProblem ?? "Operator '\(op.rawValue)' cannot be applied.") }
            return results
        case .call(let name, let arguments):
            return inferCall(name, arguments.map { infer($0, &errors) }, isMethod: false, node, &errors)
        case .method(let receiver, let name, let arguments):
            let types = [infer(receiver, &errors)] + arguments.map { infer($0, &errors) }
            return inferCall(name, types, isMethod: true, node, &errors)
        }
    }

    func inferCall(
        _ name: String, _ arguments: [Set<ExpressionType>], isMethod: Bool, _ node: ExpressionNode, _ errors: inout [ExpressionError]
    )
        -> Set<ExpressionType>
    {
        let table = isMethod ? functions.methods : functions.functions
        guard let overloads = table[name] else {
            errors.append(
                ExpressionError(.type, isMethod ? "Unknown method name: \(name)." : "Unknown function name: \(name).", at: node.range))
            return Self.all
        }
        let combinations = arguments.reduce(1) { $0 * $1.count }
        guard combinations <= 256 else { return Set(overloads.map(\.result)) }
        var results: Set<ExpressionType> = []
        var firstProblem: String?
        var combination: [[ExpressionType]] = [[]]
        for types in arguments {
            combination = combination.flatMap { prefix in Self.sorted(types).map { prefix + [$0] } }
        }
        for types in combination {
            switch functions.resolve(name, types, isMethod: isMethod) {
            case .success(let function): results.insert(function.result)
            case .failure(let problem): firstProblem = firstProblem ?? problem.reason
            }
        }
        if results.isEmpty {
            errors.append(ExpressionError(.type, firstProblem ?? "Unknown function name: \(name).", at: node.range))
            return Self.all
        }
        return results
    }

    static func sorted(_ types: Set<ExpressionType>) -> [ExpressionType] {
        ExpressionType.allCases.filter(types.contains)
    }

    /// Every type `op` can give, for operands nothing is known about.
    static func resultTypes(_ op: ExpressionNode.BinaryOperator) -> Set<ExpressionType> {
        switch op {
        case .add: [.string, .integer, .number]
        case .subtract, .multiply, .divide, .remainder: [.integer, .number]
        case .fallback: all
        default: [.boolean]
        }
    }

    /// The result type of `left op right`, or the reason it has none (DivKit's words).
    static func binaryType(_ op: ExpressionNode.BinaryOperator, _ left: ExpressionType, _ right: ExpressionType) -> Result<
        ExpressionType, ExpressionFailure
    > {
        var (l, r) = (left, right)
        if l == .integer && r == .number { l = .number }
        if l == .number && r == .integer { r = .number }
        guard l == r else {
            return .failure(ExpressionFailure("Operator '\(op.rawValue)' cannot be applied to different types: \(l) and \(r)."))
        }
        let notFor = ExpressionFailure("Operator '\(op.rawValue)' cannot be applied to \(l) type.")
        switch op {
        case .equal, .notEqual: return .success(.boolean)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            return [.integer, .number, .datetime].contains(l) ? .success(.boolean) : .failure(notFor)
        case .add:
            return [.integer, .number, .string].contains(l) ? .success(l) : .failure(notFor)
        case .subtract, .multiply, .divide, .remainder:
            return [.integer, .number].contains(l) ? .success(l) : .failure(notFor)
        case .and, .or, .fallback:
            return .success(.boolean)
        }
    }
}
