/// One list of child nodes inside a container, with the path that leads to it from the container
/// node: `children` for stacks, scrolls, carousels and grids, `sections[2].children` for a list.
///
/// ```swift
/// for list in node.component.childLists {
///     print(JSONPath(list.path), list.nodes.count)     // children 3
/// }
/// ```
public struct ChildList: Sendable, Hashable {
    /// Where the list lies in the container node's object.
    public var path: [JSONPath.Component]
    public var nodes: [Node]

    public init(path: [JSONPath.Component], nodes: [Node]) {
        self.path = path
        self.nodes = nodes
    }

    /// The path of a container that keeps its children under `children`.
    static let children: [JSONPath.Component] = [.key(MemberKey.children.name)]
}
