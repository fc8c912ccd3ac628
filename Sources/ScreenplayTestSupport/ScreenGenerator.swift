import ScreenplayDSL

/// A small, seedable generator so that every failure can be replayed from its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random screens built from every component, action and field, for property tests.
public struct ScreenGenerator {
    public var random: SplitMix64
    var nextID = 0

    public init(random: SplitMix64) {
        self.random = random
    }

    mutating func string() -> String {
        let pieces = ["Paris", "€69", "Jean-Élie", "😀", "a\"b", "line\nbreak", "<strong>x</strong>", " ", "tab\t", "\\", "東京"]
        return (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    mutating func maybe<T>(_ make: (inout ScreenGenerator) -> T) -> T? {
        Bool.random(using: &random) ? make(&self) : nil
    }

    mutating func number() -> Double { Double(Int.random(in: 0...400, using: &random)) / 4 }

    mutating func color() -> Color {
        let light = Color.RGBA(
            red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
            blue: .random(in: 0...255, using: &random), alpha: Bool.random(using: &random) ? 255 : .random(in: 0...255, using: &random))
        return Color(light: light, dark: maybe { $0.color().light })
    }

    mutating func length() -> Length { Bool.random(using: &random) ? .fill : .points(number()) }

    mutating func url() -> String {
        ["/cars/42", "https://example.com/a?b=c", "/requests/1/claim", "relative/path"].randomElement(using: &random) ?? "/"
    }

    mutating func json(depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0...(depth > 2 ? 3 : 5), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(number())
        case 3: return .string(string())
        case 4: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in json(depth: depth + 1) })
        default: return .object(Dictionary((0..<Int.random(in: 0...3, using: &random)).map { ("k\($0)", json(depth: depth + 1)) }) { $1 })
        }
    }

    mutating func action(depth: Int = 0) -> Action {
        switch Int.random(in: 0...(depth > 1 ? 9 : 10), using: &random) {
        case 0: return .navigate(url())
        case 1: return .open("https://example.com/x")
        case 2: return .intent(string(), payload: json().objectValue ?? [:])
        case 3: return .back
        case 4: return .dismiss
        case 5: return .present(url(), style: Action.PresentationStyle.allCases.randomElement(using: &random) ?? .modal)
        case 6: return .setState(string(), json())
        case 7: return .reload
        case 8: return .track(string(), properties: json().objectValue ?? [:])
        case 9:
            let type = "custom.\(Int.random(in: 0...9, using: &random))"
            return .unknown(type: type, raw: ["type": .string(type), "value": json()])
        default: return .sequence((0..<Int.random(in: 0...3, using: &random)).map { _ in action(depth: depth + 1) })
        }
    }

    mutating func attributes() -> TextAttributes {
        TextAttributes(
            size: maybe { $0.number() }, weight: maybe { _ in .bold }, color: maybe { $0.color() },
            alignment: maybe { _ in .center }, lineLimit: maybe { Int.random(in: 1...5, using: &$0.random) })
    }

    mutating func children(depth: Int) -> [Node] {
        (0..<Int.random(in: 0...(depth > 3 ? 1 : 4), using: &random)).map { _ in node(depth: depth + 1) }
    }

    public mutating func node(depth: Int = 0) -> Node {
        let leafOnly = depth > 4
        let component: Component
        switch Int.random(in: leafOnly ? 9...18 : 0...18, using: &random) {
        case 0: component = .vstack(VStack(alignment: .leading, spacing: maybe { $0.number() }, children: children(depth: depth)))
        case 1: component = .hstack(HStack(alignment: .bottom, spacing: maybe { $0.number() }, children: children(depth: depth)))
        case 2: component = .zstack(ZStack(alignment: .topTrailing, children: children(depth: depth)))
        case 3: component = .scroll(Scroll(.horizontal, spacing: maybe { $0.number() }, children: children(depth: depth)))
        case 4:
            component = .list(
                List(
                    sections: (0..<Int.random(in: 0...2, using: &random)).map { _ in
                        Section(maybe { $0.string() }, children: children(depth: depth))
                    }))
        case 5:
            component = .carousel(
                Carousel(spacing: maybe { $0.number() }, itemWidth: maybe { $0.number() }, children: children(depth: depth)))
        case 6:
            component = .grid(
                Grid(columns: Int.random(in: 1...12, using: &random), spacing: maybe { $0.number() }, children: children(depth: depth)))
        case 7, 8: component = .custom(CustomComponent("WIDGET_\(depth)", properties: ["content": json(), "title": .string(string())]))
        case 9: component = .spacer(Spacer(minLength: maybe { $0.number() }))
        case 10: component = .divider(Divider(color: maybe { $0.color() }, thickness: maybe { $0.number() }))
        case 11: component = .text(Text(string(), attributes: attributes()))
        case 12: component = .richText(RichText(string() + "<em>" + string() + "</em><br>", attributes: attributes()))
        case 13:
            component = .image(
                Image(
                    url(), width: maybe { $0.length() }, height: maybe { $0.length() }, contentMode: .fill,
                    placeholderColor: maybe { $0.color() }))
        case 14:
            component = .rectangle(
                Rectangle(
                    width: maybe { $0.length() }, height: maybe { $0.length() }, color: maybe { $0.color() },
                    cornerRadius: maybe { $0.number() }))
        case 15: component = .badge(Badge(string(), color: maybe { $0.color() }, background: maybe { $0.color() }))
        case 16: component = .button(Button(string(), variant: .secondary, enabled: Bool.random(using: &random)))
        case 17:
            component = .textField(
                TextField(
                    key: string(), label: maybe { $0.string() }, placeholder: maybe { $0.string() }, keyboard: .phone,
                    secure: Bool.random(using: &random), autofill: maybe { _ in .oneTimeCode }))
        default:
            component = .item(
                GenericItem(
                    layout: maybe { _ in .message }, imageURL: maybe { $0.url() }, title: maybe { $0.string() },
                    subtitle: maybe { $0.string() }, topRightDetail: maybe { $0.string() }, detail: maybe { $0.string() },
                    bottomLeftDetail: maybe { $0.string() }, bottomRightDetail: maybe { $0.string() }, url: maybe { $0.url() }))
        }
        nextID += 1
        let id = Bool.random(using: &random) ? "n\(nextID)" : nil
        return Node(
            component, id: id, action: maybe { $0.action() }, accessibilityLabel: maybe { $0.string() },
            visibleWhen: maybe { StateCondition($0.string(), equals: $0.maybe { $0.json() }, not: Bool.random(using: &$0.random)) },
            style: maybe {
                Style(
                    padding: EdgeInsets(top: $0.number(), leading: $0.number(), bottom: 0, trailing: 1), background: $0.color(),
                    cornerRadius: $0.number())
            },
            fallback: depth < 3 ? maybe { $0.node(depth: depth + 2) } : nil)
    }

    public mutating func screen() -> Screen {
        Screen(
            id: string(), title: maybe { $0.string() }, state: json().objectValue ?? [:],
            cache: maybe { CacheHints(maxAge: Int.random(in: 0...3600, using: &$0.random), staleWhileRevalidate: $0.maybe { _ in 60 }) },
            intents: maybe { $0.url() }, stream: maybe { $0.url() }, body: node())
    }
}

