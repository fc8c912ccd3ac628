import Screenplay
import ScreenplayPresentation

/// One element on its way to HTML.
struct HTMLElement {
    let node: PresentedNode
    var tag = "div"
    var baseClass = ""
    var void = false
    var isItem = false
    var classes: [String] = []
    var attributes: [(String, String?)] = []
    /// Markup inside the element, before its children.
    var content = HTML()
    var children = PresentedChildren.empty
    /// A list's sections, already written (their rows are nodes, drawn before the list's own
    /// classes, as the style sheet's order wants): markup of this renderer, after the content.
    var sections = ""
    var childClass: String?

    init(node: PresentedNode) { self.node = node }

    mutating func open(_ tag: String, _ baseClass: String, void: Bool = false) {
        self.tag = tag
        self.baseClass = baseClass
        self.void = void
    }

    mutating func add(_ className: String?) {
        if let className { classes.append(className) }
    }
}
