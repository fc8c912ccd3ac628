extension Component {
    /// Plain text. Wire type `"text"`.
    ///
    /// ```swift
    /// Text("Coronavirus statistics", size: 15)
    /// Text(city.name).font(size: 20, weight: .bold).lineLimit(1)
    /// ```
    public struct Text: Sendable, Hashable, ComponentBody, TextStyled {
        public var text: String
        public var attributes: TextAttributes

        /// The `text` binding a template gives, moved onto the node by ``node``.
        var textBinding: PropertyExpression?

        /// Text shown as it is, whatever it contains: `Text(name)` never reads `@{…}` in `name`.
        /// (A string literal goes through the initializer that takes an ``ExpressionTemplate``,
        /// which gives the same text when nothing typed is interpolated.)
        @_disfavoredOverload
        public init(_ text: String, size: Double? = nil, attributes: TextAttributes = TextAttributes()) {
            self.text = text
            self.attributes = attributes
            if let size { self.attributes.size = size }
        }

        /// Text from a string literal, bound to a template when typed expressions are interpolated:
        /// the node's `text` is computed on the device, and its literal text — what a client that
        /// does not evaluate expressions shows — is ``ExpressionTemplate/initialText``. Interpolated
        /// strings are text, never expressions.
        ///
        /// ```swift
        /// let cartCount = Variable<Int>("cartCount", initial: 0)
        /// Text("\(cartCount) items")     // "0 items", bound to "@{cartCount} items"
        /// Text("Hello \(name)")          // plain text, whatever name holds
        /// ```
        public init(_ template: ExpressionTemplate, size: Double? = nil, attributes: TextAttributes = TextAttributes()) {
            self.init(template.initialText, size: size, attributes: attributes)
            if template.hasExpressions { textBinding = PropertyExpression.written(template) }
        }

        public var node: Node {
            guard let textBinding else { return Node(.text(self)) }
            var text = self
            text.textBinding = nil
            var node = Node(.text(text))
            node.bindings["text"] = textBinding
            return node
        }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(try reader.required(.text), attributes: TextAttributes(reading: &reader))
        }

        func write(to writer: inout NodeWriter) {
            attributes.write(to: &writer, with: .text, text)
        }
    }
}
