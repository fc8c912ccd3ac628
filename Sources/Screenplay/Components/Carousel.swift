extension Component {
    /// A horizontal collection that pages through its children. Wire type `"carousel"`.
    ///
    /// Clients that do not declare it get a horizontal ``Scroll`` of the same children.
    ///
    /// ```swift
    /// Carousel(spacing: 8, itemWidth: 280) { for offer in offers { offerCard(offer) } }
    /// ```
    public struct Carousel: Sendable, Hashable, ComponentBody, NodeConvertible {
        public var spacing: Double?
        /// Width of each page; nil lets each child size itself.
        public var itemWidth: Double?
        public var children: [Node]

        public init(spacing: Double? = nil, itemWidth: Double? = nil, @NodeBuilder content: () -> [Node]) {
            self.init(spacing: spacing, itemWidth: itemWidth, children: content())
        }

        public init(spacing: Double? = nil, itemWidth: Double? = nil, children: [Node]) {
            self.spacing = spacing
            self.itemWidth = itemWidth
            self.children = children
        }

        public var node: Node { Node(.carousel(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(spacing: reader.optional(.spacing), itemWidth: reader.optional(.itemWidth), children: try reader.nodes(.children))
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.children, children)
            writer.member(.itemWidth, itemWidth)
            writer.member(.spacing, spacing)
        }
    }
}
