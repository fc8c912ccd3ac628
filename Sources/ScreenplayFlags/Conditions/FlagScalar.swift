import Screenplay

/// A JSON value that `===` can find equal to another: null, a boolean, a number or a string.
/// Strings are equal when their code units are (not by Swift's canonical equivalence).
struct FlagScalar: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case null, bool(Bool), number(Double), text
    }

    let kind: Kind
    let text: String

    init?(_ value: JSONValue, ignoringCase: Bool) {
        switch value {
        case .null: (kind, text) = (.null, "")
        case .bool(let flag): (kind, text) = (.bool(flag), "")
        // 0 and -0 are one key: Swift's Double hashes them alike, as === finds them equal.
        case .number(let number): (kind, text) = (.number(number), "")
        case .string(let string): (kind, text) = (.text, ignoringCase ? string.lowercased() : string)
        case .array, .object: return nil
        }
    }

    static func == (lhs: FlagScalar, rhs: FlagScalar) -> Bool {
        lhs.kind == rhs.kind && JavaScript.sameText(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
