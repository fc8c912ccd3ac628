import Foundation
import Screenplay

/// Reads a features payload member by member, keeping every problem at its path. Errors refuse
/// the payload; warnings keep it (docs/FLAGS.md lists which is which).
struct PayloadReader {
    let limits: FlagLimits
    var diagnostics: [Diagnostic] = []
    /// Saved groups and contextual bandits the payload's rules name, checked once all is read.
    private var groupsNamed: [(name: String, path: JSONPath)] = []
    private var banditsNamed: [(name: String, path: JSONPath)] = []

    init(limits: FlagLimits) {
        self.limits = limits
    }

    typealias Rule = JSONMembers<FlagRule.Key>

    mutating func error(_ path: JSONPath, _ message: String, code: Diagnostic.Code = .invalidValue) {
        diagnostics.append(.error(at: path, message, code: code))
    }

    mutating func warning(_ path: JSONPath, _ message: String, code: Diagnostic.Code = .invalidValue) {
        diagnostics.append(.warning(at: path, message, code: code))
    }

    /// A warning for each member of `members` its `Key` does not name (nor `also`).
    private mutating func unknownMembers<Key: JSONKey & CaseIterable>(
        _ members: JSONMembers<Key>, also: Set<String> = [], at path: JSONPath, of what: String
    ) {
        for key in members.unknownNames where !also.contains(key) {
            warning(path.appending(key: key), "\(what) has no member \"\(key)\"; it is ignored", code: .unknownField)
        }
    }

    // MARK: The payload

    mutating func payload(_ json: JSONValue) -> FeaturesPayload? {
        guard let members = JSONMembers<FeaturesPayload.Key>(json) else {
            error(.root, "a features payload is an object with \"features\", not \(json.kindDescription)")
            return nil
        }
        let encrypted = JSONMembers<FeaturesPayload.EncryptedKey>(members.all)
        for key in FeaturesPayload.EncryptedKey.allCases where encrypted[key] != nil {
            error(
                JSONPath.root.appending(member: key),
                "encrypted payloads are not supported: give Screenplay an SDK connection without encryption (a server-side key)")
        }
        unknownMembers(members, also: JSONMembers<FeaturesPayload.EncryptedKey>.names, at: .root, of: "a features payload")
        if case .array(let experiments)? = members[.experiments], !experiments.isEmpty {
            warning(
                JSONPath.root.appending(member: FeaturesPayload.Key.experiments),
                "auto experiments (visual editor, URL redirects) run in a browser; the \(experiments.count) of them are ignored")
        }
        if let status = members[.status], status != .number(200), status != .null {
            warning(
                JSONPath.root.appending(member: FeaturesPayload.Key.status),
                "the payload's status is \(JavaScript.stringify(status)), not 200")
        }
        let dateUpdated = members[.dateUpdated]?.stringValue
        let groups = savedGroups(members[.savedGroups])
        let bandits = contextualBandits(members[.contextualBandits])
        var features: [String: FeatureFlag] = [:]
        let featuresPath = JSONPath.root.appending(member: FeaturesPayload.Key.features)
        switch members[.features] {
        case nil, .null?:
            if !FeaturesPayload.EncryptedKey.allCases.contains(where: { encrypted[$0] != nil }) {
                warning(featuresPath, "the payload has no features")
            }
        case .object(let flags)?:
            if flags.count > limits.maxFlags {
                error(featuresPath, "the payload has \(flags.count) flags; the limit is \(limits.maxFlags)", code: .limitExceeded)
                return nil
            }
            for key in flags.keys.sorted() {
                if let flag = feature(key, flags[key] ?? .null, at: featuresPath.appending(key: key)) { features[key] = flag }
            }
        case let other?:
            error(featuresPath, "\"features\" is an object of flags by key, not \(other.kindDescription)")
        }
        for (name, path) in groupsNamed where groups[name] == nil {
            warning(path, "there is no saved group \"\(name)\": it is empty, as GrowthBook treats it")
        }
        for (name, path) in banditsNamed where bandits[name] == nil {
            warning(path, "there is no contextual bandit \"\(name)\": the rule's own weights apply, as GrowthBook does")
        }
        let payload = FeaturesPayload(
            features: features, savedGroups: FlagSavedGroups(groups), contextualBandits: bandits, dateUpdated: dateUpdated)
        checkPrerequisites(payload, at: featuresPath)
        return payload
    }

