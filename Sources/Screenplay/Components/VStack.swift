/// Children one above the other. Wire type `"vstack"`.
///
/// ```swift
/// VStack(alignment: .leading, spacing: 8) {
///     Text("Paris").font(size: 20, weight: .bold)
///     Text("Sunny")
/// }
/// ```
public struct VStack: Sendable, Hashable, ComponentBody, NodeConvertible {
    public var alignment: HorizontalAlignment
    public var spacing: Double?
    public var children: [Node]

    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @NodeBuilder content: () -> [Node]) {
        self.init(alignment: alignment, spacing: spacing, children: content())
    }

    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, children: [Node]) {
        self.alignment = alignment
        self.spacing = spacing
        self.children = children
    }

    public var node: Node { Node(.vstack(self)) }

    init(reading reader: inout ObjectReader) throws(DecodingFailure) {
        self.init(alignment: reader.optional("alignment") ?? .center, spacing: reader.optional("spacing"), children: try reader.nodes("children"))
    }

    func write(to writer: inout JSONWriter) {
        if alignment != .center { writer.member(.alignment, alignment) }
        writer.member(.spacing, spacing)
        writer.member(.children, children)
    }
}
