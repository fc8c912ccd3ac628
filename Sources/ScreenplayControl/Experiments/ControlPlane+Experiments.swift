import HTTPTypes
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer

extension ControlPlane {
    /// Every stored experiment, by name.
    public func storedExperiments() async throws -> [StoredExperiment] {
        let database = self.database
        let rows = try await guarded { try await database.query(StoredExperiment.selectAllSQL) }
        return rows.compactMap(StoredExperiment.init(row:))
    }

    /// The stored experiment `name`, if any.
    public func storedExperiment(named name: String) async throws -> StoredExperiment? {
        let database = self.database
        let rows = try await guarded { try await database.query(StoredExperiment.selectOneSQL, [.text(name)]) }
        return rows.first.flatMap(StoredExperiment.init(row:))
    }

    /// Stores `experiment` (created, or replacing the stored one), in force on every instance at once.
    ///
    /// - Parameters:
    ///   - experiment: the experiment to store.
    ///   - actor: who changes it, as the audit log names them.
    ///   - revision: the revision the admin read (`If-Match`): a 412 when it changed since,
    ///     so that two admins editing at once cannot lose each other's change. 0 means "must not exist".
    ///   - force: a reason to stop it with a winner although the compatibility gate would refuse
    ///     it (``compatibilityMaxShare``); the override is in the audit log.
    public func save(
        _ experiment: Experiment, by actor: String, ifRevision revision: Int? = nil, force: String? = nil
    ) async throws -> StoredExperiment {
        try await save(experiment, by: actor, ifRevision: revision, force: force, action: "save")
    }

    /// Saves `experiment`, audited as `action` (`save`, `switch off ios 4.2 – 4.2.3` …).
    func save(
        _ experiment: Experiment, by actor: String, ifRevision revision: Int?, force: String?, action: String
    ) async throws -> StoredExperiment {
        let definition = String(decoding: experiment.encoded(), as: UTF8.self)
        let name = experiment.name
        let override = try await gate(saving: experiment, force: force)
        do {
            return try await change(kind: "experiment", name: name, actor: actor, action: action) { tx, now in
                let (before, stored) = try await RevisionedTable.experiments.save(
                    definition, as: name, from: revision, by: actor, at: now, in: tx)
                if let override { try await Self.auditOverride(override, target: "experiment:\(name)", actor: actor, at: now, on: tx) }
                return (StoredExperiment(experiment: experiment, revision: stored, updatedAt: now, updatedBy: actor), before, definition)
            }
        } catch let error as DatabaseError where error.isConstraintViolation {
            throw Self.preconditionFailed(name: name, expected: revision ?? 0, current: (revision ?? 0) + 1)
        }
    }

    /// Changes the stored experiment `name` with `update` (pause, resume, stop …); the declared
    /// one is the starting point when nothing is stored yet. A stop with a winner passes the
    /// compatibility gate first (`force`: a reason to override it).
    public func update(
        experiment name: String, by actor: String, ifRevision revision: Int? = nil, force: String? = nil,
        _ update: (inout Experiment) throws -> Void
    ) async throws -> StoredExperiment {
        try await self.update(experiment: name, by: actor, ifRevision: revision, force: force, action: "save", update)
    }

    /// Changes the stored experiment `name` with `update`, audited as `action`.
    func update(
        experiment name: String, by actor: String, ifRevision revision: Int?, force: String?, action: String,
        _ update: (inout Experiment) throws -> Void
    ) async throws -> StoredExperiment {
        let stored = try await storedExperiment(named: name)
        guard var experiment = stored?.experiment ?? configuration.experiments[name] else { throw Self.noSuchExperiment(name) }
        try update(&experiment)
        let problems = experiment.problems
        if !problems.isEmpty { throw Experiment.invalid(problems) }
        return try await save(experiment, by: actor, ifRevision: revision ?? stored?.revision ?? 0, force: force, action: action)
    }

    /// Deletes the stored experiment `name`: the one declared in code, if any, is in force again.
    public func deleteExperiment(named name: String, by actor: String, ifRevision revision: Int? = nil) async throws {
        let _: Bool = try await change(kind: "experiment", name: name, actor: actor, action: "delete") { tx, _ in
            guard let before = try await tx.query("SELECT definition, revision FROM experiments WHERE name = $1", [.text(name)]).first
            else {
                throw Self.noSuchExperiment(name)
            }
            let current = before.integer(1) ?? 0
            if let revision, revision != current { throw Self.preconditionFailed(name: name, expected: revision, current: current) }
            try await tx.query("DELETE FROM experiments WHERE name = $1", [.text(name)])
            return (true, before.text(0), nil)
        }
    }

    /// The compatibility gate on a save that stops the experiment with a winner (or names
    /// another winner): nil when there is no gate, nothing to judge, or it lets the change through.
    func gate(saving experiment: Experiment, force: String?) async throws -> String? {
        guard compatibilityMaxShare != nil, experiment.status == .stopped, let winner = experiment.winner, experiment.has(variant: winner)
        else { return nil }
        let before = try await storedExperiment(named: experiment.name)?.experiment ?? configuration.experiments[experiment.name]
        if before?.status == .stopped, before?.winner == winner { return nil }
        return try await gate(stopping: experiment.name, winner: winner, force: force)
    }

    static func noSuchExperiment(_ name: String) -> ScreenplayError {
        ScreenplayError(.notFound, code: "noSuchExperiment", message: "there is no experiment \"\(ScreenplayError.quoting(name))\"")
    }

    static func preconditionFailed(name: String, expected: Int, current: Int) -> ScreenplayError {
        ScreenplayError(
            .preconditionFailed, code: "changedMeanwhile",
            message:
                "\"\(ScreenplayError.quoting(name))\" is at revision \(current), not \(expected) as If-Match says: someone changed it meanwhile; read it again",
            path: HTTPField.Name.ifMatch.rawName)
    }
}