    /// Cycles and overlong chains of prerequisites, and prerequisites on flags the payload lacks.
    private mutating func checkPrerequisites(_ payload: FeaturesPayload, at featuresPath: JSONPath) {
        for key in payload.features.keys.sorted() {
            guard let flag = payload.features[key] else { continue }
            for (ruleIndex, rule) in flag.rules.enumerated() {
                for (index, prerequisite) in rule.parentConditions.enumerated() where payload.features[prerequisite.flag] == nil {
                    warning(
                        Self.prerequisitePath(featuresPath, key, ruleIndex, index),
                        "there is no flag \"\(prerequisite.flag)\": its value is null, as GrowthBook evaluates an unknown flag")
                }
            }
        }
        let graph = payload.prerequisites
        for (edge, flags) in graph.cycles {
            error(
                Self.prerequisitePath(featuresPath, edge.from, edge.rule, edge.index),
                "prerequisites in a cycle: \(flags.joined(separator: " → ")) (GrowthBook would answer cyclicPrerequisite)")
        }
        if graph.isAcyclic, graph.longestChain.count - 1 > limits.maxPrerequisiteDepth {
            error(
                featuresPath.appending(key: graph.longestChain[0]),
                "prerequisites are chained \(graph.longestChain.count - 1) flags deep (\(graph.longestChain.joined(separator: " → "))); the limit is \(limits.maxPrerequisiteDepth)",
                code: .limitExceeded)
        }
    }

    private static func prerequisitePath(_ features: JSONPath, _ flag: String, _ rule: Int, _ index: Int) -> JSONPath {
        features.appending(key: flag).appending(member: FeatureFlag.Key.rules).appending(index: rule)
            .appending(member: FlagRule.Key.parentConditions).appending(index: index).appending(member: FlagPrerequisite.Key.id)
    }

    private mutating func savedGroups(_ json: JSONValue?) -> [String: [JSONValue]] {
        let path = JSONPath.root.appending(member: FeaturesPayload.Key.savedGroups)
        switch json {
        case nil, .null?:
            return [:]
        case .object(let members)?:
            guard members.count <= limits.maxSavedGroups else {
                error(path, "the payload has \(members.count) saved groups; the limit is \(limits.maxSavedGroups)", code: .limitExceeded)
                return [:]
            }
            var groups: [String: [JSONValue]] = [:]
            for (name, value) in members {
                guard case .array(let values) = value else {
                    error(path.appending(key: name), "a saved group is an array of values, not \(value.kindDescription)")
                    continue
                }
                guard values.count <= limits.maxSavedGroupValues else {
                    error(
                        path.appending(key: name), "the group has \(values.count) values; the limit is \(limits.maxSavedGroupValues)",
                        code: .limitExceeded)
                    continue
                }
                groups[name] = values
            }
            return groups
        case let other?:
            error(path, "\"savedGroups\" is an object of arrays by group id, not \(other.kindDescription)")
            return [:]
        }
    }

    private mutating func contextualBandits(_ json: JSONValue?) -> [String: FlagContextualBandit] {
        let path = JSONPath.root.appending(member: FeaturesPayload.Key.contextualBandits)
        switch json {
        case nil, .null?:
            return [:]
        case .object(let members)?:
            var bandits: [String: FlagContextualBandit] = [:]
            for name in members.keys.sorted() {
                let at = path.appending(key: name)
                guard let definition = JSONMembers<FlagContextualBandit.Key>(members[name]) else {
                    error(at, "a contextual bandit is an object with \"contexts\"")
                    continue
                }
                typealias Leaf = FlagContextualBandit.Context.Key
                var bandit = FlagContextualBandit()
                bandit.banditVersion = integer(definition[.banditVersion], at: at.appending(member: FlagContextualBandit.Key.banditVersion))
                let contextsPath = at.appending(member: FlagContextualBandit.Key.contexts)
                if case .array(let contexts)? = definition[.contexts] {
                    for (index, context) in contexts.prefix(limits.maxRulesPerFlag).enumerated() {
                        let contextPath = contextsPath.appending(index: index)
                        guard let leaf = JSONMembers<Leaf>(context),
                            let leafId = integer(leaf[.leafId], at: contextPath.appending(member: Leaf.leafId))
                        else {
                            error(contextPath, "a context is {\"leafId\": …, \"condition\": …, \"weights\": […]}")
                            continue
                        }
                        let condition = self.condition(leaf[.condition] ?? .object([:]), at: contextPath.appending(member: Leaf.condition))
                        let weights = numbers(leaf[.weights], at: contextPath.appending(member: Leaf.weights)) ?? []
                        checkWeightSum(weights, at: contextPath.appending(member: Leaf.weights))
                        bandit.contexts.append(FlagContextualBandit.Context(leafId: leafId, condition: condition, weights: weights))
                    }
                } else if let contexts = definition[.contexts], contexts != .null {
                    error(contextsPath, "\"contexts\" is an array, not \(contexts.kindDescription)")
                }
                bandits[name] = bandit
            }
            return bandits
        case let other?:
            error(path, "\"contextualBandits\" is an object of bandits by id, not \(other.kindDescription)")
            return [:]
        }
    }

