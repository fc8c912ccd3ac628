import ScreenplayDSL
import Testing

private func decode(_ json: String) -> DecodeResult<Screen> {
    Screen.decode(from: Array(json.utf8))
}

private let cart = """
    {"version": "1.2", "id": "cart",
     "variables": [{"name": "cartCount", "type": "integer", "value": 2}, {"name": "accent", "type": "color", "value": "#FF0000FF"},
                   {"name": "theme", "type": "string", "value": "light", "scope": "app"}],
     "state": {"city": ""},
     "body": {"type": "vstack", "children": [
       {"type": "text", "id": "count", "text": "0 items", "bindings": {"text": "@{cartCount} items", "visible": "@{cartCount > 0}"}},
       {"type": "text", "id": "title", "text": "Cart", "bindings": {"color": "@{accent}"}},
       {"type": "button", "id": "add", "title": "Add", "action": {"type": "set", "variable": "cartCount", "value": "@{cartCount + 1}"}}
     ]}}
    """

@Suite struct VariableDeclarationTests {
    @Test func aScreenDeclaresTypedVariablesAndTheyRoundTrip() throws {
        let result = decode(cart)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let screen = try #require(result.value)
        #expect(screen.variables.map(\.name) == ["cartCount", "accent", "theme"])
        #expect(screen.variables[2].scope == .app)
        #expect(screen.variableTypes == ["cartCount": .integer, "accent": .color, "theme": .string])
        #expect(screen.initialValues == ["cartCount": 2, "accent": "#FF0000FF", "theme": "light", "city": ""])
        let again = try #require(Screen.decode(from: screen.encoded()).value)
        #expect(again == screen)
        let count = try #require(screen.body.component.children.first)
        #expect(count.bindings["text"]?.source == "@{cartCount} items")
        #expect(count.bindings["visible"]?.variableNames == ["cartCount"])
        guard case .set(let name, let value)? = screen.body.component.children[2].action else {
            Issue.record("the button sets a variable")
            return
        }
        #expect(name == "cartCount" && value.source == "@{cartCount + 1}")
    }

    @Test func aWrongInitialValueIsAnErrorAndTheTypesDefault() throws {
        let result = decode(
            """
            {"version": "1.2", "id": "s", "variables": [{"name": "n", "type": "integer", "value": "three"},
              {"name": "9lives", "type": "integer", "value": 9}, {"name": "k", "type": "quaternion", "value": 1},
              {"name": "n", "type": "string", "value": "again"}],
             "body": {"type": "text", "text": "x"}}
            """)
        let screen = try #require(result.value)
        #expect(screen.variables == [VariableDeclaration("n", type: .integer, value: 0)])
        let paths = result.diagnostics.map(\.path.description)
        #expect(paths.contains("variables[0].value"), "\(result.diagnostics)")
        #expect(paths.contains("variables[1].name"))
        #expect(paths.contains("variables[2].type"))
        #expect(paths.contains("variables[3]"))
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
    }

    /// DivKit's documents write booleans as 1 and 0: a declaration takes them, kept as true and
    /// false (what every client and the canonical form then read); 2, 0.5 and "1" are refused at
    /// the value's path, and the variable starts at false.
    @Test func aBooleanDeclaredAsOneOrZeroIsTrueOrFalseAndNothingElseIs() throws {
        let result = decode(
            """
            {"version": "1.2", "id": "s", "variables": [{"name": "on", "type": "boolean", "value": 1},
              {"name": "off", "type": "boolean", "value": 0}, {"name": "two", "type": "boolean", "value": 2},
              {"name": "half", "type": "boolean", "value": 0.5}, {"name": "text", "type": "boolean", "value": "1"}],
             "body": {"type": "text", "text": "x", "bindings": {"visible": "@{on && !off}"}}}
            """)
        let screen = try #require(result.value)
        #expect(screen.variables.map(\.value) == [true, false, false, false, false])
        #expect(result.diagnostics.map(\.path.description) == ["variables[2].value", "variables[3].value", "variables[4].value"])
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
        #expect(String(decoding: screen.encoded(), as: UTF8.self).contains(#""name":"on","type":"boolean","value":true"#))
        #expect(screen.body.resolvingBindings(ScreenVariables(screen: screen)).isVisible)
        // A stored or sent 1 reads as true too; a 2 reads as the type's default and is a problem.
        let sent = ScreenVariables(screen: screen, values: ["on": 1, "off": 2])
        #expect(sent.value(named: "on") == .boolean(true) && sent.value(named: "off") == .boolean(false))
        #expect(sent.problems.map(\.name) == ["off"])
    }

    @Test func aBindingThatCannotHoldIsDroppedWithItsPath() throws {
        let result = decode(
            """
            {"version": "1.2", "id": "s", "variables": [{"name": "n", "type": "integer", "value": 1}],
             "body": {"type": "vstack", "children": [
               {"type": "text", "text": "a", "bindings": {"children": "@{n}"}},
               {"type": "text", "text": "b", "bindings": {"visible": "@{n}"}},
               {"type": "text", "text": "c", "bindings": {"text": "@{missing + 1}"}},
               {"type": "text", "text": "d", "bindings": {"text": "@{n +}"}},
               {"type": "text", "text": "e", "bindings": {"text": 3}},
               {"type": "text", "text": "f", "bindings": {"size": "@{n * 2}"}}
             ]}}
            """)
        let screen = try #require(result.value)
        let children = screen.body.component.children
        #expect(children.count == 6, "a bad binding costs the binding, not the node")
        #expect(children[0...4].allSatisfy { $0.bindings.isEmpty })
        #expect(children[5].bindings["size"]?.source == "@{n * 2}", "an integer fits a number property")
        let paths = Set(result.diagnostics.map(\.path.description))
        for index in 0...4 {
            #expect(paths.contains { $0.hasPrefix("body.children[\(index)].bindings.") }, "\(index): \(result.diagnostics)")
        }
        let visible = result.diagnostics.first { $0.path.description == "body.children[1].bindings.visible" }
        #expect(visible?.message.contains("needs Boolean") == true, "\(String(describing: visible))")
    }

