import ScreenplayProtocol

/// A value bound to a statement or read from a row: the control plane stores text and integers
/// only (documents as JSON text, times as Unix milliseconds), so one SQL serves SQLite and PostgreSQL.
public enum SQLValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case integer(Int64)
    case text(String)
    case null

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }

    /// `.text` or `.null`.
    public init(_ text: String?) { self = text.map { .text($0) } ?? .null }
    public init(_ integer: Int) { self = .integer(Int64(integer)) }
}

extension SQLValue {
    /// The last line behind the checks at the edge: a text holding U+0000 is neither stored nor
    /// looked up (PostgreSQL refuses it, SQLite cuts it), on either database alike, with an error
    /// that is the request's (400), never a sign that the database is unreachable.
    static func refuseUnstorable(_ binds: [SQLValue]) throws(ScreenplayError) {
        for (index, value) in binds.enumerated() {
            if case .text(let text) = value, text.utf8.contains(0) {
                throw ScreenplayError(
                    .badRequest, code: "unstorableText",
                    message: "a text holding U+0000 (NUL) is neither stored nor looked up (value $\(index + 1) of the statement)")
            }
        }
    }
}

/// One row of a result, by column position.
public struct SQLRow: Sendable, Hashable {
    public let values: [SQLValue]

    public init(_ values: [SQLValue]) {
        self.values = values
    }

    public func text(_ column: Int) -> String? {
        guard column < values.count else { return nil }
        switch values[column] {
        case .text(let text): return text
        case .integer(let integer): return String(integer)
        case .null: return nil
        }
    }

    public func integer(_ column: Int) -> Int? {
        guard column < values.count else { return nil }
        switch values[column] {
        case .integer(let integer): return Int(integer)
        case .text(let text): return Int(text)
        case .null: return nil
        }
    }
}