    // MARK: Flags and rules

    private mutating func feature(_ key: String, _ json: JSONValue, at path: JSONPath) -> FeatureFlag? {
        guard let members = JSONMembers<FeatureFlag.Key>(json) else {
            error(path, "a flag is an object with \"defaultValue\" and \"rules\", not \(json.kindDescription)")
            return nil
        }
        unknownMembers(members, at: path, of: "a flag")
        var flag = FeatureFlag(key: key, defaultValue: members[.defaultValue] ?? .null)
        let rulesPath = path.appending(member: FeatureFlag.Key.rules)
        switch members[.rules] {
        case nil, .null?:
            break
        case .array(let rules)?:
            guard rules.count <= limits.maxRulesPerFlag else {
                error(rulesPath, "the flag has \(rules.count) rules; the limit is \(limits.maxRulesPerFlag)", code: .limitExceeded)
                return nil
            }
            for (index, rule) in rules.enumerated() {
                if let rule = self.rule(rule, flag: key, at: rulesPath.appending(index: index)) {
                    flag.rules.append(rule)
                }
            }
        case let other?:
            error(rulesPath, "\"rules\" is an array, not \(other.kindDescription)")
        }
        return flag
    }

    private mutating func rule(_ json: JSONValue, flag: String, at path: JSONPath) -> FlagRule? {
        guard let members = Rule(json) else {
            error(path, "a rule is an object, not \(json.kindDescription)")
            return nil
        }
        unknownMembers(members, at: path, of: "a rule")
        func at(_ key: FlagRule.Key) -> JSONPath { path.appending(member: key) }
        var rule = FlagRule(action: .gate)
        rule.id = text(members[.id], at: at(.id)) ?? ""
        if let condition = members[.condition], condition != .null {
            rule.condition = self.condition(condition, at: at(.condition))
        }
        rule.parentConditions = prerequisites(members[.parentConditions], at: at(.parentConditions))
        rule.filters = filters(members[.filters], at: at(.filters))
        rule.schedule = schedule(members, at: path)
        let seed = text(members[.seed], at: at(.seed))
        let hashAttribute = text(members[.hashAttribute], at: at(.hashAttribute))
        let fallbackAttribute = text(members[.fallbackAttribute], at: at(.fallbackAttribute))
        let hashVersion = self.hashVersion(members[.hashVersion], at: at(.hashVersion), default: 1)
        let disableSticky = JavaScript.truthy(members[.disableStickyBucketing] ?? .null)
        let coverage = self.coverage(members[.coverage], at: at(.coverage))
        if let reference = members[.screenplayExperiment], reference != .null {
            let referencePath = at(.screenplayExperiment)
            if members[.force] != nil || members[.variations] != nil || members[.contextualVariations] != nil {
                error(referencePath, "a rule forces a value, runs its own experiment, or follows a Screenplay experiment: not two of them")
                return nil
            }
            guard let reference = experimentReference(reference, at: referencePath) else { return nil }
            rule.action = .screenplayExperiment(reference)
            return rule
        }
        if members[.force] != nil {
            // GrowthBook tells a force rule by the member's presence, even when it is null.
            if members[.variations] != nil || members[.contextualVariations] != nil {
                warning(at(.variations), "a rule with \"force\" forces its value; its variations are ignored")
            }
            let range = members[.range].flatMap { $0 == .null ? nil : self.range($0, at: at(.range)) }
            let rollout = FlagRollout(
                seed: seed.flatMap { $0.isEmpty ? nil : $0 } ?? flag, hashAttribute: nonEmpty(hashAttribute) ?? "id",
                fallbackAttribute: nonEmpty(fallbackAttribute), hashVersion: hashVersion, coverage: coverage, range: range,
                disableStickyBucketing: disableSticky)
            if range != nil, coverage != nil {
                warning(at(.coverage), "a rule with a range uses the range; its coverage is ignored")
            }
            rule.action = .force(members[.force] ?? .null, rollout)
            return rule
        }
        let variationsKey: FlagRule.Key =
            members[.contextualVariations].map { $0 == .null ? .variations : .contextualVariations } ?? .variations
        guard let variationsValue = members[variationsKey], variationsValue != .null else {
            if rule.parentConditions.isEmpty && rule.filters.isEmpty && !members.isEmpty {
                warning(path, "the rule has neither \"force\" nor \"variations\": GrowthBook skips it")
            }
            return rule
        }
        guard case .array(let variations) = variationsValue else {
            error(at(variationsKey), "variations are an array of values, not \(variationsValue.kindDescription)")
            return nil
        }
        guard variations.count <= limits.maxVariations else {
            error(
                at(variationsKey), "the rule has \(variations.count) variations; the limit is \(limits.maxVariations)", code: .limitExceeded
            )
            return nil
        }
        if variations.count < 2 {
            warning(at(variationsKey), "an experiment needs two variations; GrowthBook puts no one in this one")
        }
        var experiment = FlagExperiment(key: nonEmpty(text(members[.key], at: at(.key))) ?? flag, variations: variations)
        experiment.seed = nonEmpty(seed)
        experiment.hashAttribute = nonEmpty(hashAttribute) ?? "id"
        experiment.fallbackAttribute = nonEmpty(fallbackAttribute)
        experiment.hashVersion = hashVersion
        experiment.disableStickyBucketing = disableSticky
        experiment.coverage = coverage
        experimentMembers(members, into: &experiment, at: path)
        experiment.condition = rule.condition
        if case .array? = members[.filters] { experiment.filters = rule.filters }
        experiment.written = Self.growthBookExperiment(members, key: experiment.key, variations: variations)
        if let name = text(members[.contextualBanditRef], at: at(.contextualBanditRef)) {
            experiment.contextualBandit = name
            banditsNamed.append((name, at(.contextualBanditRef)))
        }
        rule.action = .experiment(experiment)
        return rule
    }

