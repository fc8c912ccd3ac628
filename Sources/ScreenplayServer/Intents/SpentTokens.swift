import Foundation
import NIOConcurrencyHelpers
import ScreenplayProtocol

/// The ids of state tokens already used by intents that must happen once (paying): a second use
/// of the same token is refused with 409. An id is kept until its token expires, so a token can
/// never be used again.
///
/// No client can fill it for others. Each user (anonymous users together under one name) keeps at
/// most ``perUser`` ids, the whole at most ``capacity``:
///
/// - with a ``SpentTokenLedger`` (the control plane's database, which `screenplay serve` always
///   has), this set is only the fast path: the ledger is the record, so when a user's share or
///   the whole is full, the ids closest to expiring are let go here (the ledger still refuses
///   them) and nobody is ever refused for room;
/// - without one, this set is the only record: a user whose share is full is refused (503) until
///   their tokens expire — that user only — and a full set refuses everyone, which is why a
///   deployment runs with the ledger.
///
/// ```swift
/// routes.intent("pay", on: "checkout", once: true) { intent in … }   // the pipeline spends each token
/// ```
final class SpentTokens: Sendable {
    let capacity: Int
    let perUser: Int

    private struct Entry {
        let user: String
        let expires: Int
    }

    private struct Spent {
        var entries: [String: Entry] = [:]
        /// Every id, soonest to expire first.
        var byExpiry: [(expires: Int, id: String)] = []
        /// Each user's ids, soonest to expire first.
        var byUser: [String: [(expires: Int, id: String)]] = [:]
    }

    private let spent = NIOLockedValueBox(Spent())

    static let alreadyUsed = ScreenplayError(
        .conflict, code: "stateAlreadyUsed", message: "this step was already done with this state token; reload the screen",
        path: "stateToken")

    init(capacity: Int = 100_000, perUser: Int = 256) {
        self.capacity = capacity
        self.perUser = perUser
    }

    /// How many ids are kept now.
    var count: Int { spent.withLockedValue { $0.entries.count } }

    /// Marks the token of `user` spent, or throws when it already was (or, without a ledger
    /// behind, when no more can be remembered for that user or at all).
    func spend(_ token: StateSigner.Verified, user: String?, ledgerBehind: Bool, now: Date = Date()) throws(ScreenplayError) {
        let nowSeconds = Int(now.timeIntervalSince1970)
        let user = user ?? ""
        let outcome = spent.withLockedValue { spent -> ScreenplayError? in
            // Forget the ids whose tokens can no longer be used anyway.
            var expired = 0
            while expired < spent.byExpiry.count, spent.byExpiry[expired].expires <= nowSeconds {
                Self.remove(spent.byExpiry[expired].id, from: &spent, keepingOrder: true)
                expired += 1
            }
            if expired > 0 { spent.byExpiry.removeFirst(expired) }
            guard spent.entries[token.id] == nil else { return Self.alreadyUsed }
            let share = spent.byUser[user]?.count ?? 0
            if share >= perUser {
                guard ledgerBehind, let oldest = spent.byUser[user]?.first else {
                    return ScreenplayError(
                        .serviceUnavailable, code: "busy", message: "too many of your steps are in flight; try again in a few minutes",
                        headerFields: [.retryAfter: "60"])
                }
                Self.remove(oldest.id, from: &spent, keepingOrder: false)
            }
            if spent.entries.count >= capacity {
                guard ledgerBehind, let oldest = spent.byExpiry.first else {
                    return ScreenplayError(
                        .serviceUnavailable, code: "busy", message: "too many steps in flight; try again shortly",
                        headerFields: [.retryAfter: "5"])
                }
                Self.remove(oldest.id, from: &spent, keepingOrder: false)
            }
            spent.entries[token.id] = Entry(user: user, expires: token.expires)
            Self.insert((token.expires, token.id), into: &spent.byExpiry)
            Self.insert((token.expires, token.id), into: &spent.byUser[user, default: []])
            return nil
        }
        if let outcome { throw outcome }
    }

    /// Forgets a token spent here whose use did not go ahead (the shared ledger could not be asked),
    /// so that the user may try again with it.
    func forget(_ token: StateSigner.Verified) {
        spent.withLockedValue { Self.remove(token.id, from: &$0, keepingOrder: false) }
    }

    private static func insert(_ item: (expires: Int, id: String), into list: inout [(expires: Int, id: String)]) {
        let position = list.lastIndex { $0.expires <= item.expires }.map { $0 + 1 } ?? 0
        list.insert(item, at: position)
    }

    /// Removes `id` everywhere (but from `byExpiry` when the caller is walking it).
    private static func remove(_ id: String, from spent: inout Spent, keepingOrder: Bool) {
        guard let entry = spent.entries.removeValue(forKey: id) else { return }
        if !keepingOrder { spent.byExpiry.removeAll { $0.id == id } }
        spent.byUser[entry.user]?.removeAll { $0.id == id }
        if spent.byUser[entry.user]?.isEmpty == true { spent.byUser[entry.user] = nil }
    }
}
