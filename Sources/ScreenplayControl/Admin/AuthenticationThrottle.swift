import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ScreenplayProtocol
import ScreenplayServer

/// Failed admin sign-ins, per client address (an IPv6 client by its /64): each failure within a
/// minute makes the next answer from that address slower (from the third on: 0.1 s, 0.2 s, 0.4 s …
/// up to 5 s), and past 30 failures in a minute the address is told to wait (429, `Retry-After`)
/// without a token being looked at. Every failure is counted and logged (one line per address per
/// 10 s, with the count), so a guessing attack is seen and costs the guesser its time.
///
/// ```swift
/// try await throttle.admit(address)                 // before the token is checked
/// await throttle.failed(address, path: "/admin/…")  // when it was wrong
/// ```
final class AuthenticationThrottle: Sendable {
    /// Failures within ``window`` that an address may have before it is refused outright.
    static let maxFailures = 30
    static let window: Duration = .seconds(60)

    private struct Record {
        var failures: [Date] = []
        var lastLogged: Date?
        var unlogged = 0
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

    /// Refuses an address that failed too often lately; slows one that failed a few times.
    func admit(_ address: SocketAddress?) async throws {
        let now = clock.now()
        let key = Self.key(address)
        let failures = records.withLockedValue { records -> Int in
            records[key]?.failures.removeAll { Duration.seconds(now.timeIntervalSince($0)) > Self.window }
            if records[key]?.failures.isEmpty == true, records[key]?.unlogged == 0 { records[key] = nil }
            return records[key]?.failures.count ?? 0
        }
        if failures >= Self.maxFailures {
            throw ScreenplayError(
                .tooManyRequests, code: "tooManySignInFailures",
                message: "too many wrong admin tokens from this address; wait a minute", headerFields: [.retryAfter: "60"])
        }
        if failures >= 2 {
            try await clock.sleep(for: .milliseconds(min(5_000, 100 << min(failures - 2, 6))))
        }
    }

    /// Counts and logs a wrong token.
    func failed(_ address: SocketAddress?, path: String) async {
        let now = clock.now()
        let key = Self.key(address)
        let toLog = records.withLockedValue { records -> (Int, Int)? in
            var record = records[key] ?? Record()
            if records.count > 10_000, records[key] == nil { records.removeAll() } // a spray of addresses: start over
            record.failures.append(now)
            record.unlogged += 1
            defer { records[key] = record }
            guard record.lastLogged.map({ now.timeIntervalSince($0) >= 10 }) ?? true else { return nil }
            record.lastLogged = now
            defer { record.unlogged = 0 }
            return (record.unlogged, record.failures.count)
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
