/// What adapting a screen to a client changed, by type name, for logs and metrics.
public struct AdaptationReport: Sendable, Hashable {
    /// Nodes replaced by the fallback their author gave.
    public var usedFallback: [String: Int] = [:]
    /// Nodes replaced by the component's built-in downgrade (carousel → horizontal scroll …).
    public var downgraded: [String: Int] = [:]
    /// Nodes removed because the client can show neither them nor a replacement.
    public var droppedNodes: [String: Int] = [:]
    /// Actions removed (or replaced) because the client does not handle them.
    public var droppedActions: [String: Int] = [:]
    /// Where each change happened, in the document as written (`body.children[2]`): filled only
    /// by ``Screen/adaptationReport(for:)`` and ``Node/adaptationReport(for:at:)`` — tools that
    /// explain a loss, not the request path, which counts and moves on.
    public var changes: [Change] = []

    public init() {}

    /// Whether the screen went out unchanged.
    public var isEmpty: Bool { usedFallback.isEmpty && downgraded.isEmpty && droppedNodes.isEmpty && droppedActions.isEmpty }

    /// Whether the client loses something: a node or an action removed (a fallback or a
    /// downgrade stands in for what it replaces; a removal leaves nothing in its place).
    public var losesContent: Bool { !droppedNodes.isEmpty || !droppedActions.isEmpty }

    /// One change adaptation made, and where.
    public struct Change: Sendable, Hashable {
        /// Which of the report's four counts the change is in.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            case usedFallback, downgraded, droppedNode, droppedAction
        }

        public var kind: Kind
        /// The node's or the action's type (`carousel`, `BANNER`, `present`).
        public var type: String
        /// Where the node (or the node whose action it is) stands in the document as written.
        public var path: JSONPath

        public init(kind: Kind, type: String, path: JSONPath) {
            self.kind = kind
            self.type = type
            self.path = path
        }
    }
}
