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
/// A spend costs the same on a full set as on an empty one (a few microseconds, under the lock
/// that every intent of the process takes): the ids closest to expiring are found in heaps, and an
/// id let go is dropped from a heap only when it comes to the top (docs/PERFORMANCE.md).
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
        /// Which spend put it here: a heap's item for an id that was let go and spent again is not it.
        let sequence: UInt64
    }

    private struct Spent {
        var entries: [String: Entry] = [:]
        /// Every id, soonest to expire first (with items of ids let go, skipped when they surface).
        var byExpiry = ExpiryHeap()
        /// Each user's ids, soonest to expire first (likewise), and how many each holds.
        var byUser: [String: ExpiryHeap] = [:]
        var shares: [String: Int] = [:]
        var nextSequence: UInt64 = 0

        func isCurrent(_ item: ExpiryHeap.Item) -> Bool { entries[item.id]?.sequence == item.sequence }

        /// The id of the whole closest to expiring.
        mutating func soonest() -> ExpiryHeap.Item? {
            while let top = byExpiry.top, !isCurrent(top) { byExpiry.removeTop() }
            return byExpiry.top
        }

        /// The id of `user` closest to expiring.
        mutating func soonest(of user: String) -> ExpiryHeap.Item? {
            guard var heap = byUser.removeValue(forKey: user) else { return nil }
            while let top = heap.top, !isCurrent(top) { heap.removeTop() }
            let top = heap.top
            if top != nil { byUser[user] = heap }
            return top
        }

        mutating func insert(id: String, user: String, expires: Int) {
            nextSequence += 1
            entries[id] = Entry(user: user, expires: expires, sequence: nextSequence)
            let item = ExpiryHeap.Item(expires: expires, sequence: nextSequence, id: id)
            byExpiry.insert(item)
            byUser[user, default: ExpiryHeap()].insert(item)
            shares[user, default: 0] += 1
        }

        /// Lets `id` go. Its heap items stay until they surface, or until the items of ids let go
        /// outnumber the rest, when the heap is rebuilt from what is kept: each id costs its
        /// removal once, whatever the size of the set.
        mutating func remove(_ id: String) {
            guard let entry = entries.removeValue(forKey: id) else { return }
            let left = (shares[entry.user] ?? 1) - 1
            shares[entry.user] = left > 0 ? left : nil
            if left <= 0 {
                byUser[entry.user] = nil
            } else if let heap = byUser[entry.user], heap.count > 2 * left + 16 {
                byUser[entry.user] = heap.keeping(isCurrent)
            }
            if byExpiry.count > 2 * entries.count + 1_024 { byExpiry = byExpiry.keeping(isCurrent) }
        }
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
            while let soonest = spent.soonest(), soonest.expires <= nowSeconds { spent.remove(soonest.id) }
            guard spent.entries[token.id] == nil else { return Self.alreadyUsed }
            if spent.shares[user, default: 0] >= perUser {
                guard ledgerBehind, let oldest = spent.soonest(of: user) else {
                    return ScreenplayError(
                        .serviceUnavailable, code: "busy", message: "too many of your steps are in flight; try again in a few minutes",
                        headerFields: [.retryAfter: "60"])
                }
                spent.remove(oldest.id)
            }
            if spent.entries.count >= capacity {
                guard ledgerBehind, let oldest = spent.soonest() else {
                    return ScreenplayError(
                        .serviceUnavailable, code: "busy", message: "too many steps in flight; try again shortly",
                        headerFields: [.retryAfter: "5"])
                }
                spent.remove(oldest.id)
            }
            spent.insert(id: token.id, user: user, expires: token.expires)
            return nil
        }
        if let outcome { throw outcome }
    }

    /// Forgets a token spent here whose use did not go ahead (the shared ledger could not be asked),
    /// so that the user may try again with it.
    func forget(_ token: StateSigner.Verified) {
        spent.withLockedValue { $0.remove(token.id) }
    }
}

/// A binary min-heap of spent ids by expiry (then by the order they were spent): the soonest to
/// expire at the top, found at once, added and removed in O(log n).
struct ExpiryHeap {
    struct Item {
        let expires: Int
        let sequence: UInt64
        let id: String

        func precedes(_ other: Item) -> Bool { (expires, sequence) < (other.expires, other.sequence) }
    }

    private var items: [Item] = []

    var count: Int { items.count }
    var top: Item? { items.first }

    mutating func insert(_ item: Item) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeTop() {
        guard !items.isEmpty else { return }
        items.swapAt(0, items.count - 1)
        items.removeLast()
        siftDown(from: 0)
    }

    /// A heap of the items that `keep` keeps (built in O(n)).
    func keeping(_ keep: (Item) -> Bool) -> ExpiryHeap {
        var heap = ExpiryHeap()
        heap.items = items.filter(keep)
        for index in stride(from: heap.items.count / 2 - 1, through: 0, by: -1) { heap.siftDown(from: index) }
        return heap
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < items.count else { return }
            var first = left
            if left + 1 < items.count, items[left + 1].precedes(items[left]) { first = left + 1 }
            guard items[first].precedes(items[parent]) else { return }
            items.swapAt(first, parent)
            parent = first
        }
    }
}