    /// GrowthBook's `evalFeature` building an experiment from a rule: the variations and key,
    /// `coverage` when the rule has the member, the bucket versions when defined, and the other
    /// members it copies when they are truthy, each as written.
    static func growthBookExperiment(_ rule: Rule, key: String, variations: [JSONValue]) -> [String: JSONValue] {
        var experiment = Rule()
        experiment[.variations] = .array(variations)
        experiment[.key] = .string(key)
        if let coverage = rule[.coverage] { experiment[.coverage] = coverage }
        for name: FlagRule.Key in [.bucketVersion, .minBucketVersion] { if let value = rule[name] { experiment[name] = value } }
        for name: FlagRule.Key in [
            .weights, .hashAttribute, .fallbackAttribute, .disableStickyBucketing, .namespace, .meta, .ranges, .name, .phase,
            .seed, .hashVersion, .filters, .condition,
        ] {
            if let value = rule[name], JavaScript.truthy(value) { experiment[name] = value }
        }
        return experiment.all
    }

    /// The members an experiment rule and an inline experiment share: weights, ranges, meta,
    /// namespace, bucket versions, names.
    mutating func experimentMembers(_ members: Rule, into experiment: inout FlagExperiment, at path: JSONPath) {
        func at(_ key: FlagRule.Key) -> JSONPath { path.appending(member: key) }
        let count = experiment.variations.count
        if let weights = numbers(members[.weights], at: at(.weights)) {
            if weights.count != count {
                error(at(.weights), "\(weights.count) weights for \(count) variations")
            } else {
                checkWeightSum(weights, at: at(.weights))
            }
            experiment.weights = weights
        }
        if let ranges = members[.ranges], ranges != .null {
            let rangesPath = at(.ranges)
            if case .array(let items) = ranges, items.count == count {
                experiment.ranges = items.enumerated().compactMap { self.range($1, at: rangesPath.appending(index: $0)) }
            } else {
                error(rangesPath, "ranges are an array of one [start, end] per variation (\(count))")
            }
        }
        if let meta = members[.meta], meta != .null {
            let metaPath = at(.meta)
            if case .array(let items) = meta, items.count == count {
                experiment.meta = items.enumerated().map { index, item in
                    let itemPath = metaPath.appending(index: index)
                    guard let fields = JSONMembers<FlagVariationMeta.Key>(item) else {
                        error(itemPath, "a variation's meta is an object with \"key\", \"name\", \"passthrough\"")
                        return FlagVariationMeta()
                    }
                    return FlagVariationMeta(
                        key: text(fields[.key], at: itemPath.appending(member: FlagVariationMeta.Key.key)),
                        name: text(fields[.name], at: itemPath.appending(member: FlagVariationMeta.Key.name)),
                        passthrough: JavaScript.truthy(fields[.passthrough] ?? .null))
                }
            } else {
                error(metaPath, "meta is an array of one object per variation (\(count))")
            }
        }
        if let namespace = members[.namespace], JavaScript.truthy(namespace) {
            let namespacePath = at(.namespace)
            if case .array(let parts) = namespace, parts.count == 3, case .string(let id) = parts[0],
                let range = range(.array(Array(parts[1...])), at: namespacePath)
            {
                experiment.namespace = FlagNamespace(id: id, range: range)
            } else if !diagnostics.contains(where: { $0.path == namespacePath }) {
                error(namespacePath, "a namespace is [id, start, end] with 0 ≤ start ≤ end ≤ 1")
            }
        }
        experiment.bucketVersion = integer(members[.bucketVersion], at: at(.bucketVersion)) ?? 0
        experiment.minBucketVersion = integer(members[.minBucketVersion], at: at(.minBucketVersion)) ?? 0
        experiment.name = text(members[.name], at: at(.name))
        experiment.phase = text(members[.phase], at: at(.phase))
    }

