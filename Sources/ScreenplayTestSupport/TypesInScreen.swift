import ScreenplayDSL

extension Screen {
    /// Every node type and action type that appears in the screen (fallbacks and nested sequences
    /// included), and how many nodes still carry a fallback: what property tests check.
    public var typesUsed: (components: Set<String>, actions: Set<String>, fallbacks: Int) {
        var components = Set<String>()
        var actions = Set<String>()
        var fallbacks = 0
        func collect(_ action: Action) {
            actions.insert(action.type)
            if case .sequence(let inner) = action { inner.forEach(collect) }
        }
        body.walk { node, _ in
            components.insert(node.type)
            node.action.map(collect)
            if node.fallback != nil { fallbacks += 1 }
        }
        return (components, actions, fallbacks)
    }
}
