import Screenplay

/// One feature flag of a payload: the value it takes when no rule applies, and its rules, tried in
/// order (GrowthBook's `FeatureDefinition`).
///
/// ```json
/// {"defaultValue": false,
///  "rules": [{"id": "fr_kill", "condition": {"platform": "android", "appVersion": {"$vlt": "4.2.0"}}, "force": false},
///            {"id": "fr_rollout", "force": true, "coverage": 0.05, "hashAttribute": "id"}]}
/// ```
///
/// ```swift
/// let flag = payload.features["newCheckout"]
/// flag?.rules.count   // 2
/// ```
public struct FeatureFlag: Sendable {
    /// The flag's key in the payload.
    public var key: String
    /// The value when no rule applies (null when the payload gives none).
    public var defaultValue: JSONValue
    /// The rules, in the order they are tried.
    public var rules: [FlagRule]

    /// - Parameters:
    ///   - key: The flag's key.
    ///   - defaultValue: The value when no rule applies.
    ///   - rules: The rules, in the order they are tried.
    public init(key: String, defaultValue: JSONValue = .null, rules: [FlagRule] = []) {
        self.key = key
        self.defaultValue = defaultValue
        self.rules = rules
    }

    /// The flags this one's rules require (`parentConditions`), in order, without repeats.
    public var prerequisiteKeys: [String] {
        var seen = Set<String>()
        return rules.flatMap { $0.parentConditions.map(\.flag) }.filter { seen.insert($0).inserted }
    }
}

extension FeatureFlag {
    /// The members of GrowthBook's feature: `{"defaultValue": …, "rules": […]}`.
    package enum Key: String, JSONKey, CaseIterable {
        case defaultValue, rules
    }
}
