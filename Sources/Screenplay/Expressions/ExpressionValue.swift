/// A value of the expression language: what an expression evaluates to and what variables hold.
///
/// The cases are DivKit's types. Integers are 64-bit and never wrap; numbers are doubles; a
/// datetime is an instant in milliseconds since 1970 UTC; arrays and dicts hold JSON.
///
/// ```swift
/// let value = ExpressionValue.number(5)
/// value.type          // .number
/// value.text          // "5.0"
/// ```
public enum ExpressionValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case boolean(Bool)
    case color(ExpressionColor)
    case url(String)
    /// Milliseconds since 1970-01-01 00:00:00 UTC.
    case datetime(Int64)
    case array([JSONValue])
    case dict([String: JSONValue])

    /// This value's type.
    public var type: ExpressionType {
        switch self {
        case .string: .string
        case .integer: .integer
        case .number: .number
        case .boolean: .boolean
        case .color: .color
        case .url: .url
        case .datetime: .datetime
        case .array: .array
        case .dict: .dict
        }
    }

    /// The value as a string, as templates and `toString` convert it (DivKit's rules): numbers
    /// always with a fraction digit and in E-notation outside 10⁻³…10⁷ (`5.0`, `1.0E23`), colors
    /// as `#AARRGGBB`, datetimes as `yyyy-MM-dd HH:mm:ss` in UTC, arrays and dicts as compact
    /// JSON with sorted keys.
    ///
    /// ```swift
    /// ExpressionValue.dict(["b": 1, "a": true]).text   // {"a":true,"b":1}
    /// ```
    public var text: String {
        switch self {
        case .string(let value), .url(let value): value
        case .integer(let value): String(value)
        case .number(let value): JavaDoubleText.text(of: value)
        case .boolean(let value): value ? "true" : "false"
        case .color(let value): value.description
        case .datetime(let value): CivilTime(milliseconds: value).text
        case .array(let value): String(decoding: JSONWriter.write(.array(value)), as: UTF8.self)
        case .dict(let value): String(decoding: JSONWriter.write(.object(value)), as: UTF8.self)
        }
    }

    /// The value as DivKit's error messages show it: strings in single quotes (with `\` and `'`
    /// escaped), arrays as `<array>`, dicts as `<dict>`, everything else as ``text``.
    public var preview: String {
        switch self {
        case .string(let value):
            "'" + value.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
        case .array: "<array>"
        case .dict: "<dict>"
        default: text
        }
    }

    /// A value read from JSON for an array element or dict member: integral numbers that fit
    /// 64 bits are integers, other numbers numbers; nil for `null`.
    init?(json: JSONValue) {
        switch json {
        case .null: return nil
        case .bool(let value): self = .boolean(value)
        case .string(let value): self = .string(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 9.2e18 {
                self = .integer(Int64(value))
            } else {
                self = .number(value)
            }
        case .array(let value): self = .array(value)
        case .object(let value): self = .dict(value)
        }
    }

    /// The value as JSON, for storing it in an array or dict: colors, urls and datetimes as
    /// their text.
    var json: JSONValue {
        switch self {
        case .string(let value), .url(let value): .string(value)
        case .integer(let value): .number(Double(value))
        case .number(let value): .number(value)
        case .boolean(let value): .bool(value)
        case .color, .datetime: .string(text)
        case .array(let value): .array(value)
        case .dict(let value): .object(value)
        }
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
