import ScreenplayDSL
import ScreenplayPresentation
import ScreenplayTestSupport
import Testing

/// An old client never receives a type it did not declare.
@Suite struct AdaptationTests {
    static func types(of screen: Screen) -> (components: Set<String>, actions: Set<String>, fallbacks: Int) {
        screen.typesUsed
    }

    @Test(arguments: 0..<10)
    func randomScreensAdaptToRandomCapabilities(seed: Int) {
        var generator = ScreenGenerator(random: SplitMix64(seed: UInt64(1_000 + seed)))
        let optionalComponents =
            Set(ComponentKind.allCases.map(\.rawValue)).subtracting(ClientCapabilities.base.components).sorted() + ["WIDGET_1", "WIDGET_3"]
        let optionalActions = Set(Action.knownTypes).subtracting(ClientCapabilities.base.actions).sorted()
        for _ in 0..<20 {
            let screen = generator.screen()
            var capabilities = ClientCapabilities.base
            capabilities.components.formUnion(optionalComponents.filter { _ in Bool.random(using: &generator.random) })
            capabilities.actions.formUnion(optionalActions.filter { _ in Bool.random(using: &generator.random) })
            let (adapted, _) = screen.adapted(to: capabilities)
            let found = Self.types(of: adapted)
            #expect(found.components.isSubset(of: capabilities.components), "sent \(found.components.subtracting(capabilities.components))")
            #expect(found.actions.isSubset(of: capabilities.actions), "sent \(found.actions.subtracting(capabilities.actions))")
            #expect(found.fallbacks == 0)
            // Adapting is idempotent, and what it makes still decodes and validates.
            #expect(adapted.adapted(to: capabilities).screen == adapted)
            #expect(Screen.decode(from: adapted.encoded()).value == adapted)
        }
    }

    /// Nodes the client declares lose their fallbacks, built-in or app-defined: dead weight for it.
    @Test func aClientThatDeclaresEverythingGetsNoFallbacks() {
        let home = homeScreen(highlightPayments: false)
        var everything = ClientCapabilities.full
        everything.components.formUnion(["COLLECTION", "BANNER", "CELLS"])
        let (adapted, report) = home.adapted(to: everything)
        #expect(report.isEmpty)
        #expect(Self.types(of: home).fallbacks == 3)
        #expect(Self.types(of: adapted).fallbacks == 0)
        #expect(Self.types(of: adapted).components.isSuperset(of: ["COLLECTION", "BANNER", "CELLS"]))
        #expect(adapted.encoded().count < home.encoded().count * 2 / 3, "fallbacks were a third of the home")

        let withBuiltInFallback = Screen(id: "s", body: Text("new").fallback { Text("old") })
        #expect(Self.types(of: withBuiltInFallback.adapted(to: everything).screen).fallbacks == 0)
    }

    @Test func theBaseClientGetsWidgetsAsTheirFallbacksAndListsAsStacks() throws {
        let (adapted, report) = homeScreen(highlightPayments: false).adapted(to: .base)
        #expect(report.usedFallback == ["COLLECTION": 1, "BANNER": 1, "CELLS": 1])
        #expect(report.downgraded["list"] == 1 && report.downgraded["carousel"] == 1 && report.downgraded["grid"] == 1)
        #expect(report.downgraded["badge"] == 3)
        #expect(Self.types(of: adapted).components.isSubset(of: ClientCapabilities.base.components))
        // A replacement keeps the replaced node's id, so patches still find it.
        var ids = Set<String>()
        adapted.body.walk { node, _ in if let id = node.id { ids.insert(id) } }
        #expect(ids.isSuperset(of: ["widget.services", "widget.pay-banner", "widget.pay-cells", "widget.offers", "section.pay"]))
    }

