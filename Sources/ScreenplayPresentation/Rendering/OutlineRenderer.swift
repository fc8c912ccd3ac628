import Screenplay

/// Renders a presentation as an indented text outline, one node a line: for the terminal (the
/// CLI's `render` and `open`), for debugging, and for tests that read what a screen shows. It
/// draws what every renderer draws, from the same ``ScreenPresentation``.
///
/// ```swift
/// print(OutlineRenderer.render(screen))
/// // screen "cities" "Statistics" (format 1.0)
/// // state city=""
/// // vstack spacing=16
/// //   text "Coronavirus statistics" size=15
/// //   button "Refresh" → intent refresh
/// ```
public enum OutlineRenderer {
    /// What a running app shows rather than what the document says: nodes hidden by their
    /// `visibleWhen` are left out, inputs show their current values, and app-defined components
    /// are described by the app's renderer when it has one.
    ///
    /// ```swift
    /// OutlineRenderer.render(screen, as: .init(state: ["city": "Paris"]))
    /// // textField #city-filter key=city placeholder="City" value="Paris"
    /// ```
    public struct Live: Sendable {
        public var state: [String: JSONValue]
        /// The app-defined types the app draws.
        public var customTypes: Set<String>
        /// A line for an app-defined component the app draws; nil describes its properties.
        public var describeCustom: @Sendable (CustomComponent) -> String?

        public init(
            state: [String: JSONValue], customTypes: Set<String> = [],
            describeCustom: @escaping @Sendable (CustomComponent) -> String? = { _ in nil }
        ) {
            self.state = state
            self.customTypes = customTypes
            self.describeCustom = describeCustom
        }
    }

