extension Component {
    /// Children along one axis: ``VStack`` puts them one above the other, ``HStack`` side by side.
    /// Wire types `"vstack"` and `"hstack"`.
    ///
    /// ```swift
    /// VStack(alignment: .leading, spacing: 8) {
    ///     Text("Paris").font(size: 20, weight: .bold)
    ///     HStack(alignment: .bottom, spacing: 4) {
    ///         for day in week { Rectangle(width: 20, height: day.height, color: day.color) }
    ///     }
    /// }
    /// ```
    public struct Stack<CrossAlignment: StackAlignment>: Sendable, Hashable, ComponentBody, NodeConvertible {
        /// How children line up across the stack's axis (`center` unless told).
        public var alignment: CrossAlignment
        public var spacing: Double?
        public var children: [Node]

        public init(alignment: CrossAlignment = .center, spacing: Double? = nil, @NodeBuilder content: () -> [Node]) {
            self.init(alignment: alignment, spacing: spacing, children: content())
        }

        public init(alignment: CrossAlignment = .center, spacing: Double? = nil, children: [Node]) {
            self.alignment = alignment
            self.spacing = spacing
            self.children = children
        }

        public var node: Node { Node(CrossAlignment.component(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            let alignment = reader.optional(.alignment, as: EnumValue<CrossAlignment>.self)?.value ?? .center
            self.init(alignment: alignment, spacing: reader.optional(.spacing), children: try reader.nodes(.children))
        }

        func write(to writer: inout NodeWriter) {
            if alignment != .center { writer.member(.alignment, alignment.rawValue) }
            writer.member(.children, children)
            writer.member(.spacing, spacing)
        }
    }

    /// Children one above the other. Wire type `"vstack"`.
    public typealias VStack = Stack<HorizontalAlignment>

    /// Children side by side. Wire type `"hstack"`.
    public typealias HStack = Stack<VerticalAlignment>
}
/// The alignment across a stack's axis, which also tells which stack it is.
public protocol StackAlignment: RawRepresentable<String>, CaseIterable, Sendable, Hashable {
    static var center: Self { get }
    /// The component a stack with this alignment is.
    static func component(_ stack: Component.Stack<Self>) -> Component
}

extension HorizontalAlignment: StackAlignment {
    public static func component(_ stack: Component.VStack) -> Component { .vstack(stack) }
}

extension VerticalAlignment: StackAlignment {
    public static func component(_ stack: Component.HStack) -> Component { .hstack(stack) }
}
