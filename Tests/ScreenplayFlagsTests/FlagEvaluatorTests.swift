import Foundation
import Screenplay
import Testing

@testable import ScreenplayFlags

/// The evaluator beyond GrowthBook's cases: schedules on an injected clock, payloads built in code
/// with a cycle, prerequisites shared by many flags, sticky buckets written back, and the cost of
/// a payload of 500 flags.
@Suite struct FlagEvaluatorTests {
    static func payload(_ json: JSONValue) throws -> FeaturesPayload {
        let read = FeaturesPayload.decode(from: json)
        return try #require(read.value, "\(read.errors)")
    }

    @Test func schedulesFollowTheInjectedClock() throws {
        let payload = try Self.payload([
            "features": [
                "banner": [
                    "defaultValue": "none",
                    "rules": [
                        ["id": "launch", "force": "launch", "startsAt": "2026-06-01T08:00:00+02:00", "endsAt": "2026-06-02T00:00:00Z"]
                    ],
                ]
            ]
        ])
        var evaluator = FlagEvaluator(payload: payload)
        func at(_ text: String) -> FlagResult {
            let instant = FlagSchedule.instant(text)!
            evaluator.now = { instant }
            return evaluator.evaluate("banner", attributes: [:])
        }
        #expect(at("2026-06-01T05:59:59Z").source == .defaultValue)
        let started = at("2026-06-01T06:00:00Z")
        #expect(started.value == "launch" && started.ruleID == "launch")
        #expect(at("2026-06-01T23:59:59.5Z").value == "launch")
        #expect(at("2026-06-02T00:00:00Z").value == "none")
    }

    @Test func aCycleBuiltInCodeIsReportedAsGrowthBookReportsIt() {
        let loop = FlagPrerequisite(flag: "b", condition: .always)
        let back = FlagPrerequisite(flag: "a", condition: .always)
        let payload = FeaturesPayload(features: [
            "a": FeatureFlag(
                key: "a", defaultValue: 1, rules: [FlagRule(parentConditions: [loop], action: .force(2, FlagRollout(seed: "a")))]),
            "b": FeatureFlag(
                key: "b", defaultValue: 1, rules: [FlagRule(parentConditions: [back], action: .force(2, FlagRollout(seed: "b")))]),
            "c": FeatureFlag(key: "c", defaultValue: "c"),
        ])
        let evaluator = FlagEvaluator(payload: payload)
        #expect(evaluator.evaluate("a", attributes: [:]).source == .cyclicPrerequisite)
        #expect(evaluator.evaluate("b", attributes: [:]).value == .null)
        let all = evaluator.evaluateAll(attributes: [:])
        #expect(all["c"]?.value == "c" && all["a"]?.source == .cyclicPrerequisite)
    }

    @Test func aPrerequisiteSharedByManyFlagsAgreesWithItself() throws {
        var features: [String: JSONValue] = [
            "base": ["defaultValue": false, "rules": [["force": true, "coverage": 0.5, "hashVersion": 2]]]
        ]
        for index in 0..<50 {
            features["child\(index)"] = [
                "defaultValue": "off",
                "rules": [["parentConditions": [["id": "base", "condition": ["value": true]]], "force": "on"]],
            ]
        }
        let evaluator = FlagEvaluator(payload: try Self.payload(["features": .object(features)]))
        for user in ["u1", "u2", "u3", "u4", "u5", "u6"] {
            let all = evaluator.evaluateAll(attributes: ["id": .string(user)])
            let base = try #require(all["base"])
            let expected: JSONValue = base.isOn ? "on" : "off"
            #expect((0..<50).allSatisfy { all["child\($0)"]?.value == expected })
            #expect(evaluator.evaluate("child7", attributes: ["id": .string(user)]).value == expected)
        }
    }

    @Test func stickyBucketsKeepAUserInTheirVariationWhenWeightsChange() throws {
        func payload(_ weights: [Double]) throws -> FeaturesPayload {
            try Self.payload([
                "features": [
                    "layout": [
                        "defaultValue": "list",
                        "rules": [
                            [
                                "key": "layout-exp", "variations": ["list", "grid"], "weights": .array(weights.map(JSONValue.number)),
                                "hashVersion": 2, "meta": [["key": "list"], ["key": "grid"]], "fallbackAttribute": "deviceId",
                            ]
                        ],
                    ]
                ]
            ])
        }
        var buckets = FlagStickyBuckets()
        let first = FlagEvaluator(payload: try payload([0.5, 0.5])).evaluate(
            "layout", attributes: ["deviceId": "d1"], stickyBuckets: &buckets)
        #expect(first.experiment?.hashAttribute == "deviceId", "the fallback attribute is hashed with sticky buckets")
        #expect(buckets.changedDocuments.map(\.key) == ["deviceId||d1"])
        let kept = try #require(first.experiment?.variationKey)
        // Everyone would now get the other variation, but this user is stuck to theirs.
        let other: [Double] = kept == "list" ? [0, 1] : [1, 0]
        var again = FlagStickyBuckets(documents: buckets.changedDocuments)
        let second = FlagEvaluator(payload: try payload(other)).evaluate("layout", attributes: ["deviceId": "d1"], stickyBuckets: &again)
        #expect(second.experiment?.variationKey == kept && second.experiment?.stickyBucketUsed == true)
        #expect(again.changedDocuments.isEmpty)
        // Without sticky buckets the new weights apply, and the fallback attribute is not used.
        let plain = FlagEvaluator(payload: try payload(other)).evaluate("layout", attributes: ["deviceId": "d1"])
        #expect(plain.source == .defaultValue)
    }

