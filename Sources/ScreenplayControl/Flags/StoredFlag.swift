import Screenplay

/// A feature flag as stored: its definition and its revision (what `If-Match` names).
///
/// ```swift
/// let stored = try await control.save(flag: definition, by: "alice", ifRevision: 2)
/// stored.revision   // 3
/// ```
public struct StoredFlag: Sendable, Hashable {
    public let definition: FlagDefinition
    /// 1 when created, one more with each change.
    public let revision: Int
    /// Unix milliseconds.
    public let updatedAt: Int64
    public let updatedBy: String

    /// - Parameters:
    ///   - definition: the flag.
    ///   - revision: its revision.
    ///   - updatedAt: when it last changed, Unix milliseconds.
    ///   - updatedBy: who changed it last.
    public init(definition: FlagDefinition, revision: Int, updatedAt: Int64, updatedBy: String) {
        self.definition = definition
        self.revision = revision
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }

    /// The document the admin API answers: the definition and where it stands.
    public var document: JSONValue {
        guard var members = JSONMembers<Key>(definition.document) else { return definition.document }
        members[.revision] = .number(Double(revision))
        members[.updatedAt] = .number(Double(updatedAt))
        members[.updatedBy] = .string(updatedBy)
        return members.json
    }

    /// The members the admin API adds to the definition's own (``FlagDefinition``'s).
    enum Key: String, JSONKey, CaseIterable {
        case revision, updatedAt, updatedBy
    }

    /// The member of `GET /admin/flags`' answer: `{"flags": [document, …]}`.
    enum ListKey: String, JSONKey, CaseIterable {
        case flags
    }

    static let columns = "key, definition, revision, updated_at, updated_by"
    static let selectAllSQL = "SELECT \(columns) FROM flags ORDER BY key"
    static let selectOneSQL = "SELECT \(columns) FROM flags WHERE key = $1"

    /// A row of ``columns``; nil when its definition cannot be read.
    init?(row: SQLRow) {
        guard let key = row.text(0), let text = row.text(1), let json = try? JSONParser.parse(Array(text.utf8), limits: .unlimited),
            let definition = FlagDefinition.decode(from: json, key: key).value
        else { return nil }
        self.init(
            definition: definition, revision: row.integer(2) ?? 0, updatedAt: Int64(row.integer(3) ?? 0), updatedBy: row.text(4) ?? "")
    }
}
