import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer
import ScreenplayTestHarness
import Testing

@testable import ScreenplayControl

/// Feature flags kept in the control plane, over a real socket on SQLite and PostgreSQL: the
/// demo's seeded rollout decides what a screen shows and what the app is sent; a flag that would
/// make the payload unreadable is refused at its paths and the flags in force stay; a kill switch
/// serves the default value to its part of the audience; the payload in force is GrowthBook's shape.
@Suite struct FlagStoreTests {
    /// The home as an app of `user` on `platform` gets it: whether its pay banner has the badge,
    /// and the `flags.payBadge` variable it was sent.
    static func home(_ instance: Instance, user: String, platform: String) async throws -> (badge: Bool, variable: JSONValue?) {
        var headers = Instance.allComponents
        headers[.screenplayUser] = user
        headers[.screenplayPlatform] = platform
        headers[.screenplayVersion] = "1.2"
        let response = try await instance.send(.get, "/screens/home", headers: headers, token: nil)
        let text = String(decoding: response.body, as: UTF8.self)
        let json = try JSONParser.parse(response.body, limits: .unlimited)
        let variable = json["variables"]?.arrayValue?.first { $0["name"] == "flags.payBadge" }
        return (text.contains("Pay with one tap · New"), variable?["value"])
    }

    static func users(_ instance: Instance, platform: String, count: Int = 40) async throws -> [(String, Bool, JSONValue?)] {
        var seen: [(String, Bool, JSONValue?)] = []
        for index in 0..<count {
            let user = "flag-user-\(index)"
            let (badge, variable) = try await home(instance, user: user, platform: platform)
            seen.append((user, badge, variable))
        }
        return seen
    }

    @Test(arguments: Backend.available)
    func theSeededRolloutDecidesTheScreenAndWhatTheAppIsSent(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let ios = try await Self.users(instance, platform: "ios")
        let shown = ios.filter(\.1).count
        // Half of the iOS users, by GrowthBook's hash of their id: about 20 of 40, never none or all.
        #expect((8...32).contains(shown), "\(shown) of 40 iOS users have the badge")
        for (user, badge, variable) in ios {
            #expect(variable == .bool(badge), "\(user): the app is sent what the screen shows")
            // The same user, the same answer: the rollout is sticky by its hash.
            #expect(try await Self.home(instance, user: user, platform: "ios").badge == badge)
        }
        #expect(try await Self.users(instance, platform: "android", count: 10).allSatisfy { !$0.1 && $0.2 == .bool(false) })

        // The rollout's results: the iOS users it placed, included or held back (Android users
        // do not meet its condition and are not counted).
        #expect(await instance.control.events.writeWaiting())
        let measured = try await instance.send(
            .get, "/admin/experiments/rollout:payBadge/report?goal=checkout_done", token: Instance.readToken)
        #expect(measured.status == .ok, "\(String(decoding: measured.body, as: UTF8.self))")
        let report = try #require(ExperimentReport.decode(from: measured.body).value)
        #expect(report.variants.map(\.name) == ["heldBack", "included"])
        #expect(report.variants.map(\.users) == [40 - shown, shown], "\(report.variants.map(\.users)), \(shown) shown the badge")

        // The payload in force, as GrowthBook's SDKs read it.
        let features = try await instance.send(.get, "/admin/features", token: Instance.readToken)
        let payload = try JSONParser.parse(features.body, limits: .unlimited)
        #expect(payload["features"]?["payBadge"]?["rules"]?.arrayValue?.first?["coverage"] == 0.5)

        // A kill switch: the iOS users are served the default value from their next request.
        let off = try await instance.send(
            .post, "/admin/flags/payBadge/switched-off", body: #"{"platform": "ios", "reason": "the badge overlaps on small phones"}"#)
        #expect(off.status == .ok, "\(String(decoding: off.body, as: UTF8.self))")
        try await eventually("ten iOS users served the default value") {
            try await Self.users(instance, platform: "ios", count: 10).allSatisfy { !$0.1 }
        }
        let audit = try await instance.control.audit(target: "flag:payBadge")
        #expect(audit.first?.action == "switch off ios" && audit.first?.actor == "alice", "\(audit.map(\.action))")
        let exported = try JSONParser.parse(try await instance.send(.get, "/admin/features").body, limits: .unlimited)
        #expect(
            exported["features"]?["payBadge"]?["rules"]?.arrayValue?.first?["id"] == "switched-off: ios",
            "the switch is a rule GrowthBook's SDKs follow too")
        let on = try await instance.send(.delete, "/admin/flags/payBadge/switched-off", body: #"{"platform": "ios"}"#)
        #expect(on.status == .ok)
        try await eventually("the iOS users shown the badge again") {
            try await Self.users(instance, platform: "ios").filter(\.1).count == shown
        }
    }

    @Test(arguments: Backend.available)
    func aFlagThatWouldNotReadIsRefusedAtItsPathsAndTheFlagsInForceStay(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let before = instance.control.configuration.flagsVersion
        let unknownOperator = #"{"feature": {"defaultValue": 1, "rules": [{"condition": {"plan": {"$almost": "pro"}}, "force": 2}]}}"#
        let refused = try await instance.send(.put, "/admin/flags/gridColumns", body: unknownOperator)
        #expect(refused.status == .unprocessableContent)
        let problems = String(decoding: refused.body, as: UTF8.self)
        #expect(problems.contains("feature.rules[0].condition"), "\(problems)")
        let hostile = #"{"feature": {"defaultValue": 1, "rules": [{"condition": {"email": {"$regex": "(a+)+\\1"}}, "force": 2}]}}"#
        let refusedPattern = try await instance.send(.put, "/admin/flags/gridColumns", body: hostile)
        #expect(refusedPattern.status == .unprocessableContent, "\(String(decoding: refusedPattern.body, as: UTF8.self))")

        // Two flags that need each other: the second is refused, the first stays as it was.
        let first =
            #"{"feature": {"defaultValue": true, "rules": [{"parentConditions": [{"id": "b", "condition": {"value": true}}], "force": false}]}}"#
        #expect(try await instance.send(.put, "/admin/flags/a", body: first).status == .created)
        let cycle =
            #"{"feature": {"defaultValue": true, "rules": [{"parentConditions": [{"id": "a", "condition": {"value": true}}], "force": false}]}}"#
        let refusedCycle = try await instance.send(.put, "/admin/flags/b", body: cycle)
        #expect(refusedCycle.status == .unprocessableContent)
        #expect(
            String(decoding: refusedCycle.body, as: UTF8.self).contains("prerequisite"),
            "\(String(decoding: refusedCycle.body, as: UTF8.self))")
        #expect(try await instance.control.storedFlag("b") == nil)
        #expect(instance.control.configuration.flags?.payload.features["a"] != nil)
        #expect(instance.control.configuration.flagsVersion != before, "the new flag a is in force")

        // Lost updates, the read role, and a flag another one needs.
        let stale = try await instance.send(.put, "/admin/flags/a", body: first, headers: [.ifMatch: "\"7\""])
        #expect(stale.status == .preconditionFailed)
        let reader = try await instance.send(.put, "/admin/flags/c", body: first, token: Instance.readToken)
        #expect(reader.status == .forbidden)
        let needed =
            #"{"feature": {"defaultValue": 3, "rules": [{"parentConditions": [{"id": "a", "condition": {"value": true}}], "force": 4}]}}"#
        #expect(try await instance.send(.put, "/admin/flags/c", body: needed).status == .created)
        let deleted = try await instance.send(.delete, "/admin/flags/a")
        #expect(deleted.status == .unprocessableContent, "c needs a")
        #expect(try await instance.send(.delete, "/admin/flags/c").status == .noContent)
        #expect(try await instance.send(.delete, "/admin/flags/a").status == .noContent)
        #expect(try await instance.send(.get, "/admin/flags/a").status == .notFound)
    }

