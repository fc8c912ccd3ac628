import Foundation

extension ExpressionConvertible {
    /// The value as text, as templates show it (`toString`): integers in decimal, numbers as
    /// Java prints them (`5.0`, `1.0E7`), colours as `#AARRGGBB`, dates as `yyyy-MM-dd HH:mm:ss`.
    ///
    /// ```swift
    /// Variable<Int>("cartCount").toString()     // toString(cartCount)
    /// ```
    public func toString() -> TypedExpression<String> { .call("toString", [typedExpression]) }
}

extension ExpressionOperand {
    /// This expression's value, or `fallback`'s when evaluating this one fails (a missing
    /// variable, a failing function): the language's `!:`.
    ///
    /// ```swift
    /// Variable<Int>("cartCount").fallback(0)    // cartCount !: 0
    /// ```
    public func fallback(_ fallback: some ExpressionConvertible<Value>) -> TypedExpression<Value> {
        .binary("!:", .fallback, typedExpression, fallback.typedExpression)
    }
}

extension ExpressionOperand where Value == Bool {
    /// `then` while this condition is true, else `otherwise` (only the branch taken is evaluated):
    /// the language's `condition ? then : otherwise`.
    ///
    /// ```swift
    /// let cartCount = Variable<Int>("cartCount")
    /// (cartCount == 1).then("item", otherwise: "items")     // cartCount == 1 ? 'item' : 'items'
    /// ```
    public func then<T: ExpressionConvertible, E: ExpressionConvertible>(_ then: T, otherwise: E) -> TypedExpression<T.Value>
    where T.Value == E.Value {
        let condition = typedExpression
        let yes = then.typedExpression
        let no = otherwise.typedExpression
        func branch<V>(_ branch: TypedExpression<V>) -> String {
            branch.precedence == .conditional ? "(\(branch.source))" : branch.source
        }
        return TypedExpression(
            source: "\(condition.precedence == .conditional ? "(\(condition.source))" : condition.source) ? \(branch(yes)) : \(branch(no))",
            precedence: .conditional, uses: condition.uses.merging(yes.uses).merging(no.uses))
    }

    /// 1 when true, 0 when false (`toInteger`).
    ///
    /// ```swift
    /// Variable<Bool>("isMember").toInteger()    // toInteger(isMember)
    /// ```
    public func toInteger() -> TypedExpression<Int> { .call("toInteger", [typedExpression]) }
}

// MARK: - Strings

extension ExpressionOperand where Value == String {
    /// The number of characters (grapheme clusters, as Swift's `count`): `len`.
    ///
    /// ```swift
    /// Variable<String>("name").count        // len(name)
    /// ```
    public var count: TypedExpression<Int> { .call("len", [typedExpression]) }

    /// Whether the text is empty.
    ///
    /// ```swift
    /// Variable<String>("name").isEmpty      // name == ''
    /// ```
    public var isEmpty: TypedExpression<Bool> { self == "" }

    /// Whether `other` occurs in the text (the empty string always does): `contains`.
    ///
    /// ```swift
    /// Variable<String>("email").contains("@")    // contains(email, '@')
    /// ```
    public func contains(_ other: some ExpressionConvertible<String>) -> TypedExpression<Bool> {
        .call("contains", [typedExpression, other.typedExpression])
    }

    /// Whether the text starts with `prefix` (its first occurrence is at 0).
    ///
    /// ```swift
    /// Variable<String>("phone").hasPrefix("+33")    // index(phone, '+33') == 0
    /// ```
    public func hasPrefix(_ prefix: some ExpressionConvertible<String>) -> TypedExpression<Bool> {
        firstIndex(of: prefix) == 0
    }

    /// The character index of the first occurrence of `other`, -1 when there is none: `index`.
    ///
    /// ```swift
    /// Variable<String>("email").firstIndex(of: "@")   // index(email, '@')
    /// ```
    public func firstIndex(of other: some ExpressionConvertible<String>) -> TypedExpression<Int> {
        .call("index", [typedExpression, other.typedExpression])
    }

    /// The text upper-cased, Unicode's mapping with no locale, as Swift's: `toUpperCase`.
    ///
    /// ```swift
    /// Variable<String>("code").uppercased()     // toUpperCase(code)
    /// ```
    public func uppercased() -> TypedExpression<String> { .call("toUpperCase", [typedExpression]) }

    /// The text lower-cased: `toLowerCase`.
    ///
    /// ```swift
    /// Variable<String>("email").lowercased()    // toLowerCase(email)
    /// ```
    public func lowercased() -> TypedExpression<String> { .call("toLowerCase", [typedExpression]) }

