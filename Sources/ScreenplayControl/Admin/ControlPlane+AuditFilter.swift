/// Which audit entries to read: every condition given must hold; the newest come first.
///
/// ```swift
/// // alice's changes to slots in March 2024 (UTC), 50 at a time, then the 50 before the last one shown
/// var filter = AuditFilter(actor: "alice", target: .kind("slot"), from: 1_709_251_200_000, until: 1_711_929_600_000, limit: 50)
/// let page = try await control.audit(filter: filter)
/// filter.before = page.last?.id
/// let next = try await control.audit(filter: filter)
/// ```
public struct AuditFilter: Sendable, Hashable {
    /// What was changed.
    public enum Target: Sendable, Hashable {
        /// This target exactly: `slot:home.promo`.
        case exactly(String)
        /// Every target of a kind (targets are `KIND:NAME`): `slot`, `experiment`.
        case kind(String)
    }

    /// Who changed it: the holder of the token, exactly.
    public var actor: String?
    public var target: Target?
    /// From this time on (Unix milliseconds, inclusive).
    public var from: Int64?
    /// Before this time (Unix milliseconds, exclusive).
    public var until: Int64?
    /// Only entries older than this one (paging: the last id of the page before).
    public var before: Int?
    /// At most this many entries, 1 to 1,000.
    public var limit: Int

    public init(
        actor: String? = nil, target: Target? = nil, from: Int64? = nil, until: Int64? = nil, before: Int? = nil, limit: Int = 100
    ) {
        self.actor = actor
        self.target = target
        self.from = from
        self.until = until
        self.before = before
        self.limit = limit
    }

    /// The statement and its parameters: only this code writes SQL, every value is a parameter,
    /// and it reads the same on SQLite and PostgreSQL.
    var statement: (sql: String, binds: [SQLValue]) {
        var conditions: [String] = []
        var binds: [SQLValue] = []
        func parameter(_ value: SQLValue) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        if let actor { conditions.append("actor = \(parameter(.text(actor)))") }
        switch target {
        case .exactly(let target)?: conditions.append("target = \(parameter(.text(target)))")
        case .kind(let kind)?:
            // A prefix compared as text, not LIKE: no wildcard in a kind, and no case folding on
            // SQLite that PostgreSQL would not do.
            let prefix = parameter(.text(kind + ":"))
            conditions.append("substr(target, 1, length(\(prefix))) = \(prefix)")
        case nil: break
        }
        if let from { conditions.append("at >= \(parameter(.integer(from)))") }
        if let until { conditions.append("at < \(parameter(.integer(until)))") }
        if let before { conditions.append("id < \(parameter(.integer(Int64(before))))") }
        let limit = parameter(.integer(Int64(max(1, min(limit, 1_000)))))
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return ("SELECT \(AuditEntry.columns) FROM audit_log\(filter) ORDER BY id DESC LIMIT \(limit)", binds)
    }
}

extension ControlPlane {
    /// The entries `filter` selects, newest first.
    public func audit(filter: AuditFilter) async throws -> [AuditEntry] {
        let database = self.database
        let (sql, binds) = filter.statement
        return try await guarded { try await database.query(sql, binds) }.map(AuditEntry.init(row:))
    }

    /// The entry numbered `id`, if there is one.
    public func auditEntry(id: Int) async throws -> AuditEntry? {
        let database = self.database
        let rows = try await guarded {
            try await database.query("SELECT \(AuditEntry.columns) FROM audit_log WHERE id = $1", [.integer(Int64(id))])
        }
        return rows.first.map(AuditEntry.init(row:))
    }
}
