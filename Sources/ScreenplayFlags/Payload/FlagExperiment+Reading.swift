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
        guard case .object(let members) = json else {
            reader.error(.root, "an experiment is an object with \"key\" and \"variations\", not \(json.kindDescription)")
            return DecodeResult(value: nil, diagnostics: reader.diagnostics)
        }
        let path = JSONPath.root
        let key = reader.text(members["key"], at: path.appending(key: "key")) ?? ""
        if key.isEmpty { reader.error(path.appending(key: "key"), "an experiment needs a key") }
        guard case .array(let variations)? = members["variations"], variations.count <= limits.maxVariations else {
            reader.error(path.appending(key: "variations"), "variations are an array of at most \(limits.maxVariations) values")
            return DecodeResult(value: nil, diagnostics: reader.diagnostics)
        }
        var experiment = FlagExperiment(key: key, variations: variations)
        reader.experimentMembers(members, into: &experiment, at: path)
        experiment.coverage = reader.coverage(members["coverage"], at: path.appending(key: "coverage"))
        experiment.seed = reader.nonEmpty(reader.text(members["seed"], at: path.appending(key: "seed")))
        experiment.hashAttribute = reader.nonEmpty(reader.text(members["hashAttribute"], at: path.appending(key: "hashAttribute"))) ?? "id"
        experiment.fallbackAttribute = reader.nonEmpty(
            reader.text(members["fallbackAttribute"], at: path.appending(key: "fallbackAttribute")))
        experiment.hashVersion = reader.hashVersion(members["hashVersion"], at: path.appending(key: "hashVersion"), default: 1)
        experiment.disableStickyBucketing = JavaScript.truthy(members["disableStickyBucketing"] ?? .null)
        if let condition = members["condition"], condition != .null {
            experiment.condition = reader.condition(condition, at: path.appending(key: "condition"))
        }
        experiment.parentConditions = reader.prerequisites(members["parentConditions"], at: path.appending(key: "parentConditions"))
        if case .array? = members["filters"] {
            experiment.filters = reader.filters(members["filters"], at: path.appending(key: "filters"))
        }
        if let active = members["active"], active != .null {
            experiment.active = active != .bool(false)
        }
        if let status = reader.text(members["status"], at: path.appending(key: "status")) {
            experiment.status = Status(rawValue: status)
            if experiment.status == nil {
                reader.warning(path.appending(key: "status"), "status \"\(status)\" is none of draft, running, stopped; it is ignored")
            }
        }
        if members["force"] != nil {
            experiment.forcedVariation = reader.integer(members["force"], at: path.appending(key: "force"))
        }
        let refused = reader.diagnostics.contains { $0.severity == .error }
        return DecodeResult(value: refused ? nil : experiment, diagnostics: reader.diagnostics)
    }
}
