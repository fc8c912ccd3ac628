extension Component {
    /// Children on top of each other, the first at the back. Wire type `"zstack"`.
    ///
    /// ```swift
    /// ZStack(alignment: .bottomLeading) {
    ///     Image("https://example.com/paris.jpg", width: .fill, height: 200)
    ///     Text("Paris").foregroundColor(.white)
    /// }
    /// ```
    public struct ZStack: Sendable, Hashable, ComponentBody, NodeConvertible {
        public var alignment: Alignment
        public var children: [Node]

        public init(alignment: Alignment = .center, @NodeBuilder content: () -> [Node]) {
            self.init(alignment: alignment, children: content())
        }

        public init(alignment: Alignment = .center, children: [Node]) {
            self.alignment = alignment
            self.children = children
        }

        public var node: Node { Node(.zstack(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(alignment: reader.optional(.alignment) ?? .center, children: try reader.nodes(.children))
        }

        func write(to writer: inout NodeWriter) {
            if alignment != .center { writer.member(.alignment, alignment) }
            writer.member(.children, children)
        }
    }
}
