/// What a node shows: one of the format's built-in components, or an app-defined one.
///
/// Renderers switch over it; ``custom(_:)`` carries any other `type` with its raw properties,
/// for the app's component registry to decode (the Movile write-up's BANNER, COLLECTION …).
public indirect enum Component: Sendable, Hashable {
    case vstack(VStack)
    case hstack(HStack)
    case zstack(ZStack)
    case scroll(Scroll)
    case list(List)
    case spacer(Spacer)
    case divider(Divider)
    case carousel(Carousel)
    case grid(Grid)
    case states(StateSwitch)
    case text(Text)
    case richText(RichText)
    case image(Image)
    case rectangle(Rectangle)
    case badge(Badge)
    case button(Button)
    case textField(TextField)
    case toggle(Toggle)
    case item(GenericItem)
    case custom(CustomComponent)

    /// The wire name of the type.
    public var type: String {
        switch self {
        case .custom(let custom): custom.type
        default: kind?.rawValue ?? ""
        }
    }

    /// The built-in kind, or nil for an app-defined component.
    public var kind: ComponentKind? {
        switch self {
        case .vstack: .vstack
        case .hstack: .hstack
        case .zstack: .zstack
        case .scroll: .scroll
        case .list: .list
        case .spacer: .spacer
        case .divider: .divider
        case .carousel: .carousel
        case .grid: .grid
        case .states: .states
        case .text: .text
        case .richText: .richText
        case .image: .image
        case .rectangle: .rectangle
        case .badge: .badge
        case .button: .button
        case .textField: .textField
        case .toggle: .toggle
        case .item: .item
        case .custom: nil
        }
    }

    static func read(kind: ComponentKind?, type: String, reader: inout ObjectReader) throws(DecodingFailure) -> Component {
        guard let kind else { return .custom(CustomComponent(type: type, reading: reader)) }
        switch kind {
        case .vstack: return .vstack(try VStack(reading: &reader))
        case .hstack: return .hstack(try HStack(reading: &reader))
        case .zstack: return .zstack(try ZStack(reading: &reader))
        case .scroll: return .scroll(try Scroll(reading: &reader))
        case .list: return .list(try List(reading: &reader))
        case .spacer: return .spacer(try Spacer(reading: &reader))
        case .divider: return .divider(try Divider(reading: &reader))
        case .carousel: return .carousel(try Carousel(reading: &reader))
        case .grid: return .grid(try Grid(reading: &reader))
        case .states: return .states(try StateSwitch(reading: &reader))
        case .text: return .text(try Text(reading: &reader))
        case .richText: return .richText(try RichText(reading: &reader))
        case .image: return .image(try Image(reading: &reader))
        case .rectangle: return .rectangle(try Rectangle(reading: &reader))
        case .badge: return .badge(try Badge(reading: &reader))
        case .button: return .button(try Button(reading: &reader))
        case .textField: return .textField(try TextField(reading: &reader))
        case .toggle: return .toggle(try Toggle(reading: &reader))
        case .item: return .item(try GenericItem(reading: &reader))
        }
    }

    /// Writes the component's own members. A switch rather than an existential, so writing
    /// never copies the component into a box.
    func write(to writer: inout NodeWriter) {
        switch self {
        case .vstack(let body): body.write(to: &writer)
        case .hstack(let body): body.write(to: &writer)
        case .zstack(let body): body.write(to: &writer)
        case .scroll(let body): body.write(to: &writer)
        case .list(let body): body.write(to: &writer)
        case .spacer(let body): body.write(to: &writer)
        case .divider(let body): body.write(to: &writer)
        case .carousel(let body): body.write(to: &writer)
        case .grid(let body): body.write(to: &writer)
        case .states(let body): body.write(to: &writer)
        case .text(let body): body.write(to: &writer)
        case .richText(let body): body.write(to: &writer)
        case .image(let body): body.write(to: &writer)
        case .rectangle(let body): body.write(to: &writer)
        case .badge(let body): body.write(to: &writer)
        case .button(let body): body.write(to: &writer)
        case .textField(let body): body.write(to: &writer)
        case .toggle(let body): body.write(to: &writer)
        case .item(let body): body.write(to: &writer)
        case .custom(let body): body.write(to: &writer)
        }
    }
}

/// The component types built into the format, by their wire names.
public enum ComponentKind: String, Sendable, Hashable, CaseIterable {
    case vstack, hstack, zstack, scroll, list, spacer, divider, carousel, grid, states
    case text, richText, image, rectangle, badge
    case button, textField, toggle
    case item

    /// The kinds by spelling, for reading a node's `type` off the document's bytes.
    static let spellings = SpellingTable(allCases.map { ($0.rawValue, $0) })
}

/// What every built-in component's properties can do: be read from, and written to, a node object.
protocol ComponentBody: Sendable, Hashable {
    func write(to writer: inout NodeWriter)
}
