import Screenplay
import ScreenplayFlags
import ScreenplayServer
import Testing

/// One request's flags: evaluated once each for the audience's attributes, read typed, sent to the
/// app as typed variables, and an experiment rule that puts the user in a variation is an exposure.
@Suite struct FlagReadsTests {
    static let payload = FeaturesPayload.decode(
        from: Array(
            #"""
            {"features": {
              "layout": {"defaultValue": "list", "rules": [
                {"key": "layout-test", "variations": ["list", "grid"], "weights": [0, 1], "meta": [{"key": "control"}, {"key": "grid"}]}]},
              "columns": {"defaultValue": 2, "rules": [{"condition": {"platform": "ios", "appVersion": {"$vgte": "4.2"}}, "force": 3}]},
              "ratio": {"defaultValue": 1.5},
              "tags": {"defaultValue": ["a", "b"]},
              "copy": {"defaultValue": {"title": "Hi"}},
              "off": {"defaultValue": null}
            }}
            """#.utf8)
    ).value!

    static func reads(_ audience: Audience) -> FlagReads { FlagReads(evaluator: FlagEvaluator(payload: payload), audience: audience) }

    @Test func theAudienceIsWhatConditionsRead() {
        let ios = Self.reads(
            Audience(user: "u1", platform: "iOS", appVersion: AppVersion("4.2.1"), language: "fr", attributes: ["plan": "pro"]))
        #expect(ios.attributes == ["id": "u1", "platform": "ios", "appVersion": "4.2.1", "language": "fr", "plan": "pro"])
        #expect(ios.value("columns", default: 0) == 3)
        #expect(Self.reads(Audience(user: "u1", platform: "ios", appVersion: AppVersion("4.1"))).value("columns", default: 0) == 2)
        // No version said: the version condition does not hold.
        #expect(Self.reads(Audience(user: "u1", platform: "ios")).value("columns", default: 0) == 2)
    }

    @Test func typedReadsFallBackOnAnotherTypeOrAnUnknownFlag() {
        let reads = Self.reads(Audience(user: "u1"))
        #expect(reads.value("layout", default: "x") == "grid")
        #expect(reads.value("layout", default: 7) == 7, "a string is not a number")
        #expect(reads.value("ratio", default: 0.0) == 1.5)
        #expect(reads.value("ratio", default: 0) == 0, "1.5 is not a whole number")
        #expect(reads.value("missing", default: true) && !reads.isOn("missing"))
        #expect(reads.value("off", default: JSONValue.string("fallback")) == "fallback")
        #expect(reads.isOn("tags"), "an array is on, as in GrowthBook")
    }

    @Test func flagsGoToTheAppAsTypedVariables() {
        let reads = Self.reads(Audience(user: "u1", platform: "ios", appVersion: AppVersion("5")))
        let variables = reads.variables(["layout", "columns", "ratio", "tags", "copy", "off", "missing"])
        #expect(variables.map(\.name) == ["flags.layout", "flags.columns", "flags.ratio", "flags.tags", "flags.copy"])
        #expect(variables.map(\.type) == [.string, .integer, .number, .array, .dict])
        #expect(variables.first?.value == "grid" && variables[1].value == 3)
    }

    @Test func anExperimentRuleIsAnExposureOnceAndOnlyForAUser() {
        let reads = Self.reads(Audience(user: "u1"))
        _ = reads.isOn("layout")
        _ = reads.value("layout", default: "")
        _ = reads.isOn("columns")
        #expect(reads.flagsRead == ["layout", "columns"])
        let exposures = reads.exposures
        #expect(exposures.map(\.experiment) == ["layout-test"] && exposures.map(\.variant) == ["grid"], "\(exposures)")
        #expect(exposures.first?.user == "u1")
        // Without a user, GrowthBook hashes nothing: the default, no exposure.
        let anonymous = Self.reads(Audience())
        #expect(anonymous.value("layout", default: "") == "list")
        #expect(anonymous.exposures.isEmpty)
        // No flags in force: every flag reads as unknown.
        #expect(FlagReads(evaluator: nil, audience: Audience(user: "u1")).result("layout").source == .unknownFeature)
    }
}
