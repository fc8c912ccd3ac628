/// How long a client and the HTTP layer may keep a screen.
///
/// ```json
/// "cache": {"maxAge": 60, "staleWhileRevalidate": 600}
/// ```
public struct CacheHints: Sendable, Hashable {
    /// Seconds the screen stays fresh.
    public var maxAge: Int
    /// Seconds after that during which a stale copy may be shown while it is revalidated.
    public var staleWhileRevalidate: Int?

    public init(maxAge: Int, staleWhileRevalidate: Int? = nil) {
        self.maxAge = maxAge
        self.staleWhileRevalidate = staleWhileRevalidate
    }
}

extension CacheHints: JSONReadable, JSONEncodable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object else { throw Self.typeMismatch("a cache object", json, context) }
        var reader = ObjectReader(json, context: copy context, describedAs: "cache hints")
        let maxAge = try reader.required(.maxAge, as: Int.self)
        guard maxAge >= 0 else { throw context.failure(.invalidValue, "maxAge must not be negative") }
        self.init(maxAge: maxAge, staleWhileRevalidate: reader.optional(.staleWhileRevalidate))
        reader.finish()
    }

    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(.maxAge, maxAge)
        writer.member(.staleWhileRevalidate, staleWhileRevalidate)
        writer.endObject()
    }
}
