import Foundation
import Testing

/// `screenplay flags evaluate --context` as a checker from outside would run it: every `feature`,
/// `contextualBandit` (and Screenplay's `schedule`) case of `Tests/Conformance/flags/cases.json`
/// and of GrowthBook's official file vendored in `Tests/Conformance/flags/growthbook/` (and of any
/// file `SCREENPLAY_GROWTHBOOK_CASES` names), given to the executable as the case's GrowthBook
/// context, its printed result compared whole with the case's expected `FeatureResult` as
/// GrowthBook's runner compares; every `stickyBucket` case with its stored documents given to
/// `--sticky-buckets`, the result and the documents after compared whole.
@Suite struct FlagsCommandCaseTests {
    let cli = CLITests()

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/flags")
    static let files: [URL] =
        [directory.appendingPathComponent("cases.json"), directory.appendingPathComponent("growthbook/cases.json")]
        + (ProcessInfo.processInfo.environment["SCREENPLAY_GROWTHBOOK_CASES"]?.split(separator: ":").map {
            URL(fileURLWithPath: String($0))
        }
            ?? [])

    /// Where `printed` differs from GrowthBook's `expected` result, member by member over both
    /// (nil when it does not). A missing `ruleId` is `""`, a missing `featureId` null, as in GrowthBook.
    static func difference(_ printed: [String: Any], _ expected: [String: Any], at path: String = "") -> String? {
        var problems: [String] = []
        for key in Set(printed.keys).union(expected.keys).sorted() where key != "screenplayExperiment" {
            var theirs: Any? = expected[key]
            if theirs == nil, key == "ruleId", path.isEmpty { theirs = "" }
            if theirs == nil, key == "featureId" { theirs = NSNull() }
            if key == "experimentResult", let mine = printed[key] as? [String: Any], let theirs = theirs as? [String: Any] {
                if let problem = difference(mine, theirs, at: "experimentResult.") { problems.append(problem) }
            } else if !same(printed[key], theirs) {
                problems.append(
                    "\(path)\(key) \(String(describing: printed[key] ?? "none")) (expected \(String(describing: theirs ?? "none")))")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }

    /// JSON values equal as JSON (numbers by value).
    static func same(_ left: Any?, _ right: Any?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (let left as NSObject, let right as NSObject): return left.isEqual(right)
        default: return false
        }
    }

    /// Writes `object` to a temporary file and gives `@path` for an option.
    static func file(_ object: Any) throws -> (argument: String, url: URL) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flag-case-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: object).write(to: path)
        return ("@" + path.path, path)
    }

    @Test func everyFeatureCaseGivesTheExpectedResultThroughTheExecutable() async throws {
        var checked: [String: Int] = [:]
        var failures: [String] = []
        for file in Self.files {
            let sections = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
            let fileName = file.deletingLastPathComponent().lastPathComponent
            for section in ["feature", "contextualBandit", "schedule"] {
                for case let item as [Any] in sections[section] as? [Any] ?? [] {
                    guard item.count == 4, let name = item[0] as? String, let context = item[1] as? [String: Any],
                        let key = item[2] as? String, let expected = item[3] as? [String: Any]
                    else { continue }
                    // Forced by a page's query string: a browser's, not a server's.
                    if let url = context["url"] as? String, url.contains("?") { continue }
                    let (argument, path) = try Self.file(context)
                    defer { try? FileManager.default.removeItem(at: path) }
                    let run = try await cli.screenplay("flags", "evaluate", "--context", argument, "--flag", key, "--even-when-refused")
                    checked[fileName, default: 0] += 1
                    let document = try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
                    guard run.status == 0, let printed = (document?["flags"] as? [String: Any])?[key] as? [String: Any] else {
                        failures.append("\(fileName) \(section) \(name): exit \(run.status) \(run.errors)")
                        continue
                    }
                    if let difference = Self.difference(printed, expected) {
                        failures.append("\(fileName) \(section) \(name): \(difference)")
                    }
                }
            }
        }
        // GrowthBook's 55 feature cases and 34 of its 35 contextual-bandit ones (one is forced by a URL).
        #expect(checked["growthbook"] == 55 + 34, "\(checked)")
        #expect(checked["flags", default: 0] >= 50, "\(checked)")
        #expect(failures.isEmpty, "\(failures.count) of \(checked):\n\(failures.joined(separator: "\n"))")
    }

    /// GrowthBook's sticky-bucket cases through the executable: the stored documents given to
    /// `--sticky-buckets` (fallback attributes apply only then), the experiment's result and the
    /// documents after evaluation compared whole.
    @Test func everyStickyBucketCaseGivesTheExpectedResultThroughTheExecutable() async throws {
        var checked = 0
        var failures: [String] = []
        for file in Self.files {
            let sections = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
            for case let item as [Any] in sections["stickyBucket"] as? [Any] ?? [] {
                guard item.count == 6, let name = item[0] as? String, let context = item[1] as? [String: Any],
                    let stored = item[2] as? [Any], let key = item[3] as? String
                else { continue }
                let (contextArgument, contextPath) = try Self.file(context)
                let (storedArgument, storedPath) = try Self.file(stored)
                defer {
                    try? FileManager.default.removeItem(at: contextPath)
                    try? FileManager.default.removeItem(at: storedPath)
                }
                let run = try await cli.screenplay(
                    "flags", "evaluate", "--context", contextArgument, "--sticky-buckets", storedArgument, "--flag", key,
                    "--even-when-refused")
                checked += 1
                let document = try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
                guard run.status == 0, let printed = (document?["flags"] as? [String: Any])?[key] as? [String: Any] else {
                    failures.append("\(name): exit \(run.status) \(run.errors)")
                    continue
                }
                var problems: [String] = []
                switch (printed["experimentResult"] as? [String: Any], item[4] as? [String: Any]) {
                case (nil, nil): break
                case (let mine?, let theirs?):
                    if let problem = Self.difference(mine, theirs, at: "experimentResult.") { problems.append(problem) }
                case (let mine, _): problems.append("experimentResult \(String(describing: mine))")
                }
                if !Self.same(document?["stickyBucketAssignmentDocs"] as? NSDictionary, item[5] as? NSDictionary) {
                    problems.append("documents \(String(describing: document?["stickyBucketAssignmentDocs"]))")
                }
                if !problems.isEmpty { failures.append("\(name): \(problems.joined(separator: ", "))") }
            }
        }
        #expect(checked >= 13, "GrowthBook's 13 cases: \(checked)")
        #expect(failures.isEmpty, "\(failures.count) of \(checked):\n\(failures.joined(separator: "\n"))")
    }

    /// A coverage below 0 is refused; evaluated anyway it includes no one, as in GrowthBook
    /// (never everyone), for a rollout and for an experiment.
    @Test func aNegativeCoverageIncludesNoOne() async throws {
        for rule in [
            #"{"id": "r", "force": true, "coverage": -0.5}"#,
            #"{"id": "r", "variations": [false, true], "weights": [0, 1], "coverage": -0.5}"#,
        ] {
            let payload = #"{"features": {"f": {"defaultValue": false, "rules": [\#(rule)]}}}"#
            let (argument, path) = try Self.file(try JSONSerialization.jsonObject(with: Data(payload.utf8)))
            defer { try? FileManager.default.removeItem(at: path) }
            let refused = try await cli.screenplay(
                "flags", "evaluate", "--payload", String(argument.dropFirst()), "--attributes", #"{"id": "u1"}"#)
            #expect(refused.status == 1 && refused.errors.contains("coverage"), "\(rule): refused, at coverage: \(refused.errors)")
            for user in 0..<20 {
                let run = try await cli.screenplay(
                    "flags", "evaluate", "--payload", String(argument.dropFirst()), "--attributes", #"{"id": "user-\#(user)"}"#,
                    "--even-when-refused")
                let printed = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
                let result = (printed?["flags"] as? [String: Any])?["f"] as? [String: Any]
                #expect(
                    result?["source"] as? String == "defaultValue" && result?["value"] as? Bool == false,
                    "\(rule) user-\(user): \(run.output)")
            }
        }
    }

    /// The fallback attribute is reached from the command line: without sticky buckets a user with
    /// no `id` is in no experiment; with them (`--sticky-buckets '[]'`) the rule hashes on the
    /// fallback, and the new document is printed. Bad documents are refused with where.
    @Test func theFallbackAttributeAndStickyBucketsAreReachable() async throws {
        let payload =
            #"{"features": {"f": {"defaultValue": "none", "rules": [{"key": "exp", "variations": ["a", "b"], "hashAttribute": "id", "fallbackAttribute": "deviceId", "meta": [{"key": "va"}, {"key": "vb"}]}]}}}"#
        let (argument, path) = try Self.file(try JSONSerialization.jsonObject(with: Data(payload.utf8)))
        defer { try? FileManager.default.removeItem(at: path) }
        let file = String(argument.dropFirst())
        let plain = try await cli.screenplay("flags", "evaluate", "--payload", file, "--attributes", #"{"deviceId": "d1"}"#)
        #expect(
            plain.output.contains(#""source" : "defaultValue""#) || plain.output.contains(#""source": "defaultValue""#), "\(plain.output)")
        let sticky = try await cli.screenplay(
            "flags", "evaluate", "--payload", file, "--attributes", #"{"deviceId": "d1"}"#, "--sticky-buckets", "[]")
        #expect(sticky.status == 0, "\(sticky.errors)")
        let printed = try JSONSerialization.jsonObject(with: Data(sticky.output.utf8)) as? [String: Any]
        let result = (printed?["flags"] as? [String: Any])?["f"] as? [String: Any]
        let experimentResult = result?["experimentResult"] as? [String: Any]
        #expect(
            result?["source"] as? String == "experiment" && experimentResult?["hashAttribute"] as? String == "deviceId", "\(sticky.output)")
        let variation = try #require(experimentResult?["key"] as? String)
        let documents = printed?["stickyBucketAssignmentDocs"] as? [String: Any]
        let document = documents?["deviceId||d1"] as? [String: Any]
        #expect((document?["assignments"] as? [String: String]) == ["exp__0": variation], "\(sticky.output)")
        // The stored document keeps the user's variation, for the other one too.
        let other = variation == "va" ? "vb" : "va"
        let stored = #"[{"attributeName": "deviceId", "attributeValue": "d1", "assignments": {"exp__0": "\#(other)"}}]"#
        let kept = try await cli.screenplay(
            "flags", "evaluate", "--payload", file, "--attributes", #"{"deviceId": "d1"}"#, "--sticky-buckets", stored)
        #expect(kept.output.contains("\"stickyBucketUsed\" : true") || kept.output.contains("\"stickyBucketUsed\": true"), "\(kept.output)")
        #expect(kept.output.contains("\"\(other)\""), "\(kept.output)")
        for bad in [
            "{", "[1]", #"[{"attributeName": "id"}]"#, #"[{"attributeName": "id", "attributeValue": "u", "assignments": {"e__0": 1}}]"#,
        ] {
            let refused = try await cli.screenplay("flags", "evaluate", "--payload", file, "--sticky-buckets", bad)
            #expect(refused.status != 0 && refused.errors.contains("--sticky-buckets"), "\(bad): \(refused.errors)")
        }
    }
}
