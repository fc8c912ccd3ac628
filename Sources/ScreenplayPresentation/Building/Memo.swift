import Screenplay

/// A presented subtree with what it was built from, so that the next presentation reuses it when
/// the node and the client values it read are unchanged.
struct Memo: Sendable {
    let node: Node
    let reads: StateReads
    /// Nil when the node takes no space (hidden, or undrawable in a release build).
    let presented: PresentedNode?
    /// The memos of the presented children of an eager container, in order.
    let children: [Memo]
    /// The rows of its lazy containers (one per section for a list).
    let lazyRows: [LazyRows]
    /// The diagnostics of the subtree, reported again when it is reused.
    let diagnostics: [Diagnostic]
    /// Whether it was presented inside a link (which drops its text links).
    var insideLink = false

    init(
        node: Node, reads: StateReads, presented: PresentedNode?, children: [Memo] = [], lazyRows: [LazyRows] = [],
        diagnostics: [Diagnostic] = []
    ) {
        self.node = node
        self.reads = reads
        self.presented = presented
        self.children = children
        self.lazyRows = lazyRows
        self.diagnostics = diagnostics
    }

    /// Whether the presentation of this subtree still holds for `node` under `context`.
    func holds(for node: Node, in context: PresentationContext) -> Bool {
        reads.hold(in: context) && insideLink == context.insideLink && self.node == node
    }

    /// The child memo that showed `node` at `index` before: same position and id, else same id.
    func child(matching node: Node, at index: Int) -> Memo? {
        if index < children.count, children[index].node.id == node.id { return children[index] }
        guard let id = node.id else { return nil }
        return children.first { $0.node.id == id }
    }

    static let empty = PresentedNode(type: "", content: .stack(StackLayout(axis: .vertical), .empty))
}

/// The client values a subtree's presentation depends on, as they were.
struct StateReads: Sendable {
    private(set) var values: [String: JSONValue] = [:]
    /// A lazy container reads whatever its rows will read: all the values.
    private(set) var all: [String: JSONValue]?

    mutating func read(_ key: String, in context: PresentationContext) {
        if all == nil { values[key] = context.value(key) }
    }

    mutating func readAll(in context: PresentationContext) {
        all = context.values
        values = [:]
    }

    mutating func merge(_ other: StateReads) {
        if all != nil { return }
        if let everything = other.all {
            all = everything
            values = [:]
        } else if !other.values.isEmpty {
            values.merge(other.values) { current, _ in current }
        }
    }

    func hold(in context: PresentationContext) -> Bool {
        if let all { return all == context.values }
        return values.allSatisfy { context.value($0.key) == $0.value }
    }
}
