import Foundation
import ScreenplayTestHarness
import Testing

/// `screenplay flags evaluate`: a features payload and a user's attributes in, each flag's value and
/// the rule that gave it out, as JSON; a refused payload's errors with their paths.
@Suite struct FlagsCommandTests {
    let cli = CLITests()

    /// A payload with a kill switch, a rollout, an experiment, a gated flag and a scheduled rule.
    static let payload = """
        {"status": 200, "features": {
          "newCheckout": {"defaultValue": false, "rules": [
            {"id": "kill-old-android", "condition": {"platform": "android", "appVersion": {"$vlt": "4.2.0"}}, "force": false},
            {"id": "everyone", "force": true}]},
          "layout": {"defaultValue": "list", "rules": [
            {"id": "layout-test", "key": "layout-exp", "variations": ["list", "grid"], "hashVersion": 2,
             "meta": [{"key": "control"}, {"key": "grid"}]}]},
          "gated": {"defaultValue": "open", "rules": [
            {"parentConditions": [{"id": "newCheckout", "condition": {"value": true}, "gate": true}]}]},
          "sale": {"defaultValue": "off", "rules": [
            {"id": "march", "force": "on", "startsAt": "2026-03-01T00:00:00Z", "endsAt": "2026-04-01T00:00:00Z"}]}
        }}
        """

