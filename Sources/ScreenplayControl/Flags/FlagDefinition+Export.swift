import Screenplay
import ScreenplayFlags
import ScreenplayServer

/// Rules that follow a Screenplay experiment (`screenplayExperiment`), written as GrowthBook's
/// SDKs can evaluate them: the experiment's own decisions in its own order — its kill switches
/// and allow list as force rules, then a paused experiment's control or a stopped one's winner,
/// or, while it runs, an experiment rule with its key, seed, weights and targeting (GrowthBook's
/// hash, version 2, which Screenplay's experiments use) followed by the control for everyone it
/// leaves out. An SDK then gives the user the value the server gives, except where Screenplay
/// keeps a sticky assignment made under other weights, or a QA override.
extension FlagDefinition {
    /// The flags as GrowthBook's features payload for GrowthBook's SDKs: as
    /// ``payload(of:)``, with rules that follow an experiment of `experiments` written as
    /// GrowthBook rules (a rule following an unknown experiment is left out: the server skips it).
    static func exportedPayload(of flags: [FlagDefinition], experiments: [String: Experiment]) -> JSONValue {
        var payload = JSONMembers<FeaturesPayload.Key>()
        payload[.features] = .object(
            Dictionary(flags.map { ($0.key, $0.exported(experiments: experiments)) }, uniquingKeysWith: { _, last in last }))
        return payload.json
    }

    /// Whether one of the flag's rules follows experiment `name`.
    func follows(experiment name: String) -> Bool {
        rules.contains { FlagExperimentReference(rule: $0.json)?.name == name }
    }

    private func exported(experiments: [String: Experiment]) -> JSONValue {
        let served = servedFeature
        guard var members = JSONMembers<FeatureFlag.Key>(served), let rules = members[.rules]?.arrayValue else { return served }
        members[.rules] = .array(
            rules.flatMap { rule -> [JSONValue] in
                guard let fields = JSONMembers<FlagRule.Key>(rule), fields[.screenplayExperiment] != nil else { return [rule] }
                guard let reference = FlagExperimentReference(rule: rule), let experiment = experiments[reference.name] else { return [] }
                var base = fields
                base[.screenplayExperiment] = nil
                base[.condition] = nil
                return Self.rules(following: experiment, values: reference.values, base: base, condition: fields[.condition])
            })
        return members.json
    }

    /// GrowthBook rules giving what `experiment` gives, each with `base`'s members (id,
    /// prerequisites, schedule) and `condition` with its own.
    private static func rules(
        following experiment: Experiment, values: [String: JSONValue], base: JSONMembers<FlagRule.Key>, condition: JSONValue?
    )
        -> [JSONValue]
    {
        func rule(_ extra: JSONMembers<FlagRule.Key>, when own: JSONValue?) -> JSONValue {
            var fields = base
            fields.all.merge(extra.all) { _, new in new }
            let parts = [condition, own].compactMap { $0 }.filter { $0 != .object([:]) }
            fields[.condition] = parts.count == 2 ? .object(["$and": .array(parts)]) : parts.first
            return fields.json
        }
        func force(_ variant: String, when own: JSONValue? = nil) -> [JSONValue] {
            values[variant].map { value in
                var force = JSONMembers<FlagRule.Key>()
                force[.force] = value
                return [rule(force, when: own)]
            } ?? []
        }
        var rules: [JSONValue] = []
        for part in experiment.switchedOff { rules += force(experiment.control, when: part.condition) }
        let listed = Dictionary(grouping: experiment.allowList.keys.sorted()) { experiment.allowList[$0] ?? "" }
        for variant in experiment.variants.map(\.name) {
            if let users = listed[variant] {
                rules += force(variant, when: .object([AudienceAttribute.id.name: .object(["$in": .array(users.map(JSONValue.string))])]))
            }
        }
        switch experiment.status {
        case .paused:
            rules += force(experiment.control)
        case .stopped:
            rules += force(experiment.winner.flatMap { experiment.has(variant: $0) ? $0 : nil } ?? experiment.control)
        case .running:
            let total = experiment.variants.reduce(0) { $0 + $1.weight }
            var split = JSONMembers<FlagRule.Key>()
            split[.key] = .string(experiment.name)
            split[.seed] = .string(experiment.seed ?? experiment.name)
            split[.hashVersion] = 2
            split[.hashAttribute] = .string(AudienceAttribute.id.name)
            split[.variations] = .array(experiment.variants.map { values[$0.name] ?? .null })
            split[.weights] = .array(experiment.variants.map { .number($0.weight / total) })
            // A variant without a value passes to the next rule, as on the server.
            split[.meta] = .array(
                experiment.variants.map {
                    var meta = JSONMembers<FlagVariationMeta.Key>()
                    meta[.key] = .string($0.name)
                    if values[$0.name] == nil { meta[.passthrough] = true }
                    return meta.json
                })
            rules.append(rule(split, when: experiment.targeting.condition))
            rules += force(experiment.control)
        }
        return rules
    }
}

extension Targeting {
    /// The targeting as a GrowthBook condition (nil when it takes everyone). Values compare as
    /// written (GrowthBook's `$in` minds case; Screenplay's targeting does not).
    var condition: JSONValue? {
        var members: [String: JSONValue] = [:]
        func oneOf(_ values: Set<String>) -> JSONValue { .object(["$in": .array(values.sorted().map(JSONValue.string))]) }
        if let platforms { members[AudienceAttribute.platform] = oneOf(platforms) }
        if let languages { members[AudienceAttribute.language] = oneOf(languages) }
        if let range = AppVersion.condition(from: minAppVersion, to: maxAppVersion) { members[AudienceAttribute.appVersion] = range }
        for (name, values) in attributes { members[name] = oneOf(values) }
        return members.isEmpty ? nil : .object(members)
    }
}

extension KillSwitch {
    /// The part switched off as a GrowthBook condition (`{}` for everyone).
    var condition: JSONValue {
        var members: [String: JSONValue] = [:]
        if let platform { members[AudienceAttribute.platform] = .string(platform) }
        if let range = AppVersion.condition(from: minAppVersion, to: maxAppVersion) { members[AudienceAttribute.appVersion] = range }
        return .object(members)
    }
}

extension AppVersion {
    /// GrowthBook's version comparison for `low ... high` (nil when neither bound is given). A
    /// request that does not say its version lies in no range (`$exists`), as ``isWithin(_:from:to:)``
    /// decides: GrowthBook compares a missing version as the lowest.
    static func condition(from low: AppVersion?, to high: AppVersion?) -> JSONValue? {
        var range: [String: JSONValue] = ["$exists": true]
        if let low { range["$vgte"] = .string(low.description) }
        if let high { range["$vlte"] = .string(high.description) }
        return low == nil && high == nil ? nil : .object(range)
    }
}
