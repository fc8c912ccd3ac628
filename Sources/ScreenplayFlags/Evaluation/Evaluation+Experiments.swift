import Screenplay

extension Evaluation {
    /// GrowthBook's `runExperiment`, its numbered steps in order (the URL steps, which need a
    /// browser's address, are not taken).
    mutating func run(
        _ experiment: FlagExperiment, featureKey: String?, bandit: FlagExperimentResult.BanditAssignment?, visited: Set<String>
    ) -> FlagExperimentResult {
        let key = experiment.key
        let sticky = stickyBuckets != nil && !experiment.disableStickyBucketing
        func result(_ index: Int, hashUsed: Bool, bucket: Double? = nil, stickyBucketUsed: Bool = false) -> FlagExperimentResult {
            outcome(
                experiment, index, hashUsed: hashUsed, featureKey: featureKey, bucket: bucket, stickyBucketUsed: stickyBucketUsed,
                bandit: bandit)
        }
        // 1. Fewer than two variations; 2. evaluation disabled.
        guard experiment.variations.count >= 2, options.enabled else { return result(-1, hashUsed: false) }
        // 4. A variation forced for the experiment's key.
        if let forced = options.forcedVariations[key] { return result(forced, hashUsed: false) }
        // 5. A draft or inactive experiment.
        guard experiment.status != .draft, experiment.active else { return result(-1, hashUsed: false) }
        // 6. The hash attribute, and the user's value for it.
        let (hashAttribute, hashValue) = self.hashAttribute(experiment.hashAttribute, fallback: sticky ? experiment.fallbackAttribute : nil)
        guard JavaScript.truthy(hashValue) else { return result(-1, hashUsed: false) }
        var assigned = -1
        var foundSticky = false
        var versionBlocked = false
        if sticky {
            (assigned, versionBlocked) = stickyVariation(experiment)
            foundSticky = assigned >= 0
        }
        if !foundSticky {
            // 7. Filters, or else the namespace.
            if let filters = experiment.filters {
                if isFilteredOut(filters) { return result(-1, hashUsed: false) }
            } else if let namespace = experiment.namespace, !FlagHashing.isInNamespace(JavaScript.string(hashValue), namespace) {
                return result(-1, hashUsed: false)
            }
            // 8. The condition.
            if let condition = experiment.condition, !condition.node.matches(root, groups: payload.savedGroups) {
                return result(-1, hashUsed: false)
            }
            // 8.05. Prerequisites (of an inline experiment).
            for prerequisite in experiment.parentConditions {
                let parent = feature(prerequisite.flag, visited: visited)
                if parent.source == .cyclicPrerequisite { return result(-1, hashUsed: false) }
                if !prerequisite.condition.node.matches(FlagPrerequisite.subject(parent.value), groups: .none) {
                    return result(-1, hashUsed: false)
                }
            }
        }
        // 9. The user's point, and the variation whose range holds it.
        let seed = experiment.seed.flatMap { $0.isEmpty ? nil : $0 } ?? key
        guard let point = FlagHashing.hash(seed: seed, value: JavaScript.string(hashValue), version: experiment.hashVersion) else {
            return result(-1, hashUsed: false)
        }
        if !foundSticky {
            let ranges =
                experiment.ranges
                ?? FlagHashing.bucketRanges(
                    variations: experiment.variations.count, coverage: experiment.coverage, weights: experiment.weights)
            assigned = FlagHashing.chooseVariation(point, ranges: ranges) ?? -1
        }
        // 9.5. A sticky bucket of a version no longer accepted.
        if versionBlocked { return result(-1, hashUsed: false, stickyBucketUsed: true) }
        // 10. Outside every range.
        guard assigned >= 0 else { return result(-1, hashUsed: false) }
        // 11. A variation forced by the experiment itself.
        if let forced = experiment.forcedVariation { return result(forced, hashUsed: false) }
        // 12. QA mode; 12.5. a stopped experiment.
        guard !options.qaMode, experiment.status != .stopped else { return result(-1, hashUsed: false) }
        // 13. In the experiment.
        let placed = result(assigned, hashUsed: true, bucket: point, stickyBucketUsed: foundSticky)
        // 13.5. Keep the assignment in the user's sticky buckets.
        if sticky {
            stickyBuckets?.assign(
                [Self.stickyKey(key, experiment.bucketVersion): placed.variationKey], attribute: hashAttribute,
                value: Self.stickyText(hashValue))
        }
        return placed
    }