    /// The outline of a whole screen: as the document says it when `live` is nil (hidden nodes
    /// kept and marked by their condition, every app-defined component with its fallback), else
    /// as a running app shows it.
    public static func render(_ screen: Screen, as live: Live? = nil) -> String {
        var lines = ["screen \(quoted(screen.id))" + (screen.title.map { " \(quoted($0))" } ?? "") + " (format \(screen.version))"]
        if live == nil, !screen.state.isEmpty {
            let state = screen.state.keys.sorted().map { "\($0)=\(compact(screen.state[$0] ?? .null))" }
            lines.append("state " + state.joined(separator: " "))
        }
        let presentation = Presenter.presentOnce(
            screen, values: live?.state ?? screen.state, options: options(for: screen.body, live: live))
        render(presentation, live: live, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The outline of one node and its children.
    public static func render(_ node: Node, as live: Live? = nil) -> String {
        var lines: [String] = []
        let presentation = Presenter.presentOnce(node, values: live?.state ?? [:], options: options(for: node, live: live))
        render(presentation, live: live, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The outline of a presentation built elsewhere (the headless driver's).
    public static func render(_ presentation: ScreenPresentation, as live: Live) -> String {
        var lines: [String] = []
        render(presentation, live: live, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A document outline shows every app-defined component (with its fallback) and every hidden
    /// node; a live one what the app draws.
    static func options(for node: Node, live: Live?) -> PresentationOptions {
        guard let live else {
            var types = Set<String>()
            node.walk { node, _ in if case .custom(let custom) = node.component { types.insert(custom.type) } }
            return PresentationOptions(customTypes: types, hiddenNodes: .kept, missingComponents: .marker)
        }
        return PresentationOptions(customTypes: live.customTypes, hiddenNodes: .omitted, missingComponents: .marker)
    }

    private static func render(_ presentation: ScreenPresentation, live: Live?, into lines: inout [String]) {
        presentation.root.map { render($0, depth: 0, live: live, into: &lines) }
    }

    private static func render(_ node: PresentedNode, depth: Int, live: Live?, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        lines.append(indent + describe(node, live: live))
        switch node.content {
        case .list(let sections):
            for section in sections {
                lines.append(
                    indent + "  section" + (section.sectionID.map { " #\($0)" } ?? "") + (section.title.map { " \(quoted($0))" } ?? ""))
                for row in section.rows { render(row, depth: depth + 2, live: live, into: &lines) }
            }
        case .custom(_, let fallback?) where live == nil:
            lines.append(indent + "  fallback:")
            render(fallback, depth: depth + 2, live: live, into: &lines)
        default:
            for children in node.content.childGroups {
                for child in children { render(child, depth: depth + 1, live: live, into: &lines) }
            }
        }
    }

    static func describe(_ node: PresentedNode, live: Live?) -> String {
        var parts = [node.type]
        if let id = node.nodeID { parts.append("#\(id)") }
        if let live, case .custom(let custom, _) = node.content, let line = live.describeCustom(custom) {
            parts.append(line)
        } else {
            parts += details(of: node.content, live: live)
        }
        if let label = node.accessibility.label { parts.append("label=\(quoted(label))") }
        if let condition = node.visibility.condition {
            let test = condition.equals.map { "==\(compact($0))" } ?? ""
            parts.append("visible-when \(condition.not ? "!" : "")\(condition.key)\(test)")
        }
        if let box = node.box {
            if let padding = box.padding { parts.append("padding=\(compact(padding))") }
            if let background = box.background { parts.append("background=\(compact(background))") }
            if let radius = box.cornerRadius { parts.append("radius=\(number(radius))") }
        }
        if let action = node.tap { parts.append("→ " + describe(action)) }
        return parts.joined(separator: " ")
    }

    /// An action in one line, as the outline and the conformance suite write it: `intent refresh {"city":"Paris"}`.
    public static func describe(_ action: Action) -> String {
        switch action {
        case .navigate(let url): "navigate \(url)"
        case .open(let url): "open \(url)"
        case .intent(let name, let payload): "intent \(name)" + (payload.isEmpty ? "" : " \(compact(JSONValue.object(payload)))")
        case .back: "back"
        case .dismiss: "dismiss"
        case .present(let url, let style): "present \(url) (\(style.rawValue))"
        case .setState(let key, let value): "set \(key)=\(compact(value))"
        case .set(let variable, let value): "set \(variable)=\(value.source)"
        case .validate(let fields): fields.isEmpty ? "validate" : "validate \(fields.joined(separator: ","))"
        case .reload: "reload"
        case .sequence(let actions): "[" + actions.map(describe).joined(separator: "; ") + "]"
        case .track(let event, _): "track \(event)"
        case .timer(let id, let command): "timer \(id) \(command.rawValue)"
        case .unknown(let type, _): "unknown action \(quoted(type))"
        }
    }

    private static func details(of content: PresentedContent, live: Live?) -> [String] {
        var parts: [String] = []
        func add(_ name: String, _ value: String?) { if let value { parts.append("\(name)=\(value)") } }
        func style(_ style: TextAttributes) {
            add("size", style.size.map(number))
            add("weight", style.weight?.rawValue)
            add("color", style.color.map { compact($0) })
            add("align", style.alignment?.rawValue)
            add("lines", style.lineLimit.map(String.init))
        }
        switch content {
        case .stack(let layout, _):
            switch layout.scrolling {
            case .none:
                add("align", alignmentName(layout))
            case .scrolls:
                parts.append(layout.axis.rawValue)
            case .carousel:
                break
            }
            add("spacing", layout.spacing.map(number))
            if case .carousel(let width) = layout.scrolling { add("item-width", width.map(number)) }
        case .overlay(let alignment, _):
            add("align", alignment == .center ? nil : alignment.rawValue)
        case .grid(let layout, _):
            add("columns", String(layout.columns))
            add("spacing", layout.spacing.map(number))
        case .list(let sections):
            parts.append("\(sections.count) section" + (sections.count == 1 ? "" : "s"))
        case .spacer(let minimum): add("min", minimum.map(number))
        case .divider(let divider): add("color", divider.color.map { compact($0) })
        case .text(let text):
            parts.append(runs(text.runs))
            style(text.style)
        case .image(let image):
            parts.append(image.url ?? "(refused URL)")
            add("size", size(image.width, image.height))
            add("mode", image.contentMode == .fit ? nil : image.contentMode.rawValue)
        case .shape(let shape):
            add("size", size(shape.width, shape.height))
            add("color", shape.color.map { compact($0) })
            add("radius", shape.cornerRadius.map(number))
        case .badge(let badge): parts.append(quoted(badge.text))
        case .button(let button):
            parts.append(quoted(button.title))
            add("variant", button.variant == .primary ? nil : button.variant.rawValue)
            if !button.isEnabled { parts.append("disabled") }
        case .textField(let field):
            add("key", field.key)
            add("label", field.label.map(quoted))
            add("placeholder", field.placeholder.map(quoted))
            if field.isSecure { parts.append("secure") }
            if live != nil { parts.append("value=" + quoted(field.value)) }
        case .toggle(let toggle):
            parts.append(quoted(toggle.title))
            add("key", toggle.key)
            if live != nil { parts.append("value=\(toggle.isOn)") }
        case .item(let item):
            add("layout", item.layout.rawValue)
            add("title", item.title.map { quoted($0.plainText) })
            add("subtitle", item.subtitle.map { quoted($0.plainText) })
            add("top-right", item.topRight.map { quoted($0.plainText) })
            add("detail", item.detail.map { runs($0.runs) })
            add("bottom-left", item.bottomLeft.map { quoted($0.plainText) })
            add("bottom-right", item.bottomRight.map { quoted($0.plainText) })
            add("image", item.image.map { $0.url ?? "(refused URL)" })
        case .custom(let custom, _):
            parts.append("(app-defined) " + compact(JSONValue.object(custom.properties)))
        case .missing(let type, let path):
            parts.append("⚠ nothing draws \(quoted(type)) at \(path)")
        }
        return parts
    }

    private static func alignmentName(_ layout: StackLayout) -> String? {
        switch (layout.alignment, layout.axis) {
        case (.center, _): nil
        case (.start, .vertical): "leading"
        case (.end, .vertical): "trailing"
        case (.start, .horizontal): "top"
        case (.end, .horizontal): "bottom"
        }
    }

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
        compact(JSONValue.string(text))
    }

    static func compact(_ value: JSONValue) -> String {
        String(decoding: JSONWriter.write(value), as: UTF8.self)
    }

    static func compact(_ color: AdaptiveColor) -> String { color.wireText }

    static func compact(_ insets: Insets) -> String { insets.wireText }

    static func number(_ value: Double) -> String {
        compact(JSONValue.number(value))
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
