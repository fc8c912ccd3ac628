/// A table of documents kept by name with a revision (`experiments`, `flags`): each save is the
/// next revision, and a save from a revision that is no longer the current one is a 412, said
/// once for every such table.
///
/// ```swift
/// let (before, revision) = try await RevisionedTable.flags.save(definition, as: "newCheckout", from: 3, by: "alice", at: now, in: tx)
/// ```
struct RevisionedTable: Sendable {
    /// The table, and the column that names its rows.
    let table: String
    let key: String

    static let experiments = RevisionedTable(table: "experiments", key: "name")
    static let flags = RevisionedTable(table: "flags", key: "key")

    /// Stores `definition` as the next revision of `name`, expected at `expected` (nil: whatever it
    /// is); the definition it replaces and the new revision. Throws the 412 of
    /// ``ControlPlane/preconditionFailed(name:expected:current:)`` when the revision moved.
    func save(
        _ definition: String, as name: String, from expected: Int?, by actor: String, at now: Int64, in tx: any SQLExecutor
    ) async throws -> (before: String?, revision: Int) {
        let before = try await tx.query("SELECT definition, revision FROM \(table) WHERE \(key) = $1", [.text(name)]).first
        let current = before?.integer(1) ?? 0
        if let expected, expected != current { throw ControlPlane.preconditionFailed(name: name, expected: expected, current: current) }
        if before == nil {
            try await tx.query(
                "INSERT INTO \(table) (\(key), definition, revision, updated_at, updated_by) VALUES ($1, $2, 1, $3, $4)",
                [.text(name), .text(definition), .integer(now), .text(actor)])
        } else {
            let updated = try await tx.query(
                """
                UPDATE \(table) SET definition = $2, revision = revision + 1, updated_at = $3, updated_by = $4
                WHERE \(key) = $1 AND revision = $5 RETURNING revision
                """, [.text(name), .text(definition), .integer(now), .text(actor), .integer(Int64(current))])
            if updated.isEmpty { throw ControlPlane.preconditionFailed(name: name, expected: current, current: current + 1) }
        }
        return (before?.text(0), current + 1)
    }
}
