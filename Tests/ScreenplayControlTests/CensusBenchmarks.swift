import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayProtocol
import ScreenplayServer
import ScreenplayTestSupport
import Testing

@testable import ScreenplayControl

/// What the capability census costs a request, for docs/PERFORMANCE.md (`scripts/bench-control`,
/// off unless SCREENPLAY_BENCH_CONTROL is set): one count alone, with a user's sketch and without,
/// a write with sketches and without, and the demo's screens through their pipeline with the
/// census counting and without it, side by side in alternating rounds.
extension ControlBenchmarks {
    @Test func censusCostPerRequest() async throws {
        let control = try await ControlPlane.open(database: try await Backend.sqlite.makeDatabase(), configuration: LiveConfiguration())
        let census = control.census
        // One count: eight clients' header keys in turn (a lock and a dictionary lookup each).
        let keys = (0..<8).map { "Screenplay-Components of client \($0)" }
        let versions = (0..<8).map { AppVersion("4.\($0)") }
        let counts = 2_000_000
        var start = ContinuousClock.now
        for index in 0..<counts { census.count(.base, key: keys[index & 7], appVersion: versions[index & 7]) }
        let perCount = Self.milliseconds(ContinuousClock.now - start) * 1_000_000 / Double(counts)
        #expect(census.entriesInMemory == 8)

        // With a user and without, side by side in alternating rounds: 100,000 users (each
        // entry's sketch past its exact hashes, in registers), the user's hash included.
        let users = (0..<100_000).map { "user-\($0)" }
        var withUser: [Double] = []
        var withoutUser: [Double] = []
        let perUserRound = 400_000
        for round in 0..<10 {
            let named = round % 2 == 0
            start = ContinuousClock.now
            if named {
                for index in 0..<perUserRound {
                    census.count(.base, key: keys[index & 7], appVersion: versions[index & 7], user: users[index % users.count])
                }
            } else {
                for index in 0..<perUserRound { census.count(.base, key: keys[index & 7], appVersion: versions[index & 7], user: nil) }
            }
            let nanoseconds = Self.milliseconds(ContinuousClock.now - start) * 1_000_000 / Double(perUserRound)
            if named { withUser.append(nanoseconds) } else { withoutUser.append(nanoseconds) }
        }
        // A write of the 8 entries with their sketches (read, merged, written back) and without.
        var flushWith: [Double] = []
        var flushWithout: [Double] = []
        for round in 0..<10 {
            let named = round % 2 == 0
            for index in 0..<8_000 {
                census.count(.base, key: keys[index & 7], appVersion: versions[index & 7], user: named ? users[index] : nil)
            }
            start = ContinuousClock.now
            try await census.flush()
            if named {
                flushWith.append(Self.milliseconds(ContinuousClock.now - start))
            } else {
                flushWithout.append(Self.milliseconds(ContinuousClock.now - start))
            }
        }

        // The pipeline, counted or not: /screens/requests (built, adapted and encoded each time)
        // and /screens/home (a render-cache hit), asked as an app that shows everything.
        let routes = DemoApp.routes(configuration: control.configuration)
        routes.addRoutes(to: Router())
        var headers = ClientCapabilities.full.headerFields
        headers[.acceptLanguage] = "en"
        for screen in ["requests", "home"] {
            let request = Request(
                head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/screens/\(screen)", headerFields: headers),
                body: RequestBody(buffer: ByteBuffer()))
            var with: [Double] = []
            var without: [Double] = []
            let perRound = 2_000
            for round in 0..<10 {
                let counting = round % 2 == 0
                control.configuration.capabilityCounter = counting ? census : nil
                start = ContinuousClock.now
                for _ in 0..<perRound { _ = try await routes.response(to: request, screen: screen) }
                let microseconds = Self.milliseconds(ContinuousClock.now - start) * 1_000 / Double(perRound)
                if counting { with.append(microseconds) } else { without.append(microseconds) }
            }
            let (counted, uncounted) = (Self.percentile(with, 0.5), Self.percentile(without, 0.5))
            print(
                String(
                    format:
                        "BENCH census, GET /screens/%@ through the pipeline: %.2f µs counted, %.2f µs not (median of 5 rounds of %d each): %+.2f µs",
                    screen, counted, uncounted, perRound, counted - uncounted))
        }
        control.configuration.capabilityCounter = census
        print(String(format: "BENCH census, one count alone: %.1f ns (%d counts, 8 clients)", perCount, counts))
        print(
            String(
                format:
                    "BENCH census, one count with a user's sketch: %.1f ns, without a user: %.1f ns (median of 5 rounds of %d each, 8 clients, 100,000 users)",
                Self.percentile(withUser, 0.5), Self.percentile(withoutUser, 0.5), perUserRound))
        print(
            String(
                format:
                    "BENCH census, a write of 8 entries (SQLite): %.2f ms with their users' sketches, %.2f ms without (median of 5 each)",
                Self.percentile(flushWith, 0.5), Self.percentile(flushWithout, 0.5)))
        try await census.flush()
        #expect(try await census.snapshot().total >= counts)
    }

    /// How long the whole report takes (what `GET /admin/compat` and the studio's page wait
    /// for) at the census's bound: 200 clients, each a random choice of the format's components.
    @Test func compatibilityReportAtTheCensusBound() async throws {
        var random = SplitMix64(seed: 32)
        let optional = Set(ComponentKind.allCases.map(\.rawValue)).subtracting(ClientCapabilities.base.components).sorted()
        let entries = (0..<200).map { index in
            var capabilities = ClientCapabilities.base
            capabilities.version = index % 2 == 0 ? FormatVersion(1, 0) : .latest
            capabilities.components.formUnion(optional.filter { _ in random.next() % 2 == 0 })
            capabilities.actions = index % 3 == 0 ? ClientCapabilities.base.actions : ClientCapabilities.full.actions
            capabilities.platform = ["ios", "android", "web"][index % 3]
            return CapabilityCensus.Entry(capabilities: capabilities, appVersion: AppVersion("4.\(index)"), requests: 100 + index)
        }
        let census = CapabilityCensus.Snapshot(from: 0, to: 0, entries: entries, other: 0, maxEntries: 200)
        let checker = CompatibilityChecker(routes: DemoApp.routes())
        var times: [Double] = []
        var report: CompatibilityReport?
        for _ in 0..<3 {
            let start = ContinuousClock.now
            report = await checker.report(census: census, slots: [:], maxShare: 0.05)
            times.append(Self.milliseconds(ContinuousClock.now - start))
        }
        let targets = report?.targets.count ?? 0
        // Two random choices may be one set on one platform: one client.
        #expect(targets >= 7 && (report?.clients.count ?? 0) > 150)
        print(
            String(
                format:
                    "BENCH compatibility report, 200 clients x %d screens and variants x 3 languages: %.0f ms (best of 3; worst %.0f ms)",
                targets, times.min() ?? 0, times.max() ?? 0))
    }
}
