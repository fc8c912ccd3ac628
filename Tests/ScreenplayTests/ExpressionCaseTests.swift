import Foundation
import Screenplay
import Testing

/// Runs the shared expression cases in DivKit's case format (`Tests/Conformance/expressions/*.json`,
/// `{"cases": [{"name", "expression", "expected": {"type", "value"}, "variables", "platforms"}]}`).
///
/// A case runs when it has no `platforms` or its `platforms` include `"screenplay"`: DivKit's own
/// files list the platforms each case holds for, and Screenplay claims a case by adding its name,
/// so a case that documents one platform's quirk never runs by accident. An error case with an
/// empty `value` accepts any error; `expected_warnings`, when given, must match the warnings.
/// `locale` (on a case, or on the file for all its cases) is the evaluator's locale; `en_US`
/// when absent, the evaluator's default.
///
/// To run DivKit's own `test_data/expression_test_data` as another platform would, point
/// `SCREENPLAY_EXPRESSION_CASES` at its directory and set `SCREENPLAY_EXPRESSION_PLATFORM=ios`.
@Suite struct ExpressionCaseTests {
    static let environment = ProcessInfo.processInfo.environment
    static let directory =
        environment["SCREENPLAY_EXPRESSION_CASES"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/expressions")
    static let platform = environment["SCREENPLAY_EXPRESSION_PLATFORM"] ?? "screenplay"

    struct Case {
        var file: String
        var name: String
        var expression: String
        var expected: [String: Any]
        var variables: [[String: Any]]
        var warnings: [String]?
        var locale: String?
    }

    static func cases() throws -> [Case] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var cases: [Case] = []
        for file in files.sorted() where file.hasSuffix(".json") {
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let list = document["cases"] as? [[String: Any]]
            else { continue }
            let fileLocale = document["locale"] as? String
            for (index, entry) in list.enumerated() {
                if let platforms = entry["platforms"] as? [String], !platforms.contains(platform) { continue }
                guard let expression = entry["expression"] as? String, let expected = entry["expected"] as? [String: Any] else { continue }
                cases.append(
                    Case(
                        file: file, name: entry["name"] as? String ?? "#\(index)", expression: expression, expected: expected,
                        variables: entry["variables"] as? [[String: Any]] ?? [], warnings: entry["expected_warnings"] as? [String],
                        locale: entry["locale"] as? String ?? fileLocale))
            }
        }
        return cases
    }

    static func json(_ value: Any) -> JSONValue {
        switch value {
        case let text as String: return .string(text)
        case let number as NSNumber: return isBoolean(number) ? .bool(number.boolValue) : .number(number.doubleValue)
        case let array as [Any]: return .array(array.map(json))
        case let object as [String: Any]: return .object(object.mapValues(json))
        default: return .null
        }
    }

    /// Whether JSONSerialization's number is a boolean (its booleans are NSNumbers of type `c`).
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// The case file's typed value as an expression value; nil when it does not fit the type.
    static func value(type: String, _ raw: Any?) -> ExpressionValue? {
        switch type {
        case "string": (raw as? String).map { .string($0) }
        case "url": (raw as? String).map { .url($0) }
        case "integer": (raw as? NSNumber).map { .integer($0.int64Value) }
        case "number": (raw as? NSNumber).map { .number($0.doubleValue) }
        // As a screen declares it: true and false, or DivKit's 1 and 0 (ExpressionValue(_:json:) decides).
        case "boolean": raw.flatMap { ExpressionValue(.boolean, json: json($0)) }
        case "color": (raw as? String).flatMap { ExpressionColor(parsing: $0) }.map { .color($0) }
        case "array": (raw as? [Any]).map { .array($0.map(json)) }
        case "dict": (raw as? [String: Any]).map { .dict($0.mapValues(json)) }
        default: nil
        }
    }

    static func matches(_ actual: ExpressionValue, type: String, _ raw: Any?) -> Bool {
        if type == "datetime" {
            guard case .datetime = actual else { return false }
            return actual.text == raw as? String
        }
        guard let expected = value(type: type, raw) else { return false }
        if case .number(let a) = actual, case .number(let b) = expected {
            return a == b || abs(a - b) <= abs(b) * 1e-12
        }
        return actual == expected
    }

    @Test func everySharedCaseClaimedByScreenplayPasses() throws {
        let cases = try Self.cases()
        var failures = 0
        for testCase in cases {
            var variables: [String: ExpressionValue] = [:]
            for variable in testCase.variables {
                guard let name = variable["name"] as? String, let type = variable["type"] as? String,
                    let value = Self.value(type: type, variable["value"])
                else { continue }
                variables[name] = value
            }
            let expectedType = testCase.expected["type"] as? String ?? ""
            let expectedValue = testCase.expected["value"]
            var warnings: [String] = []
            let outcome: Result<ExpressionValue, ExpressionError>
            do {
                let node = try ExpressionParser.parse(property: testCase.expression)
                let evaluator = ExpressionEvaluator(localeIdentifier: testCase.locale ?? "en_US")
                outcome = .success(try evaluator.evaluate(node, variables: variables, warnings: &warnings))
            } catch {
                outcome = .failure(error)
            }
            var passed: Bool
            let actual: String
            switch outcome {
            case .success(let value):
                actual = "\(value.type.rawValue) \(value.text)"
                passed = expectedType != "error" && Self.matches(value, type: expectedType, expectedValue)
            case .failure(let error):
                actual = "error \(error.message)"
                let message = expectedValue as? String ?? ""
                passed = expectedType == "error" && (message.isEmpty || message == error.message)
            }
            if let expectedWarnings = testCase.warnings, expectedWarnings != warnings { passed = false }
            if !passed {
                failures += 1
                Issue.record(
                    "\(testCase.file): \(testCase.name)\n  expression: \(testCase.expression)\n  expected: \(expectedType) \(expectedValue.map { "\($0)" } ?? "")\n  actual: \(actual)"
                )
            }
        }
        print("ExpressionCaseTests: \(cases.count - failures) of \(cases.count) shared cases pass")
    }
}
