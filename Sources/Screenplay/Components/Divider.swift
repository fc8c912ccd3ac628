extension Component {
    /// A thin line across the stack it sits in. Wire type `"divider"`.
    ///
    /// ```swift
    /// Divider(color: "#e0e0e0")
    /// ```
    public struct Divider: Sendable, Hashable, ComponentBody, NodeConvertible {
        public var color: AdaptiveColor?
        /// Line thickness in points (default 1).
        public var thickness: Double?

        public init(color: AdaptiveColor? = nil, thickness: Double? = nil) {
            self.color = color
            self.thickness = thickness
        }

        public var node: Node { Node(.divider(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(color: reader.optional(.color), thickness: reader.optional(.thickness))
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.color, color)
            writer.member(.thickness, thickness)
        }
    }
}