extension ScreenGenerator {
    /// `screen` with random edits, as a server's next version of it would have: some nodes
    /// replaced, children removed, inserted and reordered, the title changed.
    public mutating func mutated(_ screen: Screen) -> Screen {
        var screen = screen
        if Int.random(in: 0..<4, using: &random) == 0 { screen.title = string() }
        screen.body = mutated(screen.body, depth: 0)
        return screen
    }

    mutating func mutated(_ node: Node, depth: Int) -> Node {
        if Int.random(in: 0..<10, using: &random) == 0 { return self.node(depth: depth + 1) }
        var node = node
        node.component = node.component.mapChildren { child in mutated(child, depth: depth + 1) }
        func edit(_ children: inout [Node]) {
            if !children.isEmpty, Bool.random(using: &random) { children.remove(at: Int.random(in: children.indices, using: &random)) }
            if Int.random(in: 0..<3, using: &random) == 0 {
                children.insert(self.node(depth: depth + 1), at: Int.random(in: 0...children.count, using: &random))
            }
            if children.count > 1, Bool.random(using: &random) {
                children.swapAt(Int.random(in: children.indices, using: &random), Int.random(in: children.indices, using: &random))
            }
        }
        switch node.component {
        case .vstack(var stack) where Bool.random(using: &random):
            edit(&stack.children)
            node.component = .vstack(stack)
        case .hstack(var stack) where Bool.random(using: &random):
            edit(&stack.children)
            node.component = .hstack(stack)
        case .zstack(var stack) where Bool.random(using: &random):
            edit(&stack.children)
            node.component = .zstack(stack)
        case .scroll(var scroll) where Bool.random(using: &random):
            edit(&scroll.children)
            node.component = .scroll(scroll)
        case .grid(var grid) where Bool.random(using: &random):
            edit(&grid.children)
            node.component = .grid(grid)
        case .text(var text) where Bool.random(using: &random):
            text.text = string()
            node.component = .text(text)
        default: break
        }
        return node
    }
}
