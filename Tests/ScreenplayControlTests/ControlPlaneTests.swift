import Foundation
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer
import Testing

/// The control plane against a real SQLite file and a real PostgreSQL server: the same tests on both.
@Suite struct ControlPlaneTests {
    static let homeOrder = Experiment("homeOrder", variants: [("servicesFirst", 50), ("paymentsFirst", 50)], goal: "checkout_done")

    static func open(_ backend: Backend, declaring: [Experiment] = [homeOrder]) async throws -> ControlPlane {
        let configuration = LiveConfiguration()
        for experiment in declaring { configuration.declare(experiment) }
        return try await ControlPlane.open(database: try await backend.makeDatabase(), configuration: configuration)
    }

    static func assign(_ control: ControlPlane, _ user: String, _ name: String = "homeOrder", audience: Audience? = nil) async -> String {
        var audience = audience ?? Audience(user: user)
        audience.user = user
        let assignments = ExperimentAssignments(
            experiments: control.configuration.experiments, audience: audience, overrides: [:],
            sticky: await control.assignments(of: user))
        let variant = assignments.variant(of: name)
        for exposure in assignments.exposures { control.events.record(exposure) }
        return variant
    }

    static let promo = Array(#"{"content": {"type": "text", "text": "Free delivery \"today\"'; DROP TABLE slot_versions;--"}}"#.utf8)

    @Test(arguments: Backend.available)
    func publishingValidatesKeepsEveryVersionRollsBackAndRefusesLostUpdates(_ backend: Backend) async throws {
        let control = try await Self.open(backend)
        // Invalid: 422 with every problem and its path, and nothing changes.
        let invalid = Array(
            #"{"content": {"type": "vstack", "children": [{"type": "text"}, {"type": "image", "url": "javascript:x"}]}, "x": 1}"#.utf8)
        let error = try await #require(throws: ScreenplayError.self) { try await control.publish(invalid, to: "home.promo", by: "alice") }
        #expect(error.status == .unprocessableContent)
        #expect(Set(error.problems.map(\.path)).isSuperset(of: ["x", "content.children[0]"]), "\(error.problems)")
        #expect(try await control.version(of: "home.promo") == nil)
        #expect(control.configuration.content(of: "home.promo") == nil)
        // A dry run checks and says what it would become; nothing changes.
        let dry = try await control.publish(Self.promo, to: "home.promo", by: "alice", ifMatch: 0, dryRun: true)
        #expect(dry.version == 1)
        #expect(try await control.version(of: "home.promo") == nil)
        // Published: stored as given (quotes and SQL), and in force here at once.
        let first = try await control.publish(Self.promo, to: "home.promo", by: "alice", ifMatch: 0)
        #expect(first.version == 1)
        #expect(try await control.version(of: "home.promo")?.document == String(decoding: Self.promo, as: UTF8.self))
        guard case .text(let text)? = control.configuration.content(of: "home.promo")?.content.component else {
            Issue.record("the published text is not in force")
            return
        }
        #expect(text.text == #"Free delivery "today"'; DROP TABLE slot_versions;--"#)
        // Two admins read version 1; the second to publish gets a 412 and changes nothing.
        let second = Array(
            #"{"content": {"type": "text", "text": "second"}, "translations": {"fr": {"type": "text", "text": "deuxième"}}}"#.utf8)
        _ = try await control.publish(second, to: "home.promo", by: "alice", ifMatch: 1)
        let lost = try await #require(throws: ScreenplayError.self) {
            try await control.publish(Self.promo, to: "home.promo", by: "bob", ifMatch: 1)
        }
        #expect(lost.status == .preconditionFailed)
        #expect(try await control.version(of: "home.promo")?.version == 2)
        #expect(control.configuration.content(of: "home.promo")?.node(for: "fr") == Text("deuxième").node)
        // Every version is kept (300 and more), and a rollback republishes an old one as the newest.
        for index in 3...305 {
            _ = try await control.publish(Array(#"{"content": {"type": "text", "text": "v\#(index)"}}"#.utf8), to: "home.promo", by: "ci")
        }
        #expect(try await control.versions(of: "home.promo", limit: 1_000).count == 305)
        let rolledBack = try await control.rollback("home.promo", to: 1, by: "alice", ifMatch: 305)
        #expect(rolledBack.version == 306)
        #expect(rolledBack.document == String(decoding: Self.promo, as: UTF8.self))
        #expect(control.configuration.content(of: "home.promo")?.version == 306)
        // The audit log says who did what, before and after.
        let audit = try await control.audit(target: "slot:home.promo", limit: 2)
        #expect(audit.first?.action == "rollback")
        #expect(audit.first?.actor == "alice")
        #expect(audit.first?.after == String(decoding: Self.promo, as: UTF8.self))
        #expect(audit.first?.before?.contains("v305") == true)
        await control.database.close()
    }

    @Test(arguments: Backend.available)
    func storedExperimentsOverrideCodeStayStickyAndStop(_ backend: Backend) async throws {
        let control = try await Self.open(backend)
        #expect(control.configuration.experiments["homeOrder"] == Self.homeOrder)
        let users = (0..<400).map { "user-\($0)" }
        var before: [String: String] = [:]
        for user in users { before[user] = await Self.assign(control, user) }
        #expect(await control.events.writeWaiting())
        // 10/90 now, same bucket version: everyone assigned keeps their variant …
        var skewed = Experiment("homeOrder", variants: [("servicesFirst", 10), ("paymentsFirst", 90)], goal: "checkout_done")
        skewed.allowList = ["qa-anna": "servicesFirst"]
        let stored = try await control.save(skewed, by: "alice", ifRevision: 0)
        #expect(stored.revision == 1)
        let fresh = try await Self.open(backend == .sqlite ? .sqlite : .postgres) // another process would hash again
        _ = fresh
        for user in users { #expect(await Self.assign(control, user) == before[user], "\(user) moved") }
        // … while new users follow the new weights.
        var newcomers: [String: Int] = [:]
        for index in 0..<2_000 { newcomers[await Self.assign(control, "new-\(index)"), default: 0] += 1 }
        #expect(Double(newcomers["paymentsFirst"] ?? 0) / 2_000 > 0.85)
        // A new bucket version reshuffles everyone by the new weights.
        skewed.bucketVersion = 2
        _ = try await control.save(skewed, by: "alice", ifRevision: 1)
        let moved = users.filter { before[$0] == "servicesFirst" }
        var reshuffled = 0
        for user in moved where await Self.assign(control, user) == "paymentsFirst" { reshuffled += 1 }
        #expect(Double(reshuffled) / Double(moved.count) > 0.8)
        // The allow list wins and is not counted; paused serves the control; stopped the winner.
        #expect(await Self.assign(control, "qa-anna") == "servicesFirst")
        let paused = try await control.update(experiment: "homeOrder", by: "alice") { $0.status = .paused }
        #expect(await Self.assign(control, "new-1") == "servicesFirst")
        let stopped = try await control.update(experiment: "homeOrder", by: "alice", ifRevision: paused.revision) {
            $0.status = .stopped
            $0.winner = "paymentsFirst"
        }
        #expect(stopped.revision == 4)
        for index in 0..<50 { #expect(await Self.assign(control, "any-\(index)") == "paymentsFirst") }
        // A stale revision is a 412; a stop without a winner a 422 with its path.
        await #expect(throws: ScreenplayError.self) { try await control.save(skewed, by: "bob", ifRevision: 2) }
        let noWinner = try await #require(throws: ScreenplayError.self) {
            try await control.update(experiment: "homeOrder", by: "bob") { $0.winner = nil }
        }
        #expect(noWinner.path == "winner")
        // Deleting the stored experiment brings the code's default back.
        try await control.deleteExperiment(named: "homeOrder", by: "alice")
        #expect(control.configuration.experiments["homeOrder"] == Self.homeOrder)
        await control.database.close()
    }

    @Test(arguments: Backend.available)
    func targetingTakesOnlyTheAudienceItNames(_ backend: Backend) async throws {
        let control = try await Self.open(backend)
        let json = Array(
            #"{"name": "homeOrder", "variants": [{"name": "servicesFirst", "weight": 1}, {"name": "paymentsFirst", "weight": 99}], "targeting": {"platforms": ["iOS"], "minAppVersion": "2.3", "attributes": {"group": ["beta"]}}}"#
                .utf8)
        _ = try await control.save(try #require(try Experiment.decode(from: json).value), by: "alice")
        let beta = Audience(platform: "ios", appVersion: AppVersion("2.10"), attributes: ["group": "Beta"])
        var inside = 0
        for index in 0..<100 where await Self.assign(control, "t-\(index)", audience: beta) == "paymentsFirst" { inside += 1 }
        #expect(inside > 90)
        for audience in [
            Audience(platform: "android", appVersion: AppVersion("2.10"), attributes: ["group": "beta"]),
            Audience(platform: "ios", appVersion: AppVersion("2.2.9"), attributes: ["group": "beta"]),
            Audience(platform: "ios", appVersion: nil, attributes: ["group": "beta"]),
            Audience(platform: "ios", appVersion: AppVersion("3"), attributes: [:]),
        ] {
            for index in 0..<20 { #expect(await Self.assign(control, "t-\(index)", audience: audience) == "servicesFirst", "\(audience)") }
        }
        // Invalid experiments: every problem with its path, nothing stored.
        let bad = Array(
            #"{"name": "x", "variants": [{"name": "a", "weight": -1}, {"name": "a", "weight": 1}], "status": "maybe", "targeting": {"minAppVersion": "two"}, "colour": 1}"#
                .utf8)
        let result = try Experiment.decode(from: bad)
        #expect(result.value == nil && result.hasErrors)
        let error = Experiment.invalid(result.diagnostics)
        #expect(error.status == .unprocessableContent)
        #expect(Set(error.problems.map(\.path)).isSuperset(of: ["colour", "status", "targeting.minAppVersion"]), "\(error.problems)")
        #expect(try await control.storedExperiment(named: "x") == nil)
        await control.database.close()
    }

    @Test(arguments: Backend.available)
    func reportsCountExposedUsersWhoConvertedOnceEach(_ backend: Backend) async throws {
        let control = try await Self.open(backend)
        var converted: [String: Int] = [:]
        var exposed: [String: Int] = [:]
        for index in 0..<600 {
            let user = "r-\(index)"
            let variant = await Self.assign(control, user)
            exposed[variant, default: 0] += 1
            // Converted at once, before the exposure is even written: it counts from when it was decided.
            if index % (variant == "paymentsFirst" ? 3 : 5) == 0 {
                converted[variant, default: 0] += 1
                let conversion = Conversion(id: "c-\(index)", name: "checkout_done", user: user)
                // The same event sent twice (a retried batch) counts once.
                control.events.record(conversion)
                control.events.record(conversion)
            }
        }
        // A conversion from someone never exposed, and another goal, count nothing.
        control.events.record(Conversion(name: "checkout_done", user: "stranger"))
        control.events.record(Conversion(name: "other", user: "r-1"))
        #expect(await control.events.writeWaiting())
        let report = try await control.report(experiment: "homeOrder")
        #expect(report.variants.map(\.users) == [exposed["servicesFirst"] ?? 0, exposed["paymentsFirst"] ?? 0])
        #expect(report.variants.map(\.conversions) == [converted["servicesFirst"] ?? 0, converted["paymentsFirst"] ?? 0])
        #expect(report.variants[0].lift == nil)
        #expect((report.variants[1].lift ?? 0) > 0.3)
        #expect(report.sampleRatioMismatch == false)
        await control.database.close()
    }
}
