import ScreenplayDSL
import ScreenplayHTML
import ScreenplayPresentation
import Testing

/// Which nodes perform their tap themselves is decided once, in the presentation: controls do; any
/// other node with a tap is made a button or a link by its renderer.
@Suite struct TapDecisionTests {
    static func nodes(_ body: Node) -> [PresentedNode] {
        let presentation = Presenter.presentOnce(Screen(id: "taps", body: body), values: [:], options: PresentationOptions())
        guard case .stack(_, let children)? = presentation.root?.content else { return [] }
        return Array(children)
    }

    @Test func controlsHandleTheirOwnTapAndEverythingElseIsWrapped() {
        let tap = Action.intent("go")
        let nodes = Self.nodes(
            VStack {
                Button("Pay", action: tap)
                Toggle("Notify me", key: "notify").onTap(tap)
                TextField(key: "city", label: "City").onTap(tap)
                Text("More").onTap(tap)
                Image("/a.png").accessibilityLabel("A").onTap(tap)
                VStack { Text("card") }.onTap(.navigate("/card"))
                Badge("new").onTap(tap)
            }.node)
        #expect(nodes.map(\.handlesOwnTap) == [true, true, true, false, false, false, false])
        #expect(nodes.allSatisfy { $0.tap != nil }, "the decision is whether the renderer wraps the tap, not whether there is one")
    }

    @Test func theWebPageWrapsExactlyTheNodesThatDoNotHandleTheirOwnTap() {
        // A wrapped node gets a role and a place in the tab order; a control has its own.
        for (node, wrapped) in [
            (Text("More").onTap(.intent("go")).node, true), (Toggle("Notify", key: "n").onTap(.intent("go")).node, false),
        ] {
            var renderer = HTMLRenderer()
            let html = renderer.render(node)
            #expect(html.contains(#"tabindex="0""#) == wrapped, "\(html)")
        }
    }
}
