import Foundation
import Testing

/// `screenplay flags evaluate --context` as a checker from outside would run it: every `feature`
/// (and `schedule`) case of `Tests/Conformance/flags/cases.json` — and of GrowthBook's published
/// `cases.json` when `SCREENPLAY_GROWTHBOOK_CASES` names it — given to the executable as the
/// case's GrowthBook context, its printed result compared member by member with the case's
/// expected `FeatureResult`.
@Suite struct FlagsCommandCaseTests {
    let cli = CLITests()

    static let files: [URL] =
        [
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Conformance/flags/cases.json")
        ]
        + (ProcessInfo.processInfo.environment["SCREENPLAY_GROWTHBOOK_CASES"]?.split(separator: ":").map {
            URL(fileURLWithPath: String($0))
        }
            ?? [])

    /// Where `printed` differs from GrowthBook's `expected` result (nil when it does not).
    static func difference(_ printed: [String: Any], _ expected: [String: Any]) -> String? {
        var problems: [String] = []
        for key in ["value", "on", "off", "source", "ruleId"] {
            let theirs = expected[key] ?? (key == "ruleId" ? "" : NSNull())
            if !same(printed[key], theirs) { problems.append("\(key) \(String(describing: printed[key] ?? "none"))") }
        }
        let mine = printed["experimentResult"] as? [String: Any]
        switch (mine, expected["experimentResult"] as? [String: Any]) {
        case (nil, nil): break
        case (let mine?, let theirs?):
            for key in Set(mine.keys).union(theirs.keys).sorted() {
                let expectedValue: Any? = theirs[key] ?? (key == "featureId" ? NSNull() : nil)
                if !same(mine[key], expectedValue) {
                    problems.append("experimentResult.\(key) \(String(describing: mine[key] ?? "none"))")
                }
            }
        case (let mine, _): problems.append("experimentResult \(mine.map { "\($0)" } ?? "none")")
        }
        if let experiment = expected["experiment"] as? [String: Any],
            !same((printed["experiment"] as? [String: Any])?["key"], experiment["key"])
        {
            problems.append("experiment key \(String(describing: printed["experiment"] ?? "none"))")
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

    @Test func everyFeatureCaseGivesTheExpectedResultThroughTheExecutable() throws {
        var checked = 0
        var failures: [String] = []
        for file in Self.files {
            let sections = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
            for section in ["feature", "schedule"] {
                for case let item as [Any] in sections[section] as? [Any] ?? [] {
                    guard item.count == 4, let name = item[0] as? String, let context = item[1] as? [String: Any],
                        let key = item[2] as? String, let expected = item[3] as? [String: Any]
                    else { continue }
                    // Forced by a page's query string: a browser's, not a server's.
                    if let url = context["url"] as? String, url.contains("?") { continue }
                    let path = FileManager.default.temporaryDirectory.appendingPathComponent("flag-context-\(UUID().uuidString).json")
                    try JSONSerialization.data(withJSONObject: context).write(to: path)
                    defer { try? FileManager.default.removeItem(at: path) }
                    let run = try cli.screenplay("flags", "evaluate", "--context", "@" + path.path, "--flag", key, "--even-when-refused")
                    checked += 1
                    let document = try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
                    guard run.status == 0, let printed = (document?["flags"] as? [String: Any])?[key] as? [String: Any] else {
                        failures.append("\(file.lastPathComponent) \(section) \(name): exit \(run.status) \(run.errors)")
                        continue
                    }
                    if let difference = Self.difference(printed, expected) {
                        failures.append("\(file.deletingLastPathComponent().lastPathComponent) \(section) \(name): \(difference)")
                    }
                }
            }
        }
        #expect(checked >= 50, "\(checked) cases")
        #expect(failures.isEmpty, "\(failures.count) of \(checked):\n\(failures.joined(separator: "\n"))")
    }
}
