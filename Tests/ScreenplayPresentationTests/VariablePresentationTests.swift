import ScreenplayDSL
import ScreenplayPresentation
import Testing

/// Bound properties, decided in the presentation for every renderer.
@Suite struct VariablePresentationTests {
    /// A header with a cart badge, and a list of products that read nothing.
    static func shop() throws -> Screen {
        var badge = Text("0").node
        badge.id = "badge"
        badge.bindings["text"] = try PropertyExpression("@{cartCount}")
        badge.bindings["visible"] = try PropertyExpression("@{cartCount > 0}")
        var total = Text("").node
        total.id = "total"
        total.bindings["text"] = try PropertyExpression("@{toNumber(cartCount) * 9.5} €")
        let header = HStack {
            Text("Shop")
            badge
        }
        let products = VStack {
            for index in 0..<20 {
                HStack {
                    Text("Product \(index)")
                    Button("Add", action: try! .set("cartCount", to: "@{cartCount + 1}"))
                }
            }
        }
        return Screen(
            id: "shop", variables: [VariableDeclaration("cartCount", type: .integer, value: 0)],
            body: VStack {
                header
                total
                products
            }.node)
    }

    static func texts(_ presentation: ScreenPresentation) -> [String] {
        var texts: [String] = []
        presentation.walk { node, _ in if case .text(let text) = node.content { texts.append(text.plainText) } }
        return texts
    }

    @Test func aVariableChangeRepresentsOnlyTheNodesThatReadIt() throws {
        let screen = try Self.shop()
        let presenter = Presenter()
        var values = screen.initialValues
        let first = presenter.present(screen, values: values)
        let built = presenter.statistics.presented
        #expect(!Self.texts(first).contains("0"), "the badge is hidden while the cart is empty")

        values["cartCount"] = 3
        let second = presenter.present(screen, values: values)
        let rebuilt = presenter.statistics.presented - built
        // The root, the header and its badge, and the total: not one of the 20 product rows.
        #expect(rebuilt == 4, "re-presented \(rebuilt) of \(built) nodes")
        #expect(Self.texts(second).contains("3"))
        #expect(Self.texts(second).contains("28.5 €"))
        guard case .stack(_, let before)? = first.root?.content, case .stack(_, let after)? = second.root?.content else {
            Issue.record("the body is a stack")
            return
        }
        #expect(before.last == after.last, "the product list is the value built before")
    }

    @Test func aFailingBindingIsADiagnosticAtItsPathAndTheLiteralShows() throws {
        var node = Text("no total").node
        node.bindings["text"] = try PropertyExpression("@{100 / cartCount} each")
        let screen = Screen(
            id: "s", variables: [VariableDeclaration("cartCount", type: .integer, value: 0)],
            body: VStack {
                Text("a")
                node
            }.node)
        let presentation = Presenter().present(screen, values: screen.initialValues)
        #expect(Self.texts(presentation) == ["a", "no total"])
        #expect(presentation.diagnostics.map(\.path.description) == ["body.children[1].bindings.text"])
    }

    @Test func aValueOfTheWrongTypeIsADiagnosticAndTheDefault() throws {
        let screen = try Self.shop()
        var values = screen.initialValues
        values["cartCount"] = "three"
        let presentation = Presenter().present(screen, values: values)
        #expect(presentation.diagnostics.map(\.path.description) == ["variables"])
        #expect(presentation.diagnostics.first?.message.contains("cartCount is integer") == true)
        #expect(!Self.texts(presentation).contains("three"), "the badge reads 0 and stays hidden")
    }

    @Test func aWebPageKeepsHiddenBoundNodesWithTheirExpressions() throws {
        let screen = try Self.shop()
        let presentation = Presenter.presentOnce(screen, values: screen.initialValues, options: PresentationOptions(hiddenNodes: .kept))
        var badge: PresentedNode?
        presentation.walk { node, _ in if node.nodeID == "badge" { badge = node } }
        let shown = try #require(badge)
        #expect(!shown.visibility.isVisible)
        #expect(shown.bindings["visible"]?.source == "@{cartCount > 0}")
    }
}

/// A container that shows one of its children, switched by a variable with no request.
@Suite struct StateSwitchTests {
    static func tabs() -> Screen {
        Screen(id: "tabs", variables: [VariableDeclaration("tab", type: .string, value: "")]) {
            HStack {
                Button("Overview", action: .setState("tab", "tab.overview"))
                Button("Reviews", action: .setState("tab", "tab.reviews"))
            }
            StateSwitch(variable: "tab") {
                VStack { Text("All about it") }.id("tab.overview")
                VStack { Text("Five stars") }.id("tab.reviews")
                VStack { Text("No 'quotes' @{here}") }.id("it's \\ @{odd}")
            }
        }
    }

