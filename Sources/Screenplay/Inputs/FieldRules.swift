/// A text field's validation rules, in order: the value is valid when it meets all of them, and
/// the first one it breaks gives the message. One definition serves the device (checked as the
/// user types or leaves the field), the web page (the same checks in its script) and the server
/// (which checks the intent's values again: a client is never trusted).
///
/// On the wire, a JSON array of ``FieldRule`` objects. A rule of a type this version does not know
/// is skipped with a warning (a newer server never breaks an older app); a rule with a wrong
/// member is dropped with an error at that member's path (`rules[1].pattern`).
///
/// ```swift
/// let rules: FieldRules = [
///     .required(message: "Enter a name"),
///     .length(min: 2, max: 40, message: "Between 2 and 40 characters"),
/// ]
/// rules.firstProblem(for: "A")?.message      // "Between 2 and 40 characters"
/// rules.firstProblem(for: "Ada")             // nil
/// ```
public struct FieldRules: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The rules, in the order they are checked.
    public var rules: [FieldRule]

    /// The most rules a field may carry; more are dropped with an error.
    public static let maxCount = 32

    /// - Parameter rules: the rules, in the order they are checked.
    public init(_ rules: [FieldRule] = []) {
        self.rules = rules
    }

    public init(arrayLiteral elements: FieldRule...) {
        self.init(elements)
    }

    public var startIndex: Int { rules.startIndex }
    public var endIndex: Int { rules.endIndex }
    public subscript(position: Int) -> FieldRule { rules[position] }

    /// Whether one of the rules is `required` (a renderer marks the field so).
    ///
    /// ```swift
    /// FieldRules([.required(message: "Enter a name")]).isRequired   // true
    /// ```
    public var isRequired: Bool {
        rules.contains { if case .required = $0 { true } else { false } }
    }

    /// The first rule `value` breaks, or nil when it meets them all.
    ///
    /// ```swift
    /// let rules: FieldRules = [.expression(condition: "@{amount <= 500}", message: "At most 500")]
    /// rules.firstProblem(for: "900", variables: ["amount": .integer(900)])?.message   // "At most 500"
    /// ```
    /// - Parameters:
    ///   - value: the field's value: the raw value when the field has a mask.
    ///   - variables: what `expression` rules read (the field's own variable among them).
    ///   - evaluator: evaluates `expression` rules, with its bounds and locale.
    /// - Returns: the broken rule's index and message; for a condition that failed to evaluate,
    ///   also what went wrong.
    public func firstProblem(
        for value: String, variables: some ExpressionVariables = [String: ExpressionValue](),
        evaluator: ExpressionEvaluator = ExpressionEvaluator()
    ) -> FieldProblem? {
        for (index, rule) in rules.enumerated() {
            if let problem = rule.check(value, variables: variables, evaluator: evaluator, index: index) { return problem }
        }
        return nil
    }

    /// Every rule `value` breaks, in order (a form that lists all of a field's problems).
    ///
    /// ```swift
    /// let rules: FieldRules = [.length(min: 3, message: "Too short"), .pattern(try TextPattern("[a-z]*"), message: "Lower case")]
    /// rules.problems(for: "A").map(\.message)   // ["Too short", "Lower case"]
    /// ```
    /// - Parameters:
    ///   - value: the field's value.
    ///   - variables: what `expression` rules read.
    ///   - evaluator: evaluates `expression` rules.
    /// - Returns: one problem per broken rule.
    public func problems(
        for value: String, variables: some ExpressionVariables = [String: ExpressionValue](),
        evaluator: ExpressionEvaluator = ExpressionEvaluator()
    ) -> [FieldProblem] {
        rules.enumerated().compactMap { $0.element.check(value, variables: variables, evaluator: evaluator, index: $0.offset) }
    }
}

extension FieldRule {
    /// The problem `value` has with this rule, or nil when it meets it.
    func check(_ value: String, variables: some ExpressionVariables, evaluator: ExpressionEvaluator, index: Int) -> FieldProblem? {
        if value.isEmpty && allowsEmpty { return nil }
        switch self {
        case .required(let message):
            return value.unicodeScalars.allSatisfy(InputCharacters.isWhiteSpace) ? FieldProblem(ruleIndex: index, message: message) : nil
        case .length(let min, let max, _, let message):
            let count = value.unicodeScalars.count
            let fits = count >= (min ?? 0) && count <= (max ?? Int.max)
            return fits ? nil : FieldProblem(ruleIndex: index, message: message)
        case .pattern(let pattern, _, let message):
            return pattern.matchesWhole(value) ? nil : FieldProblem(ruleIndex: index, message: message)
        case .expression(let condition, _, let message):
            do throws(ExpressionError) {
                let result = try evaluator.evaluate(property: condition, variables: variables)
                switch result {
                case .boolean(true): return nil
                case .boolean(false): return FieldProblem(ruleIndex: index, message: message)
                default:
                    return FieldProblem(
                        ruleIndex: index, message: message, diagnostic: "The condition gave \(result.type), not Boolean.")
                }
            } catch {
                return FieldProblem(ruleIndex: index, message: message, diagnostic: error.message)
            }
        case .cardNumber(_, let message, let checkDigitMessage):
            switch CardNumberCheck(of: value) {
            case .valid: return nil
            case .invalidLength: return FieldProblem(ruleIndex: index, message: message)
            case .wrongCheckDigit: return FieldProblem(ruleIndex: index, message: checkDigitMessage ?? message)
            }
        }
    }
}