    /// A flag's experiment rule is recorded like an experiment: its exposures and conversions make
    /// the same report, read by the rule's key.
    @Test(arguments: Backend.available)
    func aFlagsExperimentRuleHasTheResultsOfAnExperiment(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let experiment = #"""
            {"feature": {"defaultValue": false, "rules": [{"key": "badge-test", "variations": [false, true], "weights": [0.5, 0.5],
              "meta": [{"key": "plain"}, {"key": "badge"}]}]}}
            """#
        #expect(try await instance.send(.put, "/admin/flags/payBadge", body: experiment).status == .ok)
        try await eventually("the payload's payBadge rule in force") {
            instance.control.configuration.flags?.payload.features["payBadge"]?.rules.count == 1
        }
        let seen = try await Self.users(instance, platform: "android", count: 30)
        for (index, (user, _, _)) in seen.enumerated() where index % 3 == 0 {
            instance.control.events.record(Conversion(name: "checkout_done", user: user))
        }
        #expect(await instance.control.events.writeWaiting())
        let response = try await instance.send(.get, "/admin/experiments/badge-test/report?goal=checkout_done", token: Instance.readToken)
        #expect(response.status == .ok, "\(String(decoding: response.body, as: UTF8.self))")
        let report = try #require(ExperimentReport.decode(from: response.body).value)
        #expect(report.variants.map(\.name) == ["plain", "badge"])
        #expect(report.variants.map(\.users).reduce(0, +) == 30, "every user who read the flag is exposed once")
        #expect(report.variants.map(\.conversions).reduce(0, +) == 10)
        // Each user's variation is what the screen showed them.
        let badged = seen.filter(\.1).count
        #expect(report.variants.last?.users == badged, "\(report.variants.map(\.users)) vs \(badged) shown the badge")
    }

    @Test func aGrowthBookPayloadIsServedInsteadAndARefusedOneKeepsThePrevious() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let served = Box(#"{"features": {"payBadge": {"defaultValue": true}}}"#)
        let source = FlagPayloadSource(control: instance.control, origin: "test") { Array(served.value.utf8) }
        #expect(await source.refresh()?.value != nil)
        #expect(try await Self.home(instance, user: "anyone", platform: "android").badge, "the payload's default is on")
        // A payload that does not read is refused; the one in force stays.
        served.value = #"{"features": {"payBadge": {"defaultValue": false, "rules": [{"condition": {"x": {"$nope": 1}}, "force": 1}]}}}"#
        let refused = await source.refresh()
        #expect(refused?.value == nil && refused?.errors.contains { "\($0.path)".contains("features.payBadge.rules[0].condition") } == true)
        #expect(try await Self.home(instance, user: "anyone", platform: "android").badge)
        // The stored flags wait while a payload is in force; /admin/features says what is served.
        try await instance.control.reload()
        #expect(try await Self.home(instance, user: "anyone", platform: "android").badge)
        let features = try JSONParser.parse(try await instance.send(.get, "/admin/features").body, limits: .unlimited)
        #expect(features["features"]?["payBadge"]?["defaultValue"] == true)
    }

    final class Box: @unchecked Sendable {
        var value: String
        init(_ value: String) { self.value = value }
    }
}
