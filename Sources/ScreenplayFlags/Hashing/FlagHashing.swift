/// GrowthBook's bucketing, bit for bit: the FNV-1a hash, hash versions 1 and 2, bucket ranges
/// from weights and coverage, choosing a variation, namespaces and equal weights.
///
/// A user's point in [0, 1) is a pure function of a seed (the experiment's or rule's key unless
/// given) and the hash attribute's value, so a rollout is sticky per user without storing
/// anything, and the same user gets the same variation from every GrowthBook SDK.
///
/// ```swift
/// FlagHashing.hash(seed: "checkout", value: "user-42", version: 2)        // 0.3125 … in [0, 1)
/// let ranges = FlagHashing.bucketRanges(variations: 2, coverage: 0.5, weights: [0.5, 0.5])
/// // [0, 0.25) and [0.5, 0.75): half the users are in, split evenly
/// FlagHashing.chooseVariation(0.6, ranges: ranges)                        // 1
/// ```
public enum FlagHashing {
    /// 32-bit FNV-1a over the text's UTF-16 code units, as GrowthBook's JavaScript SDK computes it
    /// with `charCodeAt` (a character outside the Basic Multilingual Plane is two code units).
    ///
    /// ```swift
    /// FlagHashing.fnv1a32("")   // 2166136261 (the offset basis)
    /// ```
    /// - Parameter text: The text hashed.
    /// - Returns: The hash.
    public static func fnv1a32(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for unit in text.utf16 {
            hash ^= UInt32(unit)
            hash = hash &* 0x0100_0193
        }
        return hash
    }

    /// GrowthBook's `hash(seed, value, version)`: the user's point in [0, 1).
    ///
    /// Version 1 (the original, slightly biased): `fnv1a32(value + seed) % 1000 / 1000`.
    /// Version 2 (unbiased): `fnv1a32(String(fnv1a32(seed + value))) % 10000 / 10000`.
    ///
    /// ```swift
    /// FlagHashing.hash(seed: "", value: "a", version: 1)      // 0.22
    /// FlagHashing.hash(seed: "seed", value: "a", version: 2)  // 0.0505
    /// FlagHashing.hash(seed: "abc", value: "def", version: 99) // nil
    /// ```
    /// - Parameters:
    ///   - seed: The experiment's or rule's seed (its key unless given).
    ///   - value: The hash attribute's value as text (a number as JavaScript writes it: `123`).
    ///   - version: 1 or 2.
    /// - Returns: The point, or nil for an unknown version (GrowthBook then leaves the user out).
    public static func hash(seed: String, value: String, version: Int) -> Double? {
        switch version {
        case 2: Double(fnv1a32(String(fnv1a32(seed + value))) % 10_000) / 10_000
        case 1: Double(fnv1a32(value + seed) % 1_000) / 1_000
        default: nil
        }
    }

    /// `count` equal weights that add up to 1; none for a count below 1.
    ///
    /// ```swift
    /// FlagHashing.equalWeights(4)   // [0.25, 0.25, 0.25, 0.25]
    /// ```
    /// - Parameter count: The number of variations.
    /// - Returns: The weights.
    public static func equalWeights(_ count: Int) -> [Double] {
        count <= 0 ? [] : Array(repeating: 1 / Double(count), count: count)
    }

    /// Each variation's range of points: consecutive slices of [0, 1) as wide as its weight, of
    /// which only the first `coverage` share is used (the rest of the slice is out of the
    /// experiment), exactly as GrowthBook's `getBucketRanges`.
    ///
    /// Coverage is clamped to 0…1 (1 when nil); weights are replaced by equal ones when nil, when
    /// their count is not `variations`, or when they do not add up to 1 within 0.01.
    ///
    /// ```swift
    /// FlagHashing.bucketRanges(variations: 3, coverage: 0.2, weights: [0.2, 0.3, 0.5])
    /// // [0, 0.04), [0.2, 0.26), [0.5, 0.6)
    /// ```
    /// - Parameters:
    ///   - variations: How many variations the experiment has.
    ///   - coverage: The share of users in the experiment.
    ///   - weights: Each variation's share of the users in it.
    /// - Returns: One range per variation.
    public static func bucketRanges(variations: Int, coverage: Double?, weights: [Double]?) -> [FlagRange] {
        var coverage = coverage ?? 1
        if coverage < 0 {
            coverage = 0
        } else if coverage > 1 {
            coverage = 1
        }
        let equal = equalWeights(variations)
        var weights = weights ?? equal
        if weights.count != variations { weights = equal }
        let total = weights.reduce(0, +)
        if total < 0.99 || total > 1.01 { weights = equal }
        var cumulative = 0.0
        return weights.map { weight in
            let start = cumulative
            cumulative += weight
            return FlagRange(start, start + coverage * weight)
        }
    }

    /// The first variation whose range holds the point, or nil when none does (the user is
    /// outside the coverage).
    ///
    /// ```swift
    /// let ranges = [FlagRange(0, 0.25), FlagRange(0.5, 0.75)]
    /// FlagHashing.chooseVariation(0.6, ranges: ranges)   // 1
    /// FlagHashing.chooseVariation(0.4, ranges: ranges)   // nil
    /// ```
    /// - Parameters:
    ///   - point: The user's point from ``hash(seed:value:version:)``.
    ///   - ranges: Each variation's range.
    /// - Returns: The variation's index.
    public static func chooseVariation(_ point: Double, ranges: [FlagRange]) -> Int? {
        ranges.firstIndex { $0.contains(point) }
    }

    /// Whether the user is in the namespace's share: the point of `"__" + namespace.id` (hash
    /// version 1) falls in `namespace.range`. Experiments in one namespace with ranges that do not
    /// overlap never share a user.
    ///
    /// ```swift
    /// FlagHashing.isInNamespace("1", FlagNamespace(id: "namespace1", range: FlagRange(0.4, 1)))   // true
    /// ```
    /// - Parameters:
    ///   - hashValue: The hash attribute's value as text.
    ///   - namespace: The namespace and its range.
    /// - Returns: Whether the user is in it.
    public static func isInNamespace(_ hashValue: String, _ namespace: FlagNamespace) -> Bool {
        guard let point = hash(seed: "__" + namespace.id, value: hashValue, version: 1) else { return false }
        return point >= namespace.range.lower && point < namespace.range.upper
    }
}
