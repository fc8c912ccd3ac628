import Foundation
import NIOConcurrencyHelpers
import ScreenplayProtocol

/// The ids of state tokens already used by intents that must happen once (paying): a second use
/// of the same token is refused with 409. An id is kept until its token expires, so a token can
/// never be used again; the count is bounded, and when it is full the intent is refused (503)
/// rather than allowed to run twice.
///
/// Kept in this process; with a ``SpentTokenLedger`` (the control plane's database) instances
/// behind one load balancer share them too.
///
/// ```swift
/// routes.intent("pay", on: "checkout", once: true) { intent in … }   // the pipeline spends each token
/// ```
final class SpentTokens: Sendable {
    let capacity: Int
    private let spent = NIOLockedValueBox<(ids: [String: Int], byExpiry: [(expires: Int, id: String)])>(([:], []))

    static let alreadyUsed = ScreenplayError(
        .conflict, code: "stateAlreadyUsed", message: "this step was already done with this state token; reload the screen",
        path: "stateToken")

    init(capacity: Int = 100_000) {
        self.capacity = capacity
    }

    /// Marks the token spent, or throws when it already was (or when no more can be remembered).
    func spend(_ token: StateSigner.Verified, now: Date = Date()) throws(ScreenplayError) {
        let nowSeconds = Int(now.timeIntervalSince1970)
        let outcome = spent.withLockedValue { spent -> ScreenplayError? in
            // Forget the ids whose tokens can no longer be used anyway (kept in expiry order).
            var expired = 0
            while expired < spent.byExpiry.count, spent.byExpiry[expired].expires <= nowSeconds {
                spent.ids[spent.byExpiry[expired].id] = nil
                expired += 1
            }
            if expired > 0 { spent.byExpiry.removeFirst(expired) }
            guard spent.ids[token.id] == nil else { return Self.alreadyUsed }
            guard spent.ids.count < capacity else {
                return ScreenplayError(
                    .serviceUnavailable, code: "busy", message: "too many steps in flight; try again shortly",
                    headerFields: [.retryAfter: "5"])
            }
            spent.ids[token.id] = token.expires
            let position = spent.byExpiry.lastIndex { $0.expires <= token.expires }.map { $0 + 1 } ?? 0
            spent.byExpiry.insert((token.expires, token.id), at: position)
            return nil
        }
        if let outcome { throw outcome }
    }

    /// Forgets a token spent here whose use did not go ahead (the shared ledger could not be asked),
    /// so that the user may try again with it.
    func forget(_ token: StateSigner.Verified) {
        spent.withLockedValue { spent in
            spent.ids[token.id] = nil
            spent.byExpiry.removeAll { $0.id == token.id }
        }
    }
}
