import Foundation
import Screenplay
import Testing

/// Runs the shared validation and mask cases (`Tests/Conformance/inputs/*.json`) through
/// `FieldRules` and `InputMask`; `Tests/JavaScript/inputs.test.mjs` (`scripts/test-js`) runs the
/// same files through the page's `ScreenplayInputs` in Node, so both answer the same.
///
/// A file is `{"cases": [...]}`; a case is either
/// - a rule case: `{"name", "rules": [...], "value", "variables"?: [{"name", "type", "value"}],
///   "problem": null | {"index", "message", "diagnostic"?}, "diagnostics"?: ["error [0].pattern", …]}`
///   (`diagnostic`, when given, is what evaluating an expression rule gave; when absent there
///   must be none), or
/// - a mask case: `{"name", "mask": {...}, "typed" | "raw", "lang"?, "expected": null |
///   {"display", "raw", "complete"}, "diagnostics"?: [...]}` (`typed` goes through `apply`, `raw`
///   through `display(raw:)`; `expected` null: the mask is not read).
///
/// An edit case (`MaskedEdit`: the masked text and the caret after one edit) has `old`, `new`,
/// `caret` and `composing`? instead of `typed`, and `expected` `{"display", "raw", "caret", "composing"?}`.
///
/// A text (`value`, `typed`, `raw`) may be `{"repeat": "a", "count": 20000, "prefix"?, "suffix"?}`.
/// Each case's expected and actual answers are written as one line and compared as text.
@Suite struct InputCaseTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/inputs")

    static func text(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        guard let spec = value as? [String: Any], let unit = spec["repeat"] as? String, let count = spec["count"] as? Int else {
            return nil
        }
        return (spec["prefix"] as? String ?? "") + String(repeating: unit, count: count) + (spec["suffix"] as? String ?? "")
    }

    static func bytes(_ value: Any) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
    }

    static func variables(_ list: Any?) -> [String: ExpressionValue] {
        var variables: [String: ExpressionValue] = [:]
        for entry in list as? [[String: Any]] ?? [] {
            guard let name = entry["name"] as? String, let type = entry["type"] as? String else { continue }
            let raw = entry["value"]
            let value: ExpressionValue? =
                switch type {
                case "string": (raw as? String).map { .string($0) }
                case "integer": (raw as? NSNumber).map { .integer($0.int64Value) }
                case "number": (raw as? NSNumber).map { .number($0.doubleValue) }
                case "boolean": (raw as? Bool).map { .boolean($0) }
                default: nil
                }
            if let value { variables[name] = value }
        }
        return variables
    }

    static func line(diagnostics: [String]) -> String {
        diagnostics.isEmpty ? "" : " diagnostics: " + diagnostics.joined(separator: "; ")
    }

    /// The expected and actual answers of one case as lines, or nil when it is not a case.
    static func run(_ entry: [String: Any]) throws -> (expected: String, actual: String)? {
        let expectedDiagnostics = entry["diagnostics"] as? [String] ?? []
        if let rules = entry["rules"] {
            guard let value = text(entry["value"]) else { return nil }
            var expected = "problem: none"
            if let problem = entry["problem"] as? [String: Any] {
                expected = "problem: \(problem["index"] as? Int ?? -1) | \(problem["message"] as? String ?? "")"
                if let diagnostic = problem["diagnostic"] as? String { expected += " | \(diagnostic)" }
            }
            let decoded = FieldRules.decode(from: try bytes(rules))
            var actual = "problem: none"
            if let problem = (decoded.value ?? []).firstProblem(for: value, variables: variables(entry["variables"])) {
                actual = "problem: \(problem.ruleIndex) | \(problem.message)"
                if let diagnostic = problem.diagnostic { actual += " | \(diagnostic)" }
            }
            let diagnostics = decoded.diagnostics.map { "\($0.severity.rawValue) \($0.path)" }
            return (expected + line(diagnostics: expectedDiagnostics), actual + line(diagnostics: diagnostics))
        }
        guard let maskJSON = entry["mask"] else { return nil }
        let lang = entry["lang"] as? String ?? "en"
        if let old = entry["old"] as? String {
            return try edit(entry, mask: maskJSON, old: old, lang: lang)
        }
        var expected = "no mask"
        if let answer = entry["expected"] as? [String: Any] {
            expected =
                "\(answer["display"] as? String ?? "?") | \(answer["raw"] as? String ?? "?") | \(answer["complete"] as? Bool ?? false)"
        }
        let decoded = InputMask.decode(from: try bytes(maskJSON))
        var actual = "no mask"
        if let mask = decoded.value {
            let answer: MaskedText
            if let typed = text(entry["typed"]) {
                answer = mask.apply(to: typed, localeIdentifier: lang)
            } else if let raw = text(entry["raw"]) {
                answer = mask.display(raw: raw, localeIdentifier: lang)
            } else {
                return nil
            }
            actual = "\(answer.display) | \(answer.raw) | \(answer.isComplete)"
        }
        let diagnostics = decoded.diagnostics.map { "\($0.severity.rawValue) \($0.path)" }
        return (expected + line(diagnostics: expectedDiagnostics), actual + line(diagnostics: diagnostics))
    }

    /// An edit case (`MaskedEdit`): `{"name", "mask", "old", "new", "caret", "composing"?, "lang"?,
    /// "expected": {"display", "raw", "caret", "composing"?}}`.
    static func edit(_ entry: [String: Any], mask maskJSON: Any, old: String, lang: String) throws -> (expected: String, actual: String)? {
        guard let new = text(entry["new"]), let caret = entry["caret"] as? Int, let answer = entry["expected"] as? [String: Any],
            let mask = InputMask.decode(from: try bytes(maskJSON)).value
        else { return nil }
        func line(_ display: Any?, _ raw: Any?, _ caret: Any?, _ composing: Bool) -> String {
            "\(display ?? "?") | \(raw ?? "?") | caret \(caret ?? "?")" + (composing ? " | composing" : "")
        }
        let edit = mask.edit(from: old, to: new, caret: caret, composing: entry["composing"] as? Bool ?? false, localeIdentifier: lang)
        return (
            line(answer["display"], answer["raw"], answer["caret"], answer["composing"] as? Bool ?? false),
            line(edit.text.display, edit.text.raw, edit.caret, edit.isComposing)
        )
    }

    @Test func everySharedInputCasePasses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!files.isEmpty, "no case files in \(Self.directory.path)")
        var total = 0
        var failures = 0
        for file in files {
            let data = try Data(contentsOf: Self.directory.appendingPathComponent(file))
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(file) is not an object")
            for (index, entry) in (document["cases"] as? [[String: Any]] ?? []).enumerated() {
                let name = entry["name"] as? String ?? "#\(index)"
                guard let answers = try Self.run(entry) else {
                    Issue.record("\(file): \(name) is not a rule case nor a mask case")
                    continue
                }
                total += 1
                if answers.expected != answers.actual {
                    failures += 1
                    Issue.record("\(file): \(name)\n  expected: \(answers.expected)\n  actual:   \(answers.actual)")
                }
            }
        }
        #expect(total >= 120, "only \(total) shared input cases")
        print("InputCaseTests: \(total - failures) of \(total) shared input cases pass")
    }

    @Test func rulesAndMasksWriteWhatTheyRead() {
        let rules: FieldRules = [
            .required(message: "Enter a name"), .length(min: 2, max: 40, message: "2 to 40"),
            .expression(condition: "@{ok}", allowEmpty: false, message: "Not ok"),
        ]
        let read = FieldRules.decode(from: rules.encoded())
        #expect(read.value == rules && read.diagnostics.isEmpty)
        for mask: InputMask in [
            .card, .phone, .date(format: "MM/YY"), .currency(locale: "fr", fractionDigits: 0), .fixed(pattern: "##/##"),
        ] {
            let back = InputMask.decode(from: mask.encoded())
            #expect(back.value == mask && back.diagnostics.isEmpty, "\(mask)")
        }
    }
}
