import Screenplay
import ScreenplayFlags
import ScreenplayProtocol
import ScreenplayServer

/// Feature flags kept in the control plane: saved, deleted and switched off with an audit entry
/// each, checked together (a prerequisite cycle, an unknown operator or a hostile pattern anywhere
/// refuses the change, and the flags in force stay), and served by every instance from its next
/// request. A server given a GrowthBook payload instead (``FlagPayloadSource``) serves that one,
/// and the stored flags wait.
extension ControlPlane {
    /// Every stored flag, by key.
    public func flags() async throws -> [StoredFlag] {
        let database = self.database
        return try await guarded { try await database.query(StoredFlag.selectAllSQL) }.compactMap(StoredFlag.init(row:))
    }

    /// The stored flag `key`, if any.
    public func storedFlag(_ key: String) async throws -> StoredFlag? {
        let database = self.database
        return try await guarded { try await database.query(StoredFlag.selectOneSQL, [.text(key)]) }.first.flatMap(StoredFlag.init(row:))
    }

    /// Saves `flag` (creating it when new) as `actor`, from revision `ifRevision` when given: a 412
    /// when someone changed it meanwhile, a 422 with every problem at its path when the flags would
    /// not read — the flag's own under `feature`, and what it breaks in others (a prerequisite cycle)
    /// under theirs.
    ///
    /// ```swift
    /// let flag = FlagDefinition(key: "newCheckout", feature: ["defaultValue": false, "rules": [["force": true, "coverage": 0.05]]])
    /// try await control.save(flag: flag, by: "alice", ifRevision: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - flag: the flag.
    ///   - actor: who saves it, for the audit log.
    ///   - revision: the revision it was read at (0: it must not exist yet).
    ///   - dryRun: check only.
    /// - Returns: the flag as stored now (as it would be, for a dry run).
    @discardableResult
    public func save(flag: FlagDefinition, by actor: String, ifRevision revision: Int? = nil, dryRun: Bool = false) async throws
        -> StoredFlag
    {
        try await save(flag: flag, by: actor, ifRevision: revision, dryRun: dryRun, action: "save")
    }

    func save(flag: FlagDefinition, by actor: String, ifRevision revision: Int?, dryRun: Bool, action: String) async throws -> StoredFlag {
        // A guarded rollout's schedule starts when it is first saved.
        var started = flag
        if started.guardedRollout != nil, started.guardedRollout?.startedAt == nil {
            started.guardedRollout?.startedAt = clock.milliseconds
        }
        let flag = started
        var others = try await flags().map(\.definition).filter { $0.key != flag.key }
        others.append(flag)
        try Self.check(others, changing: flag.key)
        try checkExperimentReferences(flag)
        if dryRun {
            let current = try await storedFlag(flag.key)
            if let revision, revision != (current?.revision ?? 0) {
                throw Self.preconditionFailed(name: flag.key, expected: revision, current: current?.revision ?? 0)
            }
            return StoredFlag(definition: flag, revision: (current?.revision ?? 0) + 1, updatedAt: clock.milliseconds, updatedBy: actor)
        }
        let definition = String(decoding: flag.encoded(), as: UTF8.self)
        let key = flag.key
        do {
            return try await change(kind: "flag", name: key, actor: actor, action: action) { tx, now in
                let (before, stored) = try await RevisionedTable.flags.save(definition, as: key, from: revision, by: actor, at: now, in: tx)
                return (StoredFlag(definition: flag, revision: stored, updatedAt: now, updatedBy: actor), before, definition)
            }
        } catch let error as DatabaseError where error.isConstraintViolation {
            throw Self.preconditionFailed(name: key, expected: revision ?? 0, current: (revision ?? 0) + 1)
        }
    }

