/// The built-in replacement of each component by simpler ones, for clients that do not declare it.
/// Every downgrade is made of the base set (stacks, scroll, text, image, rectangle, spacer,
/// divider), so adapting it again always ends.
///
/// A downgrade keeps what the client evaluates: each binding of the replaced component's own
/// members moves to the replacement's member that shows it (a badge's `text` to its text's `text`,
/// its `background` to the text's `style.background`), so a value computed on the device stays
/// live; `Node.replaced(by:)` carries the common ones (`visible`, the label, the box style).
/// A binding with no member to show it (a grid's `columns`, an item's markup `detail`) is dropped:
/// that member keeps the literal the server wrote, as before.
enum Downgrade {
    static func of(_ node: Node) -> Node? {
        let bound = node.bindings
        switch node.component {
        case .carousel(let carousel):
            var scroll = Scroll(.horizontal, spacing: carousel.spacing, children: carousel.children).node
            scroll.bindings["spacing"] = bound["spacing"]
            return scroll
        case .grid(let grid):
            let rows = stride(from: 0, to: grid.children.count, by: grid.columns).map { start in
                var row = HStack(
                    spacing: grid.spacing, children: Array(grid.children[start..<min(start + grid.columns, grid.children.count)])
                )
                .node
                row.bindings["spacing"] = bound["spacing"]
                return row
            }
            var stack = VStack(spacing: grid.spacing, children: rows).node
            stack.bindings["spacing"] = bound["spacing"]
            return stack
        case .list(let list):
            return VStack(alignment: .leading, children: list.sections.map(sectionStack)).node
        case .richText(let rich):
            // The markup is not plain text: its binding cannot move; the text attributes can.
            var text = Text(rich.runs().map(\.text).joined(), attributes: rich.attributes).node
            for member in textAttributes { text.bindings[member] = bound[member] }
            return text
        case .badge(let badge):
            var text = Text(badge.text, size: 12)
            text.attributes.color = badge.color
            var pill = text.padding(EdgeInsets(horizontal: 8, vertical: 2)).cornerRadius(8).background(badge.background ?? .clear)
            pill.bindings["text"] = bound["text"]
            pill.bindings["color"] = bound["color"]
            pill.bindings["style.background"] = bound["background"]
            return pill
        case .item(let item):
            return itemCell(item, bound)
        case .states(let states):
            // The adapter picks the state the initial values choose; alone, the first.
            return states.children.first ?? VStack(children: []).node
        case .zstack, .vstack, .hstack, .scroll, .spacer, .divider, .text, .image, .rectangle, .button:
            // Base types have no simpler form.
            return nil
        case .textField, .toggle, .custom:
            // Inputs cannot be imitated safely, and app-defined widgets need their author's fallback.
            return nil
        }
    }

    /// A list section as a titled stack of rows separated by dividers; it keeps the section's id.
    private static func sectionStack(_ section: Section) -> Node {
        var node = VStack(alignment: .leading, spacing: 8) {
            if let title = section.title { Text(title).font(size: 13, weight: .semibold) }
            for child in section.children {
                child
                Divider()
            }
        }.node
        node.id = section.id
        return node
    }

    /// The text attributes a `text` shares with a `richText`.
    private static let textAttributes = ["size", "weight", "color", "alignment", "lineLimit"]

    /// The Drivy write-up's generic cell from standard components; the item's bound plain-text
    /// members stay bound on the texts that show them, and its bound `imageURL` on the image.
    private static func itemCell(_ item: GenericItem, _ bound: [String: PropertyExpression]) -> Node {
        func carrying(_ member: String, as property: String = "text", _ node: some NodeConvertible) -> Node {
            var node = node.node
            node.bindings[property] = bound[member]
            return node
        }
        var cell = HStack(alignment: .top, spacing: 12) {
            if let imageURL = item.imageURL {
                carrying("imageURL", as: "url", Image(imageURL, width: 48, height: 48, contentMode: .fill).cornerRadius(24))
            }
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    if let title = item.title { carrying("title", Text(title).font(size: 16, weight: .semibold).lineLimit(1)) }
                    Spacer()
                    if let topRight = item.topRightDetail { carrying("topRightDetail", Text(topRight, size: 13)) }
                }
                if let subtitle = item.subtitle { carrying("subtitle", Text(subtitle, size: 14)) }
                if let detail = item.detail { Text(Markup.parse(detail).runs.map(\.text).joined(), size: 14) }
                if item.bottomLeftDetail != nil || item.bottomRightDetail != nil {
                    HStack {
                        if let left = item.bottomLeftDetail { carrying("bottomLeftDetail", Text(left).bold()) }
                        Spacer()
                        if let right = item.bottomRightDetail { carrying("bottomRightDetail", Text(right, size: 13)) }
                    }
                }
            }
        }.node
        if let url = item.url { cell.action = .navigate(url) }
        return cell
    }
}
