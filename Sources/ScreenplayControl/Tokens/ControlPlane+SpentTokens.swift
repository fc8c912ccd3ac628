import ScreenplayServer

extension ControlPlane: SpentTokenLedger {
    /// Spends a state token for every instance: the first insert of its id wins.
    public func spend(id: String, expires: Int) async throws -> Bool {
        let database = self.database
        let rows = try await guarded {
            try await database.query(
                "INSERT INTO spent_tokens (id, expires) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id",
                [.text(id), .integer(Int64(expires))])
        }
        return !rows.isEmpty
    }

    /// Forgets the ids of tokens that have expired (they can no longer be used anyway).
    func forgetExpiredTokens() async throws {
        try await database.query("DELETE FROM spent_tokens WHERE expires < $1", [.integer(clock.milliseconds / 1_000)])
    }
}
