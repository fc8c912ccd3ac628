import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer

extension ControlPlane {
    /// The most characters of a slot's name.
    static let maxSlotName = 128

    /// Every slot that has content, with its current version.
    public func slots() async throws -> [SlotVersion] {
        let database = self.database
        let rows = try await guarded { try await database.query(SlotVersion.selectCurrentSQL) }
        return rows.compactMap(SlotVersion.init(row:))
    }

    /// The versions of `slot`, newest first (every version is kept): the newest `limit`, or a page
    /// of them keyed on the version number, the `limit` just older than `before` or just newer
    /// than `after` (still newest first).
    public func versions(of slot: String, limit: Int = 100, before: Int? = nil, after: Int? = nil) async throws -> [SlotVersion] {
        let database = self.database
        let count = SQLValue.integer(Int64(max(1, min(limit, 1_000))))
        let rows: [SQLRow] = try await guarded {
            if let after {
                let oldestFirst = try await database.query(
                    "SELECT \(SlotVersion.columns) FROM slot_versions WHERE slot = $1 AND version > $2 ORDER BY version ASC LIMIT $3",
                    [.text(slot), .integer(Int64(after)), count])
                return Array(oldestFirst.reversed())
            }
            return try await database.query(
                "SELECT \(SlotVersion.columns) FROM slot_versions WHERE slot = $1 AND version < $2 ORDER BY version DESC LIMIT $3",
                [.text(slot), .integer(before.map(Int64.init) ?? Int64.max), count])
        }
        return rows.compactMap(SlotVersion.init(row:))
    }

    /// How many versions `slot` has, and its oldest and newest version numbers (nil: none).
    public func versionSpan(of slot: String) async throws -> (count: Int, oldest: Int, newest: Int)? {
        let database = self.database
        let rows = try await guarded {
            try await database.query("SELECT COUNT(*), MIN(version), MAX(version) FROM slot_versions WHERE slot = $1", [.text(slot)])
        }
        guard let row = rows.first, let count = row.integer(0), count > 0, let oldest = row.integer(1), let newest = row.integer(2)
        else { return nil }
        return (count, oldest, newest)
    }

    /// Version `version` of `slot`, or the current one.
    public func version(of slot: String, _ version: Int? = nil) async throws -> SlotVersion? {
        guard let version else { return try await versions(of: slot, limit: 1).first }
        let database = self.database
        let rows = try await guarded {
            try await database.query(
                "SELECT \(SlotVersion.columns) FROM slot_versions WHERE slot = $1 AND version = $2",
                [.text(slot), .integer(Int64(version))])
        }
        return rows.first.flatMap(SlotVersion.init(row:))
    }

    /// Publishes `document` to `slot` as its next version, after reading it with the screen decoder:
    /// a 422 with every problem and its path when it is not valid, and nothing changes.
    ///
    /// - Parameters:
    ///   - document: the content's JSON, as the admin API receives it.
    ///   - slot: the slot's name (`home.promo`).
    ///   - actor: who publishes, as the audit log names them.
    ///   - ifMatch: the version the admin read: a 412 when another was published since (0: none yet).
    ///   - dryRun: check only; the answer is the version it would have become.
    ///   - note: why, kept with the version (a rollback's: rollbacks pass no compatibility gate).
    ///   - force: a reason to publish although the compatibility gate would refuse it
    ///     (``compatibilityMaxShare``); the override is in the audit log.
    public func publish(
        _ document: [UInt8], to slot: String, by actor: String, ifMatch: Int? = nil, dryRun: Bool = false, note: String? = nil,
        force: String? = nil
    ) async throws -> SlotVersion {
        try await publish(document, to: slot, by: actor, ifMatch: ifMatch, dryRun: dryRun, note: note, force: force, attempt: 1)
    }

