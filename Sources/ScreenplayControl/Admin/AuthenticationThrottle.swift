import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ScreenplayProtocol
import ScreenplayServer

/// Failed admin sign-ins, per client address (an IPv6 client by its /64): each failure within a
/// minute makes the next answer from that address slower (from the third on: 0.1 s, 0.2 s, 0.4 s …
/// up to 5 s), and at most 30 wrong tokens from an address are answered as wrong in a minute: a
/// check takes its place in that allowance before the token is looked at (atomically, so parallel
/// guesses cannot all pass a count they all read as 29), and past it a wrong token is answered 429
/// (`Retry-After`) without saying it was checked. A right token is let in all the same: someone
/// else's failures from a shared address (a NAT, a proxy, an office) never lock its holder out, as
/// OWASP's authentication cheat sheet asks of a lockout; tokens have at least 80 bits, so the
/// allowance is there to make guessing slow, loud and cheap to answer, not to make it hopeless.
/// Every failure is counted and logged (one line per address per 10 s, with the count).
///
/// ```swift
/// guard let holder = try await throttle.check(address, path: "/admin/…", { tokens.holder(token: $0) }) …
/// ```
final class AuthenticationThrottle: Sendable {
    /// Wrong tokens within ``window`` that are answered as wrong for an address; past them, 429.
    static let maxFailures = 30
    static let window: Duration = .seconds(60)

    private struct Record {
        /// When the last failures were: at most ``maxFailures`` (older ones beyond that do not matter).
        var failures: [Date] = []
        /// Checks that took a place in the allowance and have not ended yet.
        var checking = 0
        var lastLogged: Date?
        var unlogged = 0
    }

    /// What an address may do right now.
    private enum Place {
        /// Within the allowance, after waiting this long.
        case allowed(wait: Duration)
        /// The allowance is taken: a wrong token is refused without being answered as wrong.
        case spent
    }

    private let records = NIOLockedValueBox<[String: Record]>([:])
    private let logger: Logger
    /// Stamps the failures and waits out the slowing down.
    private let clock: ScreenplayClock

    init(logger: Logger, clock: ScreenplayClock = .live) {
        self.logger = logger
        self.clock = clock
    }

    /// Counted as connections are: an IPv6 client by its /64.
    private static func key(_ address: SocketAddress?) -> String { ClientAddress.key(of: address) }

    /// The holder `verify` finds, or nil when the credential is wrong (its failure counted and
    /// logged; the caller answers 401). Within the address's allowance the check waits its turn
    /// first (the slowing down); past the allowance a wrong credential throws 429 and a right one is
    /// let in.
    func check<Holder>(_ address: SocketAddress?, path: String, _ verify: () async throws -> Holder?) async throws -> Holder? {
        let key = Self.key(address)
        switch take(key) {
        case .allowed(let wait):
            let holder: Holder?
            do {
                if wait > .zero { try await clock.sleep(for: wait) }
                holder = try await verify()
            } catch {
                end(key, failed: false)
                throw error
            }
            end(key, failed: holder == nil)
            if holder == nil { log(key, path: path) }
            return holder
        case .spent:
            if let holder = try await verify() { return holder }
            refused(key)
            log(key, path: path)
            throw ScreenplayError(
                .tooManyRequests, code: "tooManySignInFailures",
                message: "too many wrong admin tokens from this address; wait a minute", headerFields: [.retryAfter: "60"])
        }
    }

    /// Takes a place in the address's allowance, if one is left: failures of the last minute and
    /// checks under way count alike, under one lock.
    private func take(_ key: String) -> Place {
        let now = clock.now()
        return records.withLockedValue { records -> Place in
            if records.count > 10_000, records[key] == nil { records = records.filter { $0.value.checking > 0 } } // a spray of addresses
            var record = records[key] ?? Record()
            record.failures.removeAll { Duration.seconds(now.timeIntervalSince($0)) > Self.window }
            let taken = record.failures.count + record.checking
            guard taken < Self.maxFailures else {
                records[key] = record
                return .spent
            }
            record.checking += 1
            records[key] = record
            let failures = record.failures.count
            return .allowed(wait: failures >= 2 ? .milliseconds(min(5_000, 100 << min(failures - 2, 6))) : .zero)
        }
    }

    /// Gives the place back; a wrong token keeps it for a minute as a failure.
    private func end(_ key: String, failed: Bool) {
        let now = clock.now()
        records.withLockedValue { records in
            guard var record = records[key] else { return }
            record.checking = max(0, record.checking - 1)
            if failed {
                record.failures.append(now)
                record.unlogged += 1
            }
            if record.failures.isEmpty, record.checking == 0, record.unlogged == 0 {
                records[key] = nil
            } else {
                records[key] = record
            }
        }
    }

    /// Counts a wrong token past the allowance (logged, not kept as a failure: the allowance is full).
    private func refused(_ key: String) {
        records.withLockedValue { records in records[key]?.unlogged += 1 }
    }

    /// One line per address per 10 s, with the failures since the last.
    private func log(_ key: String, path: String) {
        let now = clock.now()
        let toLog = records.withLockedValue { records -> (Int, Int)? in
            guard var record = records[key], record.lastLogged.map({ now.timeIntervalSince($0) >= 10 }) ?? true else { return nil }
            let logged = (record.unlogged, record.failures.count)
            record.lastLogged = now
            record.unlogged = 0
            records[key] = record
            return logged
        }
        if let (count, recent) = toLog {
            logger.warning(
                "admin sign-in failed: wrong or missing token",
                metadata: [
                    "address": "\(key)", "path": "\(ScreenplayError.quoting(path))", "failures": "\(count)", "inLastMinute": "\(recent)",
                ])
        }
    }
}
