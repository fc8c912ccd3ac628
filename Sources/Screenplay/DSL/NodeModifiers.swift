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
///
/// They are written once, on ``Node``, and consume their receiver: a node built line by line
/// is moved from modifier to modifier, not copied (a copy retains every reference the node holds,
/// once per modifier). Any other component forwards to them with its ``NodeConvertible/node``.
extension Node {
    /// Gives the node a stable id (unique in the screen).
    public consuming func id(_ id: String) -> Node {
        self.id = id
        return self
    }

    /// What a tap on the node does.
    public consuming func onTap(_ action: Action) -> Node {
        self.action = action
        return self
    }

    /// What clients that cannot show this node show instead.
    public consuming func fallback(@NodeBuilder _ content: () -> [Node]) -> Node {
        let nodes = content()
        self.fallback = nodes.count == 1 ? nodes[0] : VStack(children: nodes).node
        return self
    }

    public consuming func accessibilityLabel(_ label: String) -> Node {
        self.accessibilityLabel = label
        return self
    }

    /// Shows the node only while `condition` holds for the client state.
    public consuming func visible(when condition: StateCondition) -> Node {
        visibleWhen = condition
        return self
    }

    /// Shows the node only while `condition` is true, evaluated on the device from the screen's
    /// variables (the `visible` binding).
    ///
    /// ```swift
    /// let cartCount = Variable<Int>("cartCount", initial: 0)
    /// Text("\(cartCount) items").visible(when: cartCount > 0)     // "visible": "@{cartCount > 0}"
    /// ```
    public consuming func visible(when condition: some ExpressionConvertible<Bool>) -> Node {
        bindings[Node.visibleProperty] = PropertyExpression.written(condition)
        return self
    }

    /// Computes `property` on the device from a typed expression (`"text"`, `"color"`,
    /// `"enabled"`, `"url"`, `"style.background"` …); the literal property stays as the fallback.
    /// A template is bound as a template.
    ///
    /// ```swift
    /// let accent = Variable<ExpressionColor>("accent")
    /// Text("Sale").bind("color", to: accent)                       // "color": "@{accent}"
    /// Button("Pay").bind("enabled", to: Variable<Bool>("isValid"))
    /// ```
    public consuming func bind(_ property: String, to expression: some ExpressionConvertible) -> Node {
        bindings[property] = PropertyExpression.written(expression)
        return self
    }

    /// Computes `property` on the device from an expression written as a property string, for
    /// expressions the typed layer does not spell (checked when the screen is read back).
    ///
    /// ```swift
    /// Text("").bind("text", to: try PropertyExpression("@{len(query)} characters"))
    /// ```
    public consuming func bind(_ property: String, to expression: PropertyExpression) -> Node {
        bindings[property] = expression
        return self
    }

    public consuming func padding(_ insets: Insets) -> Node {
        styled { $0.padding = insets }
    }

    public consuming func padding(horizontal: Double = 0, vertical: Double = 0) -> Node {
        padding(EdgeInsets(horizontal: horizontal, vertical: vertical))
    }

    public consuming func background(_ color: AdaptiveColor) -> Node {
        styled { $0.background = color }
    }

    public consuming func cornerRadius(_ radius: Double) -> Node {
        styled { $0.cornerRadius = radius }
    }

    private consuming func styled(_ change: (inout Style) -> Void) -> Node {
        var style = self.style ?? Style()
        change(&style)
        self.style = style
        return self
    }
}

extension NodeConvertible {
    /// Gives the node a stable id (unique in the screen).
    public func id(_ id: String) -> Node { node.id(id) }

    /// What a tap on the node does.
    public func onTap(_ action: Action) -> Node { node.onTap(action) }

    /// What clients that cannot show this node show instead.
    public func fallback(@NodeBuilder _ content: () -> [Node]) -> Node { node.fallback(content) }

    public func accessibilityLabel(_ label: String) -> Node { node.accessibilityLabel(label) }

    /// Shows the node only while `condition` holds for the client state.
    public func visible(when condition: StateCondition) -> Node { node.visible(when: condition) }

    /// Shows the node only while `condition` is true on the device: `.visible(when: cartCount > 0)`.
    public func visible(when condition: some ExpressionConvertible<Bool>) -> Node { node.visible(when: condition) }

    /// Computes `property` on the device from a typed expression: `.bind("color", to: accent)`.
    public func bind(_ property: String, to expression: some ExpressionConvertible) -> Node { node.bind(property, to: expression) }

    /// Computes `property` on the device from a property string: `.bind("text", to: try PropertyExpression("@{n} items"))`.
    public func bind(_ property: String, to expression: PropertyExpression) -> Node { node.bind(property, to: expression) }

    public func padding(_ insets: Insets) -> Node { node.padding(insets) }

    public func padding(horizontal: Double = 0, vertical: Double = 0) -> Node { node.padding(horizontal: horizontal, vertical: vertical) }

    public func background(_ color: AdaptiveColor) -> Node { node.background(color) }

    public func cornerRadius(_ radius: Double) -> Node { node.cornerRadius(radius) }
}
