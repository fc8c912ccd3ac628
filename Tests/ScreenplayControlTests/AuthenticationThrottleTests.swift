import Foundation
import Logging
import NIOCore
import ScreenplayProtocol
import ScreenplayTestSupport
import Testing

@testable import ScreenplayControl

/// The sign-in throttle on a clock the test moves: slowed answers and the refusal are timed by the
/// control plane's clock, not by real waits.
@Suite struct AuthenticationThrottleTests {
    let clock = ManualClock()
    var throttle: AuthenticationThrottle {
        AuthenticationThrottle(logger: Logger(label: "test"), clock: ScreenplayClock(clock: clock, now: { [clock] in clock.date }))
    }
    let address = try? SocketAddress(ipAddress: "203.0.113.7", port: 4711)

    @Test func anAddressThatFailsTooOftenIsRefusedUntilAMinuteHasPassed() async throws {
        let throttle = self.throttle
        for _ in 0..<AuthenticationThrottle.maxFailures { await throttle.failed(address, path: "/admin/experiments") }
        await #expect(throws: ScreenplayError.self) { try await throttle.admit(address) }
        clock.advance(by: .seconds(30))
        await #expect(throws: ScreenplayError.self) { try await throttle.admit(address) }
        clock.advance(by: .seconds(31))
        try await throttle.admit(address) // the failures are a minute old: no wait, no refusal
        #expect(clock.sleeperCount == 0)
    }

    @Test func aFewFailuresSlowTheNextAnswerOnTheClock() async throws {
        let throttle = self.throttle
        for _ in 0..<3 { await throttle.failed(address, path: "/admin/slots") }
        let admitted = Task { try await throttle.admit(address) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(199))
        #expect(clock.sleeperCount == 1, "the third failure costs 0.2 s")
        clock.advance(by: .milliseconds(1))
        try await admitted.value
        // Another address is not slowed by this one's failures.
        try await throttle.admit(try SocketAddress(ipAddress: "198.51.100.1", port: 1))
    }
}
