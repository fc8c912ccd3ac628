import Foundation
import ScreenplayProtocol
import Testing

@testable import ScreenplayServer

/// The spent-token set's rule (what is let go when a share or the whole is full) and its cost: a
/// full set spends as fast as an empty one.
@Suite struct SpentTokensTests {
    static func token(_ id: String, expires: Int) -> StateSigner.Verified {
        StateSigner.Verified(state: [:], id: id, expires: expires)
    }

    static let now = Date(timeIntervalSince1970: 1_000_000)
    static let nowSeconds = 1_000_000

    static func isAlreadyUsed(_ tokens: SpentTokens, _ id: String, expires: Int, user: String?, ledger: Bool = true) -> Bool {
        do {
            try tokens.spend(token(id, expires: expires), user: user, ledgerBehind: ledger, now: now)
            return false
        } catch {
            return error.code == "stateAlreadyUsed"
        }
    }

    @Test func aSecondUseIsRefused() throws {
        let tokens = SpentTokens(capacity: 10, perUser: 5)
        try tokens.spend(Self.token("a", expires: Self.nowSeconds + 60), user: "ana", ledgerBehind: true, now: Self.now)
        #expect(Self.isAlreadyUsed(tokens, "a", expires: Self.nowSeconds + 60, user: "ana"))
        #expect(Self.isAlreadyUsed(tokens, "a", expires: Self.nowSeconds + 60, user: "bo"), "whoever replays it")
    }

