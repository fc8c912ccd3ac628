import Screenplay
import ScreenplayServer

/// An experiment as stored: its definition and its revision (what `If-Match` names).
///
/// ```swift
/// let stored = try await control.save(experiment, by: "alice", ifRevision: 3)
/// stored.revision   // 4
/// ```
public struct StoredExperiment: Sendable, Hashable {
    public let experiment: Experiment
    /// 1 when created, one more with each change.
    public let revision: Int
    /// Unix milliseconds.
    public let updatedAt: Int64
    public let updatedBy: String

    public init(experiment: Experiment, revision: Int, updatedAt: Int64, updatedBy: String) {
        self.experiment = experiment
        self.revision = revision
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }

    /// The columns ``init(row:)`` reads, in its order.
    static let columns = "definition, revision, updated_at, updated_by"
    /// Every stored experiment, by name.
    static let selectAllSQL = "SELECT \(columns) FROM experiments ORDER BY name"
    /// The stored experiment `$1`.
    static let selectOneSQL = "SELECT \(columns) FROM experiments WHERE name = $1"

    /// A row of ``columns``; nil when its definition cannot be read.
    init?(row: SQLRow) {
        guard let text = row.text(0), let result = try? Experiment.decode(from: Array(text.utf8)), !result.hasErrors,
            let experiment = result.value
        else { return nil }
        self.init(
            experiment: experiment, revision: row.integer(1) ?? 0, updatedAt: Int64(row.integer(2) ?? 0), updatedBy: row.text(3) ?? "")
    }
}
