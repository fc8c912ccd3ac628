extension Screen {
    /// The rules of every text field on the screen that has some, by the variable it writes
    /// (fields in fallbacks included: a client may show those).
    ///
    /// ```swift
    /// checkout.fieldRules.keys.sorted()   // ["cardNumber", "expiry"]
    /// ```
    public var fieldRules: [String: FieldRules] {
        var rules: [String: FieldRules] = [:]
        for field in textFields where !field.rules.isEmpty && rules[field.key] == nil { rules[field.key] = field.rules }
        return rules
    }

    /// Every text field of the screen, fallbacks included, in document order.
    var textFields: [Component.TextField] {
        var fields: [Component.TextField] = []
        func visit(_ node: Node) {
            if case .textField(let field) = node.component { fields.append(field) }
            node.fallback.map(visit)
            for list in node.component.childLists { list.nodes.forEach(visit) }
        }
        visit(body)
        return fields
    }

    /// Whether a text field has rules or a mask (a web page then loads the inputs script).
    public var usesInputs: Bool {
        textFields.contains { !$0.rules.isEmpty || $0.mask != nil }
    }

    /// The first problem of each field whose value breaks its rules, by the field's variable: the
    /// one check the device runs before a `validate` action lets an intent go, and the server runs
    /// again on the intent (a client is never trusted).
    ///
    /// ```swift
    /// let problems = checkout.fieldProblems(in: intent.state)
    /// problems["cardNumber"]?.message   // "Enter the 16 digits of your card"
    /// ```
    ///
    /// - Parameters:
    ///   - values: the client values (a missing or non-string value is the empty text).
    ///   - fields: only these fields' variables; nil for all.
    ///   - evaluator: what expression rules are evaluated with.
    public func fieldProblems(
        in values: [String: JSONValue], fields: Set<String>? = nil, evaluator: ExpressionEvaluator = ExpressionEvaluator()
    ) -> [String: FieldProblem] {
        let variables = ScreenVariables(types: variableTypes, values: values)
        var problems: [String: FieldProblem] = [:]
        for field in textFields where !field.rules.isEmpty && (fields?.contains(field.key) ?? true) && problems[field.key] == nil {
            let text = values[field.key]?.stringValue ?? ""
            if let problem = field.problem(for: text, variables: variables, evaluator: evaluator) { problems[field.key] = problem }
        }
        return problems
    }
}

extension Component.TextField {
    /// The field's first broken rule for `value`, read as its mask reads it: a raw value stays
    /// itself, and text typed into a client without the mask ("4242 4242 …") becomes the raw value
    /// the rules are written for (a `cardNumber` rule reads the value as sent). The one check of a
    /// field, on the device and on the server.
    ///
    /// ```swift
    /// field.problem(for: "4242 4242 4242 4242", variables: variables)   // nil for a valid card
    /// ```
    public func problem(
        for value: String, variables: some ExpressionVariables, evaluator: ExpressionEvaluator = ExpressionEvaluator()
    ) -> FieldProblem? {
        let raw = mask.map { $0.apply(to: value, localeIdentifier: evaluator.localeIdentifier).raw } ?? value
        for (index, rule) in rules.enumerated() {
            // A card number is checked as sent: its rule skips separators and reads other digits
            // itself, while a mask's reading drops what it cannot hold (letters, a 30-digit
            // number's last 11), which would let a value the field never shows pass.
            let checked = rule.isCardNumber ? value : raw
            if let problem = rule.check(checked, variables: variables, evaluator: evaluator, index: index) { return problem }
        }
        return nil
    }
}

/// The local state a renderer keeps about a field, in the client values under names no variable
/// can have (they start with `$`), so that a presentation reads it like any value and it is
/// never sent to the server.
///
/// ```swift
/// store.set(FieldState.touchedKey(for: "cardNumber"), to: true)   // the field was left: show its problem
/// ```
public enum FieldState {
    /// Whether a value name is local to the client (never sent with an intent).
    public static func isLocal(_ name: String) -> Bool { name.hasPrefix("$") }

    /// Set (to `true`) once the user left the field or tried to send it: its problem is shown.
    public static func touchedKey(for field: String) -> String { "$touched." + field }

    /// The server's message about the field, from an intent it refused (a client that does not
    /// validate, or a value the device accepted and the server did not).
    public static func serverProblemKey(for field: String) -> String { "$problem." + field }

    /// The values without the local ones: what an intent sends.
    public static func shared(_ values: [String: JSONValue]) -> [String: JSONValue] {
        values.filter { !isLocal($0.key) }
    }
}
