import AsyncHTTPClient
import Foundation
import HTTPTypes
import Logging
import NIOCore
import ScreenplayClient
import ScreenplayControlTestSupport
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

    /// `count` wrong tokens checked at once: each looks only when all have taken their place, so
    /// none waits for another's failure. The number answered as wrong (the rest were refused).
    static func failAtOnce(_ count: Int, _ throttle: AuthenticationThrottle, _ address: SocketAddress?) async -> Int {
        let gate = Gate(opensAt: count)
        return await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do {
                        let holder: String? = try await throttle.check(address, path: "/studio/sign-in") {
                            await gate.arrive()
                            return nil
                        }
                        return holder == nil
                    } catch {
                        return false // refused: 429
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    @Test func anAddressThatFailsTooOftenIsRefusedUntilAMinuteHasPassedButTheRightTokenGetsIn() async throws {
        let throttle = self.throttle
        #expect(await Self.failAtOnce(AuthenticationThrottle.maxFailures, throttle, address) == AuthenticationThrottle.maxFailures)
        await #expect(throws: ScreenplayError.self) { try await throttle.check(address, path: "/admin/slots") { String?.none } }
        #expect(try await throttle.check(address, path: "/admin/slots") { "alice" } == "alice", "someone else's failures lock no one out")
        clock.advance(by: .seconds(30))
        await #expect(throws: ScreenplayError.self) { try await throttle.check(address, path: "/admin/slots") { String?.none } }
        clock.advance(by: .seconds(31))
        // The failures are a minute old: answered as wrong again, without a wait.
        #expect(try await throttle.check(address, path: "/admin/slots") { String?.none } == nil)
        #expect(clock.sleeperCount == 0)
    }

    @Test func aFewFailuresSlowTheNextAnswerOnTheClock() async throws {
        let throttle = self.throttle
        #expect(await Self.failAtOnce(3, throttle, address) == 3)
        let checked = Task { try await throttle.check(address, path: "/admin/slots") { "alice" } }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(199))
        #expect(clock.sleeperCount == 1, "the third failure costs 0.2 s")
        clock.advance(by: .milliseconds(1))
        #expect(try await checked.value == "alice")
        // Another address is not slowed by this one's failures.
        #expect(try await throttle.check(try SocketAddress(ipAddress: "198.51.100.1", port: 1), path: "/") { 1 } == 1)
    }

    /// Checks take their place in the allowance before the token is looked at: 200 at once, none
    /// of them finished before all had started, are 30 answered as wrong and 170 refused.
    @Test func parallelChecksCountBeforeTheyLook() async throws {
        #expect(await Self.failAtOnce(200, throttle, address) == AuthenticationThrottle.maxFailures)
    }
}

/// Holds every task that arrives until `opensAt` have.
actor Gate {
    let opensAt: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    init(opensAt: Int) { self.opensAt = opensAt }

    func arrive() async {
        arrived += 1
        if arrived >= opensAt {
            for continuation in waiting { continuation.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// The throttle over a real server, both doors at once (the studio's sign-in form and the admin
/// API's bearer token share it).
@Suite struct SignInRaceTests {
    @Test func aThousandParallelWrongSignInsGetNoMoreChecksThanTheLimitAndTheRightTokenGetsIn() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 200)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        /// One sign-in with `token`: through the studio's form or the admin API. Its status.
        @Sendable func signIn(_ token: String, studio: Bool) async throws -> Int {
            var request = HTTPClientRequest(url: instance.url.absoluteString + (studio ? "/studio/sign-in" : "/admin/experiments"))
            if studio {
                request.method = .POST
                request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
                request.body = .bytes(ByteBuffer(string: "token=" + token))
            } else {
                request.headers.add(name: "Authorization", value: "Bearer \(token)")
            }
            let response = try await client.execute(request, timeout: .seconds(60))
            _ = try await response.body.collect(upTo: 8 << 20)
            return Int(response.status.code)
        }
        let (wrong, owner) = try await withThrowingTaskGroup(of: (Int?, Int?).self) { group in
            for index in 0..<1_000 {
                group.addTask { (try await signIn("guess-\(index)-0123456789abcdef", studio: index.isMultiple(of: 2)), nil) }
                if index == 500 { // the owner, from the same address, in the middle of it
                    group.addTask { (nil, try await signIn(Instance.token, studio: true)) }
                    group.addTask { (nil, try await signIn(Instance.token, studio: false)) }
                }
            }
            var wrong: [Int: Int] = [:]
            var owner: [Int] = []
            for try await (guess, right) in group {
                if let guess { wrong[guess, default: 0] += 1 }
                if let right { owner.append(right) }
            }
            return (wrong, owner.sorted())
        }
        #expect(Set(wrong.keys).isSubset(of: [401, 429]), "\(wrong)")
        #expect(wrong[401, default: 0] <= AuthenticationThrottle.maxFailures, "\(wrong[401, default: 0]) wrong tokens answered as checked")
        #expect(wrong[429, default: 0] >= 1_000 - AuthenticationThrottle.maxFailures)
        #expect(owner == [200, 303], "the owner signs in during the storm: \(owner)")
        #expect(try await signIn(Instance.token, studio: true) == 303, "and after it")
        #expect(try await signIn(Instance.token, studio: false) == 200)
        #expect(try await signIn("guess-again-0123456789abcdef", studio: false) == 429)
        try await client.shutdown()
    }
}
