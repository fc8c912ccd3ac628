extension ControlPlane {
    /// The newest entries first, of every target or of one (`slot:home.promo`).
    public func audit(target: String? = nil, limit: Int = 100) async throws -> [AuditEntry] {
        let database = self.database
        let limit = SQLValue.integer(Int64(max(1, min(limit, 1_000))))
        let rows = try await guarded {
            if let target {
                return try await database.query(
                    "SELECT \(AuditEntry.columns) FROM audit_log WHERE target = $1 ORDER BY id DESC LIMIT $2", [.text(target), limit])
            }
            return try await database.query(
                "SELECT \(AuditEntry.columns) FROM audit_log ORDER BY id DESC LIMIT $1", [limit])
        }
        return rows.map(AuditEntry.init(row:))
    }
}
