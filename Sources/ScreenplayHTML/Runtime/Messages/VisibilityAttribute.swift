import Screenplay

/// The value of a node's `data-sp-visible` attribute: the condition on the client state that
/// shows it, which the runtime evaluates again as the user types.
///
/// ```swift
/// VisibilityAttribute(StateCondition("express", equals: true)).value   // {"equals":true,"key":"express"}
/// ```
package struct VisibilityAttribute: Sendable, Hashable {
    /// The attribute's name, which the runtime's `refreshVisibility` selects.
    package static let name = "data-sp-visible"

    package var condition: StateCondition

    package init(_ condition: StateCondition) {
        self.condition = condition
    }

    private enum Key: String, JSONKey {
        case equals, key, not
    }

    /// The condition as JSON: `key`, `equals` when it compares, `not` when it is negated.
    package var value: String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member(Key.key, condition.key)
        writer.member(Key.equals, condition.equals)
        if condition.not { writer.member(Key.not, JSONValue.bool(true)) }
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
