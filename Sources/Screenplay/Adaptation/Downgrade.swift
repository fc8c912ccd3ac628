/// The built-in replacement of each component by simpler ones, for clients that do not declare it.
/// Every downgrade is made of the base set (stacks, scroll, text, image, rectangle, spacer,
/// divider), so adapting it again always ends.
enum Downgrade {
    static func of(_ node: Node) -> Node? {
        switch node.component {
        case .carousel(let carousel):
            return Scroll(.horizontal, spacing: carousel.spacing, children: carousel.children).node
        case .grid(let grid):
            let rows = stride(from: 0, to: grid.children.count, by: grid.columns).map { start in
                HStack(spacing: grid.spacing, children: Array(grid.children[start..<min(start + grid.columns, grid.children.count)])).node
            }
            return VStack(spacing: grid.spacing, children: rows).node
        case .list(let list):
            return VStack(alignment: .leading, children: list.sections.map(sectionStack)).node
        case .richText(let rich):
            return Text(rich.runs().map(\.text).joined(), attributes: rich.attributes).node
        case .badge(let badge):
            var text = Text(badge.text, size: 12)
            text.attributes.color = badge.color
            return text.padding(EdgeInsets(horizontal: 8, vertical: 2)).cornerRadius(8).background(badge.background ?? .clear)
        case .item(let item):
            return itemCell(item)
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

    /// The Drivy write-up's generic cell from standard components.
    private static func itemCell(_ item: GenericItem) -> Node {
        var cell = HStack(alignment: .top, spacing: 12) {
            if let imageURL = item.imageURL {
                Image(imageURL, width: 48, height: 48, contentMode: .fill).cornerRadius(24)
            }
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    if let title = item.title { Text(title).font(size: 16, weight: .semibold).lineLimit(1) }
                    Spacer()
                    if let topRight = item.topRightDetail { Text(topRight, size: 13) }
                }
                if let subtitle = item.subtitle { Text(subtitle, size: 14) }
                if let detail = item.detail { Text(Markup.parse(detail).runs.map(\.text).joined(), size: 14) }
                if item.bottomLeftDetail != nil || item.bottomRightDetail != nil {
                    HStack {
                        if let left = item.bottomLeftDetail { Text(left).bold() }
                        Spacer()
                        if let right = item.bottomRightDetail { Text(right, size: 13) }
                    }
                }
            }
        }.node
        if let url = item.url { cell.action = .navigate(url) }
        return cell
    }
}
