import Screenplay

/// A flag's value for one user and where it came from (GrowthBook's `FeatureResult`): enough to
/// use the value, explain it, and record an exposure when an experiment gave it.
///
/// ```swift
/// let result = evaluator.evaluate("newCheckout", attributes: ["id": "u1", "platform": "ios"])
/// if result.isOn { showNewCheckout() }
/// result.source   // .force, .experiment, .defaultValue …
/// result.ruleID   // "fr_rollout"
/// ```
public struct FlagResult: Sendable, Hashable {
    /// The flag's key.
    public var key: String
    /// The value (null for an unknown flag and one a prerequisite stopped).
    public var value: JSONValue
    /// What gave the value.
    public var source: Source
    /// The id of the rule that gave it (`""` for none, or a rule without an id).
    public var ruleID: String
    /// The experiment that gave it, when one did.
    public var experiment: FlagExperimentResult?
    /// That experiment as GrowthBook's SDKs give it (their `FeatureResult.experiment`: the rule's
    /// members as written, with a contextual bandit's weights and assignment); nil when no
    /// experiment gave the value.
    public var experimentDefinition: JSONValue?
    /// The first partial rollout (a force rule with a coverage or a range) whose condition the user
    /// met and whose hash placed them — in it or held back — whatever rule then gave the value:
    /// what a rollout's results compare. Screenplay's, not GrowthBook's `FeatureResult`.
    public var rollout: Rollout?

    /// The Screenplay experiment whose variant gave the value (a rule with
    /// `screenplayExperiment`); its exposure is the experiment's own. Screenplay's, not GrowthBook's.
    public var screenplayExperiment: ExperimentVariant?

    /// A variant of one of Screenplay's experiments.
    public struct ExperimentVariant: Sendable, Hashable {
        /// The experiment's name.
        public var experiment: String
        /// The variant the experiment gave the user.
        public var variant: String

        /// - Parameters:
        ///   - experiment: The experiment's name.
        ///   - variant: The variant it gave the user.
        public init(experiment: String, variant: String) {
            self.experiment = experiment
            self.variant = variant
        }
    }

    /// A user's place in a partial rollout.
    public struct Rollout: Sendable, Hashable {
        /// The rollout rule's id (`""` when it has none).
        public var ruleID: String
        /// Whether the hash put the user in the rollout (else they are held back).
        public var included: Bool

        /// - Parameters:
        ///   - ruleID: The rollout rule's id.
        ///   - included: Whether the user is in the rollout.
        public init(ruleID: String, included: Bool) {
            self.ruleID = ruleID
            self.included = included
        }
    }

    /// What gave a flag's value (GrowthBook's `source`, with its names).
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// The payload has no such flag (the value is null).
        case unknownFeature
        /// No rule applied.
        case defaultValue
        /// A force rule (for everyone, or a rollout the user is in).
        case force
        /// An experiment rule the user is in.
        case experiment
        /// A rule following one of Screenplay's experiments (Screenplay's extension).
        case screenplayExperiment
        /// A gating prerequisite failed (the value is null).
        case prerequisite
        /// The flag's prerequisites lead back to it (the value is null).
        case cyclicPrerequisite
        /// The evaluator's own forced value for the flag.
        case override
    }

    /// - Parameters:
    ///   - key: The flag's key.
    ///   - value: The value.
    ///   - source: What gave the value.
    ///   - ruleID: The id of the rule that gave it.
    ///   - experiment: The experiment that gave it.
    public init(key: String, value: JSONValue, source: Source, ruleID: String = "", experiment: FlagExperimentResult? = nil) {
        self.key = key
        self.value = value
        self.source = source
        self.ruleID = ruleID
        self.experiment = experiment
    }

    /// Whether the value is on, as GrowthBook (and JavaScript) decide truth: everything but
    /// `null`, `false`, `0` and `""` (an empty array or object is on).
    public var isOn: Bool { JavaScript.truthy(value) }

    /// Whether the value is off: the opposite of ``isOn``.
    public var isOff: Bool { !isOn }

    /// The result as GrowthBook's SDKs give it (their `FeatureResult`): `value`, `on`, `off`,
    /// `source`, `ruleId`, and, when an experiment gave the value, `experiment`
    /// (``experimentDefinition``) and `experimentResult` (``FlagExperimentResult/json``); Screenplay's `screenplayExperiment`
    /// (`name`, `variant`) when a rule that follows one did. What `screenplay flags evaluate`
    /// prints for each flag.
    ///
    /// ```swift
    /// JSONWriter.write(result.json)   // {"off":false,"on":true,"ruleId":"fr_rollout","source":"force","value":true}
    /// ```
    public var json: JSONValue {
        var members = JSONMembers<Key>()
        members[.value] = value
        members[.on] = .bool(isOn)
        members[.off] = .bool(isOff)
        members[.source] = .string(source.rawValue)
        members[.ruleId] = .string(ruleID)
        if let experiment {
            var definition = JSONMembers<FlagRule.Key>()
            definition[.key] = .string(experiment.experimentKey)
            members[.experiment] = experimentDefinition ?? definition.json
            members[.experimentResult] = experiment.json
        }
        if let followed = screenplayExperiment {
            var variant = JSONMembers<ExperimentVariant.Key>()
            variant[.name] = .string(followed.experiment)
            variant[.variant] = .string(followed.variant)
            members[.screenplayExperiment] = variant.json
        }
        return members.json
    }

    /// The members of GrowthBook's `FeatureResult`, and Screenplay's `screenplayExperiment`.
    package enum Key: String, JSONKey, CaseIterable {
        case value, on, off, source, ruleId, experiment, experimentResult, screenplayExperiment
    }
}

extension FlagResult.ExperimentVariant {
    /// The members of `screenplayExperiment` in a result: `{"name": "checkoutOrder", "variant": "newFlow"}`.
    package enum Key: String, JSONKey, CaseIterable {
        case name, variant
    }
}
