extension Component {
    /// Shows one of its children, by name: the child whose `id` the string variable `variable`
    /// holds, or the first when it holds no child's id. Tabs, an accordion's open section, the
    /// steps of a form: switched by a `setState` or `set` of the variable, with no request. Wire
    /// type `"states"`.
    ///
    /// ```swift
    /// StateSwitch(variable: "tab") {
    ///     VStack { Text("Overview") }.id("tab.overview")
    ///     VStack { Text("Reviews") }.id("tab.reviews")
    /// }
    /// // A tab bar: Button("Reviews", action: .setState("tab", "tab.reviews"))
    /// ```
    ///
    /// Every child keeps its presentation while it is hidden (a web page keeps them all, hidden,
    /// and switches with no request); a client that does not declare `states` receives the child
    /// the screen's initial values choose.
    public struct StateSwitch: Sendable, Hashable, ComponentBody, NodeConvertible {
        /// The string variable that holds the shown child's id.
        public var variable: String
        /// The states, each named by its `id`.
        public var children: [Node]

        public init(variable: String, @NodeBuilder content: () -> [Node]) {
            self.init(variable: variable, children: content())
        }

        public init(variable: String, children: [Node]) {
            self.variable = variable
            self.children = children
        }

        public var node: Node { Node(.states(self)) }

        /// The index of the child shown when the variable holds `value`: the child with that id,
        /// else the first; nil without children.
        ///
        /// ```swift
        /// tabs.selectedIndex(for: .string("tab.reviews"))   // 1
        /// ```
        public func selectedIndex(for value: JSONValue?) -> Int? {
            guard !children.isEmpty else { return nil }
            if case .string(let name)? = value, let index = children.firstIndex(where: { $0.id == name }) { return index }
            return 0
        }

        /// The condition under which the child at `index` is shown, as an expression the page's
        /// script evaluates too: its id is the variable's value, or (the first child) no child's is.
        ///
        /// ```swift
        /// tabs.visibility(ofChildAt: 1).source   // "@{getStringValue('tab', '') == 'tab.reviews'}"
        /// ```
        public func visibility(ofChildAt index: Int) -> PropertyExpression {
            func quoted(_ text: String) -> String {
                "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'").replacingAll("@{", with: "\\@{") + "'"
            }
            let current = "getStringValue(\(quoted(variable)), '')"
            let source: String
            if index == 0 {
                // Shown unless another child is chosen.
                let others = children.dropFirst().compactMap(\.id).map { "\(current) != \(quoted($0))" }
                source = others.isEmpty ? "true" : others.joined(separator: " && ")
            } else if let id = children[index].id {
                source = "\(current) == \(quoted(id))"
            } else {
                source = "false"
            }
            // The source is built from quoted literals only: it always parses.
            return (try? PropertyExpression("@{\(source)}")) ?? (try! PropertyExpression("@{false}"))
        }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            let variable = try reader.required(.variable, as: String.self)
            self.init(variable: variable, children: try reader.nodes(.children))
            let context = reader.context
            var seen: Set<String> = []
            for (index, child) in children.enumerated() {
                context.at(.member(.children)) {
                    context.at(.index(index)) {
                        guard let id = child.id else {
                            context.report(.warning, .invalidValue, "a state without an id can never be chosen; give it an id")
                            return
                        }
                        if !seen.insert(id).inserted { context.report(.error, .invalidValue, "two states are named \"\(id)\"") }
                    }
                }
            }
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.children, children)
            writer.member(.variable, variable)
        }
    }
}
