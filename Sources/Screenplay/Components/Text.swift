extension Component {
    /// Plain text. Wire type `"text"`.
    ///
    /// ```swift
    /// Text("Coronavirus statistics", size: 15)
    /// Text(city.name).font(size: 20, weight: .bold).lineLimit(1)
    /// ```
    public struct Text: Sendable, Hashable, ComponentBody, TextStyled {
        public var text: String
        public var attributes: TextAttributes

        public init(_ text: String, size: Double? = nil, attributes: TextAttributes = TextAttributes()) {
            self.text = text
            self.attributes = attributes
            if let size { self.attributes.size = size }
        }

        public var node: Node { Node(.text(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(try reader.required(.text), attributes: TextAttributes(reading: &reader))
        }

        func write(to writer: inout NodeWriter) {
            attributes.write(to: &writer, with: .text, text)
        }
    }
}