    @Test func theVariableChoosesTheStateAndTheFirstIsTheDefault() {
        let screen = Self.tabs()
        let presenter = Presenter()
        var values = screen.initialValues
        func shown() -> String? { VariablePresentationTests.texts(presenter.present(screen, values: values)).last }
        #expect(shown() == "All about it")
        values["tab"] = "tab.reviews"
        let built = presenter.statistics.presented
        #expect(shown() == "Five stars")
        #expect(presenter.statistics.presented - built <= 6, "the buttons are not presented again")
        values["tab"] = "it's \\ @{odd}"
        #expect(shown() == "No 'quotes' @{here}")
        values["tab"] = "nothing by that name"
        #expect(shown() == "All about it")
    }

    @Test func aPageKeepsEveryStateAndAnOldClientGetsTheChosenOne() throws {
        let screen = Self.tabs()
        var shown: [Bool] = []
        let page = Presenter.presentOnce(screen, values: screen.initialValues, options: PresentationOptions(hiddenNodes: .kept))
        page.walk { node, _ in
            if node.nodeID?.hasPrefix("tab.") == true || node.nodeID?.hasPrefix("it") == true { shown.append(node.visibility.isVisible) }
        }
        #expect(shown == [true, false, false])

        var chosen = screen
        chosen.variables[0].value = "tab.reviews"
        var capabilities = ClientCapabilities.full
        capabilities.components.remove("states")
        capabilities.version = FormatVersion(1, 1)
        let (adapted, report) = chosen.adapted(to: capabilities)
        #expect(report.downgraded["states"] == 1)
        #expect(adapted.body.component.children.last?.id == "tab.reviews")
        // A client that evaluates expressions but lacks `states` keeps the switch live: every state,
        // each shown while the variable names it, as this presentation shows them.
        capabilities.version = .latest
        let (live, _) = chosen.adapted(to: capabilities)
        let states = live.body.component.children.last?.component.children ?? []
        #expect(states.map(\.id) == ["tab.overview", "tab.reviews", "it's \\ @{odd}"])
        let values = ScreenVariables(screen: live)
        #expect(states.map { $0.resolvingBindings(values).isVisible } == [false, true, false])
        let decoded = try #require(Screen.decode(from: screen.encoded()).value)
        #expect(decoded == screen)
    }
}

/// A field's problem, decided once for every renderer.
@Suite struct FieldProblemPresentationTests {
    static func field(in presentation: ScreenPresentation, _ key: String) -> PresentedTextField? {
        var found: PresentedTextField?
        presentation.walk { node, _ in if case .textField(let field) = node.content, field.key == key { found = field } }
        return found
    }

    @Test func aProblemShowsOnceTheFieldIsLeftAndTheServersWordComesFirst() throws {
        let screen = Screen(id: "s", state: ["card": "4242"]) {
            TextField(key: "card", label: "Card", rules: [.pattern(try! TextPattern("[0-9]{16}"), message: "16 digits")], mask: .card)
            Text("unrelated")
        }
        let presenter = Presenter()
        var values = screen.initialValues
        var field = try #require(Self.field(in: presenter.present(screen, values: values), "card"))
        #expect(field.problem == nil, "nothing is shown before the field is left")
        #expect(field.value == "4242", "the raw value shown through the mask")
        #expect(field.isRequired == false)

        values[FieldState.touchedKey(for: "card")] = true
        field = try #require(Self.field(in: presenter.present(screen, values: values), "card"))
        #expect(field.problem == "16 digits")

        values["card"] = "4242424242424242"
        field = try #require(Self.field(in: presenter.present(screen, values: values), "card"))
        #expect(field.problem == nil)
        #expect(field.value == "4242 4242 4242 4242")
        #expect(field.edited("4242 4242 4242 42429").raw == "42424242424242429")

        values[FieldState.serverProblemKey(for: "card")] = "This card was declined"
        field = try #require(Self.field(in: presenter.present(screen, values: values), "card"))
        #expect(field.problem == "This card was declined")
        #expect(FieldState.shared(values).keys.sorted() == ["card"], "the page's own values never travel")
    }
}
