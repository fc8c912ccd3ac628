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

    public init() {}

    /// Whether the screen went out unchanged.
    public var isEmpty: Bool { usedFallback.isEmpty && downgraded.isEmpty && droppedNodes.isEmpty && droppedActions.isEmpty }
}
