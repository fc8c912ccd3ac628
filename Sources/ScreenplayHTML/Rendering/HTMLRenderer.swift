import Screenplay
import ScreenplayPresentation

/// Renders a screen to semantic, accessible HTML and the CSS it needs: flexbox stacks, lazy
/// images with their sizes, colours with dark-mode variants, marked-up text as `strong`/`em`/`br`/`a`,
/// real links for navigation and `data-sp-*` attributes for the web runtime. It draws a
/// ``ScreenPresentation`` — the decisions every renderer shares (checked URLs and actions,
/// visibility, text styles, the generic item's composition, fallbacks) are taken there — and maps
/// it onto elements and classes. Every text and attribute value is escaped.
///
/// ```swift
/// var renderer = HTMLRenderer(state: screen.state)
/// let body = renderer.render(screen.body)      // HTML
/// let css = renderer.css                         // the classes it used
/// ```
public struct HTMLRenderer: Sendable {
    /// Draws an app-defined component the web app knows, as HTML it is responsible for escaping;
    /// nil draws the node's fallback.
    public typealias CustomRenderer = @Sendable (CustomComponent) -> String?

    /// The client state, for input values and initial visibility.
    public var state: [String: JSONValue]
    /// Where an app path leads on the web (`/requests/2` → `/screens/requests/2`); absolute URLs are kept.
    public var link: @Sendable (String) -> String
    public var customRenderers: [String: CustomRenderer]
    /// A component nothing draws: nothing on a page users see (the default), a marker while developing.
    public var missingComponents: PresentationOptions.MissingComponents = .omitted
    let policy = URLPolicy()
    private var sheet = StyleSheet()
    /// The class of each text style and box met so far: a screen repeats a few styles many times.
    private var textClasses: [TextStyleKey: String?] = [:]
    private var boxClassNames: [Style: [String]] = [:]

    public init(
        state: [String: JSONValue] = [:], link: @escaping @Sendable (String) -> String = { $0 },
        customRenderers: [String: CustomRenderer] = [:]
    ) {
        self.state = state
        self.link = link
        self.customRenderers = customRenderers
    }

    /// What this renderer draws: every built-in component and action, plus the registered custom
    /// types. A page is adapted to this before it is rendered.
    public var capabilities: ClientCapabilities {
        var capabilities = ClientCapabilities.full
        capabilities.components.formUnion(customRenderers.keys)
        capabilities.platform = "web"
        return capabilities
    }

    /// How the web presents a screen: hidden nodes stay in the page (its script shows them as the
    /// user types), and the registered app-defined components are drawn.
    public var presentationOptions: PresentationOptions {
        PresentationOptions(
            urlPolicy: policy, customTypes: Set(customRenderers.keys), hiddenNodes: .kept, missingComponents: missingComponents)
    }

    /// The CSS of the classes used so far.
    public var css: String { sheet.css }

    /// The HTML of `node` and its children.
    public mutating func render(_ node: some NodeConvertible) -> String {
        render(Presenter.presentOnce(node.node, values: state, options: presentationOptions))
    }

    /// The HTML of a screen's body (markers, in a debug page, give paths from the document's root).
    public mutating func render(_ screen: Screen) -> String {
        render(Presenter.presentOnce(screen, values: state, options: presentationOptions))
    }

    /// The HTML of a presentation made with ``presentationOptions``.
    public mutating func render(_ presentation: ScreenPresentation) -> String {
        var html = ""
        if let root = presentation.root { render(root, into: &html) }
        return html
    }

    // MARK: - Nodes

