import Screenplay

extension ScreenPresentation {
    /// The first text field, in reading order, that shows a problem and can take focus (shown and
    /// enabled): where focus goes when a `validate` found a broken rule or the server refused a
    /// field, so that the user lands on what to fix. Nil when no such field shows a problem.
    ///
    /// ```swift
    /// if !store.validate(), let field = presentation.firstFieldShowingProblem {
    ///     focusedField = field.key
    /// }
    /// ```
    public var firstFieldShowingProblem: PresentedTextField? {
        root.flatMap(Self.firstFieldShowingProblem(in:))
    }

    private static func firstFieldShowingProblem(in node: PresentedNode) -> PresentedTextField? {
        guard node.visibility.isVisible else { return nil }
        if case .textField(let field) = node.content, field.problem != nil, field.isEnabled { return field }
        for children in node.content.childGroups {
            for child in children {
                if let field = firstFieldShowingProblem(in: child) { return field }
            }
        }
        return nil
    }

    /// The presented text field that writes `key` (the first, in reading order), shown or not.
    ///
    /// ```swift
    /// presentation.textField(for: "cardNumber")?.problem   // "Enter the 16 digits of your card"
    /// ```
    public func textField(for key: String) -> PresentedTextField? {
        var found: PresentedTextField?
        walk { node, _ in
            if found == nil, case .textField(let field) = node.content, field.key == key { found = field }
        }
        return found
    }

    /// The keys of the text fields a user can type into, in reading order (shown and enabled): the
    /// order Return moves focus in, each field's Return key reading "Next" but the last's.
    ///
    /// ```swift
    /// presentation.fieldOrder   // ["name", "cardNumber", "expiry"]
    /// ```
    public var fieldOrder: [String] {
        var keys: [String] = []
        func visit(_ node: PresentedNode) {
            guard node.visibility.isVisible else { return }
            if case .textField(let field) = node.content, field.isEnabled, !keys.contains(field.key) { keys.append(field.key) }
            for children in node.content.childGroups { children.forEach(visit) }
        }
        root.map(visit)
        return keys
    }

    /// The field after `key` in ``fieldOrder``, where Return moves focus; nil after the last one
    /// (Return then dismisses the keyboard).
    ///
    /// ```swift
    /// presentation.field(after: "cardNumber")   // "expiry"
    /// ```
    public func field(after key: String) -> String? {
        let order = fieldOrder
        guard let index = order.firstIndex(of: key), index + 1 < order.count else { return nil }
        return order[index + 1]
    }
}
