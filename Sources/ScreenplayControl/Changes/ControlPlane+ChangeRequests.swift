import Foundation
import ScreenplayProtocol
import ScreenplayServer

/// Four eyes: changes asked for, then approved or refused by another admin. Each of the three
/// writes its audit entry (under the target it changes, `request publish`, `approve publish`,
/// `refuse publish` …) in the transaction that records it, as every change does.
extension ControlPlane {
    /// Four eyes: when on, each change the studio makes to an experiment (pause, resume, stop),
    /// a slot (publish, rollback) or a flag (save, delete) is stored as a request instead, and applied only when
    /// another admin approves it. `screenplay serve --four-eyes` (or `SCREENPLAY_FOUR_EYES=1`)
    /// turns it on; it can change while the server runs.
    public var fourEyes: Bool {
        get { fourEyesSetting.withLockedValue { $0 } }
        set { fourEyesSetting.withLockedValue { $0 = newValue } }
    }

    /// How far back ``resumeInterruptedApprovals(olderThan:)`` looks: a day, in milliseconds.
    static let interruptedApprovalWindow: Int64 = 86_400_000

    /// The most characters of a refusal's note.
    static let maxRequestNote = 1_000

    /// Stores `change` to `name` as a pending request made from `base` by `actor`; nothing else changes.
    public func requestChange(_ change: ChangeRequest.Change, to name: String, base: Int, by actor: String) async throws -> ChangeRequest {
        let kind = change.kind
        return try await self.change(kind: change.targetKind, name: name, actor: actor, action: "request \(kind)") { tx, now in
            let target = "\(change.targetKind):\(name)"
            let rows = try await tx.query(
                """
                INSERT INTO change_requests (kind, target, change_json, base, requested_by, requested_at, state)
                VALUES ($1, $2, $3, $4, $5, $6, 'pending') RETURNING id
                """, [.text(kind), .text(target), .text(change.json), .integer(Int64(base)), .text(actor), .integer(now)])
            guard let id = rows.first?.integer(0) else { throw DatabaseError("the request was not stored") }
            let request = ChangeRequest(id: id, change: change, name: name, base: base, requestedBy: actor, requestedAt: now)
            return (request, nil, request.auditJSON)
        }
    }

    /// Requests, the pending ones first (oldest first: the queue to work through), then the
    /// decided ones, newest first.
    public func changeRequests(limit: Int = 200) async throws -> [ChangeRequest] {
        let database = self.database
        let rows = try await guarded {
            try await database.query(
                """
                SELECT \(ChangeRequest.columns) FROM change_requests
                ORDER BY CASE WHEN state = 'pending' THEN 0 ELSE 1 END, CASE WHEN state = 'pending' THEN id ELSE -id END LIMIT $1
                """, [.integer(Int64(max(1, min(limit, 1_000))))])
        }
        return rows.compactMap(ChangeRequest.init(row:))
    }

    /// The request numbered `id`, if there is one.
    public func changeRequest(id: Int) async throws -> ChangeRequest? {
        let database = self.database
        let rows = try await guarded {
            try await database.query("SELECT \(ChangeRequest.columns) FROM change_requests WHERE id = $1", [.integer(Int64(id))])
        }
        return rows.first.flatMap(ChangeRequest.init(row:))
    }

    /// The version of slot or the revision of the experiment `request` changes, as it is now
    /// (0: nothing stored yet).
    public func currentBase(of request: ChangeRequest) async throws -> Int {
        switch request.change.targetKind {
        case "slot": try await version(of: request.name)?.version ?? 0
        case "flag": try await storedFlag(request.name)?.revision ?? 0
        default: try await storedExperiment(named: request.name)?.revision ?? 0
        }
    }

