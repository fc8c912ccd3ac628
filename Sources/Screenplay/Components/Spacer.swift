extension Component {
    /// Flexible empty space that pushes its siblings apart. Wire type `"spacer"`.
    ///
    /// ```swift
    /// HStack { Text("Total"); Spacer(); Text("€69") }
    /// ```
    public struct Spacer: Sendable, Hashable, ComponentBody, NodeConvertible {
        /// The least space it takes, in points.
        public var minLength: Double?

        public init(minLength: Double? = nil) {
            self.minLength = minLength
        }

        public var node: Node { Node(.spacer(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(minLength: reader.optional(.minLength))
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.minLength, minLength)
        }
    }
}