    /// Deletes flag `key` (a 412 when `ifRevision` is not its revision, a 422 when another flag
    /// needs it as a prerequisite).
    ///
    /// - Parameters:
    ///   - key: the flag.
    ///   - actor: who deletes it, for the audit log.
    ///   - revision: the revision it was read at.
    public func deleteFlag(_ key: String, by actor: String, ifRevision revision: Int? = nil) async throws {
        let rest = try await flags().map(\.definition).filter { $0.key != key }
        let dependents = rest.filter { definition in
            FeaturesPayload.decode(from: FlagDefinition.payload(of: [definition])).value?.features[definition.key]?.prerequisiteKeys
                .contains(key)
                == true
        }
        if let dependent = dependents.first {
            throw ScreenplayError(
                .unprocessableContent, code: "flagNeeded",
                message:
                    "flag \"\(ScreenplayError.quoting(dependent.key))\" has \"\(ScreenplayError.quoting(key))\" as a prerequisite: change it first",
                path: "key")
        }
        let _: Bool = try await change(kind: "flag", name: key, actor: actor, action: "delete") { tx, _ in
            guard let before = try await tx.query("SELECT definition, revision FROM flags WHERE key = $1", [.text(key)]).first else {
                throw Self.noSuchFlag(key)
            }
            let current = before.integer(1) ?? 0
            if let revision, revision != current { throw Self.preconditionFailed(name: key, expected: revision, current: current) }
            try await tx.query("DELETE FROM flags WHERE key = $1", [.text(key)])
            return (true, before.text(0), nil)
        }
    }

    /// Switches flag `key` off for `part`: that audience is served the flag's default value from
    /// its next request (a force rule ahead of the others). Switching off a part already off
    /// changes nothing.
    ///
    /// - Parameters:
    ///   - key: the flag.
    ///   - part: the platform and app versions switched off, and why.
    ///   - actor: who switches it off, for the audit log.
    /// - Returns: the flag as stored now.
    @discardableResult
    public func switchOff(flag key: String, for part: KillSwitch, by actor: String) async throws -> StoredFlag {
        guard let stored = try await storedFlag(key) else { throw Self.noSuchFlag(key) }
        var definition = stored.definition
        guard !definition.switchedOff.contains(where: { $0.sameAudience(as: part) }) else { return stored }
        definition.switchedOff.append(part)
        return try await save(flag: definition, by: actor, ifRevision: stored.revision, dryRun: false, action: "switch off \(part.summary)")
    }

    /// Switches flag `key` on again for `part`; a 404 `notSwitchedOff` when it was not.
    ///
    /// - Parameters:
    ///   - key: the flag.
    ///   - part: the platform and app versions to switch on again.
    ///   - actor: who switches it on, for the audit log.
    /// - Returns: the flag as stored now.
    @discardableResult
    public func switchOn(flag key: String, for part: KillSwitch, by actor: String) async throws -> StoredFlag {
        guard let stored = try await storedFlag(key) else { throw Self.noSuchFlag(key) }
        var definition = stored.definition
        guard definition.switchedOff.contains(where: { $0.sameAudience(as: part) }) else {
            throw ScreenplayError(
                .notFound, code: "notSwitchedOff", message: "\(key) is not switched off for \(part.summary)", path: "platform")
        }
        definition.switchedOff.removeAll { $0.sameAudience(as: part) }
        return try await save(flag: definition, by: actor, ifRevision: stored.revision, dryRun: false, action: "switch on \(part.summary)")
    }

    /// The flags in force as GrowthBook's features payload: the GrowthBook payload the server
    /// was given, or the stored flags as this server evaluates them — or, for GrowthBook's SDKs,
    /// with the rules that follow a Screenplay experiment written as GrowthBook rules.
    ///
    /// ```swift
    /// let forSDKs = try await control.flagsPayload(forGrowthBookSDKs: true)   // what /admin/features serves
    /// ```
    /// - Parameter sdks: whether GrowthBook's SDKs will read it.
    public func flagsPayload(forGrowthBookSDKs sdks: Bool = false) async throws -> JSONValue {
        if flagsFromPayload.withLockedValue({ $0 }) {
            return externalPayload.withLockedValue { $0 }.flatMap { try? JSONParser.parse($0, limits: .unlimited) }
                ?? FlagDefinition.payload(of: [])
        }
        let definitions = try await flags().map(\.definition)
        return sdks
            ? FlagDefinition.exportedPayload(of: definitions, experiments: configuration.experiments)
            : FlagDefinition.payload(of: definitions)
    }

