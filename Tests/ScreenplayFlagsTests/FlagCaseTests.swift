import Foundation
import Screenplay
import Testing

@testable import ScreenplayFlags

/// Runs flag-evaluation cases in the shape of GrowthBook's SDK specification (`cases.json`: one
/// array per section, each case an array) on every test run: Screenplay's own cases in
/// `Tests/Conformance/flags/cases.json`, GrowthBook's official file vendored unchanged in
/// `Tests/Conformance/flags/growthbook/cases.json`, and any other files
/// `SCREENPLAY_GROWTHBOOK_CASES` names (paths separated by `:`), all run exactly alike and compared
/// as GrowthBook's own runner compares (`json.test.ts`: a feature's whole `FeatureResult`).
///
/// Sections: `evalCondition`, `hash`, `getBucketRange`, `chooseVariation`, `inNamespace`,
/// `getEqualWeights`, `versionCompare` (the shape of GrowthBook's older files), `feature`, `run`,
/// `stickyBucket`, `contextualBandit`; Screenplay's own `schedule` (a `feature` case whose context
/// has `now`) and `refuse` (a payload and the paths of the errors that refuse it). Sections a
/// server does not apply (``notApplicable``: they need a browser's address or a decryption key)
/// are counted, and so are the cases forced by a URL's query string; a section no one handles fails.
@Suite struct FlagCaseTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/flags")
    /// GrowthBook's official cases (growthbook/growthbook, packages/sdk-js/test/cases.json).
    static let growthBook = directory.appendingPathComponent("growthbook/cases.json")
    static let files: [URL] =
        [directory.appendingPathComponent("cases.json"), growthBook]
        + (ProcessInfo.processInfo.environment["SCREENPLAY_GROWTHBOOK_CASES"]?.split(separator: ":").map {
            URL(fileURLWithPath: String($0))
        }
            ?? [])

    /// A file's name with its folder's, so that ours and GrowthBook's `cases.json` are told apart.
    static func name(_ url: URL) -> String { url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent }

    static func load(_ url: URL) throws -> [String: JSONValue] {
        let bytes = Array(try Data(contentsOf: url))
        guard case .object(let sections) = try JSONParser.parse(bytes, limits: .unlimited) else { return [:] }
        return sections
    }

    /// Every case of `section` in every file, with the file's name for messages.
    static func cases(_ section: String) throws -> [(file: String, items: [[JSONValue]])] {
        try files.compactMap { url in
            guard case .array(let cases)? = try load(url)[section] else { return nil }
            return (Self.name(url), cases.compactMap(\.arrayValue))
        }
    }

    /// What a check answers for a case Screenplay deliberately does not support.
    static let unsupported = "not supported"

    /// Runs `check` on every case, and reports how many agree per file; in GrowthBook's file, as
    /// many cases as ``notApplicableCases`` says must be not supported, and every other one agree.
    static func run(_ section: String, _ check: ([JSONValue]) -> String?) throws {
        let all = try cases(section)
        if !["schedule", "refuse"].contains(section) {
            #expect(all.contains { $0.file == name(growthBook) && !$0.items.isEmpty }, "GrowthBook's file has \(section) cases")
        }
        for (file, items) in all {
            var failures: [String] = []
            var skipped = 0
            for item in items {
                guard let problem = check(item) else { continue }
                if problem == unsupported {
                    skipped += 1
                } else {
                    failures.append("\(item.first?.stringValue ?? JavaScript.stringify(item.first ?? .null)): \(problem)")
                }
            }
            let tried = items.count - skipped
            print(
                "flag cases: \(file) \(section): \(tried - failures.count)/\(tried) agree"
                    + (skipped > 0 ? ", \(skipped) not supported" : ""))
            for failure in failures { Issue.record("\(file) \(section): \(failure)") }
            if file == name(growthBook) {
                #expect(skipped == notApplicableCases[section, default: 0], "\(section): \(skipped) not supported")
            }
        }
    }

    /// GrowthBook's sections a server does not apply, and why (docs/FLAGS.md lists them).
    static let notApplicable: [String: String] = [
        "getQueryStringOverride": "a variation forced by the page's address: a server has no page address",
        "urlRedirect": "redirects of the page's address: a server has no page address",
        "decrypt": "encrypted payloads: a server reads its SDK connection unencrypted and has no decryption key",
    ]

    /// Cases of applied sections forced by the page's query string (`url` with a `?`), not run.
    static let notApplicableCases = ["run": 2, "contextualBandit": 1]

    /// The sections this suite runs.
    static let applied: Set<String> = [
        "evalCondition", "hash", "getBucketRange", "chooseVariation", "inNamespace", "getEqualWeights", "versionCompare", "feature",
        "run", "stickyBucket", "contextualBandit", "schedule", "refuse",
    ]

    /// GrowthBook's runner rounds ranges and weights to 8 decimals before comparing.
    static func rounded(_ value: Double) -> Double { (value * 1e8).rounded(.down) / 1e8 }

    // MARK: Functions

    @Test func evalCondition() throws {
        try Self.run("evalCondition") { item in
            let groups = item.count > 4 ? FlagSavedGroups(item[4].objectValue?.mapValues { $0.arrayValue ?? [] } ?? [:]) : .none
            guard let condition = FlagCondition.read(item[1]).value else { return "not read" }
            let answer = condition.matches(value: item[2], savedGroups: groups)
            return answer == item[3].boolValue ? nil : "gave \(answer)"
        }
    }

    @Test func hash() throws {
        try Self.run("hash") { item in
            let answer = FlagHashing.hash(seed: item[0].stringValue ?? "", value: item[1].stringValue ?? "", version: item[2].intValue ?? 0)
            return answer == item[3].doubleValue ? nil : "gave \(String(describing: answer))"
        }
    }

    @Test func getBucketRange() throws {
        try Self.run("getBucketRange") { item in
            let arguments = item[1].arrayValue ?? []
            let ranges = FlagHashing.bucketRanges(
                variations: arguments[0].intValue ?? 0, coverage: arguments[1].doubleValue,
                weights: arguments[2].arrayValue?.compactMap(\.doubleValue))
            let expected = (item[2].arrayValue ?? []).map { ($0.arrayValue ?? []).compactMap(\.doubleValue).map(Self.rounded) }
            let answer = ranges.map { [Self.rounded($0.lower), Self.rounded($0.upper)] }
            return answer == expected ? nil : "gave \(answer)"
        }
    }

    @Test func chooseVariation() throws {
        try Self.run("chooseVariation") { item in
            let ranges = (item[2].arrayValue ?? []).compactMap(\.arrayValue).map {
                FlagRange($0[0].doubleValue ?? 0, $0[1].doubleValue ?? 0)
            }
            let answer = FlagHashing.chooseVariation(item[1].doubleValue ?? 0, ranges: ranges) ?? -1
            return answer == item[3].intValue ? nil : "gave \(answer)"
        }
    }

    @Test func inNamespace() throws {
        try Self.run("inNamespace") { item in
            let parts = item[2].arrayValue ?? []
            let namespace = FlagNamespace(
                id: parts[0].stringValue ?? "", range: FlagRange(parts[1].doubleValue ?? 0, parts[2].doubleValue ?? 0))
            let answer = FlagHashing.isInNamespace(item[1].stringValue ?? "", namespace)
            return answer == item[3].boolValue ? nil : "gave \(answer)"
        }
    }

    @Test func getEqualWeights() throws {
        try Self.run("getEqualWeights") { item in
            let answer = FlagHashing.equalWeights(item[0].intValue ?? 0).map(Self.rounded)
            return answer == (item[1].arrayValue ?? []).compactMap(\.doubleValue).map(Self.rounded) ? nil : "gave \(answer)"
        }
    }

    /// GrowthBook's older `versionCompare` section: `{"lt": [[a, b, expected]], "gt": …, "eq": …}`.
    @Test func versionCompare() throws {
        for url in Self.files {
            guard case .object(let groups)? = try Self.load(url)["versionCompare"] else { continue }
            var total = 0
            var failures: [String] = []
            for (name, comparison) in [("lt", FlagVersion.Comparison.less), ("gt", .greater), ("eq", .equal)] {
                for item in groups[name]?.arrayValue?.compactMap(\.arrayValue) ?? [] {
                    total += 1
                    let answer = FlagVersion.compare(item[0], comparison, item[1])
                    if answer != item[2].boolValue { failures.append("\(name) \(item[0]) \(item[1]) gave \(answer)") }
                }
            }
            print("flag cases: \(Self.name(url)) versionCompare: \(total - failures.count)/\(total) agree")
            for failure in failures { Issue.record("\(Self.name(url)) versionCompare: \(failure)") }
        }
    }

    // MARK: Evaluation

    /// The payload a case's context holds; one the reader refuses (a prerequisite cycle) is read
    /// leniently, so that evaluation can answer as GrowthBook does.
    static func payload(_ context: [String: JSONValue]) -> (payload: FeaturesPayload, refused: [Diagnostic]) {
        let read = FeaturesPayload.decode(growthBookContext: context, evenWhenRefused: true)
        return (read.value ?? FeaturesPayload(features: [:]), read.errors)
    }

    static func evaluator(_ context: [String: JSONValue], payload: FeaturesPayload) -> FlagEvaluator {
        let now = context["now"]?.stringValue.flatMap(FlagInstant.parse) ?? Date()
        return FlagEvaluator(payload: payload, options: FlagEvaluator.Options(growthBookContext: context), now: { now })
    }

    /// Where `result` differs from GrowthBook's expected `FeatureResult`, compared whole as
    /// GrowthBook's runner does (`toEqual`): value, on, off, source, ruleId, the experiment as
    /// the rule wrote it, and the experiment's `Result`.
    static func compare(_ result: FlagResult, _ expected: [String: JSONValue]) -> String? {
        guard case .object(var mine) = result.json else { return "the result is not an object" }
        // Screenplay's own member, which GrowthBook's results never have.
        mine["screenplayExperiment"] = nil
        var problems: [String] = []
        for key in Set(mine.keys).union(expected.keys).sorted() {
            switch (key, mine[key], expected[key]) {
            case ("experimentResult", .object(_)?, .object(let theirs)?):
                if let experiment = result.experiment, let problem = compare(experiment, theirs) { problems.append(problem) }
            case (_, let ours?, let theirs?) where ValueTest.sameJSON(ours, theirs):
                continue
            case ("ruleId", .string("")?, nil):
                continue
            case (_, let ours, let theirs):
                problems.append(
                    "\(key) \(ours.map(JavaScript.stringify) ?? "none") (expected \(theirs.map(JavaScript.stringify) ?? "none"))")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }

    /// Where `result` differs from GrowthBook's expected experiment `Result`.
    static func compare(_ result: FlagExperimentResult, _ expected: [String: JSONValue]) -> String? {
        // GrowthBook's `Result` as the library writes it for `screenplay flags evaluate`.
        guard case .object(let mine) = result.json else { return "the result is not an object" }
        var problems: [String] = []
        for key in Set(mine.keys).union(expected.keys).sorted() {
            let theirs: JSONValue? = expected[key] ?? (key == "featureId" ? JSONValue.null : Optional<JSONValue>.none)
            if let theirs, let ours = mine[key], ValueTest.sameJSON(ours, theirs) { continue }
            if theirs == nil && mine[key] == nil { continue }
            problems.append(
                "\(key) \(mine[key].map(JavaScript.stringify) ?? "none") (expected \(theirs.map(JavaScript.stringify) ?? "none"))")
        }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }

    static func featureCase(_ item: [JSONValue]) -> String? {
        guard let context = item[1].objectValue, let key = item[2].stringValue, let expected = item[3].objectValue else {
            return "malformed case"
        }
        // A variation forced by the page's query string needs a browser's address.
        if let url = context["url"]?.stringValue, url.contains("?") { return unsupported }
        let (payload, refused) = payload(context)
        let result = evaluator(context, payload: payload).evaluate(key, attributes: context["attributes"]?.objectValue ?? [:])
        if let problem = compare(result, expected) { return problem }
        // A payload refused when read must be refused for a reason GrowthBook also reports.
        if !refused.isEmpty && result.source != .cyclicPrerequisite {
            return "refused when read: \(refused.map(\.description).joined(separator: "; "))"
        }
        return nil
    }

    @Test func feature() throws {
        try Self.run("feature", Self.featureCase)
    }

    @Test func contextualBandit() throws {
        try Self.run("contextualBandit", Self.featureCase)
    }

    /// Screenplay's schedules: `feature` cases whose context has `now`.
    @Test func schedule() throws {
        try Self.run("schedule", Self.featureCase)
    }

    @Test func run() throws {
        try Self.run("run") { item in
            guard let context = item[1].objectValue else { return "malformed case" }
            // A variation forced by the page's query string needs a browser's address.
            if let url = context["url"]?.stringValue, url.contains("?") { return Self.unsupported }
            let read = FlagExperiment.decode(from: item[2])
            guard let experiment = read.value else { return "refused: \(read.errors)" }
            let (payload, _) = Self.payload(context)
            let result = Self.evaluator(context, payload: payload).run(experiment, attributes: context["attributes"]?.objectValue ?? [:])
            var problems: [String] = []
            if !ValueTest.sameJSON(result.value, item[3]) { problems.append("value \(JavaScript.stringify(result.value))") }
            if result.inExperiment != item[4].boolValue { problems.append("inExperiment \(result.inExperiment)") }
            if result.hashUsed != item[5].boolValue { problems.append("hashUsed \(result.hashUsed)") }
            return problems.isEmpty ? nil : problems.joined(separator: ", ")
        }
    }

    @Test func stickyBucket() throws {
        try Self.run("stickyBucket") { item in
            guard let context = item[1].objectValue, let key = item[3].stringValue else { return "malformed case" }
            let attributes = context["attributes"]?.objectValue ?? [:]
            let (payload, _) = Self.payload(context)
            let evaluator = Self.evaluator(context, payload: payload)
            // As GrowthBook's runner: only the documents of the attributes the payload's experiments
            // hash on, with the user's values, are loaded.
            var documents: [FlagStickyBuckets.Document] = []
            for document in item[2].arrayValue ?? [] {
                guard let name = document["attributeName"]?.stringValue, let value = document["attributeValue"]?.stringValue else {
                    continue
                }
                let assignments = document["assignments"]?.objectValue?.compactMapValues(\.stringValue) ?? [:]
                let candidate = FlagStickyBuckets.Document(attributeName: name, attributeValue: value, assignments: assignments)
                let userValue = attributes[name].map { JavaScript.truthy($0) ? Evaluation.stickyText($0) : "" } ?? ""
                if payload.stickyBucketAttributes.contains(name), userValue == value { documents.append(candidate) }
            }
            for document in context["stickyBucketAssignmentDocs"]?.objectValue?.values.compactMap(\.objectValue) ?? [] {
                guard let name = document["attributeName"]?.stringValue, let value = document["attributeValue"]?.stringValue else {
                    continue
                }
                documents.append(
                    .init(
                        attributeName: name, attributeValue: value,
                        assignments: document["assignments"]?.objectValue?.compactMapValues(\.stringValue) ?? [:]))
            }
            var buckets = FlagStickyBuckets(documents: documents)
            let result = evaluator.evaluate(key, attributes: attributes, stickyBuckets: &buckets)
            var problems: [String] = []
            switch (result.experiment, item[4].objectValue) {
            case (nil, nil): break
            case (let mine?, let theirs?): if let problem = Self.compare(mine, theirs) { problems.append(problem) }
            case (let mine, _): problems.append("experimentResult \(mine.map { JavaScript.stringify($0.json) } ?? "none")")
            }
            // The documents whole, as GrowthBook's runner compares getStickyBucketAssignmentDocs().
            let documentsNow = JSONValue.object(
                buckets.documents.mapValues { document in
                    [
                        "attributeName": .string(document.attributeName), "attributeValue": .string(document.attributeValue),
                        "assignments": .object(document.assignments.mapValues(JSONValue.string)),
                    ]
                })
            if !ValueTest.sameJSON(documentsNow, item[5]) { problems.append("documents \(JavaScript.stringify(documentsNow))") }
            return problems.isEmpty ? nil : problems.joined(separator: ", ")
        }
    }

    /// Screenplay's own: each payload is refused, with an error at each path given.
    @Test func refuse() throws {
        try Self.run("refuse") { item in
            let read = FeaturesPayload.decode(from: item[1])
            guard read.value == nil else { return "read without error" }
            let paths = Set(read.errors.map(\.path.description))
            let missing = (item[2].arrayValue ?? []).compactMap(\.stringValue).filter { !paths.contains($0) }
            return missing.isEmpty ? nil : "no error at \(missing); errors: \(read.errors.map(\.description))"
        }
    }

    /// Sections a server does not apply, counted so a report names them; every other section of
    /// every file is one this suite runs (a new section in GrowthBook's file fails here until it is
    /// run or listed in ``notApplicable`` and docs/FLAGS.md).
    @Test func everySectionIsRunOrSaidNotToApply() throws {
        #expect(FileManager.default.fileExists(atPath: Self.growthBook.path), "GrowthBook's file is vendored")
        for url in Self.files {
            for (section, value) in try Self.load(url) {
                guard case .array(let items) = value else { continue }
                if Self.notApplicable[section] != nil {
                    print("flag cases: \(Self.name(url)) \(section): \(items.count) not supported")
                } else {
                    #expect(Self.applied.contains(section), "\(Self.name(url)) has a section no test runs: \(section)")
                }
            }
        }
        // Every section named not applicable is in docs/FLAGS.md with its case count.
        let docs = try String(
            contentsOf: Self.directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("docs/FLAGS.md"), encoding: .utf8)
        for section in Self.notApplicable.keys { #expect(docs.contains("`\(section)`"), "docs/FLAGS.md names \(section)") }
    }
}
