import Foundation
import ScreenplayDSL
import ScreenplayPresentation
import Testing

/// Runs the shared motion cases (`Tests/Conformance/motion/cases.json`) through ``MotionPlan``;
/// `MotionBrowserTests` runs the same file in Chromium against the page's script, so that both
/// play the same movements on the same nodes.
///
/// A case is `{"description", "reducedMotion"?, "screen", "steps"}`; a step is one of
/// `{"load": true}` (the first frame), `{"tap": id}` (the node's `set` or `setState` runs) or
/// `{"patch": <patch>}` (a live patch lands), with `"plays"`, the plan's steps as `"id kind"` in
/// order, and `"shown"`, whether nodes are shown after it.
@Suite struct MotionCaseTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/motion/cases.json")

    static func cases() throws -> [JSONValue] {
        let bytes = Array(try Data(contentsOf: file))
        return try JSONParser.parse(bytes).arrayValue ?? []
    }

    static var descriptions: [String] { (try? cases().compactMap { $0["description"]?.stringValue }) ?? [] }

    /// The page keeps hidden nodes (its script shows them); the plan compares what is shown.
    static let options = PresentationOptions(hiddenNodes: .kept, missingComponents: .omitted)

    @Test(arguments: descriptions)
    func thePlanPlaysWhatTheCaseSays(description: String) throws {
        let entry = try #require(try Self.cases().first { $0["description"]?.stringValue == description })
        let decoded = Screen.decode(from: try #require(entry["screen"]))
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics)")
        var screen = try #require(decoded.value)
        var values = screen.initialValues
        var shown: ScreenPresentation?
        let reduced = entry["reducedMotion"]?.boolValue ?? false
        for (index, step) in (entry["steps"]?.arrayValue ?? []).enumerated() {
            if let id = step["tap"]?.stringValue {
                let node = try #require(screen.body.node(withID: id), "step \(index): no node \(id)")
                try Self.run(try #require(node.action), on: &values, of: screen)
            } else if let patch = step["patch"] {
                let decodedPatch = try ScreenPatch.decode(from: patch)
                screen = try (try #require(decodedPatch.value)).apply(to: screen)
            }
            let next = Presenter.presentOnce(screen, values: values, options: Self.options)
            let plan = MotionPlan(from: shown, to: next)
            let expected = step["plays"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(plan.steps.map(\.description) == expected, "step \(index)")
            for (id, visible) in step["shown"]?.objectValue ?? [:] {
                #expect(Self.isShown(id, in: next) == visible.boolValue, "step \(index): \(id)")
            }
            if reduced {
                for played in plan.steps {
                    #expect(played.transition.map { $0.reducingMotion().moves } != true, "step \(index): \(played) moves")
                }
            }
            shown = next
        }
    }

    /// Whether the node with `id` is drawn: present, visible, and inside visible containers.
    static func isShown(_ id: String, in presentation: ScreenPresentation) -> Bool {
        func find(_ node: PresentedNode, parentShown: Bool) -> Bool? {
            let shown = parentShown && node.visibility.isVisible
            if node.nodeID == id { return shown }
            for children in node.content.childGroups {
                for child in children { if let found = find(child, parentShown: shown) { return found } }
            }
            return nil
        }
        return presentation.root.flatMap { find($0, parentShown: true) } ?? false
    }

    /// What a tap on a node with `action` does to the values (the cases tap only these).
    static func run(_ action: Action, on values: inout [String: JSONValue], of screen: Screen) throws {
        switch action {
        case .setState(let key, let value):
            values[key] = value
        case .set(let name, let expression):
            var variables = ScreenVariables(types: screen.variableTypes, values: values)
            try variables.assign(try ExpressionEvaluator().evaluate(expression.node, variables: variables), to: name)
            values[name] = variables.values[name]
        default:
            Issue.record("the cases tap set and setState only, not \(action.type)")
        }
    }

    @Test func aChangeThatDoesNotChangeTheLookPlaysNothing() throws {
        let count = try PropertyExpression("@{n}")
        let screen = Screen(id: "s", variables: [VariableDeclaration("n", type: .integer, value: 1)]) {
            VStack {
                Text("fixed").id("fixed").animation(.easeOut(ms: 200))
                Text("1").id("count").bind("text", to: count)
            }
        }
        let before = Presenter.presentOnce(screen, values: ["n": 1], options: Self.options)
        let after = Presenter.presentOnce(screen, values: ["n": 2], options: Self.options)
        #expect(MotionPlan(from: before, to: after).steps.isEmpty, "the node with a change animation did not change")
    }

    @Test func aNativePlanPresentsOnlyTheLazyRowsThatComeOrGo() throws {
        let visible = try PropertyExpression("@{query == '' || query == 'b'}")
        let always = try PropertyExpression("@{true}")
        let screen = Screen(id: "s", variables: [VariableDeclaration("query", type: .string, value: "")]) {
            Scroll {
                for index in 0..<200 {
                    Text("row \(index)").id("row.\(index)").transition(.fade).bind("visible", to: index == 1 ? visible : always)
                }
            }
        }
        let presenter = Presenter()
        let before = presenter.present(screen, values: ["query": ""])
        let after = presenter.present(screen, values: ["query": "a"])
        let presentedBefore = presenter.statistics.presented
        let plan = MotionPlan(from: before, to: after, lazyRows: .comparedByIdentity)
        #expect(plan.steps.map(\.description) == ["row.1 exit"])
        #expect(presenter.statistics.presented - presentedBefore <= 1, "only the row that leaves is presented to read its exit")
        let back = presenter.present(screen, values: ["query": "b"])
        #expect(MotionPlan(from: after, to: back, lazyRows: .comparedByIdentity).steps.map(\.description) == ["row.1 enter"])
    }

    @Test func aNativePlanLooksInsideTheRowsThatWereDrawn() throws {
        let visible = try PropertyExpression("@{query == ''}")
        // The cities' shape: one lazy row (a column) holding the cards the filter shows and hides.
        let screen = Screen(id: "s", variables: [VariableDeclaration("query", type: .string, value: "")]) {
            Scroll {
                VStack {
                    Text("kept").id("card.0").transition(.fade)
                    Text("filtered").id("card.1").transition(.fade).bind("visible", to: visible)
                }
            }
        }
        let unseen = Presenter()
        let notDrawn = unseen.present(screen, values: ["query": ""])
        let notDrawnAfter = unseen.present(screen, values: ["query": "x"])
        #expect(MotionPlan(from: notDrawn, to: notDrawnAfter, lazyRows: .comparedByIdentity).steps.isEmpty, "nothing drawn, nothing moves")
        let presenter = Presenter()
        let before = presenter.present(screen, values: ["query": ""])
        before.walk { _, _ in } // drawn, as a renderer draws it
        let after = presenter.present(screen, values: ["query": "x"])
        #expect(MotionPlan(from: before, to: after, lazyRows: .comparedByIdentity).steps.map(\.description) == ["card.1 exit"])
    }

    @Test func aTappableNodeDimsWhenPressedUnlessTheServerSaysOtherwise() throws {
        let screen = Screen(id: "s") {
            VStack {
                Text("card").id("card").onTap(.navigate("/a"))
                Text("quiet").id("quiet").onTap(.navigate("/b")).pressEffect(.off)
                Text("tile").id("tile").onTap(.navigate("/c")).pressEffect(.scale)
                Button("Go", action: .navigate("/d")).id("button")
                Text("still").id("still")
            }
        }
        var press: [String: Motion.Press?] = [:]
        Presenter.presentOnce(screen, values: [:], options: Self.options).walk { node, _ in
            if let id = node.nodeID { press[id] = node.motion?.press }
        }
        #expect(press["card"] == .some(.standard))
        #expect(press["quiet"] == .some(nil), "\"none\" turns the default off")
        #expect(press["tile"] == .some(.scale))
        #expect(press["button"] == .some(nil), "a button keeps its platform's pressed look")
        #expect(press["still"] == .some(nil), "nothing to press")
    }
}