    func write(_ text: String, name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flags-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func flags(_ output: String) throws -> [String: [String: Any]] {
        let document = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return try #require(document?["flags"] as? [String: [String: Any]], "\(output)")
    }

    @Test func eachFlagsValueAndRuleArePrinted() async throws {
        let path = try write(Self.payload, name: "payload.json")
        let run = try await cli.screenplay(
            "flags", "evaluate", "--payload", path, "--attributes", #"{"id": "u1", "platform": "android", "appVersion": "4.1.0"}"#,
            "--at", "2026-03-15T12:00:00Z")
        #expect(run.status == 0, "\(run.errors)")
        let results = try flags(run.output)
        #expect(Set(results.keys) == ["newCheckout", "layout", "gated", "sale"])
        #expect(results["newCheckout"]?["value"] as? Bool == false)
        #expect(results["newCheckout"]?["source"] as? String == "force")
        #expect(results["newCheckout"]?["ruleId"] as? String == "kill-old-android")
        #expect(results["gated"]?["source"] as? String == "prerequisite", "the kill switch stops the gated flag")
        #expect(results["sale"]?["value"] as? String == "on")
        // GrowthBook's FeatureResult: the experiment's key, and its Result with the variation's key.
        let experiment = try #require(results["layout"]?["experiment"] as? [String: Any])
        let result = try #require(results["layout"]?["experimentResult"] as? [String: Any])
        #expect(results["layout"]?["source"] as? String == "experiment")
        #expect(experiment["key"] as? String == "layout-exp")
        #expect(result["inExperiment"] as? Bool == true && result["featureId"] as? String == "layout")
        #expect(result["hashAttribute"] as? String == "id")
        #expect(["control", "grid"].contains(result["key"] as? String ?? ""))
        #expect(results["newCheckout"]?["off"] as? Bool == true)
    }

    @Test func chosenFlagsAttributesFromAFileAndAnotherTime() async throws {
        let path = try write(Self.payload, name: "payload.json")
        let attributes = try write(#"{"id": "u1", "platform": "ios", "appVersion": "4.1.0"}"#, name: "attributes.json")
        let run = try await cli.screenplay(
            "flags", "evaluate", "--payload", path, "--attributes", "@" + attributes, "--flag", "newCheckout", "--flag", "sale",
            "--flag", "missing", "--at", "2026-04-01T00:00:00Z")
        #expect(run.status == 0, "\(run.errors)")
        let results = try flags(run.output)
        #expect(Set(results.keys) == ["newCheckout", "sale", "missing"])
        #expect(results["newCheckout"]?["ruleId"] as? String == "everyone")
        #expect(results["sale"]?["source"] as? String == "defaultValue", "the schedule ended at its endsAt")
        #expect(results["missing"]?["source"] as? String == "unknownFeature")
    }

    @Test func aRuleFollowingAScreenplayExperimentReadsTheVariantsGiven() async throws {
        let path = try write(
            #"{"features": {"hero": {"defaultValue": "plain", "rules": [{"id": "follow", "screenplayExperiment": {"name": "heroTest", "values": {"control": "plain", "photo": "photo"}}}]}}}"#,
            name: "following.json")
        let given = try await cli.screenplay("flags", "evaluate", "--payload", path, "--variants", #"{"heroTest": "photo"}"#)
        #expect(given.status == 0, "\(given.errors)")
        let result = try #require(try flags(given.output)["hero"])
        #expect(result["value"] as? String == "photo" && result["source"] as? String == "screenplayExperiment")
        #expect((result["screenplayExperiment"] as? [String: Any])?["variant"] as? String == "photo")
        // Without variants the rule is passed, as GrowthBook's SDKs pass a rule they do not know.
        let passed = try await cli.screenplay("flags", "evaluate", "--payload", path)
        #expect(try flags(passed.output)["hero"]?["source"] as? String == "defaultValue")
        let bad = try await cli.screenplay("flags", "evaluate", "--payload", path, "--variants", "photo")
        #expect(bad.status != 0 && bad.errors.contains("--variants"), "\(bad.errors)")
    }

    @Test func aRefusedPayloadPrintsItsErrorsWithPathsAndExitsOne() async throws {
        let path = try write(
            """
            {"features": {"f": {"rules": [{"condition": {"n": {"$near": 1}}, "force": 1},
                                         {"variations": [1, 2], "weights": [0.5, 0.2]}]}}}
            """, name: "bad.json")
        let run = try await cli.screenplay("flags", "evaluate", "--payload", path)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("features.f.rules[0].condition.n.$near: error:"), "\(run.errors)")
        #expect(run.errors.contains("features.f.rules[1].weights: error:"), "\(run.errors)")
        let notJSON = try await cli.screenplay("flags", "evaluate", "--payload", try write("{", name: "broken.json"))
        #expect(notJSON.status == 1)
        #expect(notJSON.errors.contains("not JSON"), "\(notJSON.errors)")
        let badAttributes = try await cli.screenplay(
            "flags", "evaluate", "--payload", try write(Self.payload, name: "ok.json"), "--attributes", "[1]")
        #expect(badAttributes.status != 0)
        #expect(badAttributes.errors.contains("--attributes"), "\(badAttributes.errors)")
    }

    /// `serve --flags-payload FILE`: a GrowthBook payload decides the demo's badge instead of the
    /// stored flag, is read again as it changes, and a refused one keeps the one in force; the
    /// server's own payload export evaluates to the same with `flags evaluate`.
    @Test func aServerFollowsAGrowthBookPayloadFileAndKeepsItWhenARefusedOneReplacesIt() async throws {
        let path = try write(#"{"features": {"payBadge": {"defaultValue": true}}}"#, name: "served.json")
        let token = "cli-flags-token-0123456789abcdef"
        let server = try await OpenCommandTests.Server.start(
            arguments: ["--flags-payload", path, "--flags-refresh", "1"], environment: ["SCREENPLAY_ADMIN_TOKENS": "ci:admin:\(token)"])
        func home() async throws -> String { try await cli.screenplay("open", "\(server.url)/screens/home").output }
        #expect(try await home().contains("Pay with one tap · New"), "the payload's default is on for everyone")

        try Data(#"{"features": {"payBadge": {"defaultValue": false}}}"#.utf8).write(to: URL(fileURLWithPath: path))
        try await eventually(within: .seconds(10), pollingEvery: .milliseconds(250), "the new payload to turn the badge off") {
            try await !home().contains("· New")
        }

        // The server logs each payload it refuses: this one has been read once that count grows.
        func refusals() -> Int { server.process.standardError.text.components(separatedBy: "the flags payload was refused").count }
        let refusedBefore = refusals()
        try Data(#"{"features": {"payBadge": {"defaultValue": true, "rules": [{"condition": {"a": {"$nope": 1}}, "force": 1}]}}}"#.utf8)
            .write(to: URL(fileURLWithPath: path), options: .atomic)
        try await eventually(within: .seconds(10), "the server to read and refuse the new payload") { refusals() > refusedBefore }
        #expect(try await !home().contains("· New"), "a refused payload keeps the one in force")

        // What the server serves, evaluated from outside by the same rules.
        let exported = try await cli.screenplay("admin", "features", "--server", server.url, "--token", token)
        let served = try write(exported.output, name: "exported.json")
        let evaluated = try flags(
            try await cli.screenplay("flags", "evaluate", "--payload", served, "--attributes", #"{"id": "u1"}"#).output)
        #expect(evaluated["payBadge"]?["value"] as? Bool == false, "\(evaluated)")

        // A kill switch from the shell, as the command line writes a part of the audience.
        let switched = try await cli.screenplay(
            "admin", "experiments", "switch-off", "homeOrder", "ios:4.2-4.2.3", "--reason", "crash on launch", "--server", server.url,
            "--token", token)
        #expect(switched.status == 0, "\(switched.errors)")
        #expect(
            switched.output.contains(#""minAppVersion": "4.2""#) && switched.output.contains(#""reason": "crash on launch""#),
            "\(switched.output)")
        let badPart = try await cli.screenplay(
            "admin", "flags", "switch-off", "payBadge", "ios:four-", "--server", server.url, "--token", token)
        #expect(badPart.status != 0 && badPart.errors.contains("four"), "\(badPart.errors)")
        await server.stop()
    }
}
