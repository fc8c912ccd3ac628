/// Renders a screen as an indented text outline, one node a line: for debugging, for the CLI's
/// `render --format outline`, and for tests that read what a screen shows.
///
/// ```swift
/// print(OutlineRenderer.render(screen))
/// // screen "cities" "Statistics" (format 1.0)
/// // vstack spacing=16
/// //   text "Coronavirus statistics" size=15
/// //   button "Refresh" → intent refresh
/// ```
public enum OutlineRenderer {
    /// What a running app shows rather than what the document says: nodes hidden by their
    /// `visibleWhen` are left out, inputs show their current values, fallbacks are not listed, and
    /// app-defined components are described by the app's renderer when it has one.
    ///
    /// ```swift
    /// OutlineRenderer.render(screen, as: .init(state: ["city": "Paris"]))
    /// // textField #city-filter key=city placeholder="City" value="Paris"
    /// ```
    public struct Live: Sendable {
        public var state: [String: JSONValue]
        /// One line for an app-defined component the app renders itself; nil falls back to the
        /// generic line.
        public var describeCustom: @Sendable (CustomComponent) -> String?

        public init(state: [String: JSONValue], describeCustom: @escaping @Sendable (CustomComponent) -> String? = { _ in nil }) {
            self.state = state
            self.describeCustom = describeCustom
        }
    }

