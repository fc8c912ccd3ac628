import Screenplay

/// One rule of a flag (GrowthBook's `FeatureRule`). A rule applies when its schedule holds, its
/// prerequisites pass, its filters let the user in and its condition holds; then it forces a value
/// (for everyone, or for a rollout's share of users), or runs an experiment whose variation gives
/// the value. A rule that does not apply passes to the next one.
///
/// ```json
/// {"id": "fr_ios_beta", "condition": {"platform": "ios"}, "force": true, "coverage": 0.25,
///  "startsAt": "2026-03-01T09:00:00Z", "endsAt": "2026-04-01T09:00:00Z"}
/// ```
///
/// ```swift
/// if case .force(let value, let rollout) = rule.action { print(value, rollout.coverage ?? 1) }
/// ```
public struct FlagRule: Sendable {
    /// The rule's id as the payload gives it (`""` when none), reported with the value it gives.
    public var id: String
    /// Who the rule is for; nil for everyone.
    public var condition: FlagCondition?
    /// Other flags' values the rule requires (`parentConditions`).
    public var parentConditions: [FlagPrerequisite]
    /// Hash-range filters the user must pass (GrowthBook's mutual exclusion).
    public var filters: [FlagFilter]
    /// When the rule is in effect: Screenplay's own extension (`startsAt`, `endsAt`), which
    /// GrowthBook's SDKs ignore.
    public var schedule: FlagSchedule
    /// What the rule does when it applies.
    public var action: Action

    /// What a rule does.
    public enum Action: Sendable {
        /// Gives `value` to every user the rollout includes (everyone when it has no coverage
        /// and no range).
        case force(JSONValue, FlagRollout)
        /// Runs the experiment: a user in it gets their variation's value; a user out of it
        /// (or in a passthrough variation) passes to the next rule.
        case experiment(FlagExperiment)
        /// Follows one of Screenplay's experiments: a user gets the value of the variant the
        /// experiment gives them (Screenplay's extension; GrowthBook's SDKs skip such a rule).
        case screenplayExperiment(FlagExperimentReference)
        /// Neither: the rule only gates (its prerequisites can stop the flag); otherwise it is
        /// skipped, as GrowthBook skips a rule with neither `force` nor `variations`.
        case gate
    }

    /// - Parameters:
    ///   - id: The rule's id.
    ///   - condition: Who the rule is for.
    ///   - parentConditions: The flags' values the rule requires.
    ///   - filters: Hash-range filters.
    ///   - schedule: When the rule is in effect.
    ///   - action: What the rule does.
    public init(
        id: String = "", condition: FlagCondition? = nil, parentConditions: [FlagPrerequisite] = [], filters: [FlagFilter] = [],
        schedule: FlagSchedule = .always, action: Action
    ) {
        self.id = id
        self.condition = condition
        self.parentConditions = parentConditions
        self.filters = filters
        self.schedule = schedule
        self.action = action
    }
}

extension FlagRule {
    /// The members of a rule: GrowthBook's, `startsAt` and `endsAt` (Screenplay's schedule) and
    /// `screenplayExperiment` (``FlagExperimentReference``). An experiment rule's are those of its
    /// experiment too (``FlagExperiment/growthBookJSON``).
    package enum Key: String, JSONKey, CaseIterable {
        case id, condition, parentConditions, force, variations, weights, key, hashAttribute, fallbackAttribute
        case hashVersion, disableStickyBucketing, bucketVersion, minBucketVersion, range, coverage, namespace, ranges
        case meta, filters, seed, name, phase, tracks, contextualBanditRef, contextualVariations, type, startsAt, endsAt
        case screenplayExperiment
    }
}
