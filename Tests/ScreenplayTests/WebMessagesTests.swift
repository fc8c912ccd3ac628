import Foundation
import ScreenplayDSL
import ScreenplayHTML
import Testing

/// The web page's messages and the runtime's script that reads them agree on every member name:
/// a member renamed on one side only fails here.
@Suite struct WebMessagesTests {
    /// The member names of a message, decoded as any JSON reader would.
    static func members(_ bytes: [UInt8]) throws -> Set<String> {
        guard case .object(let members) = try JSONParser.parse(bytes, limits: .unlimited) else {
            Issue.record("not a JSON object: \(String(decoding: bytes, as: UTF8.self))")
            return []
        }
        return Set(members.keys)
    }

    /// The names the script reads off one of its variables: `answer.content`, `change.html`, and
    /// `"equals" in condition`.
    static func namesRead(off variable: String) throws -> Set<String> {
        let source = WebRuntime.source
        let dotted = try Regex("[^A-Za-z0-9_.]\(variable)\\.([A-Za-z]+)")
        let tested = try Regex("\"([A-Za-z]+)\" in \(variable)\\b")
        var names = Set<String>()
        for match in source.matches(of: dotted) { names.insert(String(match.output[1].substring ?? "")) }
        for match in source.matches(of: tested) { names.insert(String(match.output[1].substring ?? "")) }
        return names
    }

    static let screen = Screen(
        id: "cities", title: "Cities", state: ["city": "Paris"], variables: [VariableDeclaration("count", type: .integer, value: 0)],
        intents: "/screens/cities/intents", onAppear: [.track("shown")]
    ) {
        VStack { Text("Paris").id("paris") }
    }

    @Test func anIntentsAnswerAndTheStreamsEventsSayWhatTheScriptReads() throws {
        let renderer = HTMLRenderer()
        let answer = WebIntentAnswer(
            screen: Self.screen, intents: "/fallback", effects: [.track("done")], stateToken: "token", renderer: renderer)
        let screenEvent = WebPageContent(Self.screen, renderer: renderer)
        let wholePatch = WebPatchEvent(base: "v1", change: .page(screenEvent))
        let nodesPatch = WebPatchEvent(base: "v1", change: .nodes([.init(id: "paris", html: "<p>Paris</p>", css: "")]))
        let opsPatch = WebPatchEvent(base: "v1", change: .operations([.init(.remove, NodeAddress(anchor: "paris"))]))

        let written = try [answer.encoded(), screenEvent.encoded(), wholePatch.encoded(), nodesPatch.encoded(), opsPatch.encoded()]
            .reduce(into: Set<String>()) { $0.formUnion(try Self.members($1)) }
        let read = try Self.namesRead(off: "answer")
        // `error` is read off an error's body (``ScreenplayError``), not off these messages;
        // `base` is for tools: the page follows the event's id.
        #expect(read.subtracting(["error"]) == written.subtracting(["base"]))
        #expect(
            written.isSuperset(of: [
                "content", "css", "screen", "title", "state", "intents", "effects", "stateToken", "changes", "variables",
                "behaviour",
            ]))

