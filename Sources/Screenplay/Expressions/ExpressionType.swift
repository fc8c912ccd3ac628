/// The type of an expression value, as DivKit names it.
///
/// The raw value is the name DivKit's documents and case files use (`"integer"`, `"datetime"`);
/// ``description`` is the capitalised name its error messages use (`Integer`, `DateTime`).
///
/// ```swift
/// ExpressionType(rawValue: "datetime")?.description   // "DateTime"
/// ```
public enum ExpressionType: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case string
    case integer
    case number
    case boolean
    case color
    case url
    case datetime
    case array
    case dict

    /// The name DivKit's error messages use: `String`, `Integer`, `Number`, `Boolean`, `Color`,
    /// `Url`, `DateTime`, `Array`, `Dict`.
    public var description: String {
        switch self {
        case .string: "String"
        case .integer: "Integer"
        case .number: "Number"
        case .boolean: "Boolean"
        case .color: "Color"
        case .url: "Url"
        case .datetime: "DateTime"
        case .array: "Array"
        case .dict: "Dict"
        }
    }
}
