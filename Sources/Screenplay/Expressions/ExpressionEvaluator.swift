import Foundation

/// Evaluates parsed expressions with DivKit's semantics: integer → number promotion only,
/// overflow and division by zero as errors, no truthiness, short-circuit `&&` and `||`, `!:`
/// falling back on any evaluation error of its left side, and DivKit's error messages.
///
/// Evaluation is bounded by ``EvaluationLimits``: too many steps, too deep a nesting or too long
/// a string is an error of kind `limit`.
///
/// ```swift
/// let evaluator = ExpressionEvaluator()
/// try evaluator.evaluate(property: "@{count * 2}", variables: ["count": .integer(21)])   // .integer(42)
/// try evaluator.evaluate(property: "@{count} items", variables: ["count": .integer(3)])  // .string("3 items")
/// ```
public struct ExpressionEvaluator: Sendable {
    public var limits: EvaluationLimits
    /// The locale formatting functions use (BCP 47 or ICU identifier).
    public var localeIdentifier: String
    /// The functions and methods calls resolve to.
    public var functions: ExpressionFunctions
    /// The current time in milliseconds since 1970 UTC, for `nowLocal()`.
    public var now: @Sendable () -> Int64

    /// - Parameters:
    ///   - limits: the bounds of each evaluation.
    ///   - localeIdentifier: the locale formatting functions use.
    ///   - functions: the function and method registry.
    ///   - now: the clock, milliseconds since 1970 UTC (real time by default).
    public init(
        limits: EvaluationLimits = .default, localeIdentifier: String = "en_US", functions: ExpressionFunctions = .standard,
        now: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
    ) {
        self.limits = limits
        self.localeIdentifier = localeIdentifier
        self.functions = functions
        self.now = now
    }

    /// Evaluates a parsed expression.
    /// - Parameters:
    ///   - node: the expression, from ``ExpressionParser``.
    ///   - variables: where variables are read.
    /// - Returns: the value.
    /// - Throws: ``ExpressionError`` of kind `evaluation` or `limit`.
    public func evaluate(_ node: ExpressionNode, variables: some ExpressionVariables = [String: ExpressionValue]()) throws(ExpressionError)
        -> ExpressionValue
    {
        var warnings: [String] = []
        return try evaluate(node, variables: variables, warnings: &warnings)
    }

    /// Evaluates a parsed expression and collects DivKit's warnings (`String for padding is empty.`).
    /// - Parameters:
    ///   - node: the expression.
    ///   - variables: where variables are read.
    ///   - warnings: receives the warnings, in order.
    /// - Returns: the value.
    /// - Throws: ``ExpressionError`` of kind `evaluation` or `limit`.
    public func evaluate(_ node: ExpressionNode, variables: some ExpressionVariables, warnings: inout [String]) throws(ExpressionError)
        -> ExpressionValue
    {
        var run = EvaluationRun(evaluator: self, variables: variables)
        defer { warnings += run.warnings }
        return try run.evaluate(node)
    }

    /// Parses a property string (see ``ExpressionParser/parse(property:maxDepth:)``) and evaluates it.
    /// - Parameters:
    ///   - property: the raw property value: `@{…}` alone, or a template.
    ///   - variables: where variables are read.
    /// - Returns: the value: typed for a whole-value expression, a string for a template.
    /// - Throws: ``ExpressionError`` of any kind.
    public func evaluate(property: String, variables: some ExpressionVariables = [String: ExpressionValue]()) throws(ExpressionError)
        -> ExpressionValue
    {
        try evaluate(ExpressionParser.parse(property: property, maxDepth: limits.maxDepth), variables: variables)
    }

    /// Parses a bare expression and evaluates it.
    /// - Parameters:
    ///   - expression: the expression, without `@{}`.
    ///   - variables: where variables are read.
    /// - Returns: the value.
    /// - Throws: ``ExpressionError`` of any kind.
    public func evaluate(expression: String, variables: some ExpressionVariables = [String: ExpressionValue]()) throws(ExpressionError)
        -> ExpressionValue
    {
        try evaluate(ExpressionParser.parse(expression: expression, maxDepth: limits.maxDepth), variables: variables)
    }
}

/// One evaluation: its step count, depth and warnings.
struct EvaluationRun {
    let evaluator: ExpressionEvaluator
    let variables: any ExpressionVariables
    var steps = 0
    var depth = 0
    var warnings: [String] = []

    init(evaluator: ExpressionEvaluator, variables: any ExpressionVariables) {
        self.evaluator = evaluator
        self.variables = variables
    }

    var limits: EvaluationLimits { evaluator.limits }

    static func failed(_ shown: String, _ reason: String, _ node: ExpressionNode) -> ExpressionError {
        ExpressionError(.evaluation, "Failed to evaluate [\(shown)]. \(reason)", at: node.range)
    }