    // MARK: Parts

    mutating func condition(_ json: JSONValue, at path: JSONPath) -> FlagCondition {
        let read = FlagCondition.read(json, at: path, limits: limits)
        diagnostics += read.diagnostics
        let condition = read.value ?? .always
        for name in condition.savedGroupNames.sorted() { groupsNamed.append((name, path)) }
        return condition
    }

    mutating func prerequisites(_ json: JSONValue?, at path: JSONPath) -> [FlagPrerequisite] {
        switch json {
        case nil, .null?:
            return []
        case .array(let items)?:
            guard items.count <= limits.maxPrerequisites else {
                error(path, "\(items.count) prerequisites; the limit is \(limits.maxPrerequisites)", code: .limitExceeded)
                return []
            }
            return items.enumerated().compactMap { index, item in
                let at = path.appending(index: index)
                guard let members = JSONMembers<FlagPrerequisite.Key>(item), case .string(let id)? = members[.id] else {
                    error(at, "a prerequisite is {\"id\": flag, \"condition\": {\"value\": …}, \"gate\": true or false}")
                    return nil
                }
                let condition = members[.condition].flatMap {
                    $0 == .null ? nil : self.condition($0, at: at.appending(member: FlagPrerequisite.Key.condition))
                }
                return FlagPrerequisite(flag: id, condition: condition ?? .always, gate: JavaScript.truthy(members[.gate] ?? .null))
            }
        case let other?:
            error(path, "parentConditions are an array, not \(other.kindDescription)")
            return []
        }
    }

    mutating func filters(_ json: JSONValue?, at path: JSONPath) -> [FlagFilter] {
        switch json {
        case nil, .null?:
            return []
        case .array(let items)?:
            guard items.count <= limits.maxFilters else {
                error(path, "\(items.count) filters; the limit is \(limits.maxFilters)", code: .limitExceeded)
                return []
            }
            return items.enumerated().compactMap { index, item in
                let at = path.appending(index: index)
                typealias Key = FlagFilter.Key
                guard let members = JSONMembers<Key>(item), case .string(let seed)? = members[.seed],
                    case .array(let ranges)? = members[.ranges], ranges.count <= limits.maxFilters
                else {
                    error(at, "a filter is {\"seed\": text, \"ranges\": [[start, end] …], \"attribute\": name, \"hashVersion\": 1 or 2}")
                    return nil
                }
                let parsed = ranges.enumerated().compactMap { self.range($1, at: at.appending(member: Key.ranges).appending(index: $0)) }
                return FlagFilter(
                    seed: seed, ranges: parsed,
                    attribute: nonEmpty(text(members[.attribute], at: at.appending(member: Key.attribute))) ?? "id",
                    hashVersion: hashVersion(members[.hashVersion], at: at.appending(member: Key.hashVersion), default: 2))
            }
        case let other?:
            error(path, "filters are an array, not \(other.kindDescription)")
            return []
        }
    }

