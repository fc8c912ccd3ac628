import Screenplay

/// What an experiment gave one user (GrowthBook's `Result`): the variation, whether the user is
/// in the experiment, and the hash that placed them, which is what an exposure records.
///
/// ```swift
/// if let experiment = result.experiment, experiment.inExperiment {
///     exposures.record(experiment.experimentKey, variation: experiment.variationKey, user: experiment.hashValue)
/// }
/// ```
public struct FlagExperimentResult: Sendable, Hashable {
    /// The experiment's key.
    public var experimentKey: String
    /// The flag whose rule ran it (nil for an inline experiment).
    public var featureKey: String?
    /// The variation's index (0 when the user is not in the experiment).
    public var variationIndex: Int
    /// The variation's key: its meta key, or its index as text.
    public var variationKey: String
    /// The variation's name, when its meta gives one.
    public var variationName: String?
    /// The variation's value.
    public var value: JSONValue
    /// Whether the user is in the experiment.
    public var inExperiment: Bool
    /// Whether the hash placed the user (false when a forced variation did).
    public var hashUsed: Bool
    /// The attribute hashed, and its value (`""` when the user has none).
    public var hashAttribute: String
    public var hashValue: JSONValue
    /// The user's point in [0, 1), when the hash placed them.
    public var bucket: Double?
    /// Whether the variation passes users to the flag's next rule.
    public var passthrough: Bool
    /// Whether a sticky bucket placed the user.
    public var stickyBucketUsed: Bool
    /// The contextual bandit's leaf and weights, when one chose the weights.
    public var bandit: BanditAssignment?

    /// A contextual bandit's part in an assignment.
    public struct BanditAssignment: Sendable, Hashable {
        /// The leaf whose context matched (-1: none did, the rule's own weights applied).
        public var leafId: Int
        /// The weights the user was split with.
        public var variationWeights: [Double]
        /// The bandit's version, when it has one.
        public var banditVersion: Int?

        /// - Parameters:
        ///   - leafId: The leaf whose context matched.
        ///   - variationWeights: The weights the user was split with.
        ///   - banditVersion: The bandit's version.
        public init(leafId: Int, variationWeights: [Double], banditVersion: Int?) {
            self.leafId = leafId
            self.variationWeights = variationWeights
            self.banditVersion = banditVersion
        }
    }

    /// - Parameters:
    ///   - experimentKey: The experiment's key.
    ///   - featureKey: The flag whose rule ran it.
    ///   - variationIndex: The variation's index.
    ///   - variationKey: The variation's key.
    ///   - value: The variation's value.
    ///   - inExperiment: Whether the user is in the experiment.
    ///   - hashUsed: Whether the hash placed the user.
    ///   - hashAttribute: The attribute hashed.
    ///   - hashValue: Its value.
    public init(
        experimentKey: String, featureKey: String?, variationIndex: Int, variationKey: String, value: JSONValue, inExperiment: Bool,
        hashUsed: Bool, hashAttribute: String, hashValue: JSONValue
    ) {
        self.experimentKey = experimentKey
        self.featureKey = featureKey
        self.variationIndex = variationIndex
        self.variationKey = variationKey
        self.value = value
        self.inExperiment = inExperiment
        self.hashUsed = hashUsed
        self.hashAttribute = hashAttribute
        self.hashValue = hashValue
        passthrough = false
        stickyBucketUsed = false
    }

    /// The result as GrowthBook's SDKs give it (their `Result`), member for member: `key` (the
    /// variation's key), `variationId`, `value`, `inExperiment`, `hashUsed`, `hashAttribute`,
    /// `hashValue`, `featureId` (null for an inline experiment), `stickyBucketUsed`, and `bucket`,
    /// `name`, `passthrough` and a bandit's `leafId`, `variationWeights`, `banditVersion` when
    /// there are some. What `screenplay flags evaluate` prints as `experimentResult`.
    ///
    /// ```swift
    /// JSONWriter.write(result.json)   // {"key":"grid","variationId":1,"inExperiment":true,…}
    /// ```
    public var json: JSONValue {
        var members = JSONMembers<Key>()
        members[.key] = .string(variationKey)
        members[.variationId] = .number(Double(variationIndex))
        members[.value] = value
        members[.inExperiment] = .bool(inExperiment)
        members[.hashUsed] = .bool(hashUsed)
        members[.hashAttribute] = .string(hashAttribute)
        members[.hashValue] = hashValue
        members[.featureId] = featureKey.map(JSONValue.string) ?? .null
        members[.stickyBucketUsed] = .bool(stickyBucketUsed)
        if let bucket { members[.bucket] = .number(bucket) }
        if let variationName { members[.name] = .string(variationName) }
        if passthrough { members[.passthrough] = true }
        if let bandit { members.all.merge(bandit.members.all) { _, assignment in assignment } }
        return members.json
    }

    /// The members of GrowthBook's `Result` (a bandit's are ``BanditAssignment/Key``).
    package enum Key: String, JSONKey, CaseIterable {
        case key, variationId, value, inExperiment, hashUsed, hashAttribute, hashValue, featureId, stickyBucketUsed, bucket, name
        case passthrough
    }
}

extension FlagExperimentResult.BanditAssignment {
    /// The members GrowthBook writes of a bandit's assignment, in a result and in its experiment's
    /// `contextualBandit`.
    package enum Key: String, JSONKey, CaseIterable {
        case leafId, variationWeights, banditVersion
    }

    /// `{"leafId": 2, "variationWeights": [0.2, 0.8], "banditVersion": 3}` (no version when it has none).
    package var members: JSONMembers<Key> {
        var members = JSONMembers<Key>()
        members[.leafId] = .number(Double(leafId))
        members[.variationWeights] = .array(variationWeights.map(JSONValue.number))
        if let banditVersion { members[.banditVersion] = .number(Double(banditVersion)) }
        return members
    }
}