    private mutating func render(_ node: PresentedNode, into html: inout String) {
        var element = Element(node: node)
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
            var content = ""
            for section in sections {
                content +=
                    "<section class=\"sp-section\"" + (section.sectionID.map { " data-sp-id=\"\(HTMLText.escape($0))\"" } ?? "") + ">"
                if let title = section.title { content += "<h2 class=\"sp-section-title\">\(HTMLText.escape(title))</h2>" }
                content += "<ul class=\"sp-rows\">"
                for row in section.rows {
                    content += "<li class=\"sp-row\">"
                    render(row, into: &content)
                    content += "</li>"
                }
                content += "</ul></section>"
            }
            element.content = content
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
            element.content = HTMLText.escape(badge.text)
        case .button(let button):
            element.open("button", "sp-button sp-button-\(button.variant.rawValue)")
            element.attributes.append(("type", "button"))
            if !button.isEnabled { element.attributes.append(("disabled", nil)) }
            element.isControl = true
            element.content = HTMLText.escape(button.title)
        case .textField(let field):
            renderField(field, element: &element)
        case .toggle(let toggle):
            element.open("label", "sp-toggle")
            element.content =
                "<input type=\"checkbox\" role=\"switch\" aria-checked=\"\(toggle.isOn)\" data-sp-key=\"\(HTMLText.escape(toggle.key))\"\(toggle.isOn ? " checked" : "")><span>\(HTMLText.escape(toggle.title))</span>"
        case .item(let item):
            renderItem(item, element: &element)
        case .custom(let custom, let fallback):
            if let drawn = customRenderers[custom.type]?(custom) {
                element.open("div", "sp-custom")
                element.attributes.append(("data-sp-type", custom.type))
                element.content = drawn
            } else if let fallback {
                return render(fallback, into: &html)
            } else {
                return
            }
        case .missing(let type, let path):
            element.open("div", "sp-missing")
            element.attributes.append(("role", "note"))
            element.attributes.append(("data-sp-type", type))
            element.content = HTMLText.escape("⚠ nothing draws \"\(type)\" at \(path)")
        }
        write(element, into: &html)
    }

    private mutating func renderStack(_ layout: StackLayout, _ children: PresentedChildren, element: inout Element) {
        element.children = children
        switch layout.scrolling {
        case .none:
            element.open("div", layout.axis == .vertical ? "sp-v" : "sp-h")
            element.add(sheet.className(Self.gap(layout.spacing) + [Self.alignItems(layout.alignment)]))
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

    /// A region that scrolls sideways is reached by keyboard (`tabindex`, so arrow keys scroll it
    /// even when nothing in it is focusable); with a label it is a named region, a landmark that
    /// differs from its neighbours — without one, a region would be a landmark nobody can tell apart.
    private func scrollRegion(_ element: inout Element, roleDescription: String?) {
        element.attributes.append(("tabindex", "0"))
        guard element.node.accessibility.label != nil else { return }
        element.attributes.append(("role", "region"))
        if let roleDescription { element.attributes.append(("aria-roledescription", roleDescription)) }
    }

    /// The HTML id of a node's element: `sp-` and the node's id, with `%` and the white space an
    /// HTML id may not hold escaped as `%XX` (so distinct node ids stay distinct). The web runtime
    /// finds patched nodes by the same rule.
    public static func elementID(for nodeID: String) -> String {
        // Written for every node with an id: ids without those characters (nearly all) are copied.
        guard nodeID.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == 0x20 || (0x09...0x0D).contains($0) }) else {
            return "sp-" + nodeID
        }
        var id = "sp-"
        for scalar in nodeID.unicodeScalars {
            switch scalar {
            case "%", " ", "\t", "\n", "\r", "\u{0C}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                id += "%" + (hex.count < 2 ? "0" : "") + hex
            default: id.unicodeScalars.append(scalar)
            }
        }
        return id
    }

    private mutating func write(_ element: Element, into html: inout String) {
        var attributes = element.attributes
        let node = element.node
        if let id = node.nodeID {
            attributes.insert(("id", Self.elementID(for: id)), at: 0)
            attributes.append(("data-sp-id", id))
        }
        if let label = node.accessibility.label, element.tag != "img" { attributes.append(("aria-label", label)) }
        if node.accessibility.isHidden, element.tag != "img" { attributes.append(("aria-hidden", "true")) }
        if node.accessibility.role == .image, element.tag != "img", !attributes.contains(where: { $0.0 == "role" }) {
            attributes.append(("role", "img"))
        }
        if let condition = node.visibility.condition {
            var members: [String: JSONValue] = ["key": .string(condition.key)]
            if let equals = condition.equals { members["equals"] = equals }
            if condition.not { members["not"] = true }
            attributes.append(("data-sp-visible", String(decoding: JSONWriter.write(.object(members)), as: UTF8.self)))
            if !node.visibility.isVisible { attributes.append(("hidden", nil)) }
        }
        // Navigation is a real link (it works without JavaScript); other actions go to the runtime.
        var href: String?
        if let action = node.tap {
            if case .navigate(let target) = action {
                href = webLink(target)
            } else if let encoded = webAction(action) {
                attributes.append(("data-sp-action", encoded))
                if !element.isControl {
                    attributes.append(("role", node.accessibility.role == .link ? "link" : "button"))
                    attributes.append(("tabindex", "0"))
                }
            }
        }
        var classes = [element.baseClass] + element.classes
        if let href, element.tag == "button" || element.isItem {
            // A navigating button is a link that looks like a button; a navigating item is a link.
            if element.tag == "button" { classes.append("sp-link") }
            html +=
                "<a"
                + Self.attributes(
                    [("class", classes.joined(separator: " ")), ("href", href)] + attributes.filter { $0.0 != "type" && $0.0 != "disabled" }
                ) + ">"
            html += element.content + "</a>"
            return
        }
        if let href { html += "<a class=\"sp-link\" href=\"\(HTMLText.escape(href))\">" }
        html += "<\(element.tag)" + Self.attributes([("class", classes.joined(separator: " "))] + attributes) + ">"
        if !element.void {
            html += element.content
            for child in element.children {
                if let childClass = element.childClass {
                    html += "<div class=\"sp-slot \(childClass)\">"
                    render(child, into: &html)
                    html += "</div>"
                } else {
                    render(child, into: &html)
                }
            }
            html += "</\(element.tag)>"
        }
        if href != nil { html += "</a>" }
    }

    static func attributes(_ attributes: [(String, String?)]) -> String {
        attributes.map { name, value in value.map { " \(name)=\"\(HTMLText.escape($0))\"" } ?? " \(name)" }.joined()
    }

    // MARK: - Components with more structure

    private mutating func renderImage(_ image: PresentedImage, element: inout Element) {
        guard let url = image.url, let source = webLink(url) else {
            // The placeholder stays where the image would be.
            element.open("div", "sp-image sp-image-missing")
            element.attributes.append(("role", "img"))
            element.attributes.append(("aria-label", element.node.accessibility.label ?? ""))
            element.add(imageClass(image))
            return
        }
        element.open("img", "sp-image", void: true)
        element.attributes.append(("src", source))
        element.attributes.append(("alt", element.node.accessibility.isHidden ? "" : element.node.accessibility.label ?? ""))
        element.attributes.append(("loading", "lazy"))
        element.attributes.append(("decoding", "async"))
        if case .points(let width)? = image.width { element.attributes.append(("width", String(Int(min(max(width, 0), 100_000))))) }
        if case .points(let height)? = image.height { element.attributes.append(("height", String(Int(min(max(height, 0), 100_000))))) }
        element.add(imageClass(image))
    }

    private mutating func imageClass(_ image: PresentedImage) -> String? {
        var declarations = Self.size(image.width, image.height)
        declarations.append("object-fit:\(image.contentMode == .fill ? "cover" : "contain")")
        if image.isCircular { declarations.append("border-radius:50%") }
        if let placeholder = image.placeholderColor { declarations.append("background:\(StyleSheet.color(placeholder.light))") }
        return sheet.className(declarations, dark: image.placeholderColor?.dark.map { ["background:\(StyleSheet.color($0))"] } ?? [])
    }

    private func renderField(_ field: PresentedTextField, element: inout Element) {
        element.open("label", "sp-field")
        let type: String
        var extra: [(String, String?)] = []
        switch field.keyboard {
        case .text: type = "text"
        case .number:
            type = "text"
            extra.append(("inputmode", "decimal"))
        case .email: type = "email"
        case .phone: type = "tel"
        case .url: type = "url"
        }
        var attributes: [(String, String?)] =
            [
                ("class", "sp-input"), ("type", field.isSecure ? "password" : type), ("name", field.key), ("data-sp-key", field.key),
                ("value", field.value), ("autocomplete", field.autofill.map(Self.autocomplete) ?? "off"),
            ] + extra
        if let placeholder = field.placeholder { attributes.append(("placeholder", placeholder)) }
        if !field.isEnabled { attributes.append(("disabled", nil)) }
        element.content =
            "<span class=\"sp-field-label\(field.label == nil ? " sp-visually-hidden" : "")\">\(HTMLText.escape(field.label ?? field.accessibilityLabel))</span><input\(Self.attributes(attributes))>"
    }

    /// The HTML `autocomplete` token of an autofill purpose.
    static func autocomplete(_ autofill: Component.TextField.Autofill) -> String {
        switch autofill {
        case .name: "name"
        case .givenName: "given-name"
        case .familyName: "family-name"
        case .email: "email"
        case .phone: "tel"
        case .username: "username"
        case .password: "current-password"
        case .newPassword: "new-password"
        case .oneTimeCode: "one-time-code"
        case .streetAddress: "street-address"
        case .postalCode: "postal-code"
        case .city: "address-level2"
        case .country: "country-name"
        case .organization: "organization"
        case .url: "url"
        case .birthday: "bday"
        case .cardNumber: "cc-number"
        case .cardExpiry: "cc-exp"
        case .cardSecurityCode: "cc-csc"
        case .cardholderName: "cc-name"
        }
    }

    private mutating func renderItem(_ item: PresentedItem, element: inout Element) {
        var content = ""
        if let image = item.image {
            if let url = image.url, let source = webLink(url) {
                content +=
                    "<img class=\"sp-item-image\" src=\"\(HTMLText.escape(source))\" alt=\"\" loading=\"lazy\" decoding=\"async\" width=\"48\" height=\"48\">"
            } else {
                content += "<div class=\"sp-item-image\" aria-hidden=\"true\"></div>"
            }
        }
        content += "<div class=\"sp-item-body\"><div class=\"sp-item-top\">"
        if let title = item.title { content += slot("span", "sp-item-title", title) }
        if let detail = item.topRight { content += slot("span", "sp-item-aside", detail) }
        content += "</div>"
        if let subtitle = item.subtitle { content += slot("div", "sp-item-subtitle", subtitle) }
        if let detail = item.detail { content += slot("p", "sp-item-detail", detail) }
        if item.bottomLeft != nil || item.bottomRight != nil {
            content += "<div class=\"sp-item-bottom\">"
            content += item.bottomLeft.map { slot("span", nil, $0) } ?? "<span></span>"
            content += item.bottomRight.map { slot("span", "sp-item-aside", $0) } ?? "<span class=\"sp-item-aside\"></span>"
            content += "</div>"
        }
        content += "</div>"
        element.open("div", "sp-item sp-item-\(item.layout.rawValue)")
        element.isItem = true
        element.content = content
    }

    /// One slot of the item: its text with the style the presentation gave it.
    private mutating func slot(_ tag: String, _ baseClass: String?, _ text: PresentedText) -> String {
        let classes = [baseClass, textClass(text)].compactMap { $0 }.joined(separator: " ")
        return "<\(tag)" + (classes.isEmpty ? "" : " class=\"\(classes)\"") + ">\(runs(text.runs))</\(tag)>"
    }

    /// Marked-up runs as `strong`, `em`, `br` and `a`; a plain run is escaped as it is.
    private func runs(_ runs: [TextRun]) -> String {
        if runs.count == 1, !runs[0].strong, !runs[0].emphasis, runs[0].link == nil { return HTMLText.escape(runs[0].text) }
        var html = ""
        for run in runs {
            var text = run.text.split(separator: "\n", omittingEmptySubsequences: false).map { HTMLText.escape(String($0)) }.joined(
                separator: "<br>")
            if run.emphasis { text = "<em>\(text)</em>" }
            if run.strong { text = "<strong>\(text)</strong>" }
            if let link = run.link, let href = webLink(link) { text = "<a href=\"\(HTMLText.escape(href))\">\(text)</a>" }
            html += text
        }
        return html
    }

    // MARK: - URLs and actions

    /// The href for a URL the presentation kept: absolute URLs as they are, app paths through `link`
    /// (whose result is checked too).
    func webLink(_ url: String) -> String? {
        switch policy.check(url) {
        case .absolute: return url
        case .relative:
            let linked = link(url)
            if case .refused = policy.check(linked) { return nil }
            return linked
        case .refused: return nil
        }
    }

    /// The action as JSON for the web runtime, with app paths mapped to web links.
    func webAction(_ action: Action) -> String? {
        action.mappingURLs(webLink).map { String(decoding: $0.encoded(), as: UTF8.self) }
    }

    // MARK: - CSS

    private mutating func boxClasses(_ box: Style) -> [String] {
        if let known = boxClassNames[box] { return known }
        let classes = newBoxClasses(box)
        boxClassNames[box] = classes
        return classes
    }

    private mutating func newBoxClasses(_ box: Style) -> [String] {
        var light: [String] = []
        var dark: [String] = []
        if let padding = box.padding {
            light.append(
                "padding:\(StyleSheet.px(padding.top)) \(StyleSheet.px(padding.trailing)) \(StyleSheet.px(padding.bottom)) \(StyleSheet.px(padding.leading))"
            )
        }
        if let background = box.background {
            light.append("background:\(StyleSheet.color(background.light))")
            if let color = background.dark { dark.append("background:\(StyleSheet.color(color))") }
        }
        if let radius = box.cornerRadius {
            light.append("border-radius:\(StyleSheet.px(radius))")
            light.append("overflow:hidden")
        }
        return [sheet.className(light, dark: dark)].compactMap { $0 }
    }

    private mutating func textClass(_ text: PresentedText) -> String? {
        let key = TextStyleKey(style: text.style, tone: text.tone)
        if let known = textClasses[key] { return known }
        let name = newTextClass(text)
        textClasses[key] = name
        return name
    }

    private mutating func newTextClass(_ text: PresentedText) -> String? {
        let attributes = text.style
        var light: [String] = []
        var dark: [String] = []
        if let size = attributes.size { light.append("font-size:\(StyleSheet.px(size))") }
        if let weight = attributes.weight { light.append("font-weight:\(Self.fontWeight(weight))") }
        if let color = attributes.color {
            light.append("color:\(StyleSheet.color(color.light))")
            if let darkColor = color.dark { dark.append("color:\(StyleSheet.color(darkColor))") }
        } else if text.tone == .secondary {
            light.append("color:var(--sp-muted)")
        }
        if let alignment = attributes.alignment {
            light.append("text-align:\(["leading": "start", "center": "center", "trailing": "end"][alignment.rawValue] ?? "start")")
        }
        if let lines = attributes.lineLimit {
            light += ["display:-webkit-box", "-webkit-line-clamp:\(lines)", "-webkit-box-orient:vertical", "overflow:hidden"]
        }
        return sheet.className(light, dark: dark)
    }

    static func fontWeight(_ weight: TextAttributes.Weight) -> Int {
        switch weight {
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        }
    }

    static func gap(_ spacing: Double?) -> [String] {
        spacing.map { ["gap:\(StyleSheet.px($0))"] } ?? []
    }

    static func alignItems(_ alignment: StackLayout.CrossAlignment) -> String {
        switch alignment {
        case .start: "align-items:flex-start"
        case .center: "align-items:center"
        case .end: "align-items:flex-end"
        }
    }

    static func placeItems(_ alignment: Component.Alignment) -> String {
        let (vertical, horizontal): (String, String) =
            switch alignment {
            case .topLeading: ("start", "start")
            case .top: ("start", "center")
            case .topTrailing: ("start", "end")
            case .leading: ("center", "start")
            case .center: ("center", "center")
            case .trailing: ("center", "end")
            case .bottomLeading: ("end", "start")
            case .bottom: ("end", "center")
            case .bottomTrailing: ("end", "end")
            }
        return "place-items:\(vertical) \(horizontal)"
    }

    static func size(_ width: Length?, _ height: Length?) -> [String] {
        var declarations: [String] = []
        switch width {
        case .points(let value)?: declarations += ["width:\(StyleSheet.px(value))", "max-width:100%", "flex-shrink:0"]
        case .fill?: declarations.append("width:100%")
        case nil: break
        }
        switch height {
        case .points(let value)?: declarations.append("height:\(StyleSheet.px(value))")
        case .fill?: declarations.append("height:100%")
        case nil: break
        }
        return declarations
    }
}

/// What a text's class depends on.
private struct TextStyleKey: Hashable {
    let style: TextAttributes
    let tone: PresentedText.Tone
}

/// One element on its way to HTML.
private struct Element {
    let node: PresentedNode
    var tag = "div"
    var baseClass = ""
    var void = false
    var isControl = false
    var isItem = false
    var classes: [String] = []
    var attributes: [(String, String?)] = []
    var content = ""
    var children = PresentedChildren.empty
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