    /// The text without leading and trailing white space: `trim`.
    ///
    /// ```swift
    /// Variable<String>("name").trimmed()        // trim(name)
    /// ```
    public func trimmed() -> TypedExpression<String> { .call("trim", [typedExpression]) }

    /// The characters from `start` up to `end` (excluded); indexes out of bounds or in the wrong
    /// order fail: `substring`.
    ///
    /// ```swift
    /// Variable<String>("card").substring(from: 12, to: 16)    // substring(card, 12, 16)
    /// ```
    public func substring(from start: some ExpressionConvertible<Int>, to end: some ExpressionConvertible<Int>)
        -> TypedExpression<String>
    {
        .call("substring", [typedExpression, start.typedExpression, end.typedExpression])
    }

    /// Every occurrence of `target` (text, not a pattern) replaced: `replaceAll`.
    ///
    /// ```swift
    /// Variable<String>("phone").replacingOccurrences(of: " ", with: "")   // replaceAll(phone, ' ', '')
    /// ```
    public func replacingOccurrences(
        of target: some ExpressionConvertible<String>, with replacement: some ExpressionConvertible<String>
    ) -> TypedExpression<String> {
        .call("replaceAll", [typedExpression, target.typedExpression, replacement.typedExpression])
    }

    /// Whether `pattern` matches somewhere in the text (a search, in linear time; an invalid
    /// pattern fails): `testRegex`.
    ///
    /// ```swift
    /// Variable<String>("zip").matches("^[0-9]{5}$")     // testRegex(zip, '^[0-9]{5}$')
    /// ```
    public func matches(_ pattern: some ExpressionConvertible<String>) -> TypedExpression<Bool> {
        .call("testRegex", [typedExpression, pattern.typedExpression])
    }

    /// The text padded at the start to `length` characters with `pad` repeated (never shortened):
    /// `padStart`.
    ///
    /// ```swift
    /// Variable<String>("code").paddedAtStart(to: 6, with: "0")    // padStart(code, 6, '0')
    /// ```
    public func paddedAtStart(to length: some ExpressionConvertible<Int>, with pad: some ExpressionConvertible<String>)
        -> TypedExpression<String>
    {
        .call("padStart", [typedExpression, length.typedExpression, pad.typedExpression])
    }

    /// The text padded at the end: `padEnd`.
    ///
    /// ```swift
    /// Variable<String>("code").paddedAtEnd(to: 6, with: ".")      // padEnd(code, 6, '.')
    /// ```
    public func paddedAtEnd(to length: some ExpressionConvertible<Int>, with pad: some ExpressionConvertible<String>)
        -> TypedExpression<String>
    {
        .call("padEnd", [typedExpression, length.typedExpression, pad.typedExpression])
    }

    /// The text read as an integer (decimal digits with an optional sign; anything else fails).
    ///
    /// ```swift
    /// Variable<String>("quantity").toInteger()     // toInteger(quantity)
    /// ```
    public func toInteger() -> TypedExpression<Int> { .call("toInteger", [typedExpression]) }

    /// The text read as a number (anything else fails).
    ///
    /// ```swift
    /// Variable<String>("amount").toNumber()        // toNumber(amount)
    /// ```
    public func toNumber() -> TypedExpression<Double> { .call("toNumber", [typedExpression]) }

    /// `'true'` or `'false'` read as a boolean (anything else fails).
    ///
    /// ```swift
    /// Variable<String>("flag").toBoolean()         // toBoolean(flag)
    /// ```
    public func toBoolean() -> TypedExpression<Bool> { .call("toBoolean", [typedExpression]) }

    /// `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB` read as a colour (anything else fails).
    ///
    /// ```swift
    /// Variable<String>("accent").toColor()         // toColor(accent)
    /// ```
    public func toColor() -> TypedExpression<ExpressionColor> { .call("toColor", [typedExpression]) }

    /// The text as a URL (text that is not one fails).
    ///
    /// ```swift
    /// ("/cities/" + Variable<String>("city")).toURL()     // toUrl('/cities/' + city)
    /// ```
    public func toURL() -> TypedExpression<URL> { .call("toUrl", [typedExpression]) }
}

// MARK: - Numbers

extension ExpressionOperand where Value == Int {
    /// The integer as a number, to mix it with numbers: `toNumber`.
    ///
    /// ```swift
    /// Variable<Int>("count").toNumber() * 1.5      // toNumber(count) * 1.5
    /// ```
    public func toNumber() -> TypedExpression<Double> { .call("toNumber", [typedExpression]) }

