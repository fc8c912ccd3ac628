extension Component {
    /// Children laid out along `axis` in a scrolling area. Wire type `"scroll"`.
    ///
    /// ```swift
    /// Scroll(.horizontal, spacing: 12) { for city in cities { cityCard(city) } }
    /// ```
    public struct Scroll: Sendable, Hashable, ComponentBody, NodeConvertible {
        public var axis: Axis
        public var spacing: Double?
        public var children: [Node]

        public init(_ axis: Axis = .vertical, spacing: Double? = nil, @NodeBuilder content: () -> [Node]) {
            self.init(axis, spacing: spacing, children: content())
        }

        public init(_ axis: Axis = .vertical, spacing: Double? = nil, children: [Node]) {
            self.axis = axis
            self.spacing = spacing
            self.children = children
        }

        public var node: Node { Node(.scroll(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(reader.optional(.axis) ?? .vertical, spacing: reader.optional(.spacing), children: try reader.nodes(.children))
        }

        func write(to writer: inout NodeWriter) {
            if axis != .vertical { writer.member(.axis, axis) }
            writer.member(.children, children)
            writer.member(.spacing, spacing)
        }
    }
}
