import Screenplay
import Testing

@testable import ScreenplayFlags

/// What reading a payload refuses (no value, an error at each path), what it only warns about
/// (the payload is kept), and its limits. `Tests/Conformance/flags/cases.json`'s `refuse` section
/// holds more refusals, each with its path.
@Suite struct PayloadReadingTests {
    static func read(_ json: JSONValue, limits: FlagLimits = .default) -> DecodeResult<FeaturesPayload> {
        FeaturesPayload.decode(from: json, limits: limits)
    }

    static func paths(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.path.description) }

    @Test func aWellFormedPayloadIsReadWithItsParts() throws {
        let read = Self.read([
            "status": 200, "dateUpdated": "2026-03-01T09:00:00Z", "savedGroups": ["beta": ["u1", 2]],
            "features": [
                "dark": ["defaultValue": true],
                "checkout": [
                    "defaultValue": "old",
                    "rules": [
                        ["id": "kill", "condition": ["platform": "android"], "force": "old", "endsAt": "2026-05-01T00:00:00Z"],
                        ["id": "exp", "variations": ["old", "new"], "weights": [0.5, 0.5], "coverage": 0.2, "hashVersion": 2],
                        ["parentConditions": [["id": "dark", "condition": ["value": true], "gate": true]]],
                    ],
                ],
            ],
        ])
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let payload = try #require(read.value)
        #expect(payload.dateUpdated == "2026-03-01T09:00:00Z")
        #expect(payload.savedGroups.contains("u1", inGroup: "beta"))
        let rules = try #require(payload.features["checkout"]?.rules)
        #expect(rules.count == 3)
        guard case .force(let value, let rollout) = rules[0].action else {
            Issue.record("the first rule forces a value")
            return
        }
        #expect(value == "old" && rollout.includesEveryone && rollout.seed == "checkout")
        #expect(rules[0].schedule.endsAt == FlagSchedule.instant("2026-05-01T00:00:00Z"))
        guard case .experiment(let experiment) = rules[1].action else {
            Issue.record("the second rule is an experiment")
            return
        }
        #expect(experiment.key == "checkout" && experiment.coverage == 0.2 && experiment.hashVersion == 2)
        guard case .gate = rules[2].action else {
            Issue.record("the third rule only gates")
            return
        }
        #expect(payload.features["checkout"]?.prerequisiteKeys == ["dark"])
    }

    @Test func whatGrowthBookToleratesIsAWarningAndThePayloadIsKept() throws {
        let read = Self.read([
            "experiments": [["key": "visual"]], "sdkVersion": "1",
            "features": [
                "f": [
                    "defaultValue": 0, "owner": "me",
                    "rules": [
                        ["force": 1, "coverage": 0.5, "hashVersion": 99, "foo": "bar"],
                        ["force": 2, "parentConditions": [["id": "ghost", "condition": ["value": true]]]],
                        ["force": 3, "condition": ["id": ["$inGroup": "nobody"], "$in": "x", "n": ["$exists": 1, "$type": "date"]]],
                        ["variations": [1], "condition": ["v": ["$vgt": true], "m": ["$gt": 1, "x": 2]]],
                    ],
                ]
            ],
        ])
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.value != nil)
        let warned = Set(Self.paths(read.warnings))
        for path in [
            "experiments", "sdkVersion", "features.f.owner", "features.f.rules[0].hashVersion", "features.f.rules[0].foo",
            "features.f.rules[1].parentConditions[0].id", "features.f.rules[2].condition", "features.f.rules[2].condition.$in",
            "features.f.rules[2].condition.n.$exists", "features.f.rules[2].condition.n.$type", "features.f.rules[3].variations",
            "features.f.rules[3].condition.v.$vgt", "features.f.rules[3].condition.m",
        ] {
            #expect(warned.contains(path), "no warning at \(path): \(read.warnings)")
        }
    }

    /// The members a reader knows are its document's `Key` enum: every member GrowthBook (and
    /// Screenplay's extensions) writes in a payload, a feature and a rule is read without an
    /// unknown-member warning, whatever else the document's values draw.
    @Test func everyMemberGrowthBookWritesIsKnown() {
        let ruleMembers = [
            "id", "condition", "parentConditions", "force", "variations", "weights", "key", "hashAttribute", "fallbackAttribute",
            "hashVersion", "disableStickyBucketing", "bucketVersion", "minBucketVersion", "range", "coverage", "namespace", "ranges",
            "meta", "filters", "seed", "name", "phase", "tracks", "contextualBanditRef", "contextualVariations", "type", "startsAt",
            "endsAt", "screenplayExperiment",
        ]
        let rule = JSONValue.object(Dictionary(uniqueKeysWithValues: ruleMembers.map { ($0, JSONValue.null) }))
        let read = Self.read([
            "features": ["f": ["defaultValue": 0, "rules": [rule]]], "savedGroups": [:], "contextualBandits": [:],
            "dateUpdated": "2026-03-01T09:00:00Z", "status": 200, "experiments": [], "sdkUrl": "https://cdn", "url": "https://cdn",
            "encryptedFeatures": "x", "encryptedSavedGroups": "x", "encryptedExperiments": "x", "encryptedContextualBandits": "x",
        ])
        let unknown = read.diagnostics.filter { $0.code == .unknownField }
        #expect(unknown.isEmpty, "\(unknown)")
        let extra = Self.read(["features": ["f": ["rules": [["force": 1, "colour": "red"]]]]])
        #expect(Self.paths(extra.diagnostics.filter { $0.code == .unknownField }) == ["features.f.rules[0].colour"])
    }

    @Test func theLimitsRefuseWithThePathOfWhatIsTooLarge() {
        var limits = FlagLimits.default
        limits.maxFlags = 2
        limits.maxRulesPerFlag = 1
        limits.maxVariations = 3
        limits.maxListLength = 2
        limits.maxSavedGroupValues = 1
        limits.maxPrerequisites = 1
        let tooMany = Self.read(["features": ["a": [:], "b": [:], "c": [:]]], limits: limits)
        #expect(tooMany.value == nil && Self.paths(tooMany.errors) == ["features"])
        let rules = Self.read(["features": ["a": ["rules": [["force": 1], ["force": 2]]]]], limits: limits)
        #expect(Self.paths(rules.errors) == ["features.a.rules"])
        let variations = Self.read(["features": ["a": ["rules": [["variations": [1, 2, 3, 4]]]]]], limits: limits)
        #expect(Self.paths(variations.errors) == ["features.a.rules[0].variations"])
        let list = Self.read(["features": ["a": ["rules": [["force": 1, "condition": ["n": ["$in": [1, 2, 3]]]]]]]], limits: limits)
        #expect(Self.paths(list.errors) == ["features.a.rules[0].condition.n.$in"])
        let group = Self.read(["features": [:], "savedGroups": ["g": [1, 2]]], limits: limits)
        #expect(Self.paths(group.errors) == ["savedGroups.g"])
        let prerequisites = Self.read(
            ["features": ["a": ["rules": [["force": 1, "parentConditions": [["id": "b"], ["id": "c"]]]]]]], limits: limits)
        #expect(Self.paths(prerequisites.errors) == ["features.a.rules[0].parentConditions"])
        let bytes = FeaturesPayload.decode(
            from: Array(String(repeating: " ", count: 2_000).utf8), limits: FlagLimits(document: DocumentLimits(maxDocumentBytes: 1_000)))
        #expect(bytes.value == nil && bytes.errors.first?.code == .limitExceeded)
    }

    @Test func cyclesAreFoundWhateverTheirLength() {
        for length in [1, 2, 5] {
            var features: [String: JSONValue] = [:]
            for index in 0..<length {
                let next = "f\((index + 1) % length)"
                features["f\(index)"] = ["rules": [["parentConditions": [["id": .string(next)]], "force": 1]]]
            }
            let read = Self.read(["features": .object(features)])
            #expect(read.value == nil, "a cycle of \(length)")
            #expect(read.errors.count == 1 && read.errors[0].message.contains("cycle"), "\(read.errors)")
        }
        // A diamond is no cycle: two rules require the same flag.
        let diamond = Self.read([
            "features": [
                "a": ["rules": [["parentConditions": [["id": "b"], ["id": "c"]], "force": 1]]],
                "b": ["rules": [["parentConditions": [["id": "d"]], "force": 1]]],
                "c": ["rules": [["parentConditions": [["id": "d"]], "force": 1]]], "d": ["defaultValue": true],
            ]
        ])
        #expect(diamond.errors.isEmpty, "\(diamond.errors)")
    }

    @Test func aConditionReadAloneKeepsItsValueWithItsErrors() throws {
        let read = FlagCondition.read(["name": ["$regx": "x"], "age": ["$gt": 3]], at: "rule.condition")
        #expect(Self.paths(read.errors) == ["rule.condition.name.$regx"])
        let condition = try #require(read.value)
        #expect(!condition.matches(["name": "x", "age": 5]), "an unknown operator never holds")
        #expect(FlagCondition.read(["age": ["$gt": 3]]).value?.matches(["age": 5]) == true)
    }

    @Test func encryptedAndNonObjectPayloadsAreRefused() {
        let encrypted = Self.read(["encryptedFeatures": "abc.def", "encryptedSavedGroups": "x.y"])
        #expect(Self.paths(encrypted.errors) == ["encryptedFeatures", "encryptedSavedGroups"])
        #expect(encrypted.errors[0].message.contains("not supported"))
        #expect(Self.paths(Self.read("features").errors) == ["$"])
        let notJSON = FeaturesPayload.decode(from: Array("{\"features\": ".utf8))
        #expect(notJSON.value == nil && notJSON.errors.first?.code == .malformedJSON)
    }
}
