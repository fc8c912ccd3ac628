import Foundation
import Screenplay

/// Evaluates a payload's flags for a user's attributes exactly as GrowthBook's SDKs do: rules in
/// order (force rules, rollouts, experiment rules, prerequisites), GrowthBook's hashing and
/// bucketing, conditions with GrowthBook's semantics; plus Screenplay's rule schedules on an
/// injected clock. An evaluator is a value: share it between requests and threads.
///
/// ```swift
/// let evaluator = FlagEvaluator(payload: payload)
/// let attributes: [String: JSONValue] = ["id": "u1", "platform": "ios", "appVersion": "4.2.1"]
/// evaluator.evaluate("newCheckout", attributes: attributes).isOn
/// evaluator.evaluateAll(attributes: attributes)   // every flag, by key
/// ```
///
/// Work is bounded: a flag's evaluation visits its rules once, each condition at most its
/// ``FlagLimits/maxConditionNodes`` nodes (times the elements of the arrays `$elemMatch` and
/// `$all` look through), and each prerequisite flag once per evaluation (a payload read from
/// JSON has no cycles and chains at most ``FlagLimits/maxPrerequisiteDepth`` deep; one built in
/// code that has a cycle gets `cyclicPrerequisite`, and at most 10,000 prerequisite evaluations).
public struct FlagEvaluator: Sendable {
    /// The flags evaluated.
    public let payload: FeaturesPayload
    /// GrowthBook's context switches and overrides.
    public var options: Options
    /// The time schedules are evaluated at.
    public var now: @Sendable () -> Date

    /// GrowthBook's context options that apply on a server.
    public struct Options: Sendable {
        /// False puts no one in any experiment (GrowthBook's `enabled`).
        public var enabled: Bool
        /// True puts no one in an experiment unless a variation is forced (GrowthBook's `qaMode`).
        public var qaMode: Bool
        /// Variations forced by experiment key, for QA (GrowthBook's `forcedVariations`).
        public var forcedVariations: [String: Int]
        /// Values forced by flag key, given with source `override` (GrowthBook's
        /// `forcedFeatureValues`).
        public var forcedValues: [String: JSONValue]

        /// - Parameters:
        ///   - enabled: False puts no one in any experiment.
        ///   - qaMode: True puts no one in an experiment unless a variation is forced.
        ///   - forcedVariations: Variations forced by experiment key.
        ///   - forcedValues: Values forced by flag key.
        public init(
            enabled: Bool = true, qaMode: Bool = false, forcedVariations: [String: Int] = [:], forcedValues: [String: JSONValue] = [:]
        ) {
            self.enabled = enabled
            self.qaMode = qaMode
            self.forcedVariations = forcedVariations
            self.forcedValues = forcedValues
        }

        /// The options a GrowthBook SDK context sets (as GrowthBook's published test cases give
        /// contexts): `enabled`, `qaMode`, `forcedVariations` and `forcedFeatureValues`; the other
        /// members are ignored.
        ///
        /// ```swift
        /// FlagEvaluator.Options(growthBookContext: ["qaMode": true, "forcedVariations": ["hero": 1]])
        /// ```
        /// - Parameter context: The context's members.
        public init(growthBookContext context: [String: JSONValue]) {
            let context = JSONMembers<ContextKey>(context)
            self.init(
                enabled: context[.enabled] != .bool(false), qaMode: context[.qaMode] == .bool(true),
                forcedVariations: context[.forcedVariations]?.objectValue?.compactMapValues(\.intValue) ?? [:],
                forcedValues: context[.forcedFeatureValues]?.objectValue ?? [:])
        }

        /// The members of a GrowthBook context the options are read from.
        package enum ContextKey: String, JSONKey, CaseIterable {
            case enabled, qaMode, forcedVariations, forcedFeatureValues
        }
    }

