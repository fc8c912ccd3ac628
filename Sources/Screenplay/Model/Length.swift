/// A size in points, or `fill` to take all the room the parent offers.
///
/// On the wire: a number (`120`) or the string `"fill"`.
///
/// ```swift
/// Image("https://example.com/a.png", width: .fill, height: 180)
/// ```
public enum Length: Sendable, Hashable {
    case points(Double)
    case fill
}

extension Length: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }
}

extension Length: JSONReadable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        if let value = json.number {
            guard value >= 0 else { throw context.failure(.invalidValue, "length \(value) is negative") }
            self = .points(value)
        } else if json.string == "fill" {
            self = .fill
        } else {
            throw Self.typeMismatch("a number of points or \"fill\"", json, context)
        }
    }

    var json: JSONValue {
        switch self {
        case .points(let value): .number(value)
        case .fill: .string("fill")
        }
    }
}

extension Length: JSONEncodable {
    func encode(into writer: inout JSONWriter) {
        switch self {
        case .points(let value): writer.write(value)
        case .fill: writer.write("fill")
        }
    }
}
