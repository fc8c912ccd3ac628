import Screenplay
import ScreenplayPresentation

/// Elements: an ``HTMLElement`` written out with its node's id, accessibility, visibility and tap.
extension HTMLRenderer {
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

    /// Appends `element`, its children and, for a navigating node, the link around it to `html`.
    mutating func write(_ element: HTMLElement, into html: inout String) {
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
            attributes.append((VisibilityAttribute.name, VisibilityAttribute(condition).value))
        }
        if !node.bindings.isEmpty {
            let sources = JSONValue.object(node.bindings.mapValues { .string($0.source) })
            attributes.append(("data-sp-bind", String(decoding: JSONWriter.write(sources), as: UTF8.self)))
        }
        if !node.visibility.isVisible { attributes.append(("hidden", nil)) }
        // Navigation is a real link (it works without JavaScript); other actions go to the runtime.
        var href: String?
        if let action = node.tap {
            if case .navigate(let target) = action {
                href = webLink(target)
            } else if let encoded = webAction(action) {
                attributes.append(("data-sp-action", encoded))
                // A control performs its tap itself; anything else is made a button (or link) here.
                if !node.handlesOwnTap {
                    attributes.append(("role", node.accessibility.role == .link ? "link" : "button"))
                    attributes.append(("tabindex", "0"))
                }
            }
        }
        var classes = [element.baseClass] + element.classes
        if let motion = node.motion { addMotion(motion, of: element, classes: &classes, attributes: &attributes) }
        if let href, element.tag == "button" || element.isItem {
            // A navigating button is a link that looks like a button; a navigating item is a link.
            if element.tag == "button" { classes.append("sp-link") }
            html +=
                "<a"
                + Self.attributes(
                    [("class", classes.joined(separator: " ")), ("href", href)] + attributes.filter { $0.0 != "type" && $0.0 != "disabled" }
                ).text + ">"
            html += element.content.text + "</a>"
            return
        }
        if let href { html += "<a class=\"sp-link\"" + Self.attributes([("href", href)]).text + ">" }
        html += "<\(element.tag)" + Self.attributes([("class", classes.joined(separator: " "))] + attributes).text + ">"
        if !element.void {
            html += element.content.text
            html += element.sections
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

    /// A node's motion: its pressed look as a class, its transitions and change for the script
    /// (``WebMotion``), and, when it animates changes, the digest of its own look the script
    /// compares (its classes, attributes and content, not its children, visibility or motion).
    mutating func addMotion(_ motion: Motion, of element: HTMLElement, classes: inout [String], attributes: inout [(String, String?)]) {
        if let press = motion.press, let name = sheet.pressClassName(press) { classes.append(name) }
        guard let data = WebMotion.attribute(for: motion, rightToLeft: rightToLeft) else { return }
        var motionAttributes: [(String, String?)] = []
        if motion.change != nil {
            var own = element.tag + " " + classes.joined(separator: " ")
            for (name, value) in attributes where name != "hidden" && name != VisibilityAttribute.name {
                own += "\u{0}" + name + "=" + (value ?? "")
            }
            // A list's content is its rows: nodes of their own.
            if case .list = element.node.content {} else { own += "\u{0}" + element.content.text }
            motionAttributes.append(("data-sp-look", WebMotion.look(own)))
        }
        motionAttributes.append(("data-sp-motion", data))
        // Before `hidden`, which stays the last attribute.
        attributes.insert(contentsOf: motionAttributes, at: attributes.firstIndex { $0.0 == "hidden" } ?? attributes.endIndex)
    }

    /// A list's section: its title, then its rows.
    mutating func write(_ section: PresentedSection, into html: inout String) {
        let open: HTML = "<section class=\"sp-section\"\(attribute: "data-sp-id", section.sectionID)>"
        html += open.text
        if let title = section.title {
            let heading: HTML = "<h2 class=\"sp-section-title\">\(title)</h2>"
            html += heading.text
        }
        html += "<ul class=\"sp-rows\">"
        for row in section.rows {
            html += "<li class=\"sp-row\">"
            render(row, into: &html)
            html += "</li>"
        }
        html += "</ul></section>"
    }

    /// ` name="value"` for each attribute (escaped), ` name` for one without a value.
    static func attributes(_ attributes: [(String, String?)]) -> HTML {
        // Appended piece by piece: no buffer per attribute (this runs for every node).
        var html = HTML()
        for (name, value) in attributes {
            html += " "
            html += HTML(escaping: name)
            if let value {
                html += "=\""
                html += HTML(escaping: value)
                html += "\""
            }
        }
        return html
    }

}
