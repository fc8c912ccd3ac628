import Foundation
import ScreenplayHTML
import Testing

/// The page's scripts are `.js` files (Sources/ScreenplayHTML/Scripts) whose `__NAME__` placeholders
/// Swift fills with its tables once (``ScriptText``). The Node tests (`scripts/test-js`) fill them
/// from `Tests/JavaScript/script-data.json`: that file must be what Swift fills, or Node would test
/// a script the page never gets. After a table changes, write it again with
/// `SCREENPLAY_WRITE_SCRIPT_DATA=1 swift test --skip-build --filter ScriptDataTests`.
@Suite struct ScriptDataTests {
    static let fixture = packageRoot.appendingPathComponent("Tests/JavaScript/script-data.json")

    /// What Swift fills, by script file name (without `.js`).
    static let data: [String: [String: String]] = [
        "behaviour": [:], "expressions": ExpressionScript.data, "inputs": InputScript.data, "runtime": WebRuntime.data,
    ]

    @Test func theNodeTestsFillThePlaceholdersWithWhatSwiftFills() throws {
        if ProcessInfo.processInfo.environment["SCREENPLAY_WRITE_SCRIPT_DATA"] == "1" {
            let json = try JSONSerialization.data(
                withJSONObject: Self.data, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            try (json + Data("\n".utf8)).write(to: Self.fixture)
        }
        let written = try JSONDecoder().decode([String: [String: String]].self, from: Data(contentsOf: Self.fixture))
        #expect(
            written == Self.data,
            "Tests/JavaScript/script-data.json differs from the Swift tables: SCREENPLAY_WRITE_SCRIPT_DATA=1 swift test --filter ScriptDataTests"
        )
    }

    @Test func everyScriptIsServedWithEveryPlaceholderFilled() throws {
        let placeholder = try Regex("__[A-Z][A-Z0-9_]*__")
        let scripts = [
            "expressions": ExpressionScript.source, "inputs": InputScript.source, "behaviour": BehaviourScript.source,
            "runtime": WebRuntime.source,
        ]
        for (name, source) in scripts {
            #expect(source.firstMatch(of: placeholder) == nil, "\(name).js is served with a placeholder left")
            #expect(!source.isEmpty && !source.hasSuffix("\n"), "\(name).js is served with its last line feed")
        }
        let files = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent("Sources/ScreenplayHTML/Scripts").path
        ).filter { $0.hasSuffix(".js") }
        #expect(Set(files) == Set(scripts.keys.map { "\($0).js" }), "a script file is not served, or a served script has no file")
    }

    @Test func aPlaceholderIsReplacedEverywhereAndTheLastLineFeedDropped() {
        #expect(
            ScriptText.served("const A = __A__, B = [__A__];\n", filling: ["A": "{\"x\":1}"]) == "const A = {\"x\":1}, B = [{\"x\":1}];")
        #expect(ScriptText.served("run();\n\n") == "run();\n")
        #expect(ScriptText.served("run();") == "run();")
    }
}
