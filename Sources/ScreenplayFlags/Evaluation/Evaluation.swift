import Foundation
import Screenplay

/// One evaluation's state: the user, the time, the sticky buckets, and the prerequisites already
/// evaluated. It follows GrowthBook's `evalFeature` and `runExperiment` step by step; the
/// comments name GrowthBook's steps.
struct Evaluation {
    let payload: FeaturesPayload
    let options: FlagEvaluator.Options
    let attributes: [String: JSONValue]
    let root: JSONValue
    let now: Date
    /// Nil when the evaluation keeps no sticky buckets (then fallback attributes are unused too).
    var stickyBuckets: FlagStickyBuckets?
    /// The variant each of Screenplay's experiments gives the user, for rules that follow one;
    /// nil passes every such rule.
    var variants: FlagEvaluator.Variants?
    /// Flags already evaluated, reused when the prerequisite graph has no cycle.
    private var memo: [String: FlagResult] = [:]
    private let reuses: Bool
    /// Prerequisite evaluations left, for a payload built in code with a cycle.
    private var budget = 10_000

    /// The deepest chain of prerequisites followed (a payload read from JSON is refused past
    /// its limit well before this).
    static let maxDepth = 64

    init(
        evaluator: FlagEvaluator, attributes: [String: JSONValue], stickyBuckets: FlagStickyBuckets?,
        variants: FlagEvaluator.Variants? = nil
    ) {
        self.variants = variants
        payload = evaluator.payload
        options = evaluator.options
        self.attributes = attributes
        root = .object(attributes)
        now = evaluator.now()
        self.stickyBuckets = stickyBuckets
        // Without cycles, and shallower than the depth followed, a flag's value does not depend on
        // the chain that reached it.
        reuses = payload.prerequisites.isAcyclic && payload.prerequisites.longestChain.count < Self.maxDepth
    }

    // MARK: Flags

    /// A flag evaluated for itself (not as a prerequisite), with the whole budget.
    mutating func flag(_ key: String) -> FlagResult {
        budget = 10_000
        return feature(key, visited: [])
    }

    /// GrowthBook's `evalFeature`. `visited` is the chain of flags that led here.
    mutating func feature(_ key: String, visited: Set<String>) -> FlagResult {
        if reuses, let known = memo[key] { return known }
        let result = evaluateFeature(key, visited: visited)
        if reuses { memo[key] = result }
        return result
    }

    private mutating func evaluateFeature(_ key: String, visited: Set<String>) -> FlagResult {
        if visited.contains(key) || visited.count >= Self.maxDepth || (!reuses && budget <= 0) {
            return FlagResult(key: key, value: .null, source: .cyclicPrerequisite)
        }
        budget -= 1
        var visited = visited
        visited.insert(key)
        if let forced = options.forcedValues[key] {
            return FlagResult(key: key, value: forced, source: .override)
        }
        guard let flag = payload.features[key] else {
            return FlagResult(key: key, value: .null, source: .unknownFeature)
        }
        // The first partial rollout the user was hashed for, in or held back: what a rollout's
        // results compare (``FlagResult/rollout``).
        var rollout: FlagResult.Rollout?
        func result(_ value: JSONValue, _ source: FlagResult.Source, _ ruleID: String = "", _ experiment: FlagExperimentResult? = nil)
            -> FlagResult
        {
            var result = FlagResult(key: key, value: value, source: source, ruleID: ruleID, experiment: experiment)
            result.rollout = rollout
            return result
        }
        rules: for rule in flag.rules {
            // Screenplay's schedules: a rule out of its time is as if it were not there.
            guard rule.schedule.isInEffect(at: now) else { continue }
            for prerequisite in rule.parentConditions {
                let parent = feature(prerequisite.flag, visited: visited)
                if parent.source == .cyclicPrerequisite {
                    return FlagResult(key: key, value: .null, source: .cyclicPrerequisite)
                }
                // GrowthBook evaluates prerequisites without the saved groups.
                if !prerequisite.condition.node.matches(FlagPrerequisite.subject(parent.value), groups: .none) {
                    if prerequisite.gate { return FlagResult(key: key, value: .null, source: .prerequisite) }
                    continue rules
                }
            }
            if !rule.filters.isEmpty, isFilteredOut(rule.filters) { continue }
            switch rule.action {
            case .force(let value, let share):
                if let condition = rule.condition, !condition.node.matches(root, groups: payload.savedGroups) { continue }
                let placed = placement(in: share)
                if rollout == nil, let included = placed.hashed { rollout = FlagResult.Rollout(ruleID: rule.id, included: included) }
                guard placed.included else { continue }
                return result(value, .force, rule.id)
            case .gate:
                continue
            case .screenplayExperiment(let reference):
                if let condition = rule.condition, !condition.node.matches(root, groups: payload.savedGroups) { continue }
                guard let variant = variants?(reference.name), let value = reference.values[variant] else { continue }
                var given = result(value, .screenplayExperiment, rule.id)
                given.screenplayExperiment = FlagResult.ExperimentVariant(experiment: reference.name, variant: variant)
                return given
            case .experiment(var experiment):
                let bandit = contextualBandit(for: &experiment)
                let result = run(experiment, featureKey: key, bandit: bandit, visited: visited)
                if result.inExperiment && !result.passthrough {
                    var given = FlagResult(key: key, value: result.value, source: .experiment, ruleID: rule.id, experiment: result)
                    given.experimentDefinition = .object(Self.written(experiment, bandit: bandit, result: result))
                    return given
                }
            }
        }
        return result(flag.defaultValue, .defaultValue)
    }

