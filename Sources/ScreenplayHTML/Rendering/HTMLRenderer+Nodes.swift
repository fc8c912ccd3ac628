import Screenplay
import ScreenplayPresentation

/// Nodes: each presented node becomes one element (``HTMLElement``), which ``write(_:into:)``
/// turns into HTML with the node's id, accessibility, visibility and tap.
extension HTMLRenderer {
    /// Appends the HTML of `node` and its children to `html`.
    mutating func render(_ node: PresentedNode, into html: inout String) {
        var element = HTMLElement(node: node)
        if let box = node.box { element.classes.append(contentsOf: boxClasses(box)) }
        switch node.content {
        case .stack(let layout, let children):
            renderStack(layout, children, element: &element)
        case .overlay(let alignment, let children):
            element.open("div", "sp-z")
            element.add(sheet.className([Self.placeItems(alignment)]))
            element.children = children
        case .grid(let layout, let children):
            element.open("div", "sp-grid")
            element.add(sheet.className(["grid-template-columns:repeat(\(layout.columns),minmax(0,1fr))"] + Self.gap(layout.spacing)))
            element.children = children
        case .list(let sections):
            element.open("div", "sp-list")
            for section in sections { write(section, into: &element.sections) }
        case .spacer(let minimum):
            element.open("div", "sp-spacer")
            if let minimum {
                element.add(sheet.className(["min-width:\(StyleSheet.px(minimum))", "min-height:\(StyleSheet.px(minimum))"]))
            }
        case .divider(let divider):
            element.open("hr", "sp-divider", void: true)
            var declarations: [String] = []
            if let thickness = divider.thickness { declarations.append("border-top-width:\(StyleSheet.px(thickness))") }
            if let color = divider.color { declarations.append("border-top-color:\(StyleSheet.color(color.light))") }
            element.add(sheet.className(declarations, dark: divider.color?.dark.map { ["border-top-color:\(StyleSheet.color($0))"] } ?? []))
        case .text(let text):
            element.open("p", "sp-text")
            element.add(textClass(text))
            element.content = runs(text.runs)
        case .image(let image):
            renderImage(image, element: &element)
        case .shape(let shape):
            element.open("div", "sp-rect")
            var declarations = Self.size(shape.width, shape.height)
            if let color = shape.color { declarations.append("background:\(StyleSheet.color(color.light))") }
            if let radius = shape.cornerRadius { declarations.append("border-radius:\(StyleSheet.px(radius))") }
            element.add(sheet.className(declarations, dark: shape.color?.dark.map { ["background:\(StyleSheet.color($0))"] } ?? []))
        case .badge(let badge):
            element.open("span", "sp-badge")
            var light: [String] = []
            var dark: [String] = []
            if let color = badge.color {
                light.append("color:\(StyleSheet.color(color.light))")
                if let d = color.dark { dark.append("color:\(StyleSheet.color(d))") }
            }
            if let background = badge.background {
                light.append("background:\(StyleSheet.color(background.light))")
                if let d = background.dark { dark.append("background:\(StyleSheet.color(d))") }
            }
            element.add(sheet.className(light, dark: dark))
            element.content = HTML(escaping: badge.text)
        case .button(let button):
            renderButton(button, element: &element)
        case .textField(let field):
            renderField(field, element: &element)
        case .toggle(let toggle):
            renderToggle(toggle, element: &element)
        case .item(let item):
            renderItem(item, element: &element)
        case .custom(let custom, let fallback):
            if let drawn = customRenderers[custom.type]?(custom) {
                element.open("div", "sp-custom")
                element.attributes.append(("data-sp-type", custom.type))
                // What the app's renderer drew: markup by the public contract of `CustomRenderer`.
                element.content = HTML(unescaped: drawn)
            } else if let fallback {
                return render(fallback, into: &html)
            } else {
                return
            }
        case .missing(let type, let path):
            element.open("div", "sp-missing")
            element.attributes.append(("role", "note"))
            element.attributes.append(("data-sp-type", type))
            element.content = "⚠ nothing draws &quot;\(type)&quot; at \(String(describing: path))"
        }
        write(element, into: &html)
    }

    mutating func renderStack(_ layout: StackLayout, _ children: PresentedChildren, element: inout HTMLElement) {
        element.children = children
        switch layout.scrolling {
        case .none:
            element.open("div", layout.axis == .vertical ? "sp-v" : "sp-h")
            element.add(sheet.className(Self.gap(layout.spacing) + [Self.alignItems(layout.alignment)]))
            // A row with a spacer takes the whole width its column offers, as SwiftUI's HStack does.
            if layout.axis == .horizontal, !children.isLazy, children.contains(where: Self.isSpacer) { element.add("sp-fill") }
        case .scrolls:
            element.open("div", layout.axis == .horizontal ? "sp-scroll-h" : "sp-v")
            element.add(sheet.className(Self.gap(layout.spacing)))
            if layout.axis == .horizontal { scrollRegion(&element, roleDescription: nil) }
        case .carousel(let itemWidth):
            element.open("div", "sp-carousel")
            element.add(sheet.className(Self.gap(layout.spacing)))
            if let itemWidth { element.childClass = sheet.className(["width:\(StyleSheet.px(itemWidth))"]) }
            scrollRegion(&element, roleDescription: "carousel")
        }
    }

    static func isSpacer(_ node: PresentedNode) -> Bool {
        if case .spacer = node.content { true } else { false }
    }

    /// A region that scrolls sideways is reached by keyboard (`tabindex`, so arrow keys scroll it
    /// even when nothing in it is focusable); with a label it is a named region, a landmark that
    /// differs from its neighbours — without one, a region would be a landmark nobody can tell apart.
    func scrollRegion(_ element: inout HTMLElement, roleDescription: String?) {
        element.attributes.append(("tabindex", "0"))
        guard element.node.accessibility.label != nil else { return }
        element.attributes.append(("role", "region"))
        if let roleDescription { element.attributes.append(("aria-roledescription", roleDescription)) }
    }
}
