import ScreenplayDSL
import Testing

/// A downgrade keeps what the client evaluates: a client of format 1.2 that lacks a component
/// gets its replacement with the component's bindings moved to the members that show them, so
/// the values stay live; a client before 1.2 gets the values the initial variables make, with no
/// expression.
@Suite struct DowngradeBindingTests {
    static let document = #"""
        {"version": "1.2", "id": "d",
         "variables": [{"name": "count", "type": "integer", "value": 2}, {"name": "tab", "type": "string", "value": "b"},
                       {"name": "gap", "type": "number", "value": 4}, {"name": "name", "type": "string", "value": "Ana"},
                       {"name": "accent", "type": "color", "value": "#FFD32F2F"}],
         "body": {"type": "vstack", "children": [
           {"type": "badge", "id": "badge", "text": "0 in your cart",
            "bindings": {"text": "@{count} in your cart", "visible": "@{count > 0}", "color": "@{accent}", "background": "@{accent}"}},
           {"type": "carousel", "id": "carousel", "spacing": 8, "bindings": {"spacing": "@{gap}"}, "children": [{"type": "text", "text": "x"}]},
           {"type": "grid", "id": "grid", "columns": 2, "bindings": {"spacing": "@{gap}", "columns": "@{count}"},
            "children": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}, {"type": "text", "text": "c"}]},
           {"type": "item", "id": "item", "title": "Hi", "imageURL": "https://example.com/a.png", "detail": "<em>d</em>",
            "bindings": {"title": "Hi @{name}", "imageURL": "https://example.com/@{name}.png", "accessibilityLabel": "@{name}",
                         "detail": "<em>@{name}</em>"}},
           {"type": "richText", "id": "rich", "markup": "<strong>Hi</strong>", "bindings": {"color": "@{accent}", "markup": "<em>@{name}</em>"}},
           {"type": "states", "id": "tabs", "variable": "tab", "children": [
             {"type": "text", "id": "a", "text": "A"},
             {"type": "text", "id": "b", "text": "B", "bindings": {"visible": "@{count > 1}"}}]}]}}
        """#

    static let downgraded: Set<String> = ["badge", "carousel", "grid", "item", "richText", "states"]

    static func capabilities(_ version: FormatVersion) -> ClientCapabilities {
        ClientCapabilities(
            version: version, components: Set(ComponentKind.allCases.map(\.rawValue)).subtracting(downgraded),
            actions: Set(Action.knownTypes))
    }

    static func screen() throws -> Screen {
        let decoded = Screen.decode(from: Array(document.utf8))
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics)")
        return try #require(decoded.value)
    }

    /// The node with `id` anywhere in `json`.
    static func node(_ id: String, in json: JSONValue) -> JSONValue? {
        nodes(in: json).first { $0["id"] == .string(id) }
    }

    /// Every object in `json` that has a `type`, depth first.
    static func nodes(in json: JSONValue) -> [JSONValue] {
        switch json {
        case .object(let members):
            let own: [JSONValue] = members["type"] != nil ? [json] : []
            return own + members.keys.sorted().flatMap { nodes(in: members[$0]!) }
        case .array(let elements): return elements.flatMap(nodes)
        default: return []
        }
    }

    @Test func aFormat12ClientGetsEachDowngradeWithTheBindingsItCanShow() throws {
        let (adapted, report) = try Self.screen().adapted(to: Self.capabilities(.expressions))
        #expect(report.downgraded.keys.sorted() == Self.downgraded.sorted())
        // What the client receives type-checks there: every moved binding fits its new member.
        let decoded = Screen.decode(from: adapted.encoded())
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics)")
        #expect(decoded.value == adapted)
        let json = try JSONParser.parse(adapted.encoded())

        let badge = try #require(Self.node("badge", in: json))
        #expect(badge["type"] == "text")
        #expect(
            badge["bindings"]
                == ["text": "@{count} in your cart", "visible": "@{count > 0}", "color": "@{accent}", "style.background": "@{accent}"])
        #expect(Self.node("carousel", in: json)?["type"] == "scroll")
        #expect(Self.node("carousel", in: json)?["bindings"] == ["spacing": "@{gap}"])
        // A grid's rows keep its spacing; its columns shape the tree, so that binding has nowhere to go.
        let grid = try #require(Self.node("grid", in: json))
        #expect(grid["type"] == "vstack" && grid["bindings"] == ["spacing": "@{gap}"])
        #expect(grid["children"]?.arrayValue?.map { $0["bindings"] } == [["spacing": "@{gap}"], ["spacing": "@{gap}"]])
        // The item's plain texts and image stay bound where they are shown; its markup detail is not plain text.
        let item = try #require(Self.node("item", in: json))
        #expect(item["bindings"] == ["accessibilityLabel": "@{name}"])
        let bound = Self.nodes(in: item).compactMap { $0["bindings"] }
        #expect(bound.contains(["text": "Hi @{name}"]) && bound.contains(["url": "https://example.com/@{name}.png"]), "\(bound)")
        #expect(!bound.contains { $0["text"] == "<em>@{name}</em>" })
        #expect(Self.node("rich", in: json)?["bindings"] == ["color": "@{accent}"])
        // The state switch stays live: every state, each shown while the variable names it, a
        // state's own condition kept inside.
        let tabs = try #require(Self.node("tabs", in: json))
        #expect(tabs["type"] == "zstack")
        let states = tabs["children"]?.arrayValue ?? []
        #expect(states.count == 2)
        #expect(states.first?["id"] == "a" && states.first?["bindings"]?["visible"] == "@{getStringValue('tab', '') != 'b'}")
        #expect(states.last?["bindings"]?["visible"] == "@{getStringValue('tab', '') == 'b'}")
        #expect(states.last?["children"]?.arrayValue?.first?["bindings"] == ["visible": "@{count > 1}"])

        // Live: the values the device holds now, not the server's.
        let now = ScreenVariables(screen: adapted, values: adapted.initialValues.merging(["count": 7, "tab": "a"]) { $1 })
        let shown = try #require(adapted.body.component.children.first?.resolvingBindings(now))
        #expect(shown.isVisible)
        guard case .text(let text) = shown.node.component else {
            Issue.record("the badge is not a text: \(shown.node.type)")
            return
        }
        #expect(text.text == "7 in your cart")
        let tabNodes = try #require(adapted.body.component.children.last).component.children
        #expect(tabNodes.map { $0.resolvingBindings(now).isVisible } == [true, false])
    }

    @Test func aClientBeforeFormat12GetsTheValuesWrittenIn() throws {
        let (adapted, _) = try Self.screen().adapted(to: Self.capabilities(FormatVersion(1, 1)))
        let text = String(decoding: adapted.encoded(), as: UTF8.self)
        #expect(!text.contains("@{"), "an expression reached a 1.1 client: \(text)")
        let json = try JSONParser.parse(adapted.encoded())
        let badge = try #require(Self.node("badge", in: json))
        #expect(badge["type"] == "text" && badge["text"] == "2 in your cart" && badge["bindings"] == nil)
        #expect(badge["color"] == "#d32f2f" && badge["style"]?["background"] == "#d32f2f")
        #expect(Self.node("carousel", in: json)?["spacing"] == 4)
        #expect(Self.nodes(in: json).contains { $0["text"] == "Hi Ana" })
        // The state the initial value chooses, in its place.
        #expect(Self.node("b", in: json)?["text"] == "B" && Self.node("a", in: json) == nil)
    }
}
