// Long content is lazy (issue 41, item 6): a long list under a header — a scroll that is not the
// screen's body — is presented as a lazy stack that does not scroll itself (the screen's scroll
// view holds both); SwiftUI must draw it with a `LazyVStack`, whose rows are made as they scroll
// into view. The stand-in's lazy stacks make only `visibleRows` rows, as SwiftUI's do; an eager
// `VStack` makes every row, and presents every one.
import Foundation
import Screenplay
import ScreenplayClient
import ScreenplayPresentation
import ScreenplaySwiftUI
import SwiftUI

enum LazyCheck {
    /// Rows in the list; rows a phone shows at once.
    static let rows = 300
    static let onScreen = 20

    @MainActor static func verify() async {
        let screen = Screen(id: "long") {
            Component.VStack {
                Component.Text("Cities")
                Component.Scroll(children: (0..<rows).map { Component.Text("City \($0)").node })
            }
        }
        let runtime = runtime(serving: ["/long": screen])
        await runtime.open("/long")
        guard let store = runtime.current, let loaded = store.screen else { return check(false, "the long screen did not load") }
        let presentation = Presenter().present(loaded, values: store.values)
        guard case .stack(_, let body)? = presentation.root?.content, body.count == 2, case .stack(let list, _) = body[1].content else {
            return check(false, "the long screen is not presented as a header over a list")
        }
        check(list.isLazy && list.scrolling == .none, "the presentation makes the list lazy, in the screen's scroll view (\(list))")

        let graph = ViewGraph(screenView(store, runtime), visibleRows: onScreen)
        var texts = 0
        var kinds: Set<String> = []
        graph.root.walk { view in
            kinds.insert(view.kind)
            if view.kind == "Text", view.text?.plainText.hasPrefix("City ") == true { texts += 1 }
        }
        check(kinds.contains("ScrollView"), "the screen scrolls (\(kinds.sorted()))")
        check(kinds.contains("LazyVStack"), "the long list is a LazyVStack (\(kinds.sorted()))")
        check(
            texts <= onScreen,
            "a long list under a header makes only the rows on screen: \(texts) of \(rows) rows made with \(onScreen) on screen")
        check(
            graph.evaluations(of: "NodeView") <= onScreen + 3,
            "a long list evaluates the bodies of the rows on screen only (\(graph.evaluations(of: "NodeView")) NodeView bodies)")
        UpdateRules.report.append("lazy list: \(texts) of \(rows) rows made with \(onScreen) on screen")
    }
}
