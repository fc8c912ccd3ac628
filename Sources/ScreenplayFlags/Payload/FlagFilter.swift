import Screenplay

/// A filter a rule's users must pass (GrowthBook's `filters` entry): the point of `seed` and the
/// user's `attribute` must fall in one of the ranges. Experiments that filter on one seed with
/// ranges that do not overlap never share a user.
///
/// ```json
/// {"seed": "checkout-layer", "ranges": [[0, 0.5]], "attribute": "id", "hashVersion": 2}
/// ```
public struct FlagFilter: Sendable, Hashable {
    /// What is hashed with the user's value.
    public var seed: String
    /// The ranges a user's point must fall in one of.
    public var ranges: [FlagRange]
    /// The attribute hashed (`id` unless given).
    public var attribute: String
    /// 1 or 2 (2 unless given, GrowthBook's default for filters).
    public var hashVersion: Int

    /// - Parameters:
    ///   - seed: What is hashed with the user's value.
    ///   - ranges: The ranges a user's point must fall in one of.
    ///   - attribute: The attribute hashed.
    ///   - hashVersion: 1 or 2.
    public init(seed: String, ranges: [FlagRange], attribute: String = "id", hashVersion: Int = 2) {
        self.seed = seed
        self.ranges = ranges
        self.attribute = attribute
        self.hashVersion = hashVersion
    }
}

extension FlagFilter {
    /// The members of a filter: `{"seed": …, "ranges": [[0, 0.5]], "attribute": "id", "hashVersion": 2}`.
    package enum Key: String, JSONKey, CaseIterable {
        case seed, ranges, attribute, hashVersion
    }
}
