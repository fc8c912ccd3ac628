import Foundation
import Screenplay

/// The children of a container: presented already, or — in a lazy container (scroll, list, grid,
/// carousel) — presented one by one when a renderer asks for them, so that a list of a thousand
/// rows costs only the rows on screen.
///
/// ```swift
/// ForEach(children.indices, id: \.self) { index in NodeView(node: children[index]) }
/// ```
///
/// Children compare equal when they come from equal nodes under equal client values; a lazy row
/// presented twice from the same node is served from a cache.
public struct PresentedChildren: Sendable, Hashable, RandomAccessCollection {
    enum Storage: Sendable, Hashable {
        case presented([PresentedNode])
        case lazy(LazyRows)
    }

    let storage: Storage

    init(_ nodes: [PresentedNode]) { storage = .presented(nodes) }
    init(lazy rows: LazyRows) { storage = .lazy(rows) }

    public static let empty = PresentedChildren([])

    /// Whether the children are presented on demand.
    public var isLazy: Bool {
        if case .lazy = storage { true } else { false }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .presented(let nodes): nodes.count
        case .lazy(let rows): rows.count
        }
    }

    public subscript(position: Int) -> PresentedNode {
        switch storage {
        case .presented(let nodes): nodes[position]
        case .lazy(let rows): rows.row(at: position)
        }
    }

    /// One identity per child, all different, without presenting them: a renderer's `ForEach` ids.
    /// A child is its node id (`#id`), else its position; a node id met before among these children
    /// (the server sent it twice) is told apart by its position, so that no two children ever
    /// share an identity — hidden rows, duplicates and inserted children included.
    ///
    /// ```swift
    /// ForEach(Array(zip(children.identities, children.indices)), id: \.0) { _, index in NodeView(node: children[index]) }
    /// ```
    public var identities: [String] {
        Self.distinct(indices.map(identity(at:)))
    }

    /// `identities` made distinct: a repeated one gets its position, then primes until it is new.
    static func distinct(_ identities: [String]) -> [String] {
        var seen = Set<String>()
        seen.reserveCapacity(identities.count)
        return identities.enumerated().map { position, identity in
            if seen.insert(identity).inserted { return identity }
            var candidate = identity + "@" + String(position)
            while !seen.insert(candidate).inserted { candidate += "'" }
            return candidate
        }
    }

    /// The child at `position` if it is presented already (always, unless lazy and not yet asked for).
    func presentedChild(at position: Int) -> PresentedNode? {
        switch storage {
        case .presented(let nodes): nodes[position]
        case .lazy(let rows): rows.presentedRow(at: position)
        }
    }

    /// A stable identity for the child at `position` without presenting it: its node id when it
    /// has one, else its position (not necessarily distinct: see ``identities``).
    public func identity(at position: Int) -> String {
        switch storage {
        case .presented(let nodes): nodes[position].nodeID.map { "#" + $0 } ?? String(position)
        case .lazy(let rows): rows.identity(at: position)
        }
    }
}

/// The recipe of a lazy container's rows: the nodes, where they sit in the screen, and the
/// client values; rows are presented through a shared cache.
final class LazyRows: Sendable, Hashable {
    let nodes: [Node]
    /// Indices of the nodes that are drawn (nil: all of them).
    let shown: [Int]?
    let path: [JSONPath.Component]
    let context: PresentationContext
    /// Nil for a presentation drawn once: each row is presented when asked for, and not kept.
    let cache: RowCache?

    init(nodes: [Node], path: [JSONPath.Component], context: PresentationContext, previous: LazyRows?) {
        self.nodes = nodes
        self.path = path
        self.context = context
        if nodes.allSatisfy(context.isDrawn) {
            shown = nil
        } else {
            shown = nodes.indices.filter { context.isDrawn(nodes[$0]) }
        }
        if context.remembers {
            // Only one generation back is kept, so that a screen updated for hours holds two caches at most.
            previous?.cache?.forgetPrevious()
            cache = RowCache(count: shown?.count ?? nodes.count, previous: previous)
        } else {
            cache = nil
        }
    }

