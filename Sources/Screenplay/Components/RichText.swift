extension Component {
    /// Text with a closed subset of markup — `<strong>`, `<em>`, `<br>`, `<a href>` — parsed into styled
    /// runs. Anything else in the markup is shown as text, never interpreted. Wire type `"richText"`.
    ///
    /// ```swift
    /// RichText("from <strong>Wed, Feb 15, 2017</strong> at 07:00<br>to <strong>Sat, Feb 18</strong>")
    /// ```
    public struct RichText: Sendable, Hashable, ComponentBody, TextStyled {
        /// The markup as written; decoding checks it and reports what it cannot interpret.
        public var markup: String
        public var attributes: TextAttributes

        public init(_ markup: String, size: Double? = nil, attributes: TextAttributes = TextAttributes()) {
            self.markup = markup
            self.attributes = attributes
            if let size { self.attributes.size = size }
        }

        /// The markup parsed into runs, what renderers draw; links the policy refuses lose their link.
        ///
        /// Parsing happens here, when a renderer asks, so that building and encoding screens on the
        /// server never pays for it.
        public func runs(policy: URLPolicy = URLPolicy()) -> [TextRun] {
            Markup.parse(markup, policy: policy).runs
        }

        public var node: Node { Node(.richText(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            let markup = try reader.required(.markup, as: String.self)
            reader.context.at(.member(.markup)) { Markup.check(markup, context: reader.context) }
            self.init(markup, attributes: TextAttributes(reading: &reader))
        }

        func write(to writer: inout NodeWriter) {
            attributes.write(to: &writer, with: .markup, markup)
        }
    }
}
