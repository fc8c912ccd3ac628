/// The simple box style any node may carry: padding, background and corner radius.
///
/// ```json
/// "style": {"padding": 12, "background": "#e3f2fd", "cornerRadius": 8}
/// ```
public struct Style: Sendable, Hashable {
    public var padding: Insets?
    public var background: AdaptiveColor?
    public var cornerRadius: Double?

    public init(padding: Insets? = nil, background: AdaptiveColor? = nil, cornerRadius: Double? = nil) {
        self.padding = padding
        self.background = background
        self.cornerRadius = cornerRadius
    }

    var isEmpty: Bool { padding == nil && background == nil && cornerRadius == nil }
}

extension Style: JSONReadable, JSONEncodable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object else { throw Self.typeMismatch("a style object", json, context) }
        var reader = ObjectReader(json, context: copy context, describedAs: "a style")
        self.init(
            padding: reader.optional(.padding), background: reader.optional(.background),
            cornerRadius: reader.optional(.cornerRadius))
        reader.finish()
    }

    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(.background, background)
        writer.member(.cornerRadius, cornerRadius)
        writer.member(.padding, padding)
        writer.endObject()
    }
}