    /// Approves request `id` as `actor` (an admin who did not ask for it) and applies it through
    /// the call the studio uses, with the request's base as `If-Match`.
    ///
    /// The request is marked approved first (so that two admins approving at once cannot both
    /// apply it, and a refusal cannot come after); if the target changed since it was asked for,
    /// it is marked superseded instead and nothing is applied (a 412); if applying fails for
    /// another reason it is pending again, and the audit log says why.
    @discardableResult
    public func approve(request id: Int, by actor: String) async throws -> ChangeRequest {
        let request = try await pendingRequest(id, decidedBy: actor, verb: "approve")
        let dialect = database.dialect
        let claimed: ChangeRequest
        do {
            claimed = try await change(
                kind: request.change.targetKind, name: request.name, actor: actor, action: "approve \(request.change.kind)"
            ) { tx, now in
                if dialect == .postgres {
                    // The lock a publish of this slot takes: the base read here is the one a publish would see.
                    try await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [.text(request.target)])
                }
                let current = try await Self.currentBase(of: request, in: tx)
                guard current == request.base else { throw Self.superseded(request) }
                let approved = request.with(state: .approved, decidedBy: actor, at: now)
                try await Self.decide(approved, in: tx)
                return (approved, request.auditJSON, approved.auditJSON)
            }
        } catch let error as ScreenplayError where error.code == "superseded" {
            // Changed since it was asked for: nothing is applied, and the request says so for good.
            let current = try await currentBase(of: request)
            let note = "\(request.target) is at \(current), not \(request.base) as when it was asked for"
            _ = try await settle(request, as: .superseded, by: actor, note: note, action: "supersede \(request.change.kind)")
            throw error
        }
        do {
            try await apply(request, by: actor)
        } catch let error as ScreenplayError where error.status == .preconditionFailed {
            let note = "\(request.target) changed while it was being approved"
            _ = try await settle(claimed, as: .superseded, by: actor, note: note, action: "supersede \(request.change.kind)")
            throw Self.superseded(claimed.with(state: .superseded, decidedBy: actor, at: nil, note: note))
        } catch {
            let reason = (error as? ScreenplayError)?.message ?? "\(error)"
            _ = try? await settle(claimed, as: .pending, by: nil, note: "not applied: \(reason)", action: "reopen \(request.change.kind)")
            throw error
        }
        return claimed
    }

    /// Finishes the approvals that a crash or a lost database interrupted: a request marked
    /// approved at least `grace` and at most a day ago whose target is still at the request's base was never
    /// applied (applying moves the base on). Each is applied now as its approver approved it —
    /// with the base as `If-Match`, so it applies once whichever instance gets there first — or
    /// marked superseded when the target moved meanwhile. ``open(database:configuration:queue:census:clock:logger:)``
    /// calls it; the grace leaves an approval still being applied by another instance alone.
    ///
    /// ```swift
    /// let resumed = try await control.resumeInterruptedApprovals()   // the requests applied now
    /// ```
    ///
    /// - Parameter grace: how long ago an approval must have been marked to count as interrupted.
    /// - Returns: the requests this call applied.
    @discardableResult
    public func resumeInterruptedApprovals(olderThan grace: Duration = .seconds(60)) async throws -> [ChangeRequest] {
        let now = clock.milliseconds
        let (database, window) = (self.database, Self.interruptedApprovalWindow)
        // Only the last day's approvals: one query each is paid at every start.
        let rows = try await guarded {
            try await database.query(
                """
                SELECT \(ChangeRequest.columns) FROM change_requests
                WHERE state = 'approved' AND decided_at BETWEEN $1 AND $2 ORDER BY id LIMIT 200
                """, [.integer(now - window), .integer(now - Int64(grace.components.seconds * 1_000))])
        }
        var resumed: [ChangeRequest] = []
        for request in rows.compactMap(ChangeRequest.init(row:)) {
            guard try await currentBase(of: request) == request.base, let approver = request.decidedBy else { continue }
            do {
                try await apply(request, by: approver)
                resumed.append(request)
                logger.notice(
                    "an interrupted approval was applied",
                    metadata: ["request": "\(request.id)", "target": "\(request.target)", "approver": "\(approver)"])
            } catch let error as ScreenplayError where error.status == .preconditionFailed {
                let note = "\(request.target) changed before its interrupted approval could be applied"
                _ = try? await settle(request, as: .superseded, by: approver, note: note, action: "supersede \(request.change.kind)")
            }
        }
        return resumed
    }

    /// Refuses request `id` as `actor` (an admin who did not ask for it), with an optional note.
    @discardableResult
    public func refuse(request id: Int, by actor: String, note: String? = nil) async throws -> ChangeRequest {
        let note = note.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        if let note, note.count > Self.maxRequestNote {
            throw ScreenplayError(
                .unprocessableContent, code: "badNote", message: "a note is at most \(Self.maxRequestNote) characters", path: "note")
        }
        let request = try await pendingRequest(id, decidedBy: actor, verb: "refuse")
        return try await settle(request, as: .refused, by: actor, note: note, action: "refuse \(request.change.kind)")
    }

    // MARK: Helpers

    /// Request `id`, pending, and `actor` is not who asked for it.
    private func pendingRequest(_ id: Int, decidedBy actor: String, verb: String) async throws -> ChangeRequest {
        guard let request = try await changeRequest(id: id) else {
            throw ScreenplayError(.notFound, code: "noSuchRequest", message: "there is no request \(id)")
        }
        guard request.requestedBy != actor else {
            throw ScreenplayError(
                .forbidden, code: "ownRequest",
                message: "\(actor) asked for this change: another admin must \(verb) it (four eyes)")
        }
        guard request.state == .pending else { throw Self.alreadyDecided(request) }
        return request
    }

    /// Moves `request` from its state to `state`, with its audit entry; a 409 when someone decided it meanwhile.
    private func settle(
        _ request: ChangeRequest, as state: ChangeRequest.State, by actor: String?, note: String?, action: String
    ) async throws -> ChangeRequest {
        let auditActor = actor ?? request.decidedBy ?? request.requestedBy
        return try await change(kind: request.change.targetKind, name: request.name, actor: auditActor, action: action) { tx, now in
            let decided = request.with(state: state, decidedBy: actor, at: actor == nil ? nil : now, note: note)
            let updated = try await tx.query(
                """
                UPDATE change_requests SET state = $2, decided_by = $3, decided_at = $4, note = $5
                WHERE id = $1 AND state = $6 RETURNING id
                """,
                [
                    .integer(Int64(request.id)), .text(state.rawValue), SQLValue(actor), decided.decidedAt.map { .integer($0) } ?? .null,
                    SQLValue(note), .text(request.state.rawValue),
                ])
            if updated.isEmpty {
                let now = try await tx.query(
                    "SELECT \(ChangeRequest.columns) FROM change_requests WHERE id = $1", [.integer(Int64(request.id))]
                ).first.flatMap(ChangeRequest.init(row:))
                throw Self.alreadyDecided(now ?? request)
            }
            return (decided, request.auditJSON, decided.auditJSON)
        }
    }

    /// Records a pending request's decision; a 409 when it is no longer pending.
    private static func decide(_ request: ChangeRequest, in tx: any SQLExecutor) async throws {
        let updated = try await tx.query(
            """
            UPDATE change_requests SET state = $2, decided_by = $3, decided_at = $4, note = $5
            WHERE id = $1 AND state = 'pending' RETURNING id
            """,
            [
                .integer(Int64(request.id)), .text(request.state.rawValue), SQLValue(request.decidedBy),
                request.decidedAt.map { .integer($0) } ?? .null, SQLValue(request.note),
            ])
        if updated.isEmpty {
            throw ScreenplayError(.conflict, code: "alreadyDecided", message: "request \(request.id) was decided meanwhile: reload it")
        }
    }

    private static func currentBase(of request: ChangeRequest, in tx: any SQLExecutor) async throws -> Int {
        switch request.change.targetKind {
        case "slot":
            return try await tx.query("SELECT COALESCE(MAX(version), 0) FROM slot_versions WHERE slot = $1", [.text(request.name)])
                .first?.integer(0) ?? 0
        case "flag":
            return try await tx.query("SELECT revision FROM flags WHERE key = $1", [.text(request.name)]).first?.integer(0) ?? 0
        default:
            return try await tx.query("SELECT revision FROM experiments WHERE name = $1", [.text(request.name)]).first?.integer(0) ?? 0
        }
    }

    /// Applies `request` through the call the studio makes without four eyes, with its base as `If-Match`.
    private func apply(_ request: ChangeRequest, by actor: String) async throws {
        switch request.change {
        case .publish(let document):
            _ = try await publish(Array(document.utf8), to: request.name, by: actor, ifMatch: request.base)
        case .rollback(let version):
            _ = try await rollback(request.name, to: version, by: actor, ifMatch: request.base)
        case .pause:
            _ = try await update(experiment: request.name, by: actor, ifRevision: request.base) { $0.status = .paused }
        case .resume:
            _ = try await update(experiment: request.name, by: actor, ifRevision: request.base) { $0.status = .running }
        case .stop(let winner):
            _ = try await update(experiment: request.name, by: actor, ifRevision: request.base) { experiment in
                guard experiment.variants.contains(where: { $0.name == winner }) else { throw Self.badWinner }
                experiment.status = .stopped
                experiment.winner = winner
            }
        case .save(let definition):
            let result = try Experiment.decode(from: Array(definition.utf8))
            guard let experiment = result.value, !result.hasErrors else { throw Experiment.invalid(result.diagnostics) }
            _ = try await save(experiment, by: actor, ifRevision: request.base)
        case .saveFlag(let definition):
            let json = try JSONParser.parse(Array(definition.utf8))
            let result = FlagDefinition.decode(from: json, key: request.name)
            guard let flag = result.value else { throw ScreenplayError.invalid(code: "invalidFlag", "the flag", result.errors) }
            _ = try await save(flag: flag, by: actor, ifRevision: request.base)
        case .deleteFlag:
            try await deleteFlag(request.name, by: actor, ifRevision: request.base)
        }
    }

    static let badWinner = ScreenplayError(
        .unprocessableContent, code: "badWinner", message: "the winner must be one of the experiment's variants")

    static func alreadyDecided(_ request: ChangeRequest) -> ScreenplayError {
        ScreenplayError(
            .conflict, code: "alreadyDecided",
            message:
                "request \(request.id) is \(request.state.rawValue)\(request.decidedBy.map { " (by \($0))" } ?? ""): it cannot be decided again"
        )
    }

    static func superseded(_ request: ChangeRequest) -> ScreenplayError {
        ScreenplayError(
            .preconditionFailed, code: "superseded",
            message:
                "\(request.target) changed after \(request.requestedBy) asked for this \(request.change.kind) (made from \(request.base)): "
                + "the request is superseded and nothing was applied. Ask again from what is there now.")
    }
}
