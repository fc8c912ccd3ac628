/// The spent state tokens of every instance: a token spent on one is refused on the others.
///
/// ```swift
/// routes.configuration.spentTokenLedger = control   // the control plane's spent_tokens table
/// ```
public protocol SpentTokenLedger: Sendable {
    /// Records the token's id as spent until `expires` (Unix seconds): true when it was not spent
    /// before; throws when the ledger cannot be reached (the intent is then refused, not run twice).
    func spend(id: String, expires: Int) async throws -> Bool
}