    @Test func aStringInALiteralPropertyIsNeverCode() throws {
        let text = Text("@{secret} and @{1/0}").node
        let screen = Screen(id: "s", variables: [VariableDeclaration("secret", type: .string, value: "x")], body: text)
        let again = try #require(Screen.decode(from: screen.encoded()).value)
        #expect(again.body.bindings.isEmpty)
        let resolved = again.body.resolvingBindings(ScreenVariables(screen: again))
        guard case .text(let shown) = resolved.node.component else { return }
        #expect(shown.text == "@{secret} and @{1/0}")
    }
}

@Suite struct BindingResolutionTests {
    @Test func boundPropertiesTakeTheirValuesAndTheLiteralIsTheFallback() throws {
        let screen = try #require(decode(cart).value)
        var variables = ScreenVariables(screen: screen)
        let count = screen.body.component.children[0]
        var resolved = count.resolvingBindings(variables)
        #expect(resolved.isVisible && resolved.problems.isEmpty)
        #expect(resolved.node.bindings.isEmpty)
        guard case .text(let text) = resolved.node.component else { return }
        #expect(text.text == "2 items")

        try variables.assign(.integer(0), to: "cartCount")
        resolved = count.resolvingBindings(variables)
        #expect(!resolved.isVisible)

        let title = screen.body.component.children[1].resolvingBindings(variables)
        guard case .text(let colored) = title.node.component else { return }
        #expect(colored.attributes.color == AdaptiveColor(hex: "#0000ffff"), "#AARRGGBB becomes the format's #rrggbbaa")
    }

    @Test func aFailingExpressionCostsItsPropertyOnly() throws {
        var node = Text("fallback", size: 12).node
        node.bindings["text"] = try PropertyExpression("@{10 / n}")
        node.bindings["weight"] = try PropertyExpression("@{'ultra' + 'bold'}")
        let resolved = node.resolvingBindings(ScreenVariables(types: ["n": .integer], values: ["n": 0]))
        guard case .text(let text) = resolved.node.component else { return }
        #expect(text.text == "fallback")
        #expect(text.attributes.size == 12 && text.attributes.weight == nil, "a weight that does not exist does not fit: the literal stays")
        #expect(resolved.problems.map(\.path.description).sorted() == ["bindings.text", "bindings.weight"])
        #expect(resolved.problems.first { $0.path.description == "bindings.text" }?.message.contains("Division by zero") == true)
    }

    @Test func aContainersBindingKeepsItsChildren() throws {
        var stack = VStack(spacing: 4) {
            Text("a")
            Text("b")
        }.node
        stack.bindings["spacing"] = try PropertyExpression("@{gap * 2}")
        stack.bindings["style.background"] = try PropertyExpression("@{tint}")
        let resolved = stack.resolvingBindings(
            ScreenVariables(types: ["gap": .integer, "tint": .color], values: ["gap": 5, "tint": "#80FF0000"]))
        guard case .vstack(let shown) = resolved.node.component else { return }
        #expect(shown.spacing == 10)
        #expect(shown.children.count == 2)
        #expect(resolved.node.style?.background == AdaptiveColor(hex: "#ff000080"))
    }

    @Test func aDeclaredVariableOfTheWrongTypeReadsAsItsDefault() throws {
        let variables = ScreenVariables(types: ["n": .integer, "s": .string], values: ["n": "seven", "s": "ok"])
        #expect(variables.value(named: "n") == .integer(0))
        #expect(variables.value(named: "s") == .string("ok"))
        #expect(variables.problems.map(\.name) == ["n"])
        var copy = variables
        #expect(throws: VariableError.self) { try copy.assign(.string("x"), to: "n") }
        try copy.assign(.integer(3), to: "n")
        #expect(copy.values["n"] == 3)
    }
}

@Suite struct OldClientTests {
    @Test func aClientThatDoesNotEvaluateGetsTheValuesAndNoCode() throws {
        let screen = try #require(decode(cart).value)
        let old = ClientCapabilities(
            version: FormatVersion(1, 1), components: ClientCapabilities.full.components,
            actions: ClientCapabilities.full.actions.subtracting(["set"]))
        let (adapted, _) = screen.adapted(to: old)
        #expect(adapted.variables.isEmpty)
        #expect(adapted.state == screen.initialValues, "the variables travel as client state")
        let bytes = String(decoding: adapted.encoded(), as: UTF8.self)
        #expect(!bytes.contains("@{"), "\(bytes)")
        let children = adapted.body.component.children
        guard case .text(let count) = children[0].component else { return }
        #expect(count.text == "2 items")
        #expect(children.count == 2, "a button whose set the client cannot run is left out")

        var empty = screen
        empty.variables[0].value = 0
        #expect(empty.adapted(to: old).screen.body.component.children.count == 1, "a node hidden by its initial values is left out")

        let (current, _) = screen.adapted(to: .full)
        #expect(current.body.component.children[0].bindings == screen.body.component.children[0].bindings)
    }
}