    mutating func evaluate(_ node: ExpressionNode) throws(ExpressionError) -> ExpressionValue {
        steps += 1
        if steps > limits.maxSteps {
            throw ExpressionError(.limit, "Evaluation took more than \(limits.maxSteps) steps.", at: node.range)
        }
        depth += 1
        defer { depth -= 1 }
        // The parser's bound, plus the leaf and the template around it: whatever parsed evaluates.
        if depth > limits.maxDepth + 2 {
            throw ExpressionError(.limit, "Expression is nested too deeply (more than \(limits.maxDepth) levels).", at: node.range)
        }
        let value = try evaluateUnchecked(node)
        if case .string(let text) = value {
            try checkLength(text, node)
        }
        return value
    }

    func checkLength(_ text: String, _ node: ExpressionNode) throws(ExpressionError) {
        if text.utf8.count > limits.maxStringLength && text.unicodeScalars.count > limits.maxStringLength {
            throw ExpressionError(.limit, "The result would be longer than \(limits.maxStringLength) characters.", at: node.range)
        }
    }

    mutating func evaluateUnchecked(_ node: ExpressionNode) throws(ExpressionError) -> ExpressionValue {
        switch node.kind {
        case .literal(let value):
            return value
        case .template(let parts):
            var text = ""
            for part in parts {
                text += try evaluate(part).text
                try checkLength(text, node)
            }
            return .string(text)
        case .variable(let name):
            guard let value = variables.value(named: name) else {
                throw ExpressionError(.evaluation, "Variable '\(name)' is missing.", at: node.range)
            }
            return value
        case .call(let name, let argumentNodes):
            var arguments: [ExpressionValue] = []
            for argument in argumentNodes { arguments.append(try evaluate(argument)) }
            return try call(name, arguments, isMethod: false, node)
        case .method(let receiver, let name, let argumentNodes):
            var arguments = [try evaluate(receiver)]
            for argument in argumentNodes { arguments.append(try evaluate(argument)) }
            return try call(name, arguments, isMethod: true, node)
        case .unary(let op, let operandNode):
            let operand = try evaluate(operandNode)
            return try Self.unary(op, operand, node)
        case .conditional(let conditionNode, let thenNode, let otherwiseNode):
            let condition = try evaluate(conditionNode)
            guard case .boolean(let flag) = condition else {
                let then = try evaluate(thenNode), otherwise = try evaluate(otherwiseNode)
                throw Self.failed(
                    "\(condition.preview) ? \(then.preview) : \(otherwise.preview)",
                    "Ternary must be called with a Boolean value as a condition.",
                    node)
            }
            return try evaluate(flag ? thenNode : otherwiseNode)
        case .binary(.fallback, let leftNode, let rightNode):
            do throws(ExpressionError) {
                return try evaluate(leftNode)
            } catch {
                if error.kind == .limit { throw error }
                return try evaluate(rightNode)
            }
        case .binary(let op, let leftNode, let rightNode) where op == .and || op == .or:
            let left = try evaluate(leftNode)
            guard case .boolean(let flag) = left else {
                throw Self.failed("\(left.preview) \(op.rawValue) ...", "'\(op.rawValue)' must be called with boolean operands.", node)
            }
            if op == .or && flag { return left }
            if op == .and && !flag { return left }
            let right = try evaluate(rightNode)
            guard case .boolean = right else {
                throw Self.failed(
                    "\(left.preview) \(op.rawValue) \(right.preview)",
                    "Operator '\(op.rawValue)' cannot be applied to different types: Boolean and \(right.type).", node)
            }
            return right
        case .binary(let op, let leftNode, let rightNode):
            let left = try evaluate(leftNode)
            let right = try evaluate(rightNode)
            return try Self.binary(op, left, right, node)
        }
    }

    mutating func call(_ name: String, _ arguments: [ExpressionValue], isMethod: Bool, _ node: ExpressionNode) throws(ExpressionError)
        -> ExpressionValue
    {
        let shownArguments = isMethod ? Array(arguments.dropFirst()) : arguments
        let function: ExpressionFunction
        switch evaluator.functions.resolve(name, arguments.map(\.type), isMethod: isMethod) {
        case .success(let found): function = found
        case .failure(let failure):
            throw Self.failed("\(name)(\(shownArguments.map(\.preview).joined(separator: ", ")))", failure.reason, node)
        }
        var converted = arguments
        for index in converted.indices {
            let parameter = function.parameters[min(index, function.parameters.count - 1)]
            if parameter == .number, case .integer(let value) = converted[index] { converted[index] = .number(Double(value)) }
        }
        var context = ExpressionCall(
            arguments: converted, variables: variables, localeIdentifier: evaluator.localeIdentifier, now: evaluator.now,
            maxStringLength: limits.maxStringLength)
        do {
            let result = try function.body(&context)
            warnings += context.warnings
            return result
        } catch {
            let shown = isMethod ? Array(converted.dropFirst()) : converted
            let prefix = "\(name)(\(shown.map(\.preview).joined(separator: ", ")))"
            if let failure = error as? ExpressionFailure {
                if failure.isLimit { throw ExpressionError(.limit, failure.reason, at: node.range) }
                if failure.standsAlone { throw ExpressionError(.evaluation, failure.reason, at: node.range) }
                throw Self.failed(prefix, failure.reason, node)
            }
            throw Self.failed(prefix, "\(error)", node)
        }
    }
}
