import Foundation
import Screenplay

/// One document of the conformance suite (`Tests/Conformance/*.json`) and what every renderer
/// must show for it:
///
/// ```json
/// {"description": "…", "values": {"city": "Paris"}, "screen": {…}, "expect": ["text \"Paris\"", "button \"Go\" → navigate /go"]}
/// ```
///
/// The expectations are facts in a vocabulary every renderer can be read back in (``ConformanceFacts``):
/// what is drawn, in document order, and what a tap does.
public struct ConformanceCase: Sendable {
    public var name: String
    public var description: String
    public var screen: Screen
    /// Client values on top of the screen's own state.
    public var values: [String: JSONValue]
    public var expected: [String]

    /// The app-defined type every renderer of the suite registers (drawn as `custom "RATING"`).
    public static let registeredType = "RATING"

    /// The values the renderers draw with: the screen's state, then the case's values.
    public var state: [String: JSONValue] { screen.initialValues.merging(values) { _, value in value } }

    /// Every case of the suite, by name.
    public static func all(in folder: URL = defaultFolder) throws -> [ConformanceCase] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.map(load)
    }

    /// The suite's folder in this checkout.
    public static var defaultFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Conformance")
    }

    static func load(_ file: URL) throws -> ConformanceCase {
        let name = file.deletingPathExtension().lastPathComponent
        let json = try JSONParser.parse(Array(try Data(contentsOf: file)))
        guard case .object(let members) = json, let screenJSON = members["screen"], case .array(let expect)? = members["expect"] else {
            throw CaseError(file: name, message: "a case needs \"screen\" and \"expect\"")
        }
        let decoded = Screen.decode(from: screenJSON)
        guard let screen = decoded.value else { throw CaseError(file: name, message: "the screen does not decode: \(decoded.diagnostics)") }
        var values: [String: JSONValue] = [:]
        if case .object(let given)? = members["values"] { values = given }
        return ConformanceCase(
            name: name, description: members["description"]?.stringValue ?? "", screen: screen, values: values,
            expected: expect.compactMap(\.stringValue))
    }

    struct CaseError: Error, CustomStringConvertible {
        let file: String
        let message: String
        var description: String { "\(file): \(message)" }
    }

    /// Where `actual` differs from the expectation, line by line; nil when they agree.
    public func mismatch(_ actual: [String], renderer: String) -> String? {
        guard actual != expected else { return nil }
        var report = "\(renderer) disagrees on \(name) (\(description)):\n"
        for index in 0..<max(actual.count, expected.count) {
            let want = index < expected.count ? expected[index] : "(nothing)"
            let got = index < actual.count ? actual[index] : "(nothing)"
            report += (want == got ? "    " : "  ✘ ") + "expected \(want)\n" + (want == got ? "" : "      got \(got)\n")
        }
        return report
    }
}