    @Test func downgradesKeepTheContent() throws {
        let grid = Grid(columns: 2, spacing: 4) { for index in 0..<5 { Text("\(index)") } }.id("g")
        let (node, _) = grid.node.adapted(to: .base)
        #expect(
            OutlineRenderer.render(try #require(node)) == """
                vstack #g spacing=4
                  hstack spacing=4
                    text "0"
                    text "1"
                  hstack spacing=4
                    text "2"
                    text "3"
                  hstack spacing=4
                    text "4"

                """)
        let item = GenericItem(
            layout: .request, title: "Jean", detail: "from <strong>Wed</strong>", bottomLeftDetail: "€69", url: "/requests/1")
        let cell = try #require(item.node.adapted(to: .base).node)
        #expect(cell.action == .navigate("/requests/1"))
        #expect(OutlineRenderer.render(cell).contains(#"text "from Wed" size=14"#))
    }

    @Test func inputsAndWidgetsWithoutFallbackAreDropped() {
        let screen = Screen(id: "s") {
            TextField(key: "q")
            Custom("MAP")
            Text("kept")
        }
        let (adapted, report) = screen.adapted(to: .base)
        #expect(OutlineRenderer.render(adapted).contains("text \"kept\""))
        #expect(report.droppedNodes == ["textField": 1, "MAP": 1])
    }

    @Test func actionsAreDowngradedOrDropped() {
        let screen = Screen(id: "s") {
            Text("a").onTap(.present("/terms", style: .sheet))
            Text("b").onTap(.sequence([.track("tap"), .intent("go")]))
            Text("c").onTap(.setState("k", true))
        }
        let (adapted, report) = screen.adapted(to: .base)
        guard case .vstack(let stack) = adapted.body.component else {
            Issue.record("no stack")
            return
        }
        #expect(stack.children.map(\.action) == [.navigate("/terms"), .intent("go"), nil])
        #expect(report.droppedActions == ["present": 1, "sequence": 1, "track": 1, "setState": 1])
    }

    /// The compatibility report says where each change happens: a node's path in the document
    /// as written, an action's at its node's `action`, a fallback's insides under `fallback`.
    @Test func theReportWithPathsSaysWhereEachChangeHappens() {
        let screen = Screen(id: "s") {
            Text("a").onTap(.present("/terms", style: .sheet))
            VStack {
                Toggle("On", key: "on")
                Custom("MAP").fallback { VStack { Custom("PIN") } }
            }
            Carousel { Custom("TILE") }
        }
        let report = screen.adaptationReport(for: .base)
        #expect(report.changes.contains(AdaptationReport.Change(kind: .droppedAction, type: "present", path: "body.children[0].action")))
        #expect(report.changes.contains(AdaptationReport.Change(kind: .droppedNode, type: "toggle", path: "body.children[1].children[0]")))
        #expect(report.changes.contains(AdaptationReport.Change(kind: .usedFallback, type: "MAP", path: "body.children[1].children[1]")))
        #expect(
            report.changes.contains(
                AdaptationReport.Change(kind: .droppedNode, type: "PIN", path: "body.children[1].children[1].fallback.children[0]")))
        // Inside a built-in downgrade the nodes are not the document's: the downgraded node's path.
        #expect(report.changes.contains(AdaptationReport.Change(kind: .downgraded, type: "carousel", path: "body.children[2]")))
        #expect(report.changes.contains(AdaptationReport.Change(kind: .droppedNode, type: "TILE", path: "body.children[2]")))
        // The same counts as the request path's report, which records no place.
        var counted = screen.adapted(to: .base).report
        #expect(counted.changes.isEmpty)
        counted.changes = report.changes
        #expect(counted == report)
        #expect(report.losesContent)
    }

    /// Over random screens and clients: one place per counted change, each naming a node of the
    /// document whose subtree (fallbacks included) holds the changed type.
    @Test(arguments: 0..<5)
    func everyCountedChangeHasAPlaceInTheDocument(seed: Int) {
        var generator = ScreenGenerator(random: SplitMix64(seed: UInt64(7_000 + seed)))
        let optionalComponents = Set(ComponentKind.allCases.map(\.rawValue)).subtracting(ClientCapabilities.base.components).sorted()
        for _ in 0..<20 {
            let screen = generator.screen()
            var capabilities = ClientCapabilities.base
            capabilities.components.formUnion(optionalComponents.filter { _ in Bool.random(using: &generator.random) })
            let report = screen.adaptationReport(for: capabilities)
            let counts: [AdaptationReport.Change.Kind: Int] = [
                .usedFallback: report.usedFallback.values.reduce(0, +), .downgraded: report.downgraded.values.reduce(0, +),
                .droppedNode: report.droppedNodes.values.reduce(0, +), .droppedAction: report.droppedActions.values.reduce(0, +),
            ]
            for kind in AdaptationReport.Change.Kind.allCases {
                #expect(report.changes.filter { $0.kind == kind }.count == counts[kind], "\(kind)")
            }
            var nodes: [JSONPath: Node] = [:]
            screen.body.walk(at: "body") { node, path in nodes[path] = node }
            for change in report.changes where change.path.components.first == .key("body") {
                var path = change.path
                if change.kind == .droppedAction, path.components.last == .key("action") { path.components.removeLast() }
                guard let node = nodes[path] else {
                    Issue.record("no node at \(change.path)")
                    continue
                }
                var types: Set<String> = []
                node.walk { inner, _ in
                    types.insert(inner.type)
                    if let action = inner.action { types.formUnion(Self.actionTypes(action)) }
                }
                #expect(types.contains(change.type), "\(change.type) at \(change.path)")
            }
        }
    }

    static func actionTypes(_ action: Action) -> [String] {
        if case .sequence(let actions) = action { return [action.type] + actions.flatMap(actionTypes) }
        return [action.type]
    }
}
