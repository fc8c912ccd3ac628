/// A node with its bound properties computed: what a renderer draws and what a client that does
/// not evaluate expressions receives.
public struct ResolvedNode: Sendable, Hashable {
    /// The node with every property that evaluated set to its value, and no bindings.
    public var node: Node
    /// The value of the `visible` binding; true when there is none or it failed.
    public var isVisible: Bool
    /// A problem per failed binding, at `bindings.<property>` under the node: the property keeps
    /// its literal value.
    public var problems: [Diagnostic]
}

extension Node {
    /// Computes the node's bound properties from `variables`: the one decision every renderer,
    /// the server's first HTML rendering and the adaptation for old clients take. A binding that
    /// fails (an evaluation error, a value its property cannot take) costs that property, which
    /// keeps its literal value, and is reported; nothing else is lost. The children are not
    /// resolved (each is resolved where it is presented).
    ///
    /// ```swift
    /// let resolved = badge.resolvingBindings(ScreenVariables(screen: home))
    /// resolved.node      // the text "3 items"
    /// resolved.isVisible // cartCount > 0
    /// ```
    ///
    /// - Parameters:
    ///   - variables: what the expressions read.
    ///   - evaluator: the evaluator (locale, clock, limits).
    public func resolvingBindings(
        _ variables: some ExpressionVariables, evaluator: ExpressionEvaluator = ExpressionEvaluator()
    ) -> ResolvedNode {
        let bindings = self.bindings
        var node = self
        node.bindings = [:]
        guard !bindings.isEmpty else { return ResolvedNode(node: node, isVisible: true, problems: []) }
        var problems: [Diagnostic] = []
        var isVisible = true
        var values: [(property: String, value: JSONValue)] = []
        for property in bindings.keys.sorted() {
            guard let expression = bindings[property] else { continue }
            let path = JSONPath([.key("bindings"), .key(property)])
            do throws(ExpressionError) {
                let value = try evaluator.evaluate(expression.node, variables: variables)
                if property == BindableProperty.visible {
                    guard case .boolean(let shown) = value else {
                        throw ExpressionError(
                            .type, "\"visible\" needs a Boolean, and the expression gave \(value.type).", at: expression.node.range)
                    }
                    isVisible = shown
                } else {
                    values.append((property, BindableProperty.json(for: value, property: property, in: component.kind)))
                }
            } catch {
                problems.append(
                    Diagnostic(.warning, .invalidValue, at: path, "\(error.message) The property keeps its literal value."))
            }
        }
        guard !values.isEmpty else { return ResolvedNode(node: node, isVisible: isVisible, problems: problems) }
        if let whole = node.replacingProperties(values) {
            node = whole
        } else {
            // One value does not fit its property: each that fits on its own is kept.
            for entry in values {
                if let one = node.replacingProperties([entry]) {
                    node = one
                } else {
                    problems.append(
                        Diagnostic(
                            .warning, .invalidValue, at: JSONPath([.key("bindings"), .key(entry.property)]),
                            "\(entry.value.compactText) is not a value \"\(entry.property)\" can take; the property keeps its literal value."
                        ))
                }
            }
        }
        return ResolvedNode(node: node, isVisible: isVisible, problems: problems)
    }

    /// The property name of the binding that shows a node while it is true.
    public static let visibleProperty = BindableProperty.visible

    /// Whether the node's `visible` binding lets it show under `variables`: true without one, and
    /// when it fails (a failing expression costs its property, not the node).
    ///
    /// ```swift
    /// badge.isShown(by: ScreenVariables(screen: home))   // cartCount > 0
    /// ```
    public func isShown(by variables: some ExpressionVariables, evaluator: ExpressionEvaluator = ExpressionEvaluator()) -> Bool {
        guard let expression = bindings[BindableProperty.visible],
            case .boolean(let shown)? = try? evaluator.evaluate(expression.node, variables: variables)
        else { return true }
        return shown
    }

    /// The node with `values` written over its properties (`style.background` inside its style),
    /// read back through the format's reader; nil when the result does not read cleanly. The
    /// children are set aside while it is read, so a container costs what a leaf costs.
    func replacingProperties(_ values: [(property: String, value: JSONValue)]) -> Node? {
        let lists = component.childLists.map(\.nodes)
        var bare = self
        bare.component = component.replacingChildLists(lists.map { _ in [] })
        guard case .object(var members) = bare.json else { return nil }
        for (property, value) in values {
            if property.hasPrefix("style.") {
                var style = members["style"]?.objectValue ?? [:]
                style[String(property.dropFirst("style.".count))] = value
                members["style"] = .object(style)
            } else {
                members[property] = value
            }
        }
        let result = Node.decode(from: .object(members))
        guard var node = result.value, result.diagnostics.isEmpty else { return nil }
        node.component = node.component.replacingChildLists(lists)
        return node
    }
}
