/// Why a field's value is refused: the first rule it breaks, with that rule's message.
///
/// ```swift
/// let rules: FieldRules = [.required(message: "Enter your email")]
/// if let problem = rules.firstProblem(for: "") {
///     print(problem.message)     // "Enter your email"
///     print(problem.ruleIndex)   // 0
/// }
/// ```
public struct FieldProblem: Sendable, Hashable {
    /// The position of the broken rule in its list (its path is `rules[ruleIndex]`).
    public var ruleIndex: Int
    /// The rule's message, to show and announce next to the field.
    public var message: String
    /// For an `expression` rule whose condition could not be evaluated or did not give a Boolean:
    /// what went wrong, for logs and the server's diagnostics (never shown to the user). Nil when
    /// the value simply breaks the rule.
    public var diagnostic: String?

    /// - Parameters:
    ///   - ruleIndex: the broken rule's position.
    ///   - message: its message.
    ///   - diagnostic: what went wrong evaluating it, if anything.
    public init(ruleIndex: Int, message: String, diagnostic: String? = nil) {
        self.ruleIndex = ruleIndex
        self.message = message
        self.diagnostic = diagnostic
    }
}
