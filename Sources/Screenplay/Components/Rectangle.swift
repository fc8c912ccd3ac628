extension Component {
    /// A filled rectangle: bars of a chart, swatches, separators. Wire type `"rectangle"`.
    ///
    /// ```swift
    /// Rectangle(width: 20, height: 60 * normalized, color: Color(red: red, green: 255 - red, blue: 0))
    /// ```
    public struct Rectangle: Sendable, Hashable, ComponentBody, NodeConvertible {
        public var width: Length?
        public var height: Length?
        public var color: AdaptiveColor?
        public var cornerRadius: Double?

        public init(width: Length? = nil, height: Length? = nil, color: AdaptiveColor? = nil, cornerRadius: Double? = nil) {
            self.width = width
            self.height = height
            self.color = color
            self.cornerRadius = cornerRadius
        }

        /// Convenience for computed sizes: `Rectangle(width: 20, height: 60 * share, color: …)`.
        public init(width: Double, height: Double, color: AdaptiveColor? = nil, cornerRadius: Double? = nil) {
            self.init(width: Length.points(width), height: Length.points(height), color: color, cornerRadius: cornerRadius)
        }

        public var node: Node { Node(.rectangle(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(
                width: reader.optional(.width, as: Length.self), height: reader.optional(.height, as: Length.self),
                color: reader.optional(.color), cornerRadius: reader.optional(.cornerRadius))
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.color, color)
            writer.member(.cornerRadius, cornerRadius)
            writer.member(.height, height)
            writer.member(.width, width)
        }
    }
}
