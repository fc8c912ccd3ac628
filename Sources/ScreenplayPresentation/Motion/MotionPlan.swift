import Screenplay

/// What a change from one presentation of a screen to the next plays: which nodes enter, which
/// leave, which animate a change of their own properties, each with the motion it asked for.
/// The rule every renderer follows, stated once:
///
/// - On the first frame (no old presentation), every shown node with an `enter` enters.
/// - Later, a node shown now and not before (absent, or hidden by a condition, a binding or a
///   state switch) enters — its descendants with an entrance too.
/// - A node shown before and not now leaves with its `exit`, when its parent stays
///   (a container that leaves takes its children with it).
/// - A node shown in both whose own look changed (not its children's: its text, colour, size,
///   box …) animates with its `change`.
///
/// Nodes are matched by id; a node without one by its position under its nearest ancestor with
/// one, so give an id to what a patch inserts or removes among siblings without ids. The web
/// page's script applies the same rule (the shared cases in `Tests/Conformance/motion` hold
/// both to it); SwiftUI gets it from view identity.
///
/// ```swift
/// let plan = MotionPlan(from: shown, to: presenter.present(screen, values: store.values))
/// for step in plan.steps { print(step.node, step.kind) }   // "toast exit", "badge change"
/// ```
public struct MotionPlan: Sendable, Hashable {
    /// What a step plays.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case enter, exit, change
    }

    /// One node's movement.
    public struct Step: Sendable, Hashable, CustomStringConvertible {
        /// The node's id, or its position under its nearest ancestor with an id (`card/1`, `/0/2`).
        public var node: String
        public var kind: Kind
        /// The transition an entrance or an exit plays (nil for a change).
        public var transition: Motion.Transition?
        /// How long it takes and along which curve.
        public var timing: Motion.Timing

        public var description: String { "\(node) \(kind.rawValue)" }
    }

    /// In playing order: exits (in the old order), then entrances and changes (in the new).
    public var steps: [Step]

    /// How a plan reads the rows of lazy containers (scrolls, lists, grids, carousels).
    public enum LazyRows: Sendable, Hashable {
        /// Every row is presented and compared, as a page drawn whole is.
        case presented
        /// Rows are compared by identity: a row drawn before (presented in the old presentation)
        /// is compared whole, presented anew as the renderer is about to draw it; a row never
        /// drawn is compared by identity only, and presented only if it comes or goes, to read
        /// its motion.
        /// For a native renderer, whose lazy stacks present only the rows on screen, and whose
        /// presentations leave hidden nodes out (a hidden row is then not among the rows).
        case comparedByIdentity
    }

    /// The plan from `old` (nil: the screen's first frame) to `new`.
    public init(from old: ScreenPresentation?, to new: ScreenPresentation, lazyRows: LazyRows = .presented) {
        guard let old else {
            let after = Self.entries(of: new, lazyRows: lazyRows, drawn: nil).entries
            steps = after.compactMap { entry in
                guard entry.shown, let enter = entry.motion?.enter else { return nil }
                return Step(node: entry.key, kind: .enter, transition: enter, timing: enter.timing)
            }
            return
        }
        let (before, drawn) = Self.entries(of: old, lazyRows: lazyRows, drawn: nil)
        let after = Self.entries(of: new, lazyRows: lazyRows, drawn: drawn).entries
        let beforeByKey = Dictionary(before.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let afterByKey = Dictionary(after.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var steps: [Step] = []
        for entry in before where entry.shown {
            guard afterByKey[entry.key]?.shown != true, let exit = entry.motion?.exit else { continue }
            // Only the outermost node that leaves plays its exit: its parent is still there.
            let parentStays = entry.parent.map { afterByKey[$0]?.shown == true } ?? false
            if parentStays { steps.append(Step(node: entry.key, kind: .exit, transition: exit, timing: exit.timing)) }
        }
        for entry in after where entry.shown {
            let previous = beforeByKey[entry.key]
            if previous?.shown != true {
                if let enter = entry.motion?.enter {
                    steps.append(Step(node: entry.key, kind: .enter, transition: enter, timing: enter.timing))
                }
            } else if entry.row == nil, let previous, previous.row == nil, let change = entry.motion?.change,
                previous.look != entry.look
            {
                steps.append(Step(node: entry.key, kind: .change, transition: nil, timing: change))
            }
        }
        self.steps = steps
    }

    /// One node of a presentation, as the plan compares it: presented, or a lazy row not presented
    /// (read only if it comes or goes).
    private struct Entry {
        var key: String
        var parent: String?
        var shown: Bool
        var node: PresentedNode?
        var row: (children: PresentedChildren, index: Int)?

        var motion: Motion? { (node ?? row.map { $0.children[$0.index] })?.motion }
        var look: PresentedNode? { node?.ownLook }
    }

    /// The entries of `presentation`, and the keys of the lazy rows compared whole. `drawn`: the
    /// rows to present (the old presentation's drawn rows); nil: those presented already.
    private static func entries(
        of presentation: ScreenPresentation, lazyRows: LazyRows, drawn: Set<String>?
    ) -> (entries: [Entry], expanded: Set<String>) {
        var entries: [Entry] = []
        var expanded = Set<String>()
        func visit(_ node: PresentedNode, key: String, parent: String?, anchor: String, parentShown: Bool) {
            let shown = parentShown && node.visibility.isVisible
            entries.append(Entry(key: key, parent: parent, shown: shown, node: node))
            let groups = node.content.childGroups
            for (group, children) in groups.enumerated() {
                for index in children.indices {
                    let position = groups.count > 1 ? "\(group).\(index)" : String(index)
                    let path = "\(anchor == "/" ? "" : anchor)/\(position)"
                    if children.isLazy, lazyRows == .comparedByIdentity {
                        // Its id without presenting it; a hidden row is not among the rows at all.
                        let identity = children.identity(at: index)
                        let rowKey = identity.hasPrefix("#") ? String(identity.dropFirst()) : path
                        let row = drawn.map { $0.contains(rowKey) ? children[index] : nil } ?? children.presentedChild(at: index)
                        guard let row else {
                            entries.append(Entry(key: rowKey, parent: key, shown: shown, row: (children, index)))
                            continue
                        }
                        expanded.insert(rowKey)
                        visit(row, key: rowKey, parent: key, anchor: row.nodeID ?? rowKey, parentShown: shown)
                        continue
                    }
                    let child = children[index]
                    let childKey = child.nodeID ?? path
                    visit(child, key: childKey, parent: key, anchor: child.nodeID ?? childKey, parentShown: shown)
                }
            }
        }
        if let root = presentation.root { visit(root, key: root.nodeID ?? "/", parent: nil, anchor: root.nodeID ?? "/", parentShown: true) }
        return (entries, expanded)
    }
}

extension PresentedNode {
    /// The node without its children, its visibility or its diagnostics: what a change animates
    /// (a renderer animates a node's `Motion.change` when this differs, not when a child does).
    ///
    /// ```swift
    /// content.animation(animation, value: node.ownLook)
    /// ```
    public var ownLook: PresentedNode {
        var look = self
        look.visibility = .always
        look.diagnostics = []
        switch content {
        case .stack(let layout, _): look.content = .stack(layout, .empty)
        case .overlay(let alignment, _): look.content = .overlay(alignment, .empty)
        case .grid(let layout, _): look.content = .grid(layout, .empty)
        case .list(let sections):
            look.content = .list(sections.map { PresentedSection(sectionID: $0.sectionID, title: $0.title, rows: .empty) })
        default: break
        }
        return look
    }
}
