/// One change, as the audit log keeps it: who, when, what, and the stored value before and after.
public struct AuditEntry: Sendable, Hashable {
    public let id: Int
    /// Unix milliseconds.
    public let at: Int64
    public let actor: String
    /// `save`, `delete`, `publish`, `rollback`.
    public let action: String
    /// `experiment:homeOrder`, `slot:home.promo`.
    public let target: String
    public let before: String?
    public let after: String?
}

extension ControlPlane {
    /// The newest entries first, of every target or of one (`slot:home.promo`).
    public func audit(target: String? = nil, limit: Int = 100) async throws -> [AuditEntry] {
        let database = self.database
        let limit = SQLValue.integer(Int64(max(1, min(limit, 1_000))))
        let rows = try await guarded {
            if let target {
                return try await database.query(
                    """
                    SELECT id, at, actor, action, target, before_value, after_value FROM audit_log WHERE target = $1
                    ORDER BY id DESC LIMIT $2
                    """, [.text(target), limit])
            }
            return try await database.query(
                "SELECT id, at, actor, action, target, before_value, after_value FROM audit_log ORDER BY id DESC LIMIT $1", [limit])
        }
        return rows.map {
            AuditEntry(
                id: $0.integer(0) ?? 0, at: Int64($0.integer(1) ?? 0), actor: $0.text(2) ?? "", action: $0.text(3) ?? "",
                target: $0.text(4) ?? "", before: $0.text(5), after: $0.text(6))
        }
    }
}
