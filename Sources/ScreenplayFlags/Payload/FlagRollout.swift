import Screenplay

/// Who a force rule's value goes to: everyone, or the users whose point (the hash of the seed and
/// their hash attribute) is within the coverage or the range. Hashing makes it sticky per user
/// without storing anything; raising the coverage keeps everyone who was in.
///
/// ```swift
/// let fivePercent = FlagRollout(seed: "newCheckout", coverage: 0.05)
/// ```
public struct FlagRollout: Sendable, Hashable {
    /// What is hashed with the user's value: the rule's `seed`, or the flag's key.
    public var seed: String
    /// The attribute whose value is hashed (`id` unless given).
    public var hashAttribute: String
    /// The attribute hashed when the first is missing: used, as in GrowthBook, only when the
    /// evaluation keeps sticky buckets.
    public var fallbackAttribute: String?
    /// 1 or 2 (GrowthBook's default for a rule is 1); any other version includes no one.
    public var hashVersion: Int
    /// The share of users included: those whose point is at most this.
    public var coverage: Double?
    /// The points included, instead of the coverage.
    public var range: FlagRange?
    /// Whether sticky buckets are left out for this rule (GrowthBook's `disableStickyBucketing`).
    public var disableStickyBucketing: Bool

    /// - Parameters:
    ///   - seed: What is hashed with the user's value.
    ///   - hashAttribute: The attribute hashed.
    ///   - fallbackAttribute: The attribute hashed when the first is missing (sticky buckets only).
    ///   - hashVersion: 1 or 2.
    ///   - coverage: The share of users included.
    ///   - range: The points included, instead of the coverage.
    ///   - disableStickyBucketing: Whether sticky buckets are left out.
    public init(
        seed: String, hashAttribute: String = "id", fallbackAttribute: String? = nil, hashVersion: Int = 1, coverage: Double? = nil,
        range: FlagRange? = nil, disableStickyBucketing: Bool = false
    ) {
        self.seed = seed
        self.hashAttribute = hashAttribute
        self.fallbackAttribute = fallbackAttribute
        self.hashVersion = hashVersion
        self.coverage = coverage
        self.range = range
        self.disableStickyBucketing = disableStickyBucketing
    }

    /// Whether the rollout includes everyone without hashing.
    public var includesEveryone: Bool { range == nil && coverage == nil }
}
