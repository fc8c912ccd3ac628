/// A value that can be read from a parsed document while decoding it.
protocol JSONReadable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure)
}

/// A value read from one JSON value and nothing inside it (a string, a number, a name from a closed
/// set …): its only possible problem is itself. A reader takes the member's step of the path only
/// when such a value fails, instead of for every member it reads.
protocol JSONLeaf: JSONReadable {}

extension String: JSONLeaf {}
extension Double: JSONLeaf {}
extension Int: JSONLeaf {}
extension Bool: JSONLeaf {}
extension EnumValue: JSONLeaf {}
extension CheckedURL: JSONLeaf {}
extension Length: JSONLeaf {}

extension JSONReadable {
    static func typeMismatch(_ expected: String, _ json: JSONElement, _ context: DecodingContext) -> DecodingFailure {
        context.failure(.invalidValue, "expected \(expected), found \(json.kindDescription)")
    }
}

extension String: JSONReadable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard let value = json.string else { throw Self.typeMismatch("a string", json, context) }
        self = value
    }
}

extension Double: JSONReadable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard let value = json.number else { throw Self.typeMismatch("a number", json, context) }
        self = value
    }
}

extension Int: JSONReadable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard let value = json.int else { throw Self.typeMismatch("an integer", json, context) }
        self = value
    }
}

extension Bool: JSONReadable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard let value = json.bool else { throw Self.typeMismatch("a boolean", json, context) }
        self = value
    }
}

extension JSONValue: JSONReadable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        self = json.value
    }
}

extension Dictionary: JSONReadable where Key == String, Value == JSONValue {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object, let value = json.value.objectValue else { throw Self.typeMismatch("an object", json, context) }
        self = value
    }
}

/// A closed set of string values (`"leading"`, `"center"` …), read with a message that lists them.
protocol JSONEnum: JSONLeaf, JSONEncodable, RawRepresentable<String>, CaseIterable {}

extension JSONEnum {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        self = try EnumValue<Self>(json: json, context: context).value
    }

    var json: JSONValue { .string(rawValue) }

    func encode(into writer: inout JSONWriter) { writer.write(rawValue) }
}

/// Reads any closed set of string values, public or not, with a message that lists them.
struct EnumValue<Value: RawRepresentable<String> & CaseIterable>: JSONReadable {
    let value: Value

    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard let raw = json.string else { throw Self.typeMismatch("a string", json, context) }
        guard let value = Value(rawValue: raw) else {
            let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw context.failure(.invalidValue, "unknown value \"\(raw)\"; expected one of \(allowed)")
        }
        self.value = value
    }
}
