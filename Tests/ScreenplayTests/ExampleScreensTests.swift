import Foundation
import ScreenplayDSL
import Testing

/// The checked-in documents of Examples/screens are the DSL screens encoded; they decode without a
/// single diagnostic and round-trip byte for byte. Set SCREENPLAY_RECORD=1 to rewrite them.
@Suite struct ExampleScreensTests {
    static let directory = packageRoot.appendingPathComponent("Examples/screens")

    @Test(arguments: exampleScreens.map(\.file))
    func checkedInDocumentMatchesTheDSL(file: String) throws {
        let screen = try #require(exampleScreens.first { $0.file == file }?.screen)
        let url = Self.directory.appendingPathComponent("\(file).json")
        let expected = screen.encoded(layout: .pretty)
        if ProcessInfo.processInfo.environment["SCREENPLAY_RECORD"] != nil {
            try Data(expected).write(to: url)
        }
        let onDisk = try [UInt8](Data(contentsOf: url))
        #expect(text(onDisk) == text(expected), "Examples/screens/\(file).json is out of date: run the tests with SCREENPLAY_RECORD=1")
    }

    @Test(arguments: exampleScreens.map(\.file))
    func decodesCleanlyAndRoundTrips(file: String) throws {
        let url = Self.directory.appendingPathComponent("\(file).json")
        let onDisk = try [UInt8](Data(contentsOf: url))
        let result = Screen.decode(from: onDisk)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered)")
        let screen = try #require(result.value)
        #expect(screen == exampleScreens.first { $0.file == file }?.screen)
        #expect(text(screen.encoded(layout: .pretty)) == text(onDisk))
        // Compact and pretty encodings are the same document.
        #expect(Screen.decode(from: screen.encoded()).value == screen)
    }

    @Test func everyBuiltInComponentAndActionAppearsInTheExamples() {
        var kinds = Set<String>()
        var actions = Set<String>()
        func collect(_ action: Action) {
            actions.insert(action.type)
            if case .sequence(let inner) = action { inner.forEach(collect) }
        }
        for (_, screen) in exampleScreens {
            screen.body.walk { node, _ in
                kinds.insert(node.type)
                node.action.map(collect)
            }
        }
        let missing = ComponentKind.allCases.map(\.rawValue).filter { !kinds.contains($0) }
        #expect(missing == [], "components no example uses: \(missing)")
        #expect(kinds.contains("COLLECTION") && kinds.contains("BANNER") && kinds.contains("CELLS"))
        #expect(actions.isSuperset(of: ["navigate", "intent", "sequence", "track", "dismiss"]))
    }
}
