extension ScreenPatch {
    /// `screen` with the patch applied; throws when an address does not lead to a node (the
    /// screen was not the one the patch was made from).
    public func apply(to screen: Screen) throws(PatchError) -> Screen {
        switch content {
        case .screen(let replacement):
            return replacement
        case .operations(let operations):
            var screen = screen
            for operation in operations { try Self.apply(operation, to: &screen) }
            return screen
        }
    }

    /// Applies one operation of a patch (what ``apply(to:)`` does for each, in order).
    package static func apply(_ operation: PatchOperation, to screen: inout Screen) throws(PatchError) {
        switch operation {
        case .header(let header):
            let body = screen.body
            screen = header
            screen.body = body
        case .replace(let address, let node):
            try modify(&screen.body, at: try path(of: address, in: screen.body)) { current throws(PatchError) in current = node }
        case .update(let address, let set, let unset):
            try modify(&screen.body, at: try path(of: address, in: screen.body)) { current throws(PatchError) in
                let children = current.component.singleChildList
                guard children != nil || current.component.childLists.isEmpty else {
                    throw PatchError(message: "update of a \(current.type), whose children cannot be kept by an update")
                }
                guard set["type"] == nil || set["type"] == .string(current.type) else {
                    throw PatchError(message: "an update cannot change a node's type")
                }
                var members = current.withoutChildren.json.objectValue ?? [:]
                for key in unset { members[key] = nil }
                members.merge(set) { $1 }
                let decoded = Node.decode(from: .object(members))
                guard var updated = decoded.value, !decoded.hasErrors, updated.type == current.type else {
                    throw PatchError(message: "the updated \(current.type) is not a valid node")
                }
                if let children { updated.component = updated.component.replacingChildren(children) }
                current = updated
            }
        case .insert(let parent, let index, let node):
            try modify(&screen.body, at: try path(of: parent, in: screen.body)) { container throws(PatchError) in
                guard var children = container.component.singleChildList, (0...children.count).contains(index) else {
                    throw PatchError(message: "cannot insert at \(index) into a \(container.type)")
                }
                children.insert(node, at: index)
                container.component = container.component.replacingChildren(children)
            }
        case .remove(let address):
            var path = try path(of: address, in: screen.body)
            guard let index = path.popLast() else { throw PatchError(message: "cannot remove the body") }
            try modify(&screen.body, at: path) { container throws(PatchError) in
                guard var children = container.component.singleChildList, children.indices.contains(index) else {
                    throw PatchError(message: "no child \(index) to remove from a \(container.type)")
                }
                children.remove(at: index)
                container.component = container.component.replacingChildren(children)
            }
        case .move(let parent, let from, let to):
            try modify(&screen.body, at: try path(of: parent, in: screen.body)) { container throws(PatchError) in
                guard var children = container.component.singleChildList, children.indices.contains(from), children.indices.contains(to)
                else {
                    throw PatchError(message: "cannot move \(from) to \(to) in a \(container.type)")
                }
                children.insert(children.remove(at: from), at: to)
                container.component = container.component.replacingChildren(children)
            }
        }
    }

    /// Child positions from the body to the node at `address`.
    package static func path(of address: NodeAddress, in body: Node) throws(PatchError) -> [Int] {
        guard let anchor = address.anchor else { return address.path }
        guard let anchorPath = body.positions(ofID: anchor) else { throw PatchError(message: "no node with id \"\(anchor)\"") }
        return anchorPath + address.path
    }

    static func modify(_ node: inout Node, at path: [Int], _ change: (inout Node) throws(PatchError) -> Void) throws(PatchError) {
        guard let first = path.first else {
            try change(&node)
            return
        }
        let children = node.component.children
        guard children.indices.contains(first) else { throw PatchError(message: "a \(node.type) has no child \(first)") }
        var child = children[first]
        try modify(&child, at: Array(path.dropFirst()), change)
        node.component = node.component.replacingChild(at: first, with: child)
    }
}
