extension Component {
    /// Children in rows of `columns` equal cells. Wire type `"grid"`.
    ///
    /// ```swift
    /// Grid(columns: 3, spacing: 8) { for service in services { serviceTile(service) } }
    /// ```
    public struct Grid: Sendable, Hashable, ComponentBody, NodeConvertible {
        /// Cells per row, 1 to 12.
        public var columns: Int
        public var spacing: Double?
        public var children: [Node]

        public init(columns: Int, spacing: Double? = nil, @NodeBuilder content: () -> [Node]) {
            self.init(columns: columns, spacing: spacing, children: content())
        }

        public init(columns: Int, spacing: Double? = nil, children: [Node]) {
            self.columns = max(1, min(12, columns))
            self.spacing = spacing
            self.children = children
        }

        public var node: Node { Node(.grid(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            let columns = try reader.required(.columns, as: Int.self)
            guard (1...12).contains(columns) else {
                throw reader.context.failure(.invalidValue, "a grid needs 1 to 12 columns, not \(columns)")
            }
            self.init(columns: columns, spacing: reader.optional(.spacing), children: try reader.nodes(.children))
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.children, children)
            writer.member(.columns, columns)
            writer.member(.spacing, spacing)
        }
    }
}
