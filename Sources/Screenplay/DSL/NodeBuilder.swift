/// Builds child nodes the way SwiftUI builds views: one expression a line, with `if`, `if let`,
/// `switch`, `for … in` and local `let`s.
///
/// ```swift
/// VStack {
///     Text(city.name).bold()
///     if let note = city.note { Text(note) }
///     for day in city.days { dayColumn(day) }
/// }
/// ```
@resultBuilder
public enum NodeBuilder {
    /// What the builder hands from step to step. Most lines and most loop bodies are one node,
    /// so a node travels as it is rather than in an array of one: a 1,000-card gallery then makes
    /// one array per card's children and one for the cards, instead of several per card.
    public enum Partial {
        case empty
        case one(Node)
        case many([Node])

        var count: Int {
            switch self {
            case .empty: 0
            case .one: 1
            case .many(let nodes): nodes.count
            }
        }

        /// Moves the nodes onto the end of `nodes`.
        consuming func append(to nodes: inout [Node]) {
            switch consume self {
            case .empty: break
            case .one(let node): nodes.append(node)
            case .many(let more): nodes.append(contentsOf: more)
            }
        }

        consuming func nodes() -> [Node] {
            switch consume self {
            case .empty: []
            case .one(let node): [node]
            case .many(let nodes): nodes
            }
        }
    }

    public static func buildExpression(_ expression: consuming Node) -> Partial { .one(expression) }
    public static func buildExpression(_ expression: some NodeConvertible) -> Partial { .one(expression.node) }
    public static func buildExpression(_ expression: [Node]) -> Partial { .many(expression) }
    public static func buildExpression(_ expression: (some NodeConvertible)?) -> Partial { expression.map { .one($0.node) } ?? .empty }

    public static func buildBlock() -> Partial { .empty }
    public static func buildPartialBlock(first: Partial) -> Partial { first }
    public static func buildPartialBlock(accumulated: consuming Partial, next: consuming Partial) -> Partial {
        switch consume accumulated {
        case .empty: return next
        case .one(let node):
            guard case .empty = next else {
                var nodes: [Node] = []
                nodes.reserveCapacity(next.count + 3)
                nodes.append(node)
                next.append(to: &nodes)
                return .many(nodes)
            }
            return .one(node)
        case .many(var nodes):
            next.append(to: &nodes)
            return .many(nodes)
        }
    }

    public static func buildOptional(_ part: Partial?) -> Partial { part ?? .empty }
    public static func buildEither(first part: Partial) -> Partial { part }
    public static func buildEither(second part: Partial) -> Partial { part }
    public static func buildLimitedAvailability(_ part: Partial) -> Partial { part }

    public static func buildArray(_ parts: consuming [Partial]) -> Partial {
        var nodes: [Node] = []
        nodes.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        // Each part is swapped out of the array and moved into `nodes`: iterating would copy it.
        parts.withUnsafeMutableBufferPointer { parts in
            for index in parts.indices {
                var part = Partial.empty
                swap(&part, &parts[index])
                part.append(to: &nodes)
            }
        }
        return .many(nodes)
    }

    public static func buildFinalResult(_ part: consuming Partial) -> [Node] { part.nodes() }
}