    /// `[start, end]` with 0 ≤ start ≤ end ≤ 1.
    mutating func range(_ json: JSONValue, at path: JSONPath) -> FlagRange? {
        guard case .array(let bounds) = json, bounds.count == 2, let lower = bounds[0].doubleValue, let upper = bounds[1].doubleValue else {
            error(path, "a range is [start, end], two numbers")
            return nil
        }
        guard lower >= 0, upper <= 1, lower <= upper else {
            error(path, "a range [\(JavaScript.numberString(lower)), \(JavaScript.numberString(upper))] must have 0 ≤ start ≤ end ≤ 1")
            return nil
        }
        return FlagRange(lower, upper)
    }

    mutating func coverage(_ json: JSONValue?, at path: JSONPath) -> Double? {
        switch json {
        case nil: return nil
        case .number(let value)? where value >= 0 && value <= 1: return value
        case .number(let value)? where !value.isNaN:
            // Refused; read leniently, it means what GrowthBook makes of it: below 0 no one, above 1 everyone.
            error(path, "coverage is a number from 0 to 1, not \(JavaScript.stringify(.number(value)))")
            return min(max(value, 0), 1)
        case let other?:
            error(path, "coverage is a number from 0 to 1, not \(other == .null ? "null" : JavaScript.stringify(other))")
            return nil
        }
    }

    mutating func numbers(_ json: JSONValue?, at path: JSONPath) -> [Double]? {
        switch json {
        case nil, .null?:
            return nil
        case .array(let items)? where items.allSatisfy({ $0.doubleValue != nil }):
            return items.compactMap(\.doubleValue)
        case let other?:
            error(path, "an array of numbers, not \(other.kindDescription)")
            return nil
        }
    }

    /// Weights that add up to 1 within GrowthBook's tolerance (0.99…1.01), none negative.
    mutating func checkWeightSum(_ weights: [Double], at path: JSONPath) {
        let total = weights.reduce(0, +)
        if weights.contains(where: { $0 < 0 }) {
            error(path, "a weight is a share from 0 to 1; these include a negative one")
        } else if total < 0.99 || total > 1.01 {
            error(path, "the weights add up to \(JavaScript.numberString(total)), not 1 (GrowthBook would split users equally instead)")
        }
    }

    mutating func hashVersion(_ json: JSONValue?, at path: JSONPath, default fallback: Int) -> Int {
        switch json {
        case nil, .null?:
            return fallback
        case .number(let value)?:
            // `hashVersion || 1`: 0 is the default too.
            if value == 0 { return fallback }
            if value != 1 && value != 2 {
                warning(path, "hash version \(JavaScript.numberString(value)) is neither 1 nor 2: GrowthBook includes no one")
            }
            return value == value.rounded() && abs(value) < 1e9 ? Int(value) : -1
        case let other?:
            error(path, "a hash version is 1 or 2, not \(other.kindDescription)")
            return fallback
        }
    }

    mutating func integer(_ json: JSONValue?, at path: JSONPath) -> Int? {
        switch json {
        case nil, .null?: return nil
        case .number(let value)? where value == value.rounded() && abs(value) < 1e9: return Int(value)
        case let other?:
            error(path, "a whole number, not \(other == .null ? "null" : JavaScript.stringify(other))")
            return nil
        }
    }

    mutating func text(_ json: JSONValue?, at path: JSONPath) -> String? {
        switch json {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?:
            error(path, "a string, not \(other.kindDescription)")
            return nil
        }
    }

    func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.isEmpty ? nil : $0 }
    }

    // MARK: Schedules

    /// `startsAt` and `endsAt`: Screenplay's extension, ISO 8601 instants with a zone.
    mutating func schedule(_ members: Rule, at path: JSONPath) -> FlagSchedule {
        var schedule = FlagSchedule()
        for key: FlagRule.Key in [.startsAt, .endsAt] {
            guard let value = members[key], value != .null else { continue }
            let at = path.appending(member: key)
            guard case .string(let text) = value, let instant = FlagInstant.parse(text) else {
                error(at, "an instant is ISO 8601 with its zone, like \"2026-03-01T09:00:00Z\" or \"2026-03-01T10:00:00+01:00\"")
                continue
            }
            if key == .startsAt { schedule.startsAt = instant } else { schedule.endsAt = instant }
        }
        if let start = schedule.startsAt, let end = schedule.endsAt, start >= end {
            error(path.appending(member: FlagRule.Key.endsAt), "the rule ends before it starts (endsAt is not after startsAt)")
        }
        return schedule
    }
}
