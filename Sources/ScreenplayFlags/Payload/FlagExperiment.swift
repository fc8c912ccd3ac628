import Screenplay

/// An experiment, as an experiment rule of a flag carries it or as a team runs one inline
/// (GrowthBook's `Experiment`): its variations' values, how users are split between them, and who
/// is in it.
///
/// ```json
/// {"key": "checkout-layout", "variations": ["list", "grid"], "weights": [0.5, 0.5], "coverage": 0.2,
///  "hashAttribute": "id", "hashVersion": 2, "meta": [{"key": "control"}, {"key": "grid"}]}
/// ```
///
/// ```swift
/// var experiment = FlagExperiment(key: "checkout-layout", variations: ["list", "grid"])
/// experiment.coverage = 0.2
/// let result = evaluator.run(experiment, attributes: ["id": "u1"])
/// ```
public struct FlagExperiment: Sendable {
    /// The experiment's key: the rule's `key`, or its flag's key.
    public var key: String
    /// Each variation's value.
    public var variations: [JSONValue]
    /// Each variation's share of the users in the experiment (equal unless given).
    public var weights: [Double]?
    /// The share of users in the experiment (all unless given).
    public var coverage: Double?
    /// Each variation's range of points, instead of weights and coverage.
    public var ranges: [FlagRange]?
    /// Each variation's key, name and passthrough mark.
    public var meta: [FlagVariationMeta]?
    /// The namespace the experiment takes a share of (ignored when there are filters).
    public var namespace: FlagNamespace?
    /// Hash-range filters the user must pass; when given (even empty), the namespace is not
    /// looked at, as in GrowthBook.
    public var filters: [FlagFilter]?
    /// What is hashed with the user's value (the key unless given).
    public var seed: String?
    /// The attribute whose value is hashed (`id` unless given).
    public var hashAttribute: String
    /// The attribute hashed when the first is missing (sticky buckets only, as in GrowthBook).
    public var fallbackAttribute: String?
    /// 1 or 2 (1 unless given); any other version puts no one in the experiment.
    public var hashVersion: Int
    /// Sticky buckets: whether they are left out, the bucket version users are stuck to, and the
    /// lowest version that still counts (users stuck to an older one are left out).
    public var disableStickyBucketing: Bool
    public var bucketVersion: Int
    public var minBucketVersion: Int
    /// The experiment's and its phase's names, as reported.
    public var name: String?
    public var phase: String?
    /// Who is in the experiment; nil for everyone.
    public var condition: FlagCondition?
    /// Other flags' values a user needs to be in it (inline experiments; a rule's are the rule's).
    public var parentConditions: [FlagPrerequisite]
    /// False leaves everyone out (inline experiments).
    public var active: Bool
    /// GrowthBook's deprecated status: a `draft` or `stopped` experiment takes no one.
    public var status: Status?
    /// The variation every user in the experiment gets (inline experiments).
    public var forcedVariation: Int?
    /// The contextual bandit that picks this experiment's weights per user
    /// (`contextualBanditRef`), if any.
    public var contextualBandit: String?
    /// The experiment as GrowthBook's SDKs build it from a rule and give it in a `FeatureResult`
    /// (its `experiment`): the rule's members GrowthBook copies, as written. Set when a payload is
    /// read; nil for an experiment built in code, whose ``growthBookJSON`` is written from its members.
    public var written: [String: JSONValue]?

    /// The experiment as GrowthBook's `FeatureResult` gives it: ``written`` when the experiment
    /// was read from a rule, else its key, variations and the members that differ from the defaults.
    public var growthBookJSON: [String: JSONValue] {
        if let written { return written }
        var members = JSONMembers<FlagRule.Key>()
        members[.key] = .string(key)
        members[.variations] = .array(variations)
        if let coverage { members[.coverage] = .number(coverage) }
        if let weights { members[.weights] = .array(weights.map(JSONValue.number)) }
        if hashAttribute != "id" { members[.hashAttribute] = .string(hashAttribute) }
        if let fallbackAttribute { members[.fallbackAttribute] = .string(fallbackAttribute) }
        if hashVersion != 1 { members[.hashVersion] = .number(Double(hashVersion)) }
        if let seed { members[.seed] = .string(seed) }
        if let name { members[.name] = .string(name) }
        if let phase { members[.phase] = .string(phase) }
        if let ranges { members[.ranges] = .array(ranges.map { .array([.number($0.lower), .number($0.upper)]) }) }
        if disableStickyBucketing { members[.disableStickyBucketing] = true }
        if bucketVersion != 0 { members[.bucketVersion] = .number(Double(bucketVersion)) }
        if minBucketVersion != 0 { members[.minBucketVersion] = .number(Double(minBucketVersion)) }
        return members.all
    }

    /// GrowthBook's deprecated experiment status.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case draft, running, stopped
    }

    /// - Parameters:
    ///   - key: The experiment's key.
    ///   - variations: Each variation's value.
    public init(key: String, variations: [JSONValue]) {
        self.key = key
        self.variations = variations
        hashAttribute = "id"
        hashVersion = 1
        disableStickyBucketing = false
        bucketVersion = 0
        minBucketVersion = 0
        parentConditions = []
        active = true
    }
}
