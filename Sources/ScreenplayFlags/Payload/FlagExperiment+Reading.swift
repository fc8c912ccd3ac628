import Screenplay

extension FlagExperiment {
    /// Reads an inline experiment in GrowthBook's shape (what `growthbook.run(experiment)` takes):
    /// the members of an experiment rule, plus `force` (the variation everyone in it gets),
    /// `active`, `status` and `parentConditions`.
    ///
    /// ```swift
    /// let read = FlagExperiment.decode(from: ["key": "hero", "variations": ["a", "b"], "coverage": 0.5])
    /// let result = evaluator.run(read.value!, attributes: ["id": "u1"])
    /// ```
    /// - Parameters:
    ///   - json: The experiment.
    ///   - limits: The bounds it is read within.
    /// - Returns: The experiment, or no value and every error.
    public static func decode(from json: JSONValue, limits: FlagLimits = .default) -> DecodeResult<FlagExperiment> {
        var reader = PayloadReader(limits: limits)
        guard let members = PayloadReader.Rule(json) else {
            reader.error(.root, "an experiment is an object with \"key\" and \"variations\", not \(json.kindDescription)")
            return DecodeResult(value: nil, diagnostics: reader.diagnostics)
        }
        let inline = JSONMembers<InlineKey>(members.all)
        func at(_ key: FlagRule.Key) -> JSONPath { JSONPath.root.appending(member: key) }
        let key = reader.text(members[.key], at: at(.key)) ?? ""
        if key.isEmpty { reader.error(at(.key), "an experiment needs a key") }
        guard case .array(let variations)? = members[.variations], variations.count <= limits.maxVariations else {
            reader.error(at(.variations), "variations are an array of at most \(limits.maxVariations) values")
            return DecodeResult(value: nil, diagnostics: reader.diagnostics)
        }
        var experiment = FlagExperiment(key: key, variations: variations)
        reader.experimentMembers(members, into: &experiment, at: .root)
        experiment.coverage = reader.coverage(members[.coverage], at: at(.coverage))
        experiment.seed = reader.nonEmpty(reader.text(members[.seed], at: at(.seed)))
        experiment.hashAttribute = reader.nonEmpty(reader.text(members[.hashAttribute], at: at(.hashAttribute))) ?? "id"
        experiment.fallbackAttribute = reader.nonEmpty(reader.text(members[.fallbackAttribute], at: at(.fallbackAttribute)))
        experiment.hashVersion = reader.hashVersion(members[.hashVersion], at: at(.hashVersion), default: 1)
        experiment.disableStickyBucketing = JavaScript.truthy(members[.disableStickyBucketing] ?? .null)
        if let condition = members[.condition], condition != .null {
            experiment.condition = reader.condition(condition, at: at(.condition))
        }
        experiment.parentConditions = reader.prerequisites(members[.parentConditions], at: at(.parentConditions))
        if case .array? = members[.filters] {
            experiment.filters = reader.filters(members[.filters], at: at(.filters))
        }
        if let active = inline[.active], active != .null {
            experiment.active = active != .bool(false)
        }
        let statusPath = JSONPath.root.appending(member: InlineKey.status)
        if let status = reader.text(inline[.status], at: statusPath) {
            experiment.status = Status(rawValue: status)
            if experiment.status == nil {
                reader.warning(statusPath, "status \"\(status)\" is none of draft, running, stopped; it is ignored")
            }
        }
        if members[.force] != nil {
            experiment.forcedVariation = reader.integer(members[.force], at: at(.force))
        }
        let refused = reader.diagnostics.contains { $0.severity == .error }
        return DecodeResult(value: refused ? nil : experiment, diagnostics: reader.diagnostics)
    }

    /// The members an inline experiment has besides those of an experiment rule (``FlagRule/Key``).
    package enum InlineKey: String, JSONKey, CaseIterable {
        case active, status
    }
}
