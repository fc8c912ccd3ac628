import Screenplay

/// A prerequisite of a rule (GrowthBook's `parentConditions` entry): another flag's value must
/// match `condition`, read as `{"value": <the flag's value>}`. When it does not, a gating
/// prerequisite stops the whole flag (its value null, source `prerequisite`); another only skips
/// the rule.
///
/// ```json
/// {"id": "checkoutV2", "condition": {"value": true}, "gate": true}
/// ```
public struct FlagPrerequisite: Sendable {
    /// The flag required.
    public var flag: String
    /// What its value must match, as `{"value": …}`.
    public var condition: FlagCondition
    /// Whether failing stops the flag rather than skipping the rule.
    public var gate: Bool

    /// - Parameters:
    ///   - flag: The flag required.
    ///   - condition: What its value must match.
    ///   - gate: Whether failing stops the flag.
    public init(flag: String, condition: FlagCondition = .always, gate: Bool = false) {
        self.flag = flag
        self.condition = condition
        self.gate = gate
    }
}

extension FlagPrerequisite {
    /// The members of a prerequisite: `{"id": flag, "condition": {"value": …}, "gate": true}`.
    package enum Key: String, JSONKey, CaseIterable {
        case id, condition, gate
    }
}

extension FlagPrerequisite {
    /// The member of what GrowthBook matches a prerequisite's condition against.
    enum SubjectKey: String, JSONKey, CaseIterable {
        case value
    }

    /// What GrowthBook matches a prerequisite's condition against: `{"value": <the flag's value>}`.
    static func subject(_ value: JSONValue) -> JSONValue {
        var subject = JSONMembers<SubjectKey>()
        subject[.value] = value
        return subject.json
    }
}
