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
