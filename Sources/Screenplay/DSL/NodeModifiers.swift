/// Modifiers every component has, as in SwiftUI. Each returns a ``Node``.
///
/// ```swift
/// Text("Paris")
///     .id("city.paris")
///     .padding(12)
///     .background(Color("#e3f2fd", dark: "#0d47a1"))
///     .cornerRadius(8)
///     .onTap(.navigate("/cities/paris"))
/// ```
extension NodeConvertible {
    /// Gives the node a stable id (unique in the screen).
    public func id(_ id: String) -> Node {
        var node = self.node
        node.id = id
        return node
    }

    /// What a tap on the node does.
    public func onTap(_ action: Action) -> Node {
        var node = self.node
        node.action = action
        return node
    }

    /// What clients that cannot show this node show instead.
    public func fallback(@NodeBuilder _ content: () -> [Node]) -> Node {
        let nodes = content()
        var node = self.node
        node.fallback = nodes.count == 1 ? nodes[0] : VStack(children: nodes).node
        return node
    }

    public func accessibilityLabel(_ label: String) -> Node {
        var node = self.node
        node.accessibilityLabel = label
        return node
    }

    /// Shows the node only while `condition` holds for the client state.
    public func visible(when condition: StateCondition) -> Node {
        var node = self.node
        node.visibleWhen = condition
        return node
    }

    public func padding(_ insets: Insets) -> Node {
        styled { $0.padding = insets }
    }

    public func padding(horizontal: Double = 0, vertical: Double = 0) -> Node {
        padding(EdgeInsets(horizontal: horizontal, vertical: vertical))
    }

    public func background(_ color: AdaptiveColor) -> Node {
        styled { $0.background = color }
    }

    public func cornerRadius(_ radius: Double) -> Node {
        styled { $0.cornerRadius = radius }
    }

    private func styled(_ change: (inout Style) -> Void) -> Node {
        var node = self.node
        var style = node.style ?? Style()
        change(&style)
        node.style = style
        return node
    }
}
