import Screenplay
import ScreenplayPresentation

/// Reads what a renderer shows back as facts, one a line, in document order:
///
/// | fact | what it says |
/// |---|---|
/// | `text "Paris"` | a text or badge is drawn (marks dropped; ` color=#light/#dark` when it has a colour) |
/// | `link "details" → navigate /x` | a link inside a text |
/// | `button → intent refresh` / `link → navigate /x` | a tap on a node that is not a control |
/// | `button "Pay" → intent pay` / `link "Pay" → navigate /pay` / `button "Pay" (disabled)` | a button |
/// | `image "Paris"` | an image (or shape) with a label; decorative ones are silent |
/// | `header "Recent"` | a section header |
/// | `field "City" = "Paris"` | a text field, its accessible name and value |
/// | `switch "Wi-Fi" on` | a switch and its state (then ` → action` when it has one) |
/// | `custom "RATING"` / `marker "BANNER"` | an app-defined component drawn by the app / nothing draws it |
public enum ConformanceFacts {
    /// The facts of a presentation: what every renderer must show.
    public static func facts(of presentation: ScreenPresentation) -> [String] {
        var facts: [String] = []
        if let root = presentation.root { collect(root, into: &facts) }
        return facts
    }

    public static func quoted(_ text: String) -> String {
        String(decoding: JSONWriter.write(.string(text)), as: UTF8.self)
    }

    public static func action(_ action: Action?) -> String {
        action.map { " → " + OutlineRenderer.describe($0) } ?? ""
    }

    public static func colour(_ color: AdaptiveColor?) -> String {
        color.map { " color=\($0.resolved(for: .light).hex)/\($0.resolved(for: .dark).hex)" } ?? ""
    }

    /// The facts of one text: the text, then its links.
    public static func text(_ text: PresentedText, into facts: inout [String]) {
        guard !text.plainText.isEmpty else { return }
        facts.append("text \(quoted(text.plainText))" + colour(text.style.color))
        for run in text.runs { if let link = run.link { facts.append("link \(quoted(run.text)) → navigate \(link)") } }
    }

    private static func collect(_ node: PresentedNode, into facts: inout [String]) {
        guard node.visibility.isVisible, !node.accessibility.isHidden else { return }
        let role = node.accessibility.role == .link ? "link" : "button"
        if !node.handlesOwnTap, let tap = node.tap { facts.append(role + action(tap)) }
        switch node.content {
        case .stack(_, let children), .overlay(_, let children), .grid(_, let children):
            for child in children { collect(child, into: &facts) }
        case .list(let sections):
            for section in sections {
                if let title = section.title { facts.append("header \(quoted(title))") }
                for row in section.rows { collect(row, into: &facts) }
            }
        case .text(let presented): text(presented, into: &facts)
        case .badge(let badge): facts.append("text \(quoted(badge.text))" + colour(badge.color))
        case .image, .shape: if let label = node.accessibility.label { facts.append("image \(quoted(label))") }
        case .button(let button):
            facts.append(
                "\(role) \(quoted(button.title))" + (button.isEnabled ? action(node.tap) : " (disabled)"))
        case .textField(let field): facts.append("field \(quoted(field.accessibilityLabel)) = \(quoted(field.value))")
        case .toggle(let toggle): facts.append("switch \(quoted(toggle.title)) \(toggle.isOn ? "on" : "off")" + action(node.tap))
        case .item(let item):
            for slot in [item.title, item.topRight, item.subtitle, item.detail, item.bottomLeft, item.bottomRight] {
                if let slot { text(slot, into: &facts) }
            }
        case .custom(let custom, _): facts.append("custom \(quoted(custom.type))")
        case .missing(let type, _): facts.append("marker \(quoted(type))")
        case .spacer, .divider: break
        }
    }
}
