import ScreenplayDSL
import ScreenplayPresentation
import Testing

/// What bad input costs in a presentation: the node, never the screen, and a diagnostic that says
/// what and where.
@Suite struct BadInputTests {
    static let screen = Screen(id: "bad", state: ["name": 42, "agree": "yes"]) {
        VStack {
            TextField(key: "name", placeholder: "Name")
            Toggle("Agree", key: "agree")
            Custom("HOLOGRAM")
            Image("javascript:alert(1)", width: 40, height: 40, placeholderColor: "#eeeeee")
            Text("after")
        }
    }

    @Test func aWrongValueShowsTheDefaultWithADiagnosticAtItsPath() throws {
        let presentation = Presenter().present(Self.screen, values: Self.screen.state)
        #expect(presentation.diagnostics.map(\.path.description) == ["body.children[0]", "body.children[1]"])
        #expect(presentation.diagnostics.allSatisfy { $0.message.contains("not") && $0.severity == .warning })
        guard case .stack(_, let children)? = presentation.root?.content else { throw PresentationTestError("not a stack") }
        if case .textField(let field) = children[0].content { #expect(field.value == "") } else { Issue.record("no field") }
        if case .toggle(let toggle) = children[1].content { #expect(!toggle.isOn) } else { Issue.record("no toggle") }
    }

    @Test func anUndrawableComponentIsAMarkerInDebugAndNothingInRelease() throws {
        let debug = Presenter(options: PresentationOptions(missingComponents: .marker)).present(Self.screen, values: [:])
        let release = Presenter(options: PresentationOptions(missingComponents: .omitted)).present(Self.screen, values: [:])
        guard case .stack(_, let marked)? = debug.root?.content, case .stack(_, let omitted)? = release.root?.content else {
            throw PresentationTestError("not a stack")
        }
        #expect(marked.count == 5 && omitted.count == 4)
        guard case .missing(let type, let path) = marked[2].content else { throw PresentationTestError("no marker") }
        #expect(type == "HOLOGRAM" && path.description == "body.children[2]")
    }

    @Test func aRefusedImageURLKeepsThePlaceholder() throws {
        let presentation = Presenter().present(Self.screen, values: [:])
        guard case .stack(_, let children)? = presentation.root?.content, case .image(let image) = children[children.count - 2].content
        else { throw PresentationTestError("no image") }
        #expect(image.url == nil)
        #expect(image.placeholderColor?.light.hex == "#eeeeee")
        #expect(image.width == .points(40))
    }

    @Test func theWebKeepsHiddenNodesAndNativeRenderersLeaveThemOut() throws {
        let screen = Screen(id: "v", state: ["more": false]) {
            VStack {
                Text("shown")
                Text("more").visible(when: StateCondition("more"))
            }
        }
        let native = Presenter().present(screen, values: screen.state)
        let web = Presenter(options: PresentationOptions(hiddenNodes: .kept)).present(screen, values: screen.state)
        guard case .stack(_, let nativeChildren)? = native.root?.content, case .stack(_, let webChildren)? = web.root?.content else {
            throw PresentationTestError("not a stack")
        }
        #expect(nativeChildren.count == 1)
        #expect(webChildren.count == 2 && !webChildren[1].visibility.isVisible && webChildren[1].visibility.condition?.key == "more")
    }
}