    /// GrowthBook's `getExperimentResult`: an index outside the variations means not in the
    /// experiment, with the first variation's value.
    private func outcome(
        _ experiment: FlagExperiment, _ index: Int, hashUsed: Bool, featureKey: String?, bucket: Double?, stickyBucketUsed: Bool,
        bandit: FlagExperimentResult.BanditAssignment?
    ) -> FlagExperimentResult {
        var index = index
        var inExperiment = true
        if index < 0 || index >= experiment.variations.count {
            index = 0
            inExperiment = false
        }
        let sticky = stickyBuckets != nil && !experiment.disableStickyBucketing
        let (hashAttribute, hashValue) = self.hashAttribute(experiment.hashAttribute, fallback: sticky ? experiment.fallbackAttribute : nil)
        let meta = experiment.meta.flatMap { index < $0.count ? $0[index] : nil } ?? FlagVariationMeta()
        var result = FlagExperimentResult(
            experimentKey: experiment.key, featureKey: featureKey, variationIndex: index,
            variationKey: meta.key.flatMap { $0.isEmpty ? nil : $0 } ?? String(index),
            value: experiment.variations.isEmpty ? .null : experiment.variations[index],
            inExperiment: inExperiment, hashUsed: hashUsed, hashAttribute: hashAttribute, hashValue: hashValue)
        result.variationName = meta.name.flatMap { $0.isEmpty ? nil : $0 }
        result.bucket = bucket
        result.passthrough = meta.passthrough
        result.stickyBucketUsed = stickyBucketUsed
        if hashUsed && inExperiment { result.bandit = bandit }
        return result
    }

    // MARK: Sticky buckets

    /// `<experiment key>__<bucket version>`.
    static func stickyKey(_ experiment: String, _ version: Int) -> String { experiment + "__" + String(version) }

    /// GrowthBook's `toString`: a string as it is, anything else as JSON.
    static func stickyText(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return JavaScript.stringify(value)
    }

    /// GrowthBook's `getStickyBucketVariation`: the variation the user's documents hold for the
    /// experiment's bucket version, and whether they hold one for a version below its minimum.
    private func stickyVariation(_ experiment: FlagExperiment) -> (variation: Int, blocked: Bool) {
        guard let buckets = stickyBuckets else { return (-1, false) }
        let (hashName, hashValue) = hashAttribute(experiment.hashAttribute, fallback: nil)
        // GrowthBook looks the fallback up as an attribute of its own, `id` when there is none.
        let (fallbackName, fallbackValue) = hashAttribute(experiment.fallbackAttribute ?? "id", fallback: nil)
        var assignments: [String: String] = [:]
        if JavaScript.truthy(fallbackValue) {
            assignments.merge(buckets.assignments(fallbackName, Self.stickyText(fallbackValue))) { _, new in new }
        }
        assignments.merge(buckets.assignments(hashName, Self.stickyText(hashValue))) { _, new in new }
        if experiment.minBucketVersion > 0 {
            for version in 0..<experiment.minBucketVersion where assignments[Self.stickyKey(experiment.key, version)] != nil {
                return (-1, true)
            }
        }
        guard let variationKey = assignments[Self.stickyKey(experiment.key, experiment.bucketVersion)] else { return (-1, false) }
        let index = (experiment.meta ?? []).firstIndex { $0.key.map { JavaScript.sameText($0, variationKey) } ?? false }
        return (index ?? -1, false)
    }
}
