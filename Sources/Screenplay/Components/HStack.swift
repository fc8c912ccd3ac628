/// Children side by side. Wire type `"hstack"`.
///
/// ```swift
/// HStack(alignment: .bottom, spacing: 4) {
///     for day in week { Rectangle(width: 20, height: day.height, color: day.color) }
/// }
/// ```
public struct HStack: Sendable, Hashable, ComponentBody, NodeConvertible {
    public var alignment: VerticalAlignment
    public var spacing: Double?
    public var children: [Node]

    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @NodeBuilder content: () -> [Node]) {
        self.init(alignment: alignment, spacing: spacing, children: content())
    }

    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, children: [Node]) {
        self.alignment = alignment
        self.spacing = spacing
        self.children = children
    }

    public var node: Node { Node(.hstack(self)) }

    init(reading reader: inout ObjectReader) throws(DecodingFailure) {
        self.init(alignment: reader.optional("alignment") ?? .center, spacing: reader.optional("spacing"), children: try reader.nodes("children"))
    }

    func write(to writer: inout JSONWriter) {
        if alignment != .center { writer.member(.alignment, alignment) }
        writer.member(.spacing, spacing)
        writer.member(.children, children)
    }
}