        guard case .object(let members) = try JSONParser.parse(answer.encoded(), limits: .unlimited) else { return }
        #expect(members["intents"] == "/screens/cities/intents", "a screen's own intents URL goes first")
        // The effects as the actions encode themselves, written into the answer, not parsed again.
        #expect(members["effects"] == .array([try JSONParser.parse(Action.track("done").encoded(), limits: .unlimited)]))
    }

    @Test func aNodeChangeSaysWhatTheScriptReads() throws {
        let change = WebPatchEvent.NodeChange(id: "paris", html: "<p>Paris</p>", css: ".c1{gap:8px}")
        #expect(try Self.members(change.encoded()) == Self.namesRead(off: "change"))
        let nodes = WebPatchEvent(base: "v1", change: .nodes([change, change]))
        guard case .object(let members) = try JSONParser.parse(nodes.encoded(), limits: .unlimited) else { return }
        #expect(members["changes"]?.arrayValue?.count == 2)
    }

    /// Every member of an addressed operation is one the script reads (`op.path`, `op.index` …).
    @Test func anOperationSaysWhatTheScriptReads() throws {
        let operations: [WebPatchEvent.NodeOperation] = [
            .init(.replace, NodeAddress(anchor: "paris", path: [1]), html: "<p>Lyon</p>", css: ".c1{gap:8px}"),
            .init(.insert, NodeAddress(anchor: nil, path: [0]), html: "<p>Nice</p>", css: "", index: 2),
            .init(.move, NodeAddress(anchor: "list"), from: 0, to: 3), .init(.remove, NodeAddress(anchor: "paris")),
        ]
        let written = try operations.reduce(into: Set<String>()) { $0.formUnion(try Self.members($1.encoded())) }
        #expect(try written == Self.namesRead(off: "op"))
    }

    /// A patch among keyed children without ids on the way is sent as the operations at their
    /// addresses (the smallest changed subtree), with the HTML of what is inserted; a page that does
    /// not ask for operations gets the node with the nearest id, or the whole content.
    @Test func aPatchReachesTheSmallestChangedSubtree() throws {
        let renderer = HTMLRenderer()
        func screen(_ days: [Int]) -> Screen {
            Screen(id: "cities") {
                VStack {
                    TextField(key: "city", placeholder: "Filter")
                    HStack {
                        Text("Moscow")
                        HStack { for day in days { Text("day \(day)").id("day\(day)") } }
                    }
                    .id("moscow")
                }
            }
        }
        let old = screen([0, 1, 2])
        let new = screen([1, 2, 3])
        let patch = ScreenPatch(from: old, to: new)
        let event = WebPatchEvent(patch, from: old, base: "v1", to: new, renderer: renderer, addressed: true)
        guard case .operations(let operations) = event.change else {
            Issue.record("a new day is two operations, not \(event.change)")
            return
        }
        #expect(operations.map(\.kind) == [.remove, .insert])
        #expect(operations.first?.address == NodeAddress(anchor: "day0"))
        #expect(operations.last?.address == NodeAddress(anchor: "moscow", path: [1]))
        #expect(operations.last?.index == 2)
        #expect(operations.last?.html?.contains("day 3") == true)
        #expect(operations.last?.html?.contains("Moscow") == false, "only the inserted node is sent")

        // At the root, which has no id: the body is the address.
        var retexted = old
        retexted.body =
            VStack {
                TextField(key: "city", placeholder: "Filter by city")
                old.body.component.children[1]
            }
            .node
        let atRoot = WebPatchEvent(
            ScreenPatch(from: old, to: retexted), from: old, base: "v1", to: retexted, renderer: renderer, addressed: true)
        guard case .operations(let rootOperations) = atRoot.change else {
            Issue.record("a change under the root is an operation at the root's address, not \(atRoot.change)")
            return
        }
        #expect(rootOperations.map(\.address) == [NodeAddress(anchor: nil, path: [0])])

        // A runtime that does not ask for operations gets what it can apply.
        let older = WebPatchEvent(patch, from: old, base: "v1", to: new, renderer: renderer, addressed: false)
        #expect(older == WebPatchEvent(patch, base: "v1", to: new, renderer: renderer))
    }

    /// `Tests/Conformance/patches/web-addresses.json`: what the server sends a page for each patch —
    /// operations at addresses (`ops`), nodes by id (`nodes`) or the whole content (`page`). The
    /// browser runs the same cases (`PatchBrowserTests`), and the page patched equals a fresh load.
    static let addressCases = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/patches/web-addresses.json")

    @Test func eachPatchCaseIsSentAsTheCaseSays() throws {
        let cases = try JSONParser.parse(Array(try Data(contentsOf: Self.addressCases)), limits: .unlimited).arrayValue ?? []
        #expect(cases.count >= 7)
        for entry in cases {
            let description = entry["description"]?.stringValue ?? "?"
            let before = try #require(Screen.decode(from: entry["before"] ?? .null).value, "\(description)")
            let after = try #require(Screen.decode(from: entry["after"] ?? .null).value, "\(description)")
            let event = WebPatchEvent(
                ScreenPatch(from: before, to: after), from: before, base: "v1", to: after, renderer: HTMLRenderer(), addressed: true)
            let sent =
                switch event.change {
                case .operations: "ops"
                case .nodes: "nodes"
                case .page: "page"
                }
            #expect(sent == entry["sends"]?.stringValue, "\(description)")
        }
    }

    @Test func theVisibilityAttributeSaysWhatTheScriptReads() throws {
        let attribute = VisibilityAttribute(StateCondition("express", equals: true, not: true))
        #expect(try Self.members(Array(attribute.value.utf8)) == Self.namesRead(off: "condition"))
        #expect(WebRuntime.source.contains("[\(VisibilityAttribute.name)]"), "the script selects the attribute by its name")
        #expect(VisibilityAttribute(StateCondition("express")).value == #"{"key":"express"}"#)

        var renderer = HTMLRenderer()
        let html = renderer.render(Text("fast").visible(when: StateCondition("express", not: true)))
        #expect(html.contains(#"data-sp-visible="{&quot;key&quot;:&quot;express&quot;,&quot;not&quot;:true}""#))
    }

    @Test func aPatchOfOneNodeSendsThatNodeAndOfTheHeaderTheWholePage() {
        let renderer = HTMLRenderer()
        var next = Self.screen
        next.body = VStack { Text("Lyon").id("paris") }.node
        let event = WebPatchEvent(ScreenPatch(from: Self.screen, to: next), base: "v1", to: next, renderer: renderer)
        guard case .nodes(let changes) = event.change else {
            Issue.record("a change inside one node sends that node")
            return
        }
        #expect(changes.map(\.id) == ["paris"])
        #expect(changes.first?.html.contains("Lyon") == true)

        var retitled = Self.screen
        retitled.title = "Villes"
        let whole = WebPatchEvent(ScreenPatch(from: Self.screen, to: retitled), base: "v1", to: retitled, renderer: renderer)
        #expect(whole.change == .page(WebPageContent(retitled, renderer: renderer)))
    }
}