    private func publish(
        _ document: [UInt8], to slot: String, by actor: String, ifMatch: Int? = nil, dryRun: Bool, note: String?, force: String?,
        attempt: Int
    ) async throws -> SlotVersion {
        try Self.checkSlotName(slot)
        let parsed = try PublishedContent.checked(document)
        // Placed in a screen, the content's ids must not repeat the page's own.
        let clashes = configuration.pagesSharingIDs(withSlot: slot, ids: parsed.nodeIDs)
        if !clashes.isEmpty {
            throw ScreenplayError.invalid(
                code: "invalidContent", "the content",
                clashes.map { clash in
                    Diagnostic.error(
                        at: "content",
                        "the id \"\(ScreenplayError.quoting(clash.id))\" is also a node's of screen /\(clash.path), where this "
                            + "slot is placed: ids are unique in a page, choose another")
                })
        }
        // The compatibility gate; a rollback passes (the way back from an incident is never refused).
        let override = note == nil ? try await gate(publishing: parsed, to: slot, force: force) : nil
        let text = String(decoding: document, as: UTF8.self)
        if dryRun {
            let current = try await version(of: slot)?.version ?? 0
            if let ifMatch, ifMatch != current { throw Self.preconditionFailed(name: slot, expected: ifMatch, current: current) }
            return SlotVersion(slot: slot, version: current + 1, document: text, author: actor, publishedAt: clock.milliseconds, note: note)
        }
        do {
            let dialect = database.dialect
            return try await change(kind: "slot", name: slot, actor: actor, action: note == nil ? "publish" : "rollback") { tx, now in
                // Publishes of one slot from several instances take their turn (PostgreSQL; SQLite's
                // one connection already does): the next version is read and written by one at a time.
                if dialect == .postgres {
                    try await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [.text("slot:" + slot)])
                }
                let current =
                    try await tx.query("SELECT COALESCE(MAX(version), 0) FROM slot_versions WHERE slot = $1", [.text(slot)]).first?.integer(
                        0) ?? 0
                if let ifMatch, ifMatch != current { throw Self.preconditionFailed(name: slot, expected: ifMatch, current: current) }
                let before =
                    current == 0
                    ? nil
                    : try await tx.query(
                        "SELECT document FROM slot_versions WHERE slot = $1 AND version = $2", [.text(slot), .integer(Int64(current))]
                    ).first?.text(0)
                try await tx.query(
                    "INSERT INTO slot_versions (slot, version, document, author, published_at, note) VALUES ($1, $2, $3, $4, $5, $6)",
                    [.text(slot), .integer(Int64(current + 1)), .text(text), .text(actor), .integer(now), SQLValue(note)])
                if let override { try await Self.auditOverride(override, target: "slot:\(slot)", actor: actor, at: now, on: tx) }
                return (
                    SlotVersion(slot: slot, version: current + 1, document: text, author: actor, publishedAt: now, note: note), before, text
                )
            }
        } catch let error as DatabaseError where error.isConstraintViolation {
            // Another instance published the same next version first: a precondition the client
            // sent has failed; without one, the publish goes on top of the other.
            guard let ifMatch else {
                guard attempt < 8 else {
                    throw ScreenplayError(
                        .conflict, code: "busySlot",
                        message: "slot \"\(ScreenplayError.quoting(slot))\" is being published by others: try again",
                        headerFields: [.retryAfter: "1"])
                }
                return try await publish(document, to: slot, by: actor, dryRun: dryRun, note: note, force: force, attempt: attempt + 1)
            }
            throw Self.preconditionFailed(name: slot, expected: ifMatch, current: ifMatch + 1)
        }
    }

    /// Republishes version `version` of `slot` as a new version (history is never rewritten).
    public func rollback(_ slot: String, to version: Int, by actor: String, ifMatch: Int? = nil) async throws -> SlotVersion {
        guard let old = try await self.version(of: slot, version) else {
            throw ScreenplayError(
                .notFound, code: "noSuchVersion", message: "slot \"\(ScreenplayError.quoting(slot))\" has no version \(version)",
                path: "version")
        }
        return try await publish(Array(old.document.utf8), to: slot, by: actor, ifMatch: ifMatch, note: "rollback to \(version)")
    }

    static func checkSlotName(_ slot: String) throws(ScreenplayError) {
        guard !slot.isEmpty else {
            throw ScreenplayError(.badRequest, code: "badSlotName", message: "a slot's name is 1 to \(maxSlotName) characters")
        }
        if let problem = StoredText.name(maxLength: maxSlotName).problem(in: slot) {
            throw ScreenplayError(.badRequest, code: "badSlotName", message: "a slot's name \(problem)", path: "slot")
        }
    }
}
