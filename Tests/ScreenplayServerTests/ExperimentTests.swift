import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayServer
import Testing

@Suite struct ExperimentTests {
    @Test func assignmentFollowsTheWeightsWithinOnePercent() {
        let experiment = Experiment("distribution", variants: [("a", 50), ("b", 30), ("c", 20)])
        var counts: [String: Int] = [:]
        let users = 100_000
        for index in 0..<users { counts[experiment.variant(for: "user-\(index)"), default: 0] += 1 }
        for (variant, weight) in [("a", 0.5), ("b", 0.3), ("c", 0.2)] {
            let share = Double(counts[variant] ?? 0) / Double(users)
            #expect(abs(share - weight) < 0.01, "\(variant): \(share)")
        }
    }

    /// The same answer on every process and machine, and GrowthBook's: these were computed with
    /// GrowthBook's Python SDK (4.0.0, `gbhash(seed, user, 2) < 0.5`) and must never change (a change
    /// would move users between variants mid-experiment).
    @Test func assignmentIsStableAcrossProcesses() {
        let experiment = Experiment("homeOrder", variants: [("servicesFirst", 50), ("paymentsFirst", 50)])
        let assigned = (1...8).map { experiment.variant(for: "user-\($0)") }
        #expect(assigned == Self.golden, "\(assigned)")
    }

    static let golden = [
        "paymentsFirst", "servicesFirst", "paymentsFirst", "servicesFirst", "servicesFirst", "servicesFirst", "paymentsFirst",
        "servicesFirst",
    ]

    @Test func anotherExperimentNameShufflesUsersIndependently() {
        let first = Experiment("one", variants: [("a", 50), ("b", 50)])
        let second = Experiment("two", variants: [("a", 50), ("b", 50)])
        let same = (0..<2_000).filter { first.variant(for: "u\($0)") == second.variant(for: "u\($0)") }.count
        #expect(abs(Double(same) / 2_000 - 0.5) < 0.05)
    }

    final class RecordingSink: EventSink, @unchecked Sendable {
        private let lock = NSLock()
        private var exposures: [Exposure] = []
        func record(_ exposure: Exposure) {
            lock.lock()
            exposures.append(exposure)
            lock.unlock()
        }
        var recorded: [Exposure] {
            lock.lock()
            defer { lock.unlock() }
            return exposures
        }
    }

    static func sectionOrder(_ screen: Screen) -> [String] {
        guard case .list(let list) = screen.body.component else { return [] }
        return list.sections.compactMap(\.id)
    }

    @Test func theHomeOrderFollowsTheUsersVariantAndIsRecordedOnce() async throws {
        let sink = RecordingSink()
        var routes = DemoApp.routes()
        routes.eventSink = sink
        let router = Router()
        routes.addRoutes(to: router)
        let app = Application(router: router)
        let homeOrder = Experiment("homeOrder", variants: [("servicesFirst", 50), ("paymentsFirst", 50)])
        let headers = LiveServerTests.allComponents
        try await app.test(.router) { client in
            for user in ["user-1", "user-2"] {
                var request = headers
                request[.screenplayUser] = user
                let order = try await client.execute(uri: "/screens/home", method: .get, headers: request) {
                    Self.sectionOrder(try LiveServerTests.screen($0))
                }
                let expected =
                    homeOrder.variant(for: user) == "paymentsFirst"
                    ? ["section.pay", "section.services"] : ["section.services", "section.pay"]
                #expect(order == expected, "\(user)")
            }
            // A QA override wins, and says so in the exposure.
            var request = headers
            request[.screenplayUser] = "user-1"
            request[.screenplayExperiments] = "homeOrder=paymentsFirst, bogus"
            let order = try await client.execute(uri: "/screens/home", method: .get, headers: request) {
                Self.sectionOrder(try LiveServerTests.screen($0))
            }
            #expect(order == ["section.pay", "section.services"])
        }
        #expect(sink.recorded.map(\.user) == ["user-1", "user-2", "user-1"])
        #expect(sink.recorded.last?.overridden == true)
    }

    @Test func overridesAreIgnoredUnlessTheServerAllowsThem() async throws {
        let router = Router()
        DemoApp.routes(allowsExperimentOverrides: false).addRoutes(to: router)
        try await Application(router: router).test(.router) { client in
            var request = LiveServerTests.allComponents
            request[.screenplayUser] = "user-2" // servicesFirst
            request[.screenplayExperiments] = "homeOrder=paymentsFirst"
            let order = try await client.execute(uri: "/screens/home", method: .get, headers: request) {
                Self.sectionOrder(try LiveServerTests.screen($0))
            }
            #expect(order == ["section.services", "section.pay"])
        }
    }
}