    var count: Int { shown?.count ?? nodes.count }

    func nodeIndex(_ position: Int) -> Int { shown?[position] ?? position }

    func identity(at position: Int) -> String {
        let index = nodeIndex(position)
        return nodes[index].id.map { "#" + $0 } ?? String(index)
    }

    func row(at position: Int) -> PresentedNode {
        let index = nodeIndex(position)
        guard let cache else {
            var builder = PresentationBuilder(context: context, path: path + [.index(index)])
            return builder.memo(for: nodes[index], reusing: nil).presented ?? Memo.empty
        }
        return cache.row(position) { previous in
            var builder = PresentationBuilder(context: context, path: path + [.index(index)])
            let old = previous.flatMap { $0.memo(for: nodes[index], at: index) }
            return builder.memo(for: nodes[index], reusing: old)
        }
    }

    func memo(for node: Node, at index: Int) -> Memo? {
        cache?.memo(matching: node, at: index, in: self)
    }

    /// The row at `position` if a renderer asked for it already; nil otherwise (not presented here).
    func presentedRow(at position: Int) -> PresentedNode? {
        cache?.presented(position)
    }

    static func == (lhs: LazyRows, rhs: LazyRows) -> Bool {
        lhs === rhs || (lhs.nodes == rhs.nodes && lhs.context.values == rhs.context.values && lhs.context.options == rhs.context.options)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(nodes.count)
    }
}

/// The rows a lazy container has presented so far, and the container it replaced, whose rows
/// are reused when their node and the client values they read are unchanged.
final class RowCache: @unchecked Sendable {
    private let lock = NSLock()
    private var memos: [Memo?]
    private var previous: LazyRows?
    private var idIndex: [String: Int]?

    init(count: Int, previous: LazyRows?) {
        memos = Array(repeating: nil, count: count)
        self.previous = previous
    }

    func row(_ position: Int, build: (LazyRows?) -> Memo) -> PresentedNode {
        lock.lock()
        if let memo = memos[position] {
            lock.unlock()
            return memo.presented ?? Memo.empty
        }
        let previous = self.previous
        lock.unlock()
        let memo = build(previous)
        lock.lock()
        memos[position] = memo
        lock.unlock()
        return memo.presented ?? Memo.empty
    }

    func presented(_ position: Int) -> PresentedNode? {
        lock.lock()
        defer { lock.unlock() }
        guard position < memos.count, let memo = memos[position] else { return nil }
        return memo.presented ?? Memo.empty
    }

    func forgetPrevious() {
        lock.lock()
        previous = nil
        lock.unlock()
    }

    /// The memo of the row that showed `node` (same id, or the same position when neither has
    /// one), if that row was presented.
    func memo(matching node: Node, at index: Int, in rows: LazyRows) -> Memo? {
        lock.lock()
        defer { lock.unlock() }
        var nodeIndex: Int?
        if index < rows.nodes.count, rows.nodes[index].id == node.id {
            nodeIndex = index
        } else if let id = node.id {
            if idIndex == nil {
                var ids: [String: Int] = [:]
                for (index, node) in rows.nodes.enumerated() { if let id = node.id, ids[id] == nil { ids[id] = index } }
                idIndex = ids
            }
            nodeIndex = idIndex?[id]
        }
        guard let nodeIndex else { return nil }
        let position: Int?
        if let shown = rows.shown {
            // `shown` is sorted: a binary search finds the row of the node.
            var low = 0
            var high = shown.count
            while low < high {
                let middle = (low + high) / 2
                if shown[middle] < nodeIndex { low = middle + 1 } else { high = middle }
            }
            position = low < shown.count && shown[low] == nodeIndex ? low : nil
        } else {
            position = nodeIndex
        }
        guard let position, position < memos.count else { return nil }
        return memos[position]
    }
}
