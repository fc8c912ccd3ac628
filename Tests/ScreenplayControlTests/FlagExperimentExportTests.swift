import Foundation
import ScreenplayControlTestSupport
import ScreenplayFlags
import ScreenplayProtocol
import ScreenplayServer
import Testing

@testable import ScreenplayControl

/// A stored flag that follows a stored experiment: refused when the experiment or its variants
/// are not what the rule names, and exported to GrowthBook's SDKs (`/admin/features`) as rules
/// that give every user the value the server gives them — checked user by user against the
/// server's own evaluation, through targeting, an allow list, a kill switch, a pause and a stop.
@Suite struct FlagExperimentExportTests {
    static func flag(values: String, name: String = "heroTest") -> FlagDefinition {
        let feature = try! JSONParser.parse(
            Array(
                #"""
                {"defaultValue": "plain", "rules": [
                  {"id": "beta", "condition": {"plan": "beta"}, "force": "beta"},
                  {"id": "follow", "condition": {"language": {"$ne": "de"}},
                   "screenplayExperiment": {"name": "\#(name)", "values": \#(values)}}]}
                """#.utf8))
        return FlagDefinition(key: "hero", feature: feature)
    }

    static let values = #"{"control": "plain", "photo": "photo", "video": "video"}"#

    static func experiment() -> Experiment {
        var experiment = Experiment("heroTest", variants: [("control", 2), ("photo", 1), ("video", 1)])
        experiment.seed = "hero-seed"
        experiment.targeting.platforms = ["ios", "android"]
        experiment.targeting.minAppVersion = AppVersion("4.2")
        experiment.allowList = ["qa-1": "video", "qa-2": "photo"]
        experiment.switchedOff = [KillSwitch(platform: "android", maxAppVersion: AppVersion("4.3.1"))]
        return experiment
    }

    static func open(_ backend: Backend) async throws -> (ControlPlane, LiveConfiguration) {
        let configuration = LiveConfiguration()
        let control = try await ControlPlane.open(database: try await backend.makeDatabase(), configuration: configuration)
        return (control, configuration)
    }

    @Test(arguments: Backend.available)
    func aRuleNamingAnUnknownExperimentOrVariantIsRefusedAtItsPath(_ backend: Backend) async throws {
        let (control, configuration) = try await Self.open(backend)
        _ = try await control.save(Self.experiment(), by: "alice")
        try await control.reload()
        #expect(configuration.experiments["heroTest"] != nil)
        func problems(_ flag: FlagDefinition) async -> [String] {
            do {
                try await control.save(flag: flag, by: "alice", ifRevision: 0)
                return []
            } catch let error as ScreenplayError {
                return error.problems.map { "\($0.path): \($0.message)" }
            } catch {
                return ["\(error)"]
            }
        }
        #expect(
            await problems(Self.flag(values: Self.values, name: "nope"))
                == [#"feature.rules[1].screenplayExperiment.name: there is no experiment "nope""#])
        #expect(
            await problems(Self.flag(values: #"{"control": "plain", "photo": "photo", "video": "video", "gif": "gif"}"#))
                == [
                    #"feature.rules[1].screenplayExperiment.values.gif: heroTest has no variant "gif" (its variants: control, photo, video)"#
                ])
        #expect(
            await problems(Self.flag(values: #"{"control": "plain", "photo": "photo"}"#))
                == [#"feature.rules[1].screenplayExperiment.values: the variant "video" of heroTest needs a value"#])
        #expect(try await control.flags().isEmpty, "nothing refused was stored")
        #expect(await problems(Self.flag(values: Self.values)).isEmpty)
    }

    @Test(arguments: Backend.available)
    func growthBookSDKsGiveEveryUserWhatTheServerGives(_ backend: Backend) async throws {
        let (control, configuration) = try await Self.open(backend)
        var experiment = Self.experiment()
        let stored = try await control.save(experiment, by: "alice")
        try await control.save(flag: Self.flag(values: Self.values), by: "alice", ifRevision: 0)
        var revision = stored.revision
        for status in [Experiment.Status.running, .paused, .stopped] {
            if status != .running {
                experiment.status = status
                experiment.winner = status == .stopped ? "photo" : nil
                revision = try await control.save(experiment, by: "alice", ifRevision: revision).revision
            }
            try await control.reload()
            let exported = try await control.flagsPayload(forGrowthBookSDKs: true)
            let read = FeaturesPayload.decode(from: exported)
            #expect(read.errors.isEmpty, "\(read.errors)")
            let sdk = FlagEvaluator(payload: try #require(read.value))
            let server = try #require(configuration.flags)
            var seen: [String: Int] = [:]
            let users = (0..<600).map { "user-\($0)" } + ["qa-1", "qa-2", ""]
            for (index, user) in users.enumerated() {
                let platforms = ["ios", "android", "web"]
                let versions = ["4.1", "4.2", "4.3.1", "5.0", nil]
                let audience = Audience(
                    user: user.isEmpty ? nil : user, platform: platforms[index % 3],
                    appVersion: versions[index % 5].flatMap { AppVersion($0) },
                    language: index % 7 == 0 ? "de" : "en", attributes: index % 11 == 0 ? ["plan": "beta"] : [:])
                let assignments = ExperimentAssignments(experiments: configuration.experiments, audience: audience)
                let onServer = FlagReads(evaluator: server, audience: audience, experiments: assignments).result("hero").value
                let inSDK = sdk.evaluate("hero", attributes: FlagReads.attributes(of: audience)).value
                #expect(inSDK == onServer, "\(status) \(user) \(audience): the SDK gives \(inSDK), the server \(onServer)")
                seen[onServer.stringValue ?? "?", default: 0] += 1
            }
            switch status {
            case .running: #expect(Set(seen.keys) == ["plain", "photo", "video", "beta"], "\(seen)")
            case .paused:
                // qa-1 (iOS) keeps its listed variant; qa-2 is on an Android app switched off.
                #expect(seen == ["plain": seen["plain", default: 0], "beta": seen["beta", default: 0], "video": 1], "\(seen)")
            case .stopped:
                // The winner for everyone the rule reaches, but the allow list and the switched-off.
                #expect(seen["photo", default: 0] > 300 && seen["video"] == 1, "\(seen)")
            }
        }
    }
}
