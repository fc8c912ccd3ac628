import Foundation
import ScreenplayDSL
import ScreenplayPresentation
import ScreenplayTestSupport
import Testing

/// The conformance suite (Tests/Conformance) against the presentation and the outline renderer;
/// the web renderer runs it in Chromium (ScreenplayClientTests) and the SwiftUI renderer through
/// the stand-ins (scripts/check-apple).
@Suite struct ConformanceTests {
    static let options = PresentationOptions(customTypes: [ConformanceCase.registeredType], missingComponents: .marker)

    static func presentation(_ test: ConformanceCase) -> ScreenPresentation {
        Presenter(options: options).present(test.screen, values: test.state)
    }

    @Test(arguments: try ConformanceCase.all().map(\.name))
    func thePresentationShowsWhatTheCaseSays(name: String) throws {
        let test = try #require(try ConformanceCase.all().first { $0.name == name })
        let facts = ConformanceFacts.facts(of: Self.presentation(test))
        if let mismatch = test.mismatch(facts, renderer: "the presentation") { Issue.record(Comment(rawValue: mismatch)) }
    }

    /// The outline draws the same nodes in the same order with the same taps, and every text.
    @Test(arguments: try ConformanceCase.all().map(\.name))
    func theOutlineDrawsTheSameNodes(name: String) throws {
        let test = try #require(try ConformanceCase.all().first { $0.name == name })
        let live = OutlineRenderer.Live(state: test.state, customTypes: [ConformanceCase.registeredType])
        let outline = OutlineRenderer.render(test.screen, as: live).split(separator: "\n").dropFirst().map(String.init)
        var expected: [String] = []
        Self.presentation(test).walk { node, depth in
            expected.append(String(repeating: "  ", count: depth) + node.type + (node.nodeID.map { " #\($0)" } ?? ""))
        }
        // Sections are lines of their own in the outline.
        let nodes = outline.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("section") }.map { line -> String in
            let indent = line.prefix { $0 == " " }
            let words = line.dropFirst(indent.count).split(separator: " ")
            let id = words.count > 1 && words[1].hasPrefix("#") ? " " + words[1] : ""
            return String(indent) + String(words.first ?? "") + id
        }
        // The outline nests list rows two levels under the list; compare without indentation there.
        #expect(nodes.map { $0.trimmingCharacters(in: .whitespaces) } == expected.map { $0.trimmingCharacters(in: .whitespaces) })
        let whole = outline.joined(separator: "\n")
        for fact in test.expected {
            if let action = fact.range(of: " → ").map({ String(fact[$0.upperBound...]) }) {
                // A link inside a text is shown in its runs: [text](url).
                let inText = action.hasPrefix("navigate ") && whole.contains("](\(action.dropFirst("navigate ".count)))")
                #expect(whole.contains("→ " + action) || inText, "the outline shows the tap \(action)")
            }
        }
    }

    @Test func theSuiteCoversEveryComponentAndAction() throws {
        var types = Set<String>()
        var actions = Set<String>()
        for test in try ConformanceCase.all() {
            let used = test.screen.typesUsed
            types.formUnion(used.components)
            actions.formUnion(used.actions)
        }
        let missing = Set(ComponentKind.allCases.map(\.rawValue)).subtracting(types)
        #expect(missing.isEmpty, "no case uses \(missing.sorted())")
        for action in ["navigate", "open", "intent", "back", "dismiss", "present", "setState", "reload", "sequence", "track"] {
            #expect(actions.contains(action), "no case uses the action \(action)")
        }
    }
}
