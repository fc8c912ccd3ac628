extension ScreenPatch {
    /// The patch from `old` to `new`. Containers whose children all have distinct ids are compared
    /// by id (inserts, removals and moves); others position by position. When the operations would
    /// take more bytes than `new` itself, or ids repeat, the patch is the whole screen.
    public init(from old: Screen, to new: Screen) {
        guard Self.idsAreUnique(old.body), Self.idsAreUnique(new.body) else {
            self.init(.screen(new))
            return
        }
        var operations: [PatchOperation] = []
        if Self.header(of: old) != Self.header(of: new) { operations.append(.header(Self.header(of: new))) }
        Self.diff(old.body, new.body, at: NodeAddress(anchor: old.body.id == new.body.id ? old.body.id : nil), into: &operations)
        let patch = ScreenPatch(.operations(operations))
        self = patch.encoded().count < new.encoded().count ? patch : ScreenPatch(.screen(new))
    }

    static func header(of screen: Screen) -> Screen {
        var header = screen
        header.body = Spacer().node
        return header
    }

    static func diff(_ old: Node, _ new: Node, at address: NodeAddress, into operations: inout [PatchOperation]) {
        guard old != new else { return }
        guard old.type == new.type, old.id == new.id else {
            operations.append(.replace(address, new))
            return
        }
        let oldShell = old.withoutChildren
        let newShell = new.withoutChildren
        if let oldChildren = old.component.singleChildList, let newChildren = new.component.singleChildList {
            if oldShell != newShell { operations.append(update(oldShell, newShell, at: address)) }
            diffChildren(oldChildren, newChildren, parent: address, into: &operations)
            return
        }
        if old.component.childLists.isEmpty, new.component.childLists.isEmpty {
            // A leaf: only the members that changed.
            operations.append(update(old, new, at: address))
            return
        }
        if case .list(let oldList) = old.component, case .list(let newList) = new.component, oldShell == newShell,
            oldList.sections.map(\.children.count) == newList.sections.map(\.children.count)
        {
            // Same sections, same sizes: compare the rows in place.
            let oldRows = oldList.sections.flatMap(\.children)
            let newRows = newList.sections.flatMap(\.children)
            for (index, (oldRow, newRow)) in zip(oldRows, newRows).enumerated() {
                let rowAddress =
                    oldRow.id == newRow.id
                    ? address.child(index, oldRow) : NodeAddress(anchor: address.anchor, path: address.path + [index])
                diff(oldRow, newRow, at: rowAddress, into: &operations)
            }
            return
        }
        operations.append(.replace(address, new))
    }

    /// The members of `new` that differ from `old` (both without children).
    static func update(_ old: Node, _ new: Node, at address: NodeAddress) -> PatchOperation {
        let before = old.json.objectValue ?? [:]
        let after = new.json.objectValue ?? [:]
        var set: [String: JSONValue] = [:]
        for (key, value) in after where key != "children" && before[key] != value { set[key] = value }
        let unset = before.keys.filter { $0 != "children" && after[$0] == nil }.sorted()
        return .update(address, set: set, unset: unset)
    }

    static func diffChildren(_ old: [Node], _ new: [Node], parent: NodeAddress, into operations: inout [PatchOperation]) {
        let oldIDs = old.compactMap(\.id)
        let newIDs = new.compactMap(\.id)
        if oldIDs.count == old.count, newIDs.count == new.count, Set(oldIDs).count == oldIDs.count, Set(newIDs).count == newIDs.count {
            // Keyed: remove what went; the longest run already in order stays put; every other
            // node (moved or new) goes, right to left, just before the node that follows it.
            let kept = Set(newIDs)
            var current = old
            for index in current.indices.reversed() where !kept.contains(current[index].id!) {
                operations.append(.remove(NodeAddress(anchor: current[index].id)))
                current.remove(at: index)
            }
            let positions = Dictionary(uniqueKeysWithValues: current.enumerated().map { ($1.id!, $0) })
            let stable = Self.longestIncreasingRun(new.compactMap { positions[$0.id!] }).reduce(into: Set<String>()) {
                $0.insert(current[$1].id!)
            }
            for index in new.indices.reversed() {
                let node = new[index]
                guard !stable.contains(node.id!) else { continue }
                if let from = current.firstIndex(where: { $0.id == node.id }) {
                    let moving = current.remove(at: from)
                    let to = index + 1 < new.count ? current.firstIndex { $0.id == new[index + 1].id }! : current.count
                    operations.append(.move(parent: parent, from: from, to: to))
                    current.insert(moving, at: to)
                } else {
                    let at = index + 1 < new.count ? current.firstIndex { $0.id == new[index + 1].id }! : current.count
                    operations.append(.insert(parent: parent, index: at, node: node))
                    current.insert(node, at: at)
                }
            }
            for (oldNode, newNode) in zip(current, new) where oldNode != newNode {
                diff(oldNode, newNode, at: NodeAddress(anchor: newNode.id), into: &operations)
            }
            return
        }
        // By position: the common prefix in place, then what was added or removed at the end.
        let common = min(old.count, new.count)
        for index in 0..<common {
            let address =
                old[index].id == new[index].id
                ? parent.child(index, old[index]) : NodeAddress(anchor: parent.anchor, path: parent.path + [index])
            diff(old[index], new[index], at: address, into: &operations)
        }
        for index in common..<max(common, new.count) {
            operations.append(.insert(parent: parent, index: index, node: new[index]))
        }
        for index in (common..<max(common, old.count)).reversed() {
            operations.append(.remove(NodeAddress(anchor: parent.anchor, path: parent.path + [index])))
        }
    }

    /// The positions in `values` of a longest strictly increasing subsequence (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = [] // index into values of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(values[index])
            index = previous[index]
        }
        return run.reversed()
    }

    /// Whether no id appears twice among the nodes patches can address (children, not fallbacks).
    static func idsAreUnique(_ node: Node) -> Bool {
        var seen = Set<String>()
        return node.allNodesSatisfy { node in node.id.map { seen.insert($0).inserted } ?? true }
    }
}
