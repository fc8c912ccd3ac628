extension ExpressionValue {
    /// A variable's value as a screen, an app or a command line declares it: its type and a JSON
    /// value. Nil when the value does not fit the type (a string for an `integer`, a fraction for
    /// an `integer`, a colour that is not `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB`); `datetime` is
    /// not a declared type (only functions make datetimes). A `boolean` takes `true` and `false`,
    /// and `1` and `0` as DivKit writes them.
    ///
    /// ```swift
    /// ExpressionValue(.integer, json: 3)              // .integer(3)
    /// ExpressionValue(.color, json: "#fce")           // .color(#FFFFCCEE)
    /// ExpressionValue(.integer, json: 2.5)            // nil
    /// ExpressionValue(.boolean, json: 1)              // .boolean(true)
    /// ExpressionValue(.boolean, json: 2)              // nil
    /// ```
    ///
    /// - Parameters:
    ///   - type: the declared type.
    ///   - json: the declared value.
    public init?(_ type: ExpressionType, json: JSONValue) {
        switch (type, json) {
        case (.string, .string(let text)): self = .string(text)
        case (.url, .string(let text)): self = .url(text)
        case (.boolean, .bool(let value)): self = .boolean(value)
        // DivKit's documents write booleans as 0 and 1 too; any other number (2, 0.5) or a string ("1") is refused.
        case (.boolean, .number(let value)) where value == 0 || value == 1: self = .boolean(value == 1)
        case (.number, .number(let value)) where value.isFinite: self = .number(value)
        case (.integer, .number(let value)) where value.rounded() == value && abs(value) < 9.2e18: self = .integer(Int64(value))
        case (.color, .string(let text)):
            guard let color = ExpressionColor(parsing: text) else { return nil }
            self = .color(color)
        case (.array, .array(let elements)): self = .array(elements)
        case (.dict, .object(let members)): self = .dict(members)
        default: return nil
        }
    }

    /// A value whose type is read off its JSON: a whole number is an `integer`, another number a
    /// `number`, and strings, booleans, arrays and objects are what they look like; nil for `null`.
    ///
    /// ```swift
    /// ExpressionValue(inferring: 3)        // .integer(3)
    /// ExpressionValue(inferring: 3.5)      // .number(3.5)
    /// ```
    ///
    /// - Parameter json: the value.
    public init?(inferring json: JSONValue) {
        self.init(json: json)
    }
}
