/// Space around content, in points.
///
/// On the wire: one number for all four edges (`16`), or an object with any of `top`, `leading`,
/// `bottom`, `trailing` (missing edges are 0).
public struct Insets: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every edge.
    public init(_ all: Double) {
        self.init(top: all, leading: all, bottom: all, trailing: all)
    }

    /// Separate horizontal and vertical insets.
    public init(horizontal: Double = 0, vertical: Double = 0) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }
}

extension Insets: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self.init(Double(value)) }
    public init(floatLiteral value: Double) { self.init(value) }
}

extension Insets: JSONReadable, JSONEncodable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        switch json.kind {
        case .number: self.init(json.number ?? 0)
        case .object:
            var reader = ObjectReader(json, context: copy context, describedAs: "padding")
            self.init(
                top: reader.optional(.top) ?? 0, leading: reader.optional(.leading) ?? 0,
                bottom: reader.optional(.bottom) ?? 0, trailing: reader.optional(.trailing) ?? 0)
            reader.finish()
        default:
            throw Self.typeMismatch("a number or {top, leading, bottom, trailing}", json, context)
        }
    }

    func encode(into writer: inout JSONWriter) {
        if top == leading, top == bottom, top == trailing { return writer.write(top) }
        writer.beginObject()
        if bottom != 0 { writer.member(.bottom, bottom) }
        if leading != 0 { writer.member(.leading, leading) }
        if top != 0 { writer.member(.top, top) }
        if trailing != 0 { writer.member(.trailing, trailing) }
        writer.endObject()
    }
}
