/// Text with a closed subset of markup — `<strong>`, `<em>`, `<br>`, `<a href>` — parsed into styled
/// runs. Anything else in the markup is shown as text, never interpreted. Wire type `"richText"`.
///
/// ```swift
/// RichText("from <strong>Wed, Feb 15, 2017</strong> at 07:00<br>to <strong>Sat, Feb 18</strong>")
/// ```
public struct RichText: Sendable, Hashable, ComponentBody, TextStyled {
    /// The markup as written.
    public var markup: String {
        didSet { runs = Markup.parse(markup).runs }
    }
    /// The markup parsed into runs; what renderers draw.
    public private(set) var runs: [TextRun]
    public var attributes: TextAttributes

    public init(_ markup: String, size: Double? = nil, attributes: TextAttributes = TextAttributes()) {
        self.markup = markup
        self.runs = Markup.parse(markup).runs
        self.attributes = attributes
        if let size { self.attributes.size = size }
    }

    public var node: Node { Node(.richText(self)) }

    init(reading reader: inout ObjectReader) throws(DecodingFailure) {
        let markup = try reader.required("markup", as: String.self)
        self.markup = markup
        self.runs = reader.context.at(.key("markup")) { Markup.parse(markup, context: reader.context) }
        self.attributes = TextAttributes(reading: &reader)
    }

    /// A rich text whose runs were already parsed (with diagnostics) from `markup`.
    init(markup: String, parsedRuns: [TextRun]) {
        self.markup = markup
        self.runs = parsedRuns
        self.attributes = TextAttributes()
    }

    func write(to members: inout [String: JSONValue]) {
        members["markup"] = .string(markup)
        attributes.write(to: &members)
    }
}

