import Foundation

extension TypedExpression where Value == Date {
    /// The current instant, from the evaluating client's clock: `nowLocal()`.
    ///
    /// ```swift
    /// TypedExpression<Date>.now.formatted("HH:mm")     // formatDateAsUTC(nowLocal(), 'HH:mm')
    /// ```
    public static var now: TypedExpression<Date> { .call("nowLocal", []) }
}

extension ExpressionOperand where Value == Date {
    /// The instant moved by `milliseconds` (negative moves back): `addMillis`.
    ///
    /// ```swift
    /// Variable<Date>("start").adding(milliseconds: 60_000)    // addMillis(start, 60000)
    /// ```
    public func adding(milliseconds: some ExpressionConvertible<Int>) -> TypedExpression<Date> {
        .call("addMillis", [typedExpression, milliseconds.typedExpression])
    }

    /// Milliseconds since 1970-01-01 00:00:00 UTC: `getTimestamp`.
    ///
    /// ```swift
    /// Variable<Date>("end").timestamp - Variable<Date>("start").timestamp
    /// ```
    public var timestamp: TypedExpression<Int> { .call("getTimestamp", [typedExpression]) }

    /// The year, in UTC: `getYear`.
    ///
    /// ```swift
    /// Variable<Date>("birthday").year       // getYear(birthday)
    /// ```
    public var year: TypedExpression<Int> { .call("getYear", [typedExpression]) }
    /// The month, 1…12, in UTC: `getMonth`.
    public var month: TypedExpression<Int> { .call("getMonth", [typedExpression]) }
    /// The day of the month, in UTC: `getDay`.
    public var day: TypedExpression<Int> { .call("getDay", [typedExpression]) }
    /// The hour, 0…23, in UTC: `getHours`.
    public var hour: TypedExpression<Int> { .call("getHours", [typedExpression]) }
    /// The minute, in UTC: `getMinutes`.
    public var minute: TypedExpression<Int> { .call("getMinutes", [typedExpression]) }
    /// The second: `getSeconds`.
    public var second: TypedExpression<Int> { .call("getSeconds", [typedExpression]) }
    /// The day of the week, 1 = Monday … 7 = Sunday, in UTC: `getDayOfWeek`.
    public var dayOfWeek: TypedExpression<Int> { .call("getDayOfWeek", [typedExpression]) }

    /// The instant in UTC through a date pattern (ICU's letters: `yyyy-MM-dd`, `d MMMM`, `HH:mm`;
    /// an invalid pattern fails): `formatDateAsUTC`.
    ///
    /// ```swift
    /// Variable<Date>("departure").formatted("d MMM, HH:mm")   // formatDateAsUTC(departure, 'd MMM, HH:mm')
    /// ```
    public func formatted(_ pattern: some ExpressionConvertible<String>) -> TypedExpression<String> {
        .call("formatDateAsUTC", [typedExpression, pattern.typedExpression])
    }
}
