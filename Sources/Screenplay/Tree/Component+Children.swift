/// The one place that knows which components hold child nodes and where: reading them
/// (``childLists``) and writing them back (``replacingChildLists(_:)``). Everything else that
/// touches a tree — walking, mapping, finding, diffing, patching, adapting — is built on these two.
extension Component {
    /// The lists of child nodes this component holds, in document order; empty for leaves.
    public var childLists: [ChildList] {
        switch self {
        case .vstack(let stack): [ChildList(path: ChildList.children, nodes: stack.children)]
        case .hstack(let stack): [ChildList(path: ChildList.children, nodes: stack.children)]
        case .zstack(let stack): [ChildList(path: ChildList.children, nodes: stack.children)]
        case .scroll(let scroll): [ChildList(path: ChildList.children, nodes: scroll.children)]
        case .carousel(let carousel): [ChildList(path: ChildList.children, nodes: carousel.children)]
        case .grid(let grid): [ChildList(path: ChildList.children, nodes: grid.children)]
        case .states(let states): [ChildList(path: ChildList.children, nodes: states.children)]
        case .list(let list):
            list.sections.enumerated().map { index, section in
                ChildList(path: [.key(MemberKey.sections.name), .index(index), .key(MemberKey.children.name)], nodes: section.children)
            }
        case .spacer, .divider, .text, .richText, .image, .rectangle, .badge, .button, .textField, .toggle, .item, .custom: []
        }
    }

    /// The same component with each child list replaced by the list at the same position in
    /// `lists` (lists past the end stay as they are; a leaf ignores them).
    public func replacingChildLists(_ lists: [[Node]]) -> Component {
        func list(_ index: Int, else current: [Node]) -> [Node] { index < lists.count ? lists[index] : current }
        switch self {
        case .vstack(var stack):
            stack.children = list(0, else: stack.children)
            return .vstack(stack)
        case .hstack(var stack):
            stack.children = list(0, else: stack.children)
            return .hstack(stack)
        case .zstack(var stack):
            stack.children = list(0, else: stack.children)
            return .zstack(stack)
        case .scroll(var scroll):
            scroll.children = list(0, else: scroll.children)
            return .scroll(scroll)
        case .carousel(var carousel):
            carousel.children = list(0, else: carousel.children)
            return .carousel(carousel)
        case .grid(var grid):
            grid.children = list(0, else: grid.children)
            return .grid(grid)
        case .states(var states):
            states.children = list(0, else: states.children)
            return .states(states)
        case .list(var list):
            for index in list.sections.indices where index < lists.count { list.sections[index].children = lists[index] }
            return .list(list)
        case .spacer, .divider, .text, .richText, .image, .rectangle, .badge, .button, .textField, .toggle, .item, .custom:
            return self
        }
    }

    /// Every direct child, list after list: the order in which patch positions count them.
    public var children: [Node] {
        let lists = childLists
        return lists.count == 1 ? lists[0].nodes : lists.flatMap(\.nodes)
    }

    /// The children of a container that keeps them in one `children` list (not a list's sections),
    /// the only kind that patches insert into, remove from and reorder.
    var singleChildList: [Node]? {
        let lists = childLists
        guard lists.count == 1, lists[0].path == ChildList.children else { return nil }
        return lists[0].nodes
    }

    /// The same container with `children` as its one list of children.
    func replacingChildren(_ children: [Node]) -> Component {
        replacingChildLists([children])
    }

    /// Rewrites every direct child node with `transform` (a nil result removes the child).
    ///
    /// ```swift
    /// let withoutImages = stack.component.mapChildren { $0.type == "image" ? nil : $0 }
    /// ```
    public func mapChildren(_ transform: (Node) throws -> Node?) rethrows -> Component {
        let lists = childLists
        guard !lists.isEmpty else { return self }
        return replacingChildLists(try lists.map { try $0.nodes.compactMap(transform) })
    }

    /// Rewrites every direct child node with `transform`, which also gets the child's path from
    /// this node (`children[2]`, `sections[0].children[1]`); a nil result removes the child.
    public func mapChildren(_ transform: (Node, [JSONPath.Component]) throws -> Node?) rethrows -> Component {
        let lists = childLists
        guard !lists.isEmpty else { return self }
        return replacingChildLists(
            try lists.map { list in
                try list.nodes.indices.compactMap { index in try transform(list.nodes[index], list.path + [.index(index)]) }
            })
    }

    /// The component with its direct child at `position` (counted as ``children`` counts) replaced.
    func replacingChild(at position: Int, with node: Node) -> Component {
        var lists = childLists.map(\.nodes)
        var remaining = position
        for index in lists.indices {
            if remaining < lists[index].count {
                lists[index][remaining] = node
                return replacingChildLists(lists)
            }
            remaining -= lists[index].count
        }
        return self
    }
}