    public static func render(_ screen: Screen, as live: Live? = nil) -> String {
        var lines = ["screen \(quoted(screen.id))" + (screen.title.map { " \(quoted($0))" } ?? "") + " (format \(screen.version))"]
        if live == nil, !screen.state.isEmpty {
            let state = screen.state.keys.sorted().map { "\($0)=\(compact(screen.state[$0] ?? .null))" }
            lines.append("state " + state.joined(separator: " "))
        }
        render(screen.body, depth: 0, live: live, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    public static func render(_ node: Node, as live: Live? = nil) -> String {
        var lines: [String] = []
        render(node, depth: 0, live: live, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func render(_ node: Node, depth: Int, live: Live?, into lines: inout [String]) {
        if let live, let condition = node.visibleWhen, !condition.isSatisfied(by: live.state) { return }
        let indent = String(repeating: "  ", count: depth)
        lines.append(indent + describe(node, live: live))
        if case .list(let list) = node.component {
            for section in list.sections {
                lines.append(indent + "  section" + (section.id.map { " #\($0)" } ?? "") + (section.title.map { " \(quoted($0))" } ?? ""))
                for child in section.children { render(child, depth: depth + 2, live: live, into: &lines) }
            }
        } else {
            for child in node.component.children { render(child, depth: depth + 1, live: live, into: &lines) }
        }
        if live == nil, let fallback = node.fallback {
            lines.append(indent + "  fallback:")
            render(fallback, depth: depth + 2, live: live, into: &lines)
        }
    }

    static func describe(_ node: Node) -> String {
        describe(node, live: nil)
    }

    /// One line: type, id, the component's main content and settings, then the common attributes.
    static func describe(_ node: Node, live: Live?) -> String {
        var parts = [node.type]
        if let id = node.id { parts.append("#\(id)") }
        if let live, case .custom(let custom) = node.component, let line = live.describeCustom(custom) {
            parts.append(line)
        } else {
            parts += details(of: node.component)
        }
        if let live {
            switch node.component {
            case .textField(let field): parts.append("value=" + compact(live.state[field.key] ?? .string("")))
            case .toggle(let toggle): parts.append("value=" + compact(live.state[toggle.key] ?? .bool(false)))
            default: break
            }
        }
        if let label = node.accessibilityLabel { parts.append("label=\(quoted(label))") }
        if let condition = node.visibleWhen {
            let test = condition.equals.map { "==\(compact($0))" } ?? ""
            parts.append("visible-when \(condition.not ? "!" : "")\(condition.key)\(test)")
        }
        if let style = node.style {
            if let padding = style.padding { parts.append("padding=\(compact(padding))") }
            if let background = style.background { parts.append("background=\(compact(background))") }
            if let radius = style.cornerRadius { parts.append("radius=\(number(radius))") }
        }
        if let action = node.action { parts.append("→ " + describe(action)) }
        return parts.joined(separator: " ")
    }

    static func describe(_ action: Action) -> String {
        switch action {
        case .navigate(let url): "navigate \(url)"
        case .open(let url): "open \(url)"
        case .intent(let name, let payload): "intent \(name)" + (payload.isEmpty ? "" : " \(compact(JSONValue.object(payload)))")
        case .back: "back"
        case .dismiss: "dismiss"
        case .present(let url, let style): "present \(url) (\(style.rawValue))"
        case .setState(let key, let value): "set \(key)=\(compact(value))"
        case .reload: "reload"
        case .sequence(let actions): "[" + actions.map(describe).joined(separator: "; ") + "]"
        case .track(let event, _): "track \(event)"
        case .unknown(let type, _): "unknown action \(quoted(type))"
        }
    }

    private static func details(of component: Component) -> [String] {
        var parts: [String] = []
        func add(_ name: String, _ value: String?) { if let value { parts.append("\(name)=\(value)") } }
        func attributes(_ attributes: TextAttributes) {
            add("size", attributes.size.map(number))
            add("weight", attributes.weight?.rawValue)
            add("color", attributes.color.map { compact($0) })
            add("align", attributes.alignment?.rawValue)
            add("lines", attributes.lineLimit.map(String.init))
        }
        switch component {
        case .vstack(let stack):
            add("align", stack.alignment == .center ? nil : stack.alignment.rawValue)
            add("spacing", stack.spacing.map(number))
        case .hstack(let stack):
            add("align", stack.alignment == .center ? nil : stack.alignment.rawValue)
            add("spacing", stack.spacing.map(number))
        case .zstack(let stack):
            add("align", stack.alignment == .center ? nil : stack.alignment.rawValue)
        case .scroll(let scroll):
            parts.append(scroll.axis.rawValue)
            add("spacing", scroll.spacing.map(number))
        case .list(let list):
            parts.append("\(list.sections.count) section" + (list.sections.count == 1 ? "" : "s"))
        case .spacer(let spacer): add("min", spacer.minLength.map(number))
        case .divider(let divider): add("color", divider.color.map { compact($0) })
        case .carousel(let carousel):
            add("spacing", carousel.spacing.map(number))
            add("item-width", carousel.itemWidth.map(number))
        case .grid(let grid):
            add("columns", String(grid.columns))
            add("spacing", grid.spacing.map(number))
        case .text(let text):
            parts.append(quoted(text.text))
            attributes(text.attributes)
        case .richText(let rich):
            parts.append(runs(rich.runs()))
            attributes(rich.attributes)
        case .image(let image):
            parts.append(image.url)
            add("size", size(image.width, image.height))
            add("mode", image.contentMode == .fit ? nil : image.contentMode.rawValue)
        case .rectangle(let rectangle):
            add("size", size(rectangle.width, rectangle.height))
            add("color", rectangle.color.map { compact($0) })
            add("radius", rectangle.cornerRadius.map(number))
        case .badge(let badge): parts.append(quoted(badge.text))
        case .button(let button):
            parts.append(quoted(button.title))
            add("variant", button.variant == .primary ? nil : button.variant.rawValue)
            if !button.enabled { parts.append("disabled") }
        case .textField(let field):
            add("key", field.key)
            add("label", field.label.map(quoted))
            add("placeholder", field.placeholder.map(quoted))
            if field.secure { parts.append("secure") }
        case .toggle(let toggle):
            parts.append(quoted(toggle.title))
            add("key", toggle.key)
        case .item(let item):
            add("layout", item.layout?.rawValue)
            add("title", item.title.map(quoted))
            add("subtitle", item.subtitle.map(quoted))
            add("top-right", item.topRightDetail.map(quoted))
            add("detail", item.detail == nil ? nil : runs(item.detailRuns()))
            add("bottom-left", item.bottomLeftDetail.map(quoted))
            add("bottom-right", item.bottomRightDetail.map(quoted))
            add("image", item.imageURL)
            if let url = item.url { parts.append("→ \(url)") }
        case .custom(let custom):
            parts.append("(app-defined) " + compact(JSONValue.object(custom.properties)))
        }
        return parts
    }

    /// Runs as text, strong in `**`, emphasis in `_`, links as `[text](url)`, breaks as `⏎`.
    static func runs(_ runs: [TextRun]) -> String {
        let text = runs.map { run -> String in
            var text = run.text.replacingNewlines()
            if run.strong { text = "**\(text)**" }
            if run.emphasis { text = "_\(text)_" }
            if let link = run.link { text = "[\(text)](\(link))" }
            return text
        }.joined()
        return "\"\(text)\""
    }

    static func quoted(_ text: String) -> String {
        compact(text)
    }

    static func compact(_ value: some JSONEncodable) -> String {
        String(decoding: JSONWriter.encode(value), as: UTF8.self)
    }

    static func number(_ value: Double) -> String {
        compact(value)
    }

    private static func size(_ width: Length?, _ height: Length?) -> String? {
        guard width != nil || height != nil else { return nil }
        func text(_ length: Length?) -> String {
            switch length {
            case .points(let value)?: number(value)
            case .fill?: "fill"
            case nil: "auto"
            }
        }
        return "\(text(width))×\(text(height))"
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "⏎")
    }
}