    /// The experiment as GrowthBook's `FeatureResult` gives it: as the rule wrote it, with a
    /// contextual bandit's leaf weights, and the bandit's assignment when the hash placed the user.
    static func written(_ experiment: FlagExperiment, bandit: FlagExperimentResult.BanditAssignment?, result: FlagExperimentResult)
        -> [String: JSONValue]
    {
        var members = JSONMembers<FlagRule.Key>(experiment.growthBookJSON)
        guard let bandit else { return members.all }
        if bandit.leafId != -1 { members[.weights] = .array(bandit.variationWeights.map(JSONValue.number)) }
        if result.hashUsed && result.inExperiment {
            var written = JSONMembers<WrittenKey>(members.all)
            written[.contextualBandit] = bandit.members.json
            return written.all
        }
        return members.all
    }

    /// What an experiment's `FeatureResult` has besides the rule's members (``FlagRule/Key``).
    enum WrittenKey: String, JSONKey, CaseIterable {
        case contextualBandit
    }

    /// GrowthBook's `buildContextualBanditExperiment`: the weights of the first leaf whose
    /// context matches, or the rule's own (leaf -1); nothing when the bandit is unknown.
    private func contextualBandit(for experiment: inout FlagExperiment) -> FlagExperimentResult.BanditAssignment? {
        guard let name = experiment.contextualBandit, let bandit = payload.contextualBandits[name] else { return nil }
        if let leaf = bandit.contexts.first(where: { $0.condition.node.matches(root, groups: payload.savedGroups) }) {
            experiment.weights = leaf.weights
            return .init(leafId: leaf.leafId, variationWeights: leaf.weights, banditVersion: bandit.banditVersion)
        }
        return .init(
            leafId: -1, variationWeights: experiment.weights ?? FlagHashing.equalWeights(experiment.variations.count),
            banditVersion: bandit.banditVersion)
    }

    // MARK: Hashing

    /// GrowthBook's `getHashAttribute`: the attribute's value when truthy, else the fallback's
    /// when given and truthy, else `""`.
    func hashAttribute(_ name: String, fallback: String?) -> (attribute: String, value: JSONValue) {
        let name = name.isEmpty ? "id" : name
        if let value = attributes[name], JavaScript.truthy(value) { return (name, value) }
        if let fallback, let value = attributes[fallback], JavaScript.truthy(value) { return (fallback, value) }
        return (name, "")
    }

    /// GrowthBook's `isFilteredOut`: a filter the user's point misses (or who has no value); rules and an
    /// experiment's step 7 run it.
    func isFilteredOut(_ filters: [FlagFilter]) -> Bool {
        filters.contains { filter in
            let (_, value) = hashAttribute(filter.attribute, fallback: nil)
            guard JavaScript.truthy(value),
                let point = FlagHashing.hash(seed: filter.seed, value: JavaScript.string(value), version: filter.hashVersion)
            else { return true }
            return !filter.ranges.contains { $0.contains(point) }
        }
    }

    /// GrowthBook's `isIncludedInRollout`.
    /// Whether a force rule's value goes to the user, and, for a partial rollout the user was
    /// hashed for, whether the hash put them in (nil for everyone's rules and unhashable users).
    private func placement(in rollout: FlagRollout) -> (included: Bool, hashed: Bool?) {
        if rollout.range == nil && rollout.coverage == nil { return (true, nil) }
        if rollout.range == nil && rollout.coverage == 0 { return (false, nil) }
        let fallback = stickyBuckets != nil && !rollout.disableStickyBucketing ? rollout.fallbackAttribute : nil
        let (_, value) = hashAttribute(rollout.hashAttribute, fallback: fallback)
        guard JavaScript.truthy(value),
            let point = FlagHashing.hash(seed: rollout.seed, value: JavaScript.string(value), version: rollout.hashVersion)
        else { return (false, nil) }
        let included = rollout.range.map { $0.contains(point) } ?? (point <= (rollout.coverage ?? 1))
        return (included, included)
    }
}
