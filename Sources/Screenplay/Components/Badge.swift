extension Component {
    /// A short label in a pill: a state, a count, "New". Wire type `"badge"`.
    ///
    /// ```swift
    /// Badge("Automatically cancelled", color: .white, background: "#9e9e9e")
    /// ```
    public struct Badge: Sendable, Hashable, ComponentBody, NodeConvertible {
        public var text: String
        public var color: AdaptiveColor?
        public var background: AdaptiveColor?

        public init(_ text: String, color: AdaptiveColor? = nil, background: AdaptiveColor? = nil) {
            self.text = text
            self.color = color
            self.background = background
        }

        public var node: Node { Node(.badge(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(try reader.required(.text), color: reader.optional(.color), background: reader.optional(.background))
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.background, background)
            writer.member(.color, color)
            writer.member(.text, text)
        }
    }
}
