/// Actions a screen runs when a condition over its variables becomes true (DivKit's
/// `variable_triggers`), on the device, with no request.
///
/// On the wire, in the screen's `triggers` array:
///
/// ```json
/// "triggers": [
///   {"condition": "@{cartCount >= 10}", "once": true,
///    "actions": [{"type": "track", "event": "big_cart"}]}
/// ]
/// ```
///
/// ```swift
/// let bigCart = try ScreenTrigger(when: "@{cartCount >= 10}", once: true, actions: [.track("big_cart")])
/// ```
public struct ScreenTrigger: Sendable, Hashable {
    /// A boolean property string; the trigger considers it each time a variable it reads changes.
    public var condition: PropertyExpression
    public var mode: TriggerMode
    /// Fires at most once while the screen is shown.
    public var once: Bool
    /// What runs when it fires, in order.
    public var actions: [Action]

    public init(when condition: PropertyExpression, mode: TriggerMode = .onCondition, once: Bool = false, actions: [Action]) {
        self.condition = condition
        self.mode = mode
        self.once = once
        self.actions = actions
    }

    /// A trigger whose condition is the property string `condition` (`"@{count > 3}"`).
    /// - Throws: ``ExpressionError`` when `condition` does not parse.
    public init(when condition: String, mode: TriggerMode = .onCondition, once: Bool = false, actions: [Action]) throws(ExpressionError) {
        self.init(when: try PropertyExpression(condition), mode: mode, once: once, actions: actions)
    }
}

/// When a trigger fires.
///
/// ```swift
/// TriggerMode(rawValue: "onVariable")   // .onVariable
/// ```
public enum TriggerMode: String, Sendable, Hashable, CaseIterable, JSONEnum {
    /// When a change makes the condition true after it was not (DivKit's `on_condition`, the default).
    case onCondition
    /// At each change of a variable the condition reads, while it is true (DivKit's `on_variable`).
    case onVariable
}

extension ScreenTrigger: JSONReadable, JSONEncodable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object else { throw Self.typeMismatch("a trigger object", json, context) }
        var reader = ObjectReader(json, context: copy context, describedAs: "a trigger")
        guard let conditionJSON = reader.raw(.condition) else {
            throw context.failure(.missingField, "a trigger is missing its required \"condition\"")
        }
        let condition = try context.at(.member(.condition)) { () throws(DecodingFailure) in
            guard conditionJSON.kind == .string else { throw Self.typeMismatch("a boolean property string", conditionJSON, context) }
            let expression = try PropertyExpression.read(conditionJSON, context: context)
            if let types = context.variableTypes {
                let found = ExpressionTypeChecker(variables: types).check(expression.node).types
                guard found.contains(.boolean) else {
                    throw context.failure(
                        .invalidValue,
                        "a condition must be boolean, and \"\(expression.source)\" is \(found.map(\.rawValue).sorted().joined(separator: " or "))"
                    )
                }
            }
            return expression
        }
        var mode = TriggerMode.onCondition
        if let modeJSON = reader.raw(.mode) {
            mode = try context.at(.member(.mode)) { () throws(DecodingFailure) in try TriggerMode(json: modeJSON, context: context) }
        }
        guard let actionsJSON = reader.raw(.actions) else {
            throw context.failure(.missingField, "a trigger is missing its required \"actions\"")
        }
        let actions = try context.at(.member(.actions)) { () throws(DecodingFailure) in try Action.readList(actionsJSON, context: context) }
        self.init(when: condition, mode: mode, once: reader.optional(.once) ?? false, actions: actions)
        reader.finish()
    }

    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(.actions, actions)
        writer.member(.condition, condition.source)
        if mode != .onCondition { writer.member(.mode, mode) }
        if once { writer.member(.once, once) }
        writer.endObject()
    }
}
