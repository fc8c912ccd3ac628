import ScreenplayDSL

/// Renders a screen to semantic, accessible HTML and the CSS it needs: flexbox stacks, lazy
/// images with their sizes, colours with dark-mode variants, marked-up text as `strong`/`em`/`br`/`a`,
/// real links for navigation and `data-sp-*` attributes for the web runtime. Every text and
/// attribute value is escaped, and every URL passes the format's `URLPolicy` again (a screen built
/// in Swift never went through the decoder).
///
/// ```swift
/// var renderer = HTMLRenderer(state: screen.state)
/// let body = renderer.render(screen.body)      // HTML
/// let css = renderer.css                         // the classes it used
/// ```
public struct HTMLRenderer: Sendable {
    /// Draws an app-defined component the web app knows, as HTML it is responsible for escaping;
    /// nil uses the node's fallback.
    public typealias CustomRenderer = @Sendable (CustomComponent) -> String?

    /// The client state, for input values and initial visibility.
    public var state: [String: JSONValue]
    /// Where an app path leads on the web (`/requests/2` → `/screens/requests/2`); absolute URLs are kept.
    public var link: @Sendable (String) -> String
    public var customRenderers: [String: CustomRenderer]
    let policy = URLPolicy()
    private var sheet = StyleSheet()

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

    /// The CSS of the classes used so far.
    public var css: String { sheet.css }

    /// The HTML of `node` and its children.
    public mutating func render(_ node: some NodeConvertible) -> String {
        var html = ""
        render(node.node, into: &html)
        return html
    }

    // MARK: - Nodes