    @Test func optionsAreGrowthBooksContextSwitches() throws {
        let payload = try Self.payload(["features": ["f": ["defaultValue": 0, "rules": [["key": "exp", "variations": [1, 2]]]]]])
        let forced = FlagEvaluator(payload: payload, options: .init(forcedVariations: ["exp": 1]))
        #expect(forced.evaluate("f", attributes: ["id": "u1"]).value == 2)
        #expect(forced.evaluate("f", attributes: ["id": "u1"]).experiment?.hashUsed == false)
        let qa = FlagEvaluator(payload: payload, options: .init(qaMode: true))
        #expect(qa.evaluate("f", attributes: ["id": "u1"]).source == .defaultValue)
        let disabled = FlagEvaluator(payload: payload, options: .init(enabled: false))
        #expect(disabled.evaluate("f", attributes: ["id": "u1"]).source == .defaultValue)
        let overridden = FlagEvaluator(payload: payload, options: .init(forcedValues: ["f": "x"]))
        #expect(overridden.evaluate("f", attributes: [:]).source == .override)
        #expect(FlagEvaluator(payload: payload).evaluate("nope", attributes: [:]).source == .unknownFeature)
    }

    @Test func resultsAreOnAsJavaScriptDecidesTruth() {
        for (value, on) in [
            (JSONValue.null, false), (false, false), (0, false), ("", false), ([], true), ([:], true), ("0", true), (0.5, true),
        ] {
            #expect(FlagResult(key: "k", value: value, source: .force).isOn == on, "\(value)")
        }
        let json = FlagResult(key: "k", value: 1, source: .force, ruleID: "r").json
        #expect(json == ["value": 1, "on": true, "off": false, "source": "force", "ruleId": "r"])
    }

    /// 500 flags with conditions, prerequisites and experiments: read and evaluated for many users
    /// (docs/PERFORMANCE.md records the figures from a release build).
    @Test func fiveHundredFlagsAreReadAndEvaluatedQuickly() throws {
        var features: [String: JSONValue] = [:]
        for index in 0..<500 {
            let condition: JSONValue = [
                "country": ["$in": ["US", "CA", "FR", "DE"]], "appVersion": ["$vgte": .string("4.\(index % 10).0")],
                "$or": [["plan": "pro"], ["email": ["$regex": "@example\\.com$"]], ["tags": ["$elemMatch": ["$eq": "beta"]]]],
            ]
            var rules: [JSONValue] = [
                ["id": .string("kill\(index)"), "condition": ["platform": "android", "appVersion": ["$vlt": "4.0.0"]], "force": false],
                ["id": .string("target\(index)"), "condition": condition, "force": true, "coverage": 0.5, "hashVersion": 2],
                ["id": .string("exp\(index)"), "variations": [false, true], "weights": [0.5, 0.5], "hashVersion": 2],
            ]
            if index >= 10 {
                rules.insert(
                    ["parentConditions": [["id": .string("flag\(index % 10)"), "condition": ["value": ["$exists": true]]]]], at: 0)
            }
            features["flag\(index)"] = ["defaultValue": false, "rules": .array(rules)]
        }
        let bytes = JSONWriter.write(["features": .object(features)])
        let clock = ContinuousClock()
        var read: DecodeResult<FeaturesPayload>?
        let reading = clock.measure { read = FeaturesPayload.decode(from: bytes) }
        let payload = try #require(read?.value, "\(read?.errors ?? [])")
        let evaluator = FlagEvaluator(payload: payload)
        var on = 0
        let users = 20
        let evaluating = clock.measure {
            for user in 0..<users {
                let attributes: [String: JSONValue] = [
                    "id": JSONValue.string("user\(user)"), "country": "FR", "appVersion": "4.5.1", "platform": "ios", "plan": "free",
                    "email": "a@example.com", "tags": ["beta"],
                ]
                on += evaluator.evaluateAll(attributes: attributes).values.filter(\.isOn).count
            }
        }
        print("flags: read \(bytes.count) bytes, 500 flags in \(reading); \(users * 500) evaluations in \(evaluating)")
        #expect(on > 0 && on < users * 500)
        #expect(reading < .seconds(10) && evaluating < .seconds(10))
    }
}
