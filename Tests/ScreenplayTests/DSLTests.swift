import ScreenplayDSL
import ScreenplayPresentation
import Testing

@Suite struct DSLTests {
    @Test func theCityCardHasSevenBarsSizedAndColouredByTheirNumbers() throws {
        let city = City(
            name: "Test", img: "https://example.com/t.png",
            stat: [0, 100, 250, 500, 750, 900, 1000].enumerated().map { City.Day(dayOfWeek: "D\($0.offset)", infected: $0.element) },
            desc: "desc")
        let card = cityCard(city)
        #expect(card.id == "city.test")
        #expect(card.style?.background == lightBlue)
        guard case .hstack(let outer) = card.component, outer.children.count == 2,
            case .vstack(let right) = outer.children[1].component, right.children.count == 3,
            case .hstack(let bars) = right.children[1].component
        else {
            Issue.record("unexpected card shape:\n\(OutlineRenderer.render(card))")
            return
        }
        #expect(bars.alignment == .bottom)
        #expect(bars.children.count == 7)
        let rectangles: [Rectangle] = bars.children.compactMap { column in
            guard case .vstack(let stack) = column.component, case .rectangle(let bar) = stack.children[1].component else { return nil }
            return bar
        }
        #expect(rectangles.map(\.height) == [0, 6, 15, 30, 45, 54, 60].map { Length.points($0) })
        #expect(rectangles.first?.color == Color(red: 0, green: 255, blue: 0))
        #expect(rectangles.last?.color == Color(red: 255, green: 0, blue: 0))
        #expect(rectangles[3].color?.light.hex == "#7f8000")
    }

    @Test func controlFlowWorksInBuilders() {
        func row(_ label: String, _ value: String?) -> Node {
            HStack {
                Text(label)
                if let value { Text(value).bold() } else { Text("—") }
            }.node
        }
        let showAll = false
        let stack = VStack {
            for index in 1...3 { Text("\(index)") }
            if showAll { Text("hidden") }
            row("Price", "€69")
            row("Mileage", nil)
            Optional(Text("optional"))
        }
        #expect(
            OutlineRenderer.render(stack.node) == """
                vstack
                  text "1"
                  text "2"
                  text "3"
                  hstack
                    text "Price"
                    text "€69" weight=bold
                  hstack
                    text "Mileage"
                    text "—"
                  text "optional"

                """)
    }

    @Test func modifiersSetTheCommonFields() {
        let node = Text("Paris")
            .id("title")
            .padding(12)
            .background(Color("#ffffff", dark: "#000000"))
            .cornerRadius(8)
            .accessibilityLabel("City")
            .visible(when: StateCondition("expanded", not: true))
            .onTap(.navigate("/cities/paris"))
            .fallback { Text("fallback") }
        #expect(node.id == "title")
        #expect(node.style == Style(padding: 12, background: Color(hex: "#fff", dark: "#000"), cornerRadius: 8))
        #expect(node.accessibilityLabel == "City")
        #expect(node.visibleWhen?.isSatisfied(by: [:]) == true)
        #expect(node.visibleWhen?.isSatisfied(by: ["expanded": true]) == false)
        #expect(node.action == .navigate("/cities/paris"))
        #expect(node.fallback?.type == "text")
        #expect(
            text(JSONWriter.write(node.json))
                == ##"{"accessibilityLabel":"City","action":{"type":"navigate","url":"/cities/paris"},"fallback":{"text":"fallback","type":"text"},"id":"title","style":{"background":{"dark":"#000000","light":"#ffffff"},"cornerRadius":8,"padding":12},"text":"Paris","type":"text","visibleWhen":{"key":"expanded","not":true}}"##
        )
    }

    @Test func screensWrapSeveralTopLevelNodesInAVStack() {
        let screen = Screen(id: "s") {
            Text("a")
            Text("b")
        }
        #expect(screen.body.type == "vstack")
        #expect(Screen(id: "s") { Text("only") }.body.type == "text")
    }

    @Test func sameScreenSameBytes() {
        let first = homeScreen(highlightPayments: true).encoded()
        let second = homeScreen(highlightPayments: true).encoded()
        #expect(first == second)
        #expect(first != homeScreen(highlightPayments: false).encoded())
    }

    @Test func validateChecksDSLScreensLikeAClientWould() {
        let screen = Screen(id: "bad") {
            Text("x").id("same")
            Text("y").id("same").onTap(.navigate("javascript:alert(1)"))
            Custom("BANNER")
        }
        let diagnostics = screen.validate()
        #expect(diagnostics.contains { $0.code == .duplicateID && $0.path.description == "body.children[1].id" })
        #expect(diagnostics.contains { $0.code == .disallowedURL && $0.path.description == "body.children[1].action.url" })
        #expect(diagnostics.contains { $0.code == .appDefinedComponent && $0.path.description == "body.children[2]" })
        #expect(exampleScreens.allSatisfy { $0.screen.validate().isEmpty })
    }
}