    private mutating func render(_ node: Node, into html: inout String) {
        var element = Element(node: node)
        if let style = node.style { element.classes.append(contentsOf: styleClasses(style)) }
        switch node.component {
        case .vstack(let stack):
            element.open("div", "sp-v")
            element.classes.append(
                contentsOf: [sheet.className(Self.gap(stack.spacing) + [Self.alignItems(stack.alignment)])].compactMap { $0 })
            element.children = stack.children
        case .hstack(let stack):
            element.open("div", "sp-h")
            element.classes.append(
                contentsOf: [sheet.className(Self.gap(stack.spacing) + [Self.alignItems(stack.alignment)])].compactMap { $0 })
            element.children = stack.children
        case .zstack(let stack):
            element.open("div", "sp-z")
            element.classes.append(contentsOf: [sheet.className([Self.placeItems(stack.alignment)])].compactMap { $0 })
            element.children = stack.children
        case .scroll(let scroll):
            element.open("div", scroll.axis == .horizontal ? "sp-scroll-h" : "sp-v")
            element.classes.append(contentsOf: [sheet.className(Self.gap(scroll.spacing))].compactMap { $0 })
            element.children = scroll.children
        case .carousel(let carousel):
            element.open("div", "sp-carousel")
            element.attributes.append(("role", "region"))
            element.attributes.append(("aria-roledescription", "carousel"))
            element.classes.append(contentsOf: [sheet.className(Self.gap(carousel.spacing))].compactMap { $0 })
            if let width = carousel.itemWidth {
                element.childClass = sheet.className(["width:\(StyleSheet.px(width))"])
            }
            element.children = carousel.children
        case .grid(let grid):
            element.open("div", "sp-grid")
            let columns = min(max(grid.columns, 1), 24)
            element.classes.append(
                contentsOf: [sheet.className(["grid-template-columns:repeat(\(columns),minmax(0,1fr))"] + Self.gap(grid.spacing))]
                    .compactMap { $0 })
            element.children = grid.children
        case .list(let list):
            element.open("div", "sp-list")
            var content = ""
            for section in list.sections {
                content += "<section class=\"sp-section\"" + (section.id.map { " data-sp-id=\"\(HTMLText.escape($0))\"" } ?? "") + ">"
                if let title = section.title { content += "<h2 class=\"sp-section-title\">\(HTMLText.escape(title))</h2>" }
                content += "<ul class=\"sp-rows\">"
                for child in section.children {
                    content += "<li class=\"sp-row\">"
                    render(child, into: &content)
                    content += "</li>"
                }
                content += "</ul></section>"
            }
            element.content = content
        case .spacer(let spacer):
            element.open("div", "sp-spacer")
            element.attributes.append(("aria-hidden", "true"))
            if let minimum = spacer.minLength {
                element.classes.append(
                    contentsOf: [sheet.className(["min-width:\(StyleSheet.px(minimum))", "min-height:\(StyleSheet.px(minimum))"])]
                        .compactMap { $0 })
            }
        case .divider(let divider):
            element.open("hr", "sp-divider", void: true)
            var declarations: [String] = []
            if let thickness = divider.thickness { declarations.append("border-top-width:\(StyleSheet.px(thickness))") }
            if let color = divider.color { declarations.append("border-top-color:\(StyleSheet.color(color.light))") }
            element.classes.append(
                contentsOf: [
                    sheet.className(declarations, dark: divider.color?.dark.map { ["border-top-color:\(StyleSheet.color($0))"] } ?? [])
                ].compactMap { $0 })
        case .text(let text):
            element.open("p", "sp-text")
            element.classes.append(contentsOf: [textClass(text.attributes)].compactMap { $0 })
            element.content = HTMLText.escape(text.text)
        case .richText(let rich):
            element.open("p", "sp-text")
            element.classes.append(contentsOf: [textClass(rich.attributes)].compactMap { $0 })
            element.content = runs(rich.runs(policy: policy))
        case .image(let image):
            renderImage(image, node: node, element: &element)
        case .rectangle(let rectangle):
            element.open("div", "sp-rect")
            element.attributes.append(("role", "presentation"))
            var declarations = Self.size(rectangle.width, rectangle.height)
            if let color = rectangle.color { declarations.append("background:\(StyleSheet.color(color.light))") }
            if let radius = rectangle.cornerRadius { declarations.append("border-radius:\(StyleSheet.px(radius))") }
            element.classes.append(
                contentsOf: [
                    sheet.className(declarations, dark: rectangle.color?.dark.map { ["background:\(StyleSheet.color($0))"] } ?? [])
                ].compactMap { $0 })
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
            element.classes.append(contentsOf: [sheet.className(light, dark: dark)].compactMap { $0 })
            element.content = HTMLText.escape(badge.text)
        case .button(let button):
            element.open("button", "sp-button sp-button-\(button.variant.rawValue)")
            element.attributes.append(("type", "button"))
            if !button.enabled { element.attributes.append(("disabled", nil)) }
            element.isControl = true
            element.content = HTMLText.escape(button.title)
        case .textField(let field):
            renderField(field, element: &element)
        case .toggle(let toggle):
            element.open("label", "sp-toggle")
            let on = state[toggle.key]?.isTruthy ?? false
            element.content =
                "<input type=\"checkbox\" role=\"switch\" data-sp-key=\"\(HTMLText.escape(toggle.key))\"\(on ? " checked" : "")><span>\(HTMLText.escape(toggle.title))</span>"
        case .item(let item):
            renderItem(item, element: &element)
        case .custom(let custom):
            if let renderer = customRenderers[custom.type], let drawn = renderer(custom) {
                element.open("div", "sp-custom")
                element.attributes.append(("data-sp-type", custom.type))
                element.content = drawn
            } else if let fallback = node.fallback {
                // The same inheritance as adaptation: one rule for what a fallback keeps.
                return render(node.replaced(by: fallback), into: &html)
            } else {
                return
            }
        }
        write(element, into: &html)
    }

