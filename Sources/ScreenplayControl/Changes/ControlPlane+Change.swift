extension ControlPlane {
    /// Runs a change in one transaction: the write, its audit entry, a change row and the
    /// notification; then applies it here. `body` gets the time the change is stamped with.
    func change<Value: Sendable>(
        kind: String, name: String, actor: String, action: String,
        _ body: @escaping @Sendable (any SQLExecutor, _ now: Int64) async throws -> (value: Value, before: String?, after: String?)
    ) async throws -> Value {
        let database = self.database
        let clock = self.clock
        let value = try await guarded {
            try await database.transaction { tx in
                let now = clock.milliseconds
                let (value, before, after) = try await body(tx, now)
                try await tx.query(
                    "INSERT INTO audit_log (at, actor, action, target, before_value, after_value) VALUES ($1, $2, $3, $4, $5, $6)",
                    [.integer(now), .text(actor), .text(action), .text("\(kind):\(name)"), SQLValue(before), SQLValue(after)])
                try await tx.query("INSERT INTO changes (kind, name, at) VALUES ($1, $2, $3)", [.text(kind), .text(name), .integer(now)])
                try await database.notifyChange(in: tx)
                return value
            }
        }
        try? await reload()
        return value
    }
}
