/// Bounds on one evaluation, so that a hostile or careless expression costs an error, never a
/// hang, a crash or unbounded memory.
///
/// ```swift
/// let evaluator = ExpressionEvaluator(limits: EvaluationLimits(maxSteps: 1_000, maxDepth: 32, maxStringLength: 2_000))
/// ```
public struct EvaluationLimits: Sendable, Hashable {
    /// How many nodes one evaluation may visit.
    public var maxSteps: Int
    /// How deep expressions may nest, when parsed and when evaluated.
    public var maxDepth: Int
    /// The longest string (in Unicode scalars) an evaluation may produce.
    public var maxStringLength: Int

    /// - Parameters:
    ///   - maxSteps: how many nodes one evaluation may visit.
    ///   - maxDepth: how deep expressions may nest.
    ///   - maxStringLength: the longest string, in Unicode scalars, an evaluation may make.
    public init(maxSteps: Int = 10_000, maxDepth: Int = 64, maxStringLength: Int = 10_000) {
        self.maxSteps = maxSteps
        self.maxDepth = maxDepth
        self.maxStringLength = maxStringLength
    }

    /// 10,000 steps, depth 64, strings up to 10,000 scalars.
    public static let `default` = EvaluationLimits()
}

/// Where an evaluation reads its variables: a dictionary, or the runtime's own storage.
///
/// ```swift
/// let variables: [String: ExpressionValue] = ["count": .integer(3)]
/// try ExpressionEvaluator().evaluate(property: "@{count + 1}", variables: variables)   // .integer(4)
/// ```
public protocol ExpressionVariables {
    /// The variable's current value, or nil when there is none by that name.
    /// - Parameter name: the variable's full name, dots included.
    func value(named name: String) -> ExpressionValue?
}

extension Dictionary: ExpressionVariables where Key == String, Value == ExpressionValue {
    /// The entry for `name`.
    /// - Parameter name: the variable's name.
    public func value(named name: String) -> ExpressionValue? { self[name] }
}