    private mutating func write(_ element: Element, into html: inout String) {
        var attributes = element.attributes
        let node = element.node
        if let id = node.id {
            attributes.insert(("id", "sp-" + id), at: 0)
            attributes.append(("data-sp-id", id))
        }
        if let label = node.accessibilityLabel, element.tag != "img" { attributes.append(("aria-label", label)) }
        if let condition = node.visibleWhen {
            var members: [String: JSONValue] = ["key": .string(condition.key)]
            if let equals = condition.equals { members["equals"] = equals }
            if condition.not { members["not"] = true }
            attributes.append(("data-sp-visible", String(decoding: JSONWriter.write(.object(members)), as: UTF8.self)))
            if !condition.isSatisfied(by: state) { attributes.append(("hidden", nil)) }
        }
        // Navigation is a real link (it works without JavaScript); other actions go to the runtime.
        var href: String?
        if let action = node.action {
            if case .navigate(let target) = action {
                href = checkedLink(target)
            } else if let encoded = checkedAction(action) {
                attributes.append(("data-sp-action", encoded))
                if !element.isControl {
                    attributes.append(("role", "button"))
                    attributes.append(("tabindex", "0"))
                }
            }
        }
        var classes = [element.baseClass] + element.classes
        if href != nil, element.tag == "button" {
            // A navigating button is a link that looks like a button.
            classes.append("sp-link")
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

    private mutating func renderImage(_ image: Image, node: Node, element: inout Element) {
        element.open("img", "sp-image", void: true)
        guard let source = checkedLink(image.url) else {
            element.open("div", "sp-image sp-image-missing")
            element.attributes.append(("role", "img"))
            element.attributes.append(("aria-label", node.accessibilityLabel ?? ""))
            return
        }
        element.attributes.append(("src", source))
        element.attributes.append(("alt", node.accessibilityLabel ?? ""))
        element.attributes.append(("loading", "lazy"))
        element.attributes.append(("decoding", "async"))
        if case .points(let width)? = image.width { element.attributes.append(("width", String(Int(min(max(width, 0), 100_000))))) }
        if case .points(let height)? = image.height { element.attributes.append(("height", String(Int(min(max(height, 0), 100_000))))) }
        var declarations = Self.size(image.width, image.height)
        declarations.append("object-fit:\(image.contentMode == .fill ? "cover" : "contain")")
        if let placeholder = image.placeholderColor { declarations.append("background:\(StyleSheet.color(placeholder.light))") }
        element.classes.append(
            contentsOf: [
                sheet.className(declarations, dark: image.placeholderColor?.dark.map { ["background:\(StyleSheet.color($0))"] } ?? [])
            ].compactMap { $0 })
    }

    private func renderField(_ field: TextField, element: inout Element) {
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
        let value = state[field.key]?.stringValue ?? ""
        var attributes: [(String, String?)] =
            [
                ("class", "sp-input"), ("type", field.secure ? "password" : type), ("name", field.key), ("data-sp-key", field.key),
                ("value", value), ("autocomplete", "off"),
            ] + extra
        if let placeholder = field.placeholder { attributes.append(("placeholder", placeholder)) }
        let label = field.label ?? field.placeholder ?? field.key
        element.content =
            "<span class=\"sp-field-label\(field.label == nil ? " sp-visually-hidden" : "")\">\(HTMLText.escape(label))</span><input\(Self.attributes(attributes))>"
    }

    private mutating func renderItem(_ item: GenericItem, element: inout Element) {
        let layout = item.layout == .message ? "message" : "request"
        var content = ""
        if let image = item.imageURL, let source = checkedLink(image) {
            content +=
                "<img class=\"sp-item-image\" src=\"\(HTMLText.escape(source))\" alt=\"\" loading=\"lazy\" decoding=\"async\" width=\"48\" height=\"48\">"
        }
        content += "<div class=\"sp-item-body\"><div class=\"sp-item-top\">"
        if let title = item.title { content += "<span class=\"sp-item-title\">\(HTMLText.escape(title))</span>" }
        if let detail = item.topRightDetail { content += "<span class=\"sp-item-aside\">\(HTMLText.escape(detail))</span>" }
        content += "</div>"
        if let subtitle = item.subtitle { content += "<div class=\"sp-item-subtitle\">\(HTMLText.escape(subtitle))</div>" }
        if item.detail != nil { content += "<p class=\"sp-item-detail\">\(runs(item.detailRuns(policy: policy)))</p>" }
        if item.bottomLeftDetail != nil || item.bottomRightDetail != nil {
            content +=
                "<div class=\"sp-item-bottom\"><span>\(HTMLText.escape(item.bottomLeftDetail ?? ""))</span><span class=\"sp-item-aside\">\(HTMLText.escape(item.bottomRightDetail ?? ""))</span></div>"
        }
        content += "</div>"
        if let url = item.url, element.node.action == nil, let href = checkedLink(url) {
            element.open("a", "sp-item sp-item-\(layout)")
            element.attributes.append(("href", href))
        } else {
            element.open("div", "sp-item sp-item-\(layout)")
        }
        element.content = content
    }

    /// Marked-up runs as `strong`, `em`, `br` and `a`; links only with an allowed URL.
    private func runs(_ runs: [TextRun]) -> String {
        var html = ""
        for run in runs {
            var text = run.text.split(separator: "\n", omittingEmptySubsequences: false).map { HTMLText.escape(String($0)) }.joined(
                separator: "<br>")
            if run.emphasis { text = "<em>\(text)</em>" }
            if run.strong { text = "<strong>\(text)</strong>" }
            if let link = run.link, let href = checkedLink(link) { text = "<a href=\"\(HTMLText.escape(href))\">\(text)</a>" }
            html += text
        }
        return html
    }

    // MARK: - URLs and actions

    /// The href for a URL of the screen: allowed absolute URLs as they are, app paths through `link`.
    func checkedLink(_ url: String) -> String? {
        switch policy.check(url) {
        case .absolute: return url
        case .relative:
            let linked = link(url)
            // What the app's link function returns is checked too.
            if case .refused = policy.check(linked) { return nil }
            return linked
        case .refused: return nil
        }
    }

    /// The action as JSON for the runtime, with its URLs checked (a refused URL drops the action).
    func checkedAction(_ action: Action) -> String? {
        func allowed(_ action: Action) -> Action? {
            switch action {
            case .navigate(let url): return checkedLink(url).map { .navigate($0) }
            case .open(let url): return checkedLink(url).map { .open($0) }
            case .present(let url, let style): return checkedLink(url).map { .present($0, style: style) }
            case .sequence(let actions): return .sequence(actions.compactMap(allowed))
            case .unknown: return nil
            default: return action
            }
        }
        return allowed(action).map { String(decoding: $0.encoded(), as: UTF8.self) }
    }

    // MARK: - CSS

    private mutating func styleClasses(_ style: Style) -> [String] {
        var light: [String] = []
        var dark: [String] = []
        if let padding = style.padding {
            light.append(
                "padding:\(StyleSheet.px(padding.top)) \(StyleSheet.px(padding.trailing)) \(StyleSheet.px(padding.bottom)) \(StyleSheet.px(padding.leading))"
            )
        }
        if let background = style.background {
            light.append("background:\(StyleSheet.color(background.light))")
            if let color = background.dark { dark.append("background:\(StyleSheet.color(color))") }
        }
        if let radius = style.cornerRadius {
            light.append("border-radius:\(StyleSheet.px(radius))")
            light.append("overflow:hidden")
        }
        return [sheet.className(light, dark: dark)].compactMap { $0 }
    }

    private mutating func textClass(_ attributes: TextAttributes) -> String? {
        var light: [String] = []
        var dark: [String] = []
        if let size = attributes.size { light.append("font-size:\(StyleSheet.px(size))") }
        if let weight = attributes.weight {
            light.append("font-weight:\(["regular": 400, "medium": 500, "semibold": 600, "bold": 700][weight.rawValue] ?? 400)")
        }
        if let color = attributes.color {
            light.append("color:\(StyleSheet.color(color.light))")
            if let darkColor = color.dark { dark.append("color:\(StyleSheet.color(darkColor))") }
        }
        if let alignment = attributes.alignment {
            light.append("text-align:\(["leading": "start", "center": "center", "trailing": "end"][alignment.rawValue] ?? "start")")
        }
        if let lines = attributes.lineLimit, lines > 0 {
            light += ["display:-webkit-box", "-webkit-line-clamp:\(min(lines, 1_000))", "-webkit-box-orient:vertical", "overflow:hidden"]
        }
        return sheet.className(light, dark: dark)
    }

    static func gap(_ spacing: Double?) -> [String] {
        spacing.map { ["gap:\(StyleSheet.px($0))"] } ?? []
    }

    static func alignItems(_ alignment: some RawRepresentable<String>) -> String {
        "align-items:"
            + (["leading": "flex-start", "top": "flex-start", "center": "center", "trailing": "flex-end", "bottom": "flex-end"][
                alignment.rawValue] ?? "stretch")
    }

    static func placeItems(_ alignment: Alignment) -> String {
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

/// One element on its way to HTML.
private struct Element {
    let node: Node
    var tag = "div"
    var baseClass = ""
    var void = false
    var isControl = false
    var classes: [String] = []
    var attributes: [(String, String?)] = []
    var content = ""
    var children: [Node] = []
    var childClass: String?

    init(node: Node) { self.node = node }

    mutating func open(_ tag: String, _ baseClass: String, void: Bool = false) {
        self.tag = tag
        self.baseClass = baseClass
        self.void = void
    }
}