    /// Refuses a flag whose rules follow an experiment that is neither stored nor declared in
    /// code, or give values to variants it does not have, or leave one of its variants without.
    func checkExperimentReferences(_ flag: FlagDefinition) throws {
        var problems: [Diagnostic] = []
        for (index, rule) in (JSONMembers<FeatureFlag.Key>(flag.feature)?[.rules]?.arrayValue ?? []).enumerated() {
            guard let reference = FlagExperimentReference(rule: rule) else { continue }
            let name = reference.name
            let path = JSONPath.root.appending(member: FlagDefinition.Key.feature).appending(member: FeatureFlag.Key.rules)
                .appending(index: index).appending(member: FlagRule.Key.screenplayExperiment)
            guard let experiment = configuration.experiments[name] else {
                problems.append(
                    .error(
                        at: path.appending(member: FlagExperimentReference.Key.name),
                        "there is no experiment \"\(ScreenplayError.quoting(name))\""))
                continue
            }
            let values = reference.values
            for variant in values.keys.sorted() where !experiment.has(variant: variant) {
                problems.append(
                    .error(
                        at: path.appending(member: FlagExperimentReference.Key.values).appending(key: variant),
                        "\(name) has no variant \"\(ScreenplayError.quoting(variant))\" (its variants: \(experiment.variants.map(\.name).joined(separator: ", ")))"
                    ))
            }
            for variant in experiment.variants.map(\.name) where values[variant] == nil {
                problems.append(
                    .error(
                        at: path.appending(member: FlagExperimentReference.Key.values),
                        "the variant \"\(variant)\" of \(name) needs a value"))
            }
        }
        if !problems.isEmpty { throw ScreenplayError.invalid(code: "invalidFlag", "the flag", problems) }
    }

    /// Refuses `flags` when they would not read as one payload: the problems of flag `key` at
    /// their path in its document (`feature.rules[0].condition`), the others' under `flags.KEY.`.
    static func check(_ flags: [FlagDefinition], changing key: String) throws {
        let result = FeaturesPayload.decode(from: FlagDefinition.payload(of: flags))
        guard result.hasErrors else { return }
        let problems = result.errors.map { problem -> Diagnostic in
            var problem = problem
            let components = problem.path.components
            let features = JSONPath.Component.key(FeaturesPayload.Key.features.name)
            if components.count >= 2, components[0] == features, components[1] == .key(key) {
                problem.path = JSONPath([.key(FlagDefinition.Key.feature.name)] + components.dropFirst(2))
            } else if components.first == features {
                problem.path = JSONPath([.key(StoredFlag.ListKey.flags.name)] + components.dropFirst())
            }
            return problem
        }
        throw ScreenplayError.invalid(code: "invalidFlag", "the flag", problems)
    }

    static func noSuchFlag(_ key: String) -> ScreenplayError {
        ScreenplayError(.notFound, code: "noSuchFlag", message: "there is no flag \"\(ScreenplayError.quoting(key))\"")
    }

    /// The stored flags put in force (unless a GrowthBook payload is): an evaluator over them,
    /// named by their keys and revisions.
    func serve(_ stored: [StoredFlag]) {
        guard !flagsFromPayload.withLockedValue({ $0 }) else { return }
        let version = stored.map { "\($0.definition.key)@\($0.revision)" }.joined(separator: ",")
        guard !stored.isEmpty else { return configuration.replace(flags: nil, version: version) }
        let result = FeaturesPayload.decode(from: FlagDefinition.payload(of: stored.map(\.definition)))
        guard let payload = result.value else {
            logger.error("the stored flags do not read; the flags in force stay", metadata: ["problems": "\(result.errors.prefix(5))"])
            return
        }
        configuration.replace(flags: FlagEvaluator(payload: payload, now: { [clock] in clock.now() }), version: version)
    }
}