    /// The integer's text padded at the start to `length` with `pad` repeated: `padStart`.
    ///
    /// ```swift
    /// Variable<Int>("minutes").paddedAtStart(to: 2, with: "0")    // padStart(minutes, 2, '0')
    /// ```
    public func paddedAtStart(to length: some ExpressionConvertible<Int>, with pad: some ExpressionConvertible<String>)
        -> TypedExpression<String>
    {
        .call("padStart", [typedExpression, length.typedExpression, pad.typedExpression])
    }
}

extension ExpressionOperand where Value == Double {
    /// The number truncated toward zero, as Swift's `Int(_:)` (outside 64 bits it fails): `toInteger`.
    ///
    /// ```swift
    /// Variable<Double>("total").toInteger()        // toInteger(total)
    /// ```
    public func toInteger() -> TypedExpression<Int> { .call("toInteger", [typedExpression]) }

    /// Rounded half away from zero, as Swift's `rounded()`: `round`.
    ///
    /// ```swift
    /// Variable<Double>("rating").rounded()         // round(rating)
    /// ```
    public func rounded() -> TypedExpression<Double> { .call("round", [typedExpression]) }

    /// Rounded up, as `rounded(.up)`: `ceil`.
    ///
    /// ```swift
    /// Variable<Double>("pages").roundedUp()        // ceil(pages)
    /// ```
    public func roundedUp() -> TypedExpression<Double> { .call("ceil", [typedExpression]) }

    /// Rounded down, as `rounded(.down)`: `floor`.
    ///
    /// ```swift
    /// Variable<Double>("score").roundedDown()      // floor(score)
    /// ```
    public func roundedDown() -> TypedExpression<Double> { .call("floor", [typedExpression]) }
}

/// The magnitude (`abs(minInteger())` fails, as Swift's traps).
///
/// ```swift
/// abs(Variable<Int>("balance"))       // abs(balance)
/// ```
public func abs<E: ExpressionOperand>(_ value: E) -> TypedExpression<E.Value> where E.Value: ExpressionNumeric {
    .call("abs", [value.typedExpression])
}

/// The smaller of two integers or two numbers.
///
/// ```swift
/// min(Variable<Int>("cartCount"), 99)     // min(cartCount, 99)
/// ```
public func min<L: ExpressionOperand, R: ExpressionOperand>(_ lhs: L, _ rhs: R) -> TypedExpression<L.Value>
where L.Value == R.Value, L.Value: ExpressionNumeric {
    .call("min", [lhs.typedExpression, rhs.typedExpression])
}

/// The smaller of two integers or two numbers.
///
/// ```swift
/// min(Variable<Int>("cartCount"), 99)     // min(cartCount, 99)
/// ```
public func min<L: ExpressionOperand>(_ lhs: L, _ rhs: L.Value) -> TypedExpression<L.Value> where L.Value: ExpressionNumeric {
    .call("min", [lhs.typedExpression, TypedExpression(literal: rhs)])
}

/// The smaller of two integers or two numbers.
///
/// ```swift
/// min(0, Variable<Int>("balance"))        // min(0, balance)
/// ```
public func min<R: ExpressionOperand>(_ lhs: R.Value, _ rhs: R) -> TypedExpression<R.Value> where R.Value: ExpressionNumeric {
    .call("min", [TypedExpression(literal: lhs), rhs.typedExpression])
}

/// The larger of two integers or two numbers.
///
/// ```swift
/// max(Variable<Int>("balance"), 0)        // max(balance, 0)
/// ```
public func max<L: ExpressionOperand, R: ExpressionOperand>(_ lhs: L, _ rhs: R) -> TypedExpression<L.Value>
where L.Value == R.Value, L.Value: ExpressionNumeric {
    .call("max", [lhs.typedExpression, rhs.typedExpression])
}

/// The larger of two integers or two numbers.
///
/// ```swift
/// max(Variable<Int>("balance"), 0)        // max(balance, 0)
/// ```
public func max<L: ExpressionOperand>(_ lhs: L, _ rhs: L.Value) -> TypedExpression<L.Value> where L.Value: ExpressionNumeric {
    .call("max", [lhs.typedExpression, TypedExpression(literal: rhs)])
}

/// The larger of two integers or two numbers.
///
/// ```swift
/// max(0, Variable<Int>("balance"))        // max(0, balance)
/// ```
public func max<R: ExpressionOperand>(_ lhs: R.Value, _ rhs: R) -> TypedExpression<R.Value> where R.Value: ExpressionNumeric {
    .call("max", [TypedExpression(literal: lhs), rhs.typedExpression])
}
