extension Component {
    /// An on/off switch bound to the client state `key` (a boolean). Wire type `"toggle"`.
    ///
    /// ```swift
    /// Toggle("Save this card", key: "saveCard")
    /// ```
    public struct Toggle: Sendable, Hashable, ComponentBody, NodeConvertible {
        public var title: String
        public var key: String

        public init(_ title: String, key: String) {
            self.title = title
            self.key = key
        }

        public var node: Node { Node(.toggle(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(try reader.required(.title), key: try reader.required(.key))
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.key, key)
            writer.member(.title, title)
        }
    }
}