    /// With the ledger behind, a full whole lets go of the id closest to expiring (whoever spent
    /// it), a full share the user's own closest to expiring; expired ids are forgotten first.
    @Test func withTheLedgerTheIdsClosestToExpiringAreLetGo() throws {
        let tokens = SpentTokens(capacity: 4, perUser: 3)
        let base = Self.nowSeconds
        for (id, expires, user) in [("b1", 50, "bo"), ("a1", 30, "ana"), ("c1", 40, "cy"), ("a2", 90, "ana")] {
            try tokens.spend(Self.token(id, expires: base + expires), user: user, ledgerBehind: true, now: Self.now)
        }
        #expect(tokens.count == 4)
        // The whole is full: a1 (closest to expiring, whoever's) is let go for d1.
        try tokens.spend(Self.token("d1", expires: base + 100), user: "dee", ledgerBehind: true, now: Self.now)
        #expect(tokens.count == 4)
        #expect(!Self.isAlreadyUsed(tokens, "a1", expires: base + 30, user: "ana"), "a1 was let go (the ledger still refuses it)")
        // a1 came back in and c1 (now closest) went; ana holds a1 and a2.
        for id in ["b1", "a2", "d1", "a1"] { #expect(Self.isAlreadyUsed(tokens, id, expires: base + 200, user: "x"), "\(id) kept") }
        // ana's share is 3: a third id is kept, a fourth lets go of ana's own closest (a1), not another's.
        let shared = SpentTokens(capacity: 100, perUser: 2)
        try shared.spend(Self.token("o1", expires: base + 10), user: "other", ledgerBehind: true, now: Self.now)
        for (id, expires) in [("a1", 40), ("a2", 20), ("a3", 60)] {
            try shared.spend(Self.token(id, expires: base + expires), user: "ana", ledgerBehind: true, now: Self.now)
        }
        #expect(shared.count == 3)
        for id in ["o1", "a1", "a3"] { #expect(Self.isAlreadyUsed(shared, id, expires: base + 200, user: "x"), "\(id) kept") }
        #expect(!Self.isAlreadyUsed(shared, "a2", expires: base + 20, user: "zed"), "ana's closest to expiring went")
        // An expired id is forgotten: its token can no longer be used anyway.
        let expiring = SpentTokens(capacity: 10, perUser: 10)
        try expiring.spend(Self.token("old", expires: base - 1), user: nil, ledgerBehind: true, now: Self.now)
        try expiring.spend(Self.token("new", expires: base + 60), user: nil, ledgerBehind: true, now: Self.now)
        #expect(expiring.count == 1)
    }

    /// Without the ledger, this set is the only record: nothing is let go, and a full share or a
    /// full whole is refused with 503 (the user's share: that user only).
    @Test func withoutTheLedgerAFullShareOrWholeIsRefused() throws {
        let tokens = SpentTokens(capacity: 3, perUser: 2)
        let base = Self.nowSeconds
        try tokens.spend(Self.token("a1", expires: base + 60), user: "ana", ledgerBehind: false, now: Self.now)
        try tokens.spend(Self.token("a2", expires: base + 60), user: "ana", ledgerBehind: false, now: Self.now)
        #expect(throws: ScreenplayError.self) {
            try tokens.spend(Self.token("a3", expires: base + 60), user: "ana", ledgerBehind: false, now: Self.now)
        }
        try tokens.spend(Self.token("b1", expires: base + 60), user: "bo", ledgerBehind: false, now: Self.now)
        do {
            try tokens.spend(Self.token("b2", expires: base + 60), user: "bo", ledgerBehind: false, now: Self.now)
            Issue.record("a full whole takes no more")
        } catch {
            #expect(error.status == .serviceUnavailable && error.code == "busy")
        }
        // Forgetting one (its use did not go ahead) frees its place.
        tokens.forget(Self.token("a1", expires: base + 60))
        try tokens.spend(Self.token("b2", expires: base + 60), user: "bo", ledgerBehind: false, now: Self.now)
        #expect(tokens.count == 3)
    }

    /// A full set (100,000 ids, each spend letting one go) costs what an empty one does: before,
    /// every spend on a full set walked all 100,000 ids under the lock (10 ms of CPU a spend, and
    /// everyone's intents waited on it). Two thousand spends are timed on each.
    @Test func aFullSetSpendsAsFastAsAnEmptyOne() throws {
        let capacity = 100_000
        let full = SpentTokens(capacity: capacity, perUser: 256)
        let base = Self.nowSeconds
        // Many users (an attacker with many accounts, or many real ones) fill the whole.
        for index in 0..<capacity {
            try full.spend(
                Self.token("fill-\(index)", expires: base + 600 + index / 1_000), user: "user-\(index / 200)", ledgerBehind: true,
                now: Self.now)
        }
        #expect(full.count == capacity)
        let spends = 2_000
        func time(_ tokens: SpentTokens, prefix: String) throws -> Duration {
            let clock = ContinuousClock()
            return try clock.measure {
                for index in 0..<spends {
                    try tokens.spend(
                        Self.token("\(prefix)-\(index)", expires: base + 1_800), user: "buyer-\(index % 50)", ledgerBehind: true,
                        now: Self.now)
                }
            }
        }
        let onEmpty = try time(SpentTokens(capacity: capacity, perUser: 256), prefix: "empty")
        let onFull = try time(full, prefix: "full")
        #expect(full.count == capacity)
        // Side by side, and generous for a machine loaded by the rest of the suite: a walk of the
        // whole set per spend took 33.7 s here, thousands of times the empty set's time.
        #expect(onFull < onEmpty * 20 + .seconds(2), "2,000 spends: \(onFull) on a full set, \(onEmpty) on an empty one")
    }
}

/// What a spend costs on an empty and on a full set, for docs/PERFORMANCE.md:
/// `SCREENPLAY_BENCH_SPENT=1 swift test --filter SpentTokenBenchmarks` (figures in the test's
/// output as `BENCH` lines). Off otherwise, as timings belong in benchmarks, not in tests.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SCREENPLAY_BENCH_SPENT"] != nil))
struct SpentTokenBenchmarks {
    @Test func aSpendOnAnEmptyAndOnAFullSet() throws {
        let capacity = 100_000
        let base = SpentTokensTests.nowSeconds
        let full = SpentTokens(capacity: capacity, perUser: 256)
        for index in 0..<capacity {
            try full.spend(
                SpentTokensTests.token("fill-\(index)", expires: base + 600 + index / 1_000), user: "user-\(index / 200)",
                ledgerBehind: true, now: SpentTokensTests.now)
        }
        func microseconds(_ tokens: SpentTokens, prefix: String, spends: Int) throws -> Double {
            let elapsed = try ContinuousClock().measure {
                for index in 0..<spends {
                    try tokens.spend(
                        SpentTokensTests.token("\(prefix)-\(index)", expires: base + 1_800), user: "buyer-\(index % 50)",
                        ledgerBehind: true, now: SpentTokensTests.now)
                }
            }
            return (Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12) / Double(spends)
        }
        let empty = try microseconds(SpentTokens(capacity: capacity, perUser: 256), prefix: "empty", spends: 2_000)
        let onFull = try microseconds(full, prefix: "full", spends: 2_000)
        print(
            "BENCH spent tokens: \(String(format: "%.1f", empty)) µs a spend on an empty set, "
                + "\(String(format: "%.1f", onFull)) µs on a full one (100,000 ids), 2,000 spends each")
    }
}
