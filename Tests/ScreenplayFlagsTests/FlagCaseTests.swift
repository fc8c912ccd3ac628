import Foundation
import Screenplay
import Testing

@testable import ScreenplayFlags

/// Runs flag-evaluation cases in the shape of GrowthBook's SDK specification (`cases.json`: one
/// array per section, each case an array): Screenplay's own cases in
/// `Tests/Conformance/flags/cases.json`, and, when `SCREENPLAY_GROWTHBOOK_CASES` names them (paths
/// separated by `:`), GrowthBook's published files, run from outside exactly as ours are.
///
/// Sections: `evalCondition`, `hash`, `getBucketRange`, `chooseVariation`, `inNamespace`,
/// `getEqualWeights`, `versionCompare` (the shape of GrowthBook's older files), `feature`, `run`,
/// `stickyBucket`, `contextualBandit`; Screenplay's own `schedule` (a `feature` case whose context
/// has `now`) and `refuse` (a payload and the paths of the errors that refuse it). Sections that
/// need a browser or a key (`getQueryStringOverride`, `urlRedirect`, `decrypt`) are counted as
/// not supported, and so are the two `run` cases forced by a URL's query string.
@Suite struct FlagCaseTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/flags")
    static let files: [URL] =
        [directory.appendingPathComponent("cases.json")]
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

    /// Runs `check` on every case, and reports how many agree per file.
    static func run(_ section: String, _ check: ([JSONValue]) -> String?) throws {
        let all = try cases(section)
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
        }
    }

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

    /// Where `result` differs from GrowthBook's expected `FeatureResult`.
    static func compare(_ result: FlagResult, _ expected: [String: JSONValue]) -> String? {
        var problems: [String] = []
        if !ValueTest.sameJSON(result.value, expected["value"] ?? .null) { problems.append("value \(JavaScript.stringify(result.value))") }
        if result.isOn != expected["on"]?.boolValue { problems.append("on \(result.isOn)") }
        if result.isOff != expected["off"]?.boolValue { problems.append("off \(result.isOff)") }
        if result.source.rawValue != expected["source"]?.stringValue { problems.append("source \(result.source)") }
        if result.ruleID != expected["ruleId"]?.stringValue ?? "" { problems.append("ruleId \(result.ruleID)") }
        switch (result.experiment, expected["experimentResult"]?.objectValue) {
        case (nil, nil): break
        case (let mine?, let theirs?): if let problem = compare(mine, theirs) { problems.append(problem) }
        case (let mine, _): problems.append("experimentResult \(mine.map { JavaScript.stringify($0.json) } ?? "none")")
        }
        if let experiment = expected["experiment"]?.objectValue, experiment["key"]?.stringValue != result.experiment?.experimentKey {
            problems.append("experiment key \(result.experiment?.experimentKey ?? "none")")
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
            var expectedDocuments: [String: [String: String]] = [:]
            for (documentKey, document) in item[5].objectValue ?? [:] {
                expectedDocuments[documentKey] = document["assignments"]?.objectValue?.compactMapValues(\.stringValue) ?? [:]
            }
            let documentsNow = buckets.documents.mapValues(\.assignments)
            if documentsNow != expectedDocuments { problems.append("documents \(documentsNow)") }
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

    /// Sections Screenplay leaves out, counted so a report names them.
    @Test func unsupportedSectionsAreCounted() throws {
        for section in ["getQueryStringOverride", "urlRedirect", "decrypt"] {
            for (file, items) in try Self.cases(section) {
                print("flag cases: \(file) \(section): \(items.count) not supported")
            }
        }
        #expect(Self.files.first.map { FileManager.default.fileExists(atPath: $0.path) } == true)
    }
}
