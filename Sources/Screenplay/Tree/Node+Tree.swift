/// Walking and searching a tree of nodes, on top of ``Component/childLists``.
extension Node {
    /// Visits this node and every node below it, depth first, with the path of each; fallbacks are
    /// visited too (their path ends in `fallback`).
    ///
    /// ```swift
    /// screen.body.walk { node, path in print(path, node.type) }
    /// ```
    public func walk(at path: JSONPath = .root, _ visit: (Node, JSONPath) -> Void) {
        visit(self, path)
        for list in component.childLists {
            let base = JSONPath(path.components + list.path)
            for (index, child) in list.nodes.enumerated() {
                child.walk(at: base.appending(index: index), visit)
            }
        }
        fallback?.walk(at: path.appending(key: MemberKey.fallback.name), visit)
    }

    /// Whether `predicate` holds for this node and every node below it (children, not fallbacks:
    /// the nodes a client shows and patches address); stops at the first that fails.
    ///
    /// ```swift
    /// let allVisible = screen.body.allNodesSatisfy { $0.visibleWhen == nil }
    /// ```
    public func allNodesSatisfy(_ predicate: (Node) -> Bool) -> Bool {
        guard predicate(self) else { return false }
        for list in component.childLists {
            for child in list.nodes where !child.allNodesSatisfy(predicate) { return false }
        }
        return true
    }

    /// The first node, depth first, with id `id` (children, not fallbacks).
    ///
    /// ```swift
    /// screen.body.node(withID: "city.moscow")?.type    // "hstack"
    /// ```
    public func node(withID id: String) -> Node? {
        var found: Node?
        _ = allNodesSatisfy { node in
            if node.id == id { found = node }
            return found == nil
        }
        return found
    }

    /// The child positions (as ``Component/children`` counts them) from this node to the node
    /// with id `id`, or nil when there is none: `[]` for this node itself.
    func positions(ofID id: String) -> [Int]? {
        if self.id == id { return [] }
        for (index, child) in component.children.enumerated() {
            if let path = child.positions(ofID: id) { return [index] + path }
        }
        return nil
    }

    /// The node with its children removed (its own members only).
    var withoutChildren: Node {
        var node = self
        node.component = component.mapChildren { _ in nil }
        return node
    }
}