    /// - Parameters:
    ///   - payload: The flags evaluated.
    ///   - options: GrowthBook's context switches and overrides.
    ///   - now: The time schedules are evaluated at (real time by default; a `ScreenplayClock`'s
    ///     `now` fits).
    public init(payload: FeaturesPayload, options: Options = Options(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.payload = payload
        self.options = options
        self.now = now
    }

    /// One flag's value for a user.
    ///
    /// ```swift
    /// let result = evaluator.evaluate("checkoutLayout", attributes: ["id": "u1"])
    /// result.value   // "grid"
    /// ```
    /// - Parameters:
    ///   - key: The flag's key.
    ///   - attributes: The user's attributes.
    /// - Returns: The value and where it came from.
    public func evaluate(_ key: String, attributes: [String: JSONValue]) -> FlagResult {
        var evaluation = Evaluation(evaluator: self, attributes: attributes, stickyBuckets: nil)
        return evaluation.flag(key)
    }

    /// The variant each of Screenplay's experiments gives the user, by the experiment's name (nil,
    /// or a name that is no variant, when it gives none): what rules that follow one read.
    public typealias Variants = (String) -> String?

    /// One flag's value for a user, with the variants Screenplay's experiments give them, for
    /// the rules that follow one (``FlagExperimentReference``).
    ///
    /// ```swift
    /// let result = evaluator.evaluate("newCheckout", attributes: ["id": "u1"]) { assignments.variant(of: $0) }
    /// result.screenplayExperiment?.variant   // "newFlow"
    /// ```
    /// - Parameters:
    ///   - key: The flag's key.
    ///   - attributes: The user's attributes.
    ///   - variants: The variant each experiment gives the user, read only when a rule follows it.
    /// - Returns: The value and where it came from.
    public func evaluate(_ key: String, attributes: [String: JSONValue], variants: @escaping Variants) -> FlagResult {
        var evaluation = Evaluation(evaluator: self, attributes: attributes, stickyBuckets: nil, variants: variants)
        return evaluation.flag(key)
    }

    /// One flag's value for a user, with their sticky buckets: a variation they are stuck to is
    /// kept, and a new one is written to `stickyBuckets` (save its ``FlagStickyBuckets/changedDocuments``).
    ///
    /// ```swift
    /// var buckets = FlagStickyBuckets(documents: saved)
    /// let result = evaluator.evaluate("checkoutLayout", attributes: ["id": "u1"], stickyBuckets: &buckets)
    /// ```
    /// - Parameters:
    ///   - key: The flag's key.
    ///   - attributes: The user's attributes.
    ///   - stickyBuckets: The user's sticky-bucket documents, updated.
    ///   - variants: The variant each of Screenplay's experiments gives the user, for rules that follow one.
    /// - Returns: The value and where it came from.
    public func evaluate(
        _ key: String, attributes: [String: JSONValue], stickyBuckets: inout FlagStickyBuckets, variants: Variants? = nil
    ) -> FlagResult {
        var evaluation = Evaluation(evaluator: self, attributes: attributes, stickyBuckets: stickyBuckets, variants: variants)
        let result = evaluation.flag(key)
        stickyBuckets = evaluation.stickyBuckets ?? stickyBuckets
        return result
    }

    /// Every flag's value for a user, by key (a prerequisite shared by many flags is evaluated
    /// once).
    ///
    /// ```swift
    /// for (key, result) in evaluator.evaluateAll(attributes: attributes) { variables[key] = result.value }
    /// ```
    /// - Parameter attributes: The user's attributes.
    /// - Returns: Each flag's result.
    public func evaluateAll(attributes: [String: JSONValue]) -> [String: FlagResult] {
        var evaluation = Evaluation(evaluator: self, attributes: attributes, stickyBuckets: nil)
        var results: [String: FlagResult] = [:]
        for key in payload.features.keys { results[key] = evaluation.flag(key) }
        return results
    }

    /// Runs an experiment that is not a flag's rule (GrowthBook's `run`), for a user.
    ///
    /// ```swift
    /// let result = evaluator.run(FlagExperiment(key: "hero", variations: ["a", "b"]), attributes: ["id": "u1"])
    /// result.inExperiment   // true
    /// ```
    /// - Parameters:
    ///   - experiment: The experiment.
    ///   - attributes: The user's attributes.
    /// - Returns: The variation the user gets, and whether they are in the experiment.
    public func run(_ experiment: FlagExperiment, attributes: [String: JSONValue]) -> FlagExperimentResult {
        var evaluation = Evaluation(evaluator: self, attributes: attributes, stickyBuckets: nil)
        return evaluation.run(experiment, featureKey: nil, bandit: nil, visited: [])
    }
}
