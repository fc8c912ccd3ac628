/// A condition on the client state, used to show a node only when it holds.
///
/// On the wire: `{"key": "showDetails"}` (the value is truthy), `{"key": "plan", "equals": "pro"}`,
/// and either with `"not": true` to invert it.
///
/// ```swift
/// Text("Promo code applied").visible(when: .init("promoCode"))
/// ```
public struct StateCondition: Sendable, Hashable {
    public var key: String
    public var equals: JSONValue?
    public var not: Bool

    public init(_ key: String, equals: JSONValue? = nil, not: Bool = false) {
        self.key = key
        self.equals = equals
        self.not = not
    }

    /// Whether the condition holds for `state`.
    ///
    /// ```swift
    /// StateCondition("plan", equals: "pro").isSatisfied(by: ["plan": "pro"])   // true
    /// ```
    public func isSatisfied(by state: [String: JSONValue]) -> Bool {
        let value = state[key] ?? .null
        let holds = equals.map { $0 == value } ?? value.isTruthy
        return holds != not
    }
}

extension StateCondition: JSONReadable, JSONEncodable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object else { throw Self.typeMismatch("a condition object", json, context) }
        var reader = ObjectReader(json, context: copy context, describedAs: "a condition")
        let key = try reader.required(.key, as: String.self)
        self.init(key, equals: reader.raw(.equals)?.value, not: reader.optional(.not) ?? false)
        reader.finish()
    }

    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(.equals, equals)
        writer.member(.key, key)
        if not { writer.member(.not, true) }
        writer.endObject()
    }
}
