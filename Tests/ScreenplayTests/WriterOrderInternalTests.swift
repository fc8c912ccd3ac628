import ScreenplayDSL
import Testing

@testable import Screenplay

/// The writer sorts whatever it is given, but the format's own values write their members in key
/// order (a node's common members slotted in among its component's), so nothing is moved twice.
@Suite struct WriterOrderInternalTests {
    static func reorders(_ value: some JSONEncodable) -> Int {
        var writer = JSONWriter(layout: .compact)
        value.encode(into: &writer)
        return writer.reorderedObjects
    }

    @Test func everyBuiltInNodeIsWrittenInKeyOrder() {
        for node in SchemaTests.fullySpecified {
            var full = node
            full.id = "id"
            full.action = .sequence([
                .navigate("/a"), .intent("i", payload: ["a": 1]), .present("/p", style: .sheet), .setState("k", 1),
                .track("e", properties: ["p": 1]),
            ])
            full.accessibilityLabel = "label"
            full.visibleWhen = StateCondition("k", equals: 1, not: true)
            full.style = Style(
                padding: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), background: Color("#fff", dark: "#000"), cornerRadius: 2)
            full.fallback = Text("fallback").node
            #expect(Self.reorders(full) == 0, "\(node.type) writes its members out of order")
        }
    }

    @Test func theExampleScreensNeedNoReorder() {
        for (file, screen) in exampleScreens {
            #expect(Self.reorders(screen) == 0, "\(file)")
        }
    }
}
