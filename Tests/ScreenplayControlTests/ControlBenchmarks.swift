import Foundation
import HTTPTypes
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// The control plane's figures for docs/PERFORMANCE.md (`scripts/bench-control`): off unless
/// SCREENPLAY_BENCH_CONTROL is set, as timings belong in benchmarks, not in tests.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SCREENPLAY_BENCH_CONTROL"] != nil), .serialized)
struct ControlBenchmarks {
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    /// Publish on instance A (its admin API, over HTTP) → the patch received by a subscriber of
    /// instance B, through PostgreSQL NOTIFY; 100 publishes.
    @Test func publishToPatchAcrossInstances() async throws {
        let (first, second) = try await Instance.pairOnPostgres()
        let subscriber = try await InstanceTests.Subscriber(second)
        try await eventually("the subscriber's first event") { subscriber.events.count >= 1 }
        var latencies: [Double] = []
        for index in 1...100 {
            let seen = subscriber.events.count
            let start = ContinuousClock.now
            let body = #"{"content": {"type": "text", "text": "Promo number \#(index)"}}"#
            let response = try await first.send(.put, "/admin/slots/home.promo", body: body)
            #expect(response.status == .created)
            // Looked for every millisecond: the figure is the patch's, not the poll's.
            try await eventually(within: .seconds(10), pollingEvery: .milliseconds(1), "the patch of publish \(index) at B") {
                subscriber.events.dropFirst(seen).contains { $0.contains("Promo number \(index)\"") }
            }
            latencies.append(Self.milliseconds(ContinuousClock.now - start))
        }
        print(
            String(
                format: "BENCH publish on A -> patch at B (100 publishes): p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                Self.percentile(latencies, 0.5), Self.percentile(latencies, 0.99), latencies.max() ?? 0))
        subscriber.cancel()
        await first.stop()
        await second.stop()
    }

    /// Conversions through the queue into each database, 500 per statement.
    @Test(arguments: Backend.available)
    func eventIngest(_ backend: Backend) async throws {
        let control = try await ControlPlane.open(database: try await backend.makeDatabase(), configuration: LiveConfiguration())
        let total = 100_000
        let start = ContinuousClock.now
        for batch in 0..<(total / 500) {
            let conversions = (0..<500).map { Conversion(id: "b\(batch)-\($0)", name: "checkout_done", user: "u\($0 % 997)") }
            for conversion in conversions { control.events.record(conversion) }
            if control.events.waiting >= 20_000 { #expect(await control.events.writeWaiting()) }
        }
        #expect(await control.events.writeWaiting())
        let seconds = Self.milliseconds(ContinuousClock.now - start) / 1_000
        let rows = try await control.database.query("SELECT COUNT(*) FROM events")
        #expect(rows.first?.integer(0) == total)
        print(
            String(
                format: "BENCH event ingest on %@: %d events in %.2f s = %.0f events/s", backend.rawValue, total, seconds,
                Double(total) / seconds))
        await control.database.close()
    }
}
