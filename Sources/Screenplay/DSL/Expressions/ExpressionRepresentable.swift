import Foundation

/// A Swift type that stands for one of the expression language's types, so that the DSL can name
/// variables and expressions of it: `Int` is `integer` (64 bits), `Double` is `number`, `String`,
/// `Bool` is `boolean`, `URL` is `url`, ``ExpressionColor`` is `color`, `Date` is `datetime`
/// (to the millisecond), `[JSONValue]` is `array` and `[String: JSONValue]` is `dict`.
///
/// ```swift
/// Int.expressionType          // .integer
/// 2.5.expressionValue         // .number(2.5)
/// let cartCount = Variable<Int>("cartCount")
/// ```
public protocol ExpressionRepresentable: Sendable {
    /// The language's type for this Swift type.
    static var expressionType: ExpressionType { get }
    /// The value as the language holds it.
    var expressionValue: ExpressionValue { get }
}

/// A type whose values can be written as literals in an expression: every language type but
/// `array` and `dict`, which have no literal. The DSL writes the literal itself (a string quoted
/// and escaped so that it can never become an expression; a colour as `toColor('#AARRGGBB')`,
/// a URL as `toUrl('…')`, a date as `addMillis(parseUnixTime(0), milliseconds)`), from
/// ``ExpressionRepresentable/expressionValue``.
///
/// ```swift
/// "it's @{not code}".typedExpression.source   // 'it\'s \@{not code}'
/// (-5).typedExpression.source                 // (-5)
/// ```
public protocol ExpressionLiteralRepresentable: ExpressionRepresentable, ExpressionConvertible where Value == Self {}

extension ExpressionLiteralRepresentable {
    /// The value as a literal of the language.
    public var typedExpression: TypedExpression<Self> { TypedExpression(literal: self) }
}

/// `integer` and `number`, the types arithmetic takes (`Int` and `Double`, never mixed: convert
/// with `toNumber()` or `toInteger()`).
///
/// ```swift
/// let total = Variable<Double>("total")
/// total * 1.2          // total * 1.2
/// // total * 2         // does not compile: 2 is an Int; write 2.0
/// ```
public protocol ExpressionNumeric: ExpressionAddable, ExpressionComparable {}

/// The types `+` takes: `Int` and `Double` (adding) and `String` (joining).
///
/// ```swift
/// "Hello, " + Variable<String>("name")     // 'Hello, ' + name
/// ```
public protocol ExpressionAddable: ExpressionLiteralRepresentable {}

/// The types `<`, `<=`, `>` and `>=` take: `Int`, `Double` and `Date`.
///
/// ```swift
/// Variable<Int>("cartCount") > 0      // cartCount > 0, a TypedExpression<Bool>
/// ```
public protocol ExpressionComparable: ExpressionLiteralRepresentable {}

/// The types an array element or a dict member can be read as (every type but `datetime`).
///
/// ```swift
/// let cities = Variable<[JSONValue]>("cities")
/// cities.element(at: 0, as: String.self)     // getStringFromArray(cities, 0)
/// ```
public protocol ExpressionElement: ExpressionRepresentable {}

extension Int: ExpressionNumeric, ExpressionElement {
    public static var expressionType: ExpressionType { .integer }
    public var expressionValue: ExpressionValue { .integer(Int64(self)) }
}

extension Double: ExpressionNumeric, ExpressionElement {
    public static var expressionType: ExpressionType { .number }
    public var expressionValue: ExpressionValue { .number(self) }
}

extension String: ExpressionAddable, ExpressionElement {
    public static var expressionType: ExpressionType { .string }
    public var expressionValue: ExpressionValue { .string(self) }
}

extension Bool: ExpressionLiteralRepresentable, ExpressionElement {
    public static var expressionType: ExpressionType { .boolean }
    public var expressionValue: ExpressionValue { .boolean(self) }
}

extension URL: ExpressionLiteralRepresentable, ExpressionElement {
    public static var expressionType: ExpressionType { .url }
    public var expressionValue: ExpressionValue { .url(absoluteString) }
}

extension ExpressionColor: ExpressionLiteralRepresentable, ExpressionElement {
    public static var expressionType: ExpressionType { .color }
    public var expressionValue: ExpressionValue { .color(self) }
}

extension Date: ExpressionComparable {
    public static var expressionType: ExpressionType { .datetime }
    /// The instant in whole milliseconds since 1970 (rounded down), as the language keeps it.
    public var expressionValue: ExpressionValue {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded(.down)
        guard let exact = Int64(exactly: milliseconds) else { return .datetime(milliseconds < 0 ? Int64.min : Int64.max) }
        return .datetime(exact)
    }
}

extension Array: ExpressionRepresentable, ExpressionElement where Element == JSONValue {
    public static var expressionType: ExpressionType { .array }
    public var expressionValue: ExpressionValue { .array(self) }
}

extension Dictionary: ExpressionRepresentable, ExpressionElement where Key == String, Value == JSONValue {
    public static var expressionType: ExpressionType { .dict }
    public var expressionValue: ExpressionValue { .dict(self) }
}
