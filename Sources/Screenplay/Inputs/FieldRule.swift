/// One rule a text field's value must meet, with the message shown when it does not (the server
/// writes the message in the screen's language). The same rule is checked as the user types, by
/// the web page's script, and again by the server when an intent carries the value.
///
/// On the wire, an object tagged by `type`:
/// `{"type": "required", "message": "Enter your card number"}`,
/// `{"type": "length", "min": 2, "max": 40, "message": "2 to 40 characters"}`,
/// `{"type": "pattern", "pattern": "[0-9]{16}", "message": "16 digits"}`,
/// `{"type": "expression", "condition": "@{amount <= balance}", "message": "More than your balance"}`,
/// `{"type": "cardNumber", "message": "Not a card number", "checkDigitMessage": "Check the digits"}` (format 1.4).
/// Every rule but `required` may add `"allowEmpty": false`; by default an empty value passes it,
/// so that an optional field is not refused for being empty.
///
/// ```swift
/// let rules: FieldRules = [
///     .required(message: "Enter your card number"),
///     .pattern(try TextPattern("[0-9]{16}"), message: "A card number has 16 digits"),
/// ]
/// rules.firstProblem(for: "4111")?.message   // "A card number has 16 digits"
/// ```
public enum FieldRule: Sendable, Hashable {
    /// The value must hold something other than white space.
    case required(message: String)
    /// The value's length, counted in Unicode scalars (as both evaluators count them), must be at
    /// least `min` and at most `max`; either may be left out.
    case length(min: Int? = nil, max: Int? = nil, allowEmpty: Bool = true, message: String)
    /// The whole value must match the linear-time ``TextPattern`` (as if written `^(?:…)$`).
    case pattern(TextPattern, allowEmpty: Bool = true, message: String)
    /// The condition, one `@{…}` expression, must give `true` with the screen's variables (the
    /// field's own variable among them); an error or a value that is not a Boolean fails the rule.
    case expression(condition: String, allowEmpty: Bool = true, message: String)
    /// A payment card number (``CardNumberCheck``): a known brand's prefix and one of its lengths
    /// (`message` when not), and a right Luhn check digit (`checkDigitMessage` when not, else
    /// `message`). Spaces and hyphens are skipped; digits of the scripts a card mask reads count.
    /// Format 1.4: an older client gets a `pattern` rule of 12 to 19 digits with `message`, and
    /// the server checks the rest on the intent.
    case cardNumber(allowEmpty: Bool = true, message: String, checkDigitMessage: String? = nil)

    /// The text shown (and announced) when the value breaks the rule.
    ///
    /// ```swift
    /// FieldRule.required(message: "Enter your name").message   // "Enter your name"
    /// ```
    public var message: String {
        switch self {
        case .required(let message), .length(_, _, _, let message), .pattern(_, _, let message), .expression(_, _, let message),
            .cardNumber(_, let message, _):
            message
        }
    }

    /// Whether an empty value passes the rule without being checked (always false for `required`).
    ///
    /// ```swift
    /// FieldRule.length(min: 2, message: "Too short").allowsEmpty   // true
    /// ```
    public var allowsEmpty: Bool {
        switch self {
        case .required: false
        case .length(_, _, let allowEmpty, _), .pattern(_, let allowEmpty, _), .expression(_, let allowEmpty, _),
            .cardNumber(let allowEmpty, _, _):
            allowEmpty
        }
    }

    /// The rule's `type` on the wire.
    ///
    /// ```swift
    /// FieldRule.required(message: "Enter your name").type   // "required"
    /// ```
    public var type: String {
        switch self {
        case .required: "required"
        case .length: "length"
        case .pattern: "pattern"
        case .expression: "expression"
        case .cardNumber: "cardNumber"
        }
    }

    /// The rule types this format version knows; a rule of any other type is skipped with a warning.
    public static let knownTypes = ["required", "length", "pattern", "expression", "cardNumber"]
}
