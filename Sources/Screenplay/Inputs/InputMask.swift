/// How a text field formats what the user types (or pastes) while its variable keeps the raw
/// value: `4111111111111111` is shown as `4111 1111 1111 1111`, `1234.5` as `1 234,50` in
/// French. Pure functions of the text, answered the same in Swift and in the web page's script.
///
/// On the wire, an object tagged by `type`:
/// `{"type": "fixed", "pattern": "+1 (###) ###-####"}` (with `"placeholders": {"X": "[0-9A-F]"}`
/// for slots of one's own), `{"type": "card"}`, `{"type": "phone"}`,
/// `{"type": "date", "format": "MM/YY"}`, `{"type": "currency", "locale": "fr-FR", "fractionDigits": 2}`.
/// An unknown type is a warning and the field has no mask.
///
/// ```swift
/// let expiry = InputMask.date(format: "MM/YY")
/// expiry.apply(to: "1225")          // display "12/25", raw "1225", complete
/// expiry.apply(to: "4")             // display "04", raw "04": a month cannot start with 4
/// InputMask.currency(locale: "de", fractionDigits: 2).display(raw: "1234.5").display   // "1.234,50"
/// ```
public enum InputMask: Sendable, Hashable {
    /// A fixed pattern: each placeholder is a slot for one typed character, everything else is
    /// shown as written. `#` is a digit, `A` an ASCII letter, `*` either; `placeholders` adds slots
    /// (or redefines these), each a pattern one scalar must match whole.
    case fixed(pattern: String, placeholders: [Unicode.Scalar: TextPattern] = [:])
    /// A payment card number: up to 19 digits in groups of four; American Express (34, 37) has
    /// 15 digits grouped 4-6-5.
    case card
    /// An international phone number: `+`, a country code and up to 15 digits in all (E.164).
    case phone
    /// A date typed as digits into a format of `DD`, `MM`, `YY` or `YYYY` and separators
    /// (`MM/YY`, `DD.MM.YYYY`, `YYYY-MM-DD`).
    case date(format: String)
    /// An amount: digits grouped and a decimal mark as `locale` writes them (the screen's locale
    /// when nil), at most `fractionDigits` after the mark.
    case currency(locale: String? = nil, fractionDigits: Int = 2)

    /// How many scalars of typed or raw text a mask reads; the rest is cut.
    public static let maxInputLength = 1_000

    /// The most scalars a fixed pattern or a date format may have.
    public static let maxPatternLength = 100

    /// The mask's `type` on the wire.
    ///
    /// ```swift
    /// InputMask.card.type   // "card"
    /// ```
    public var type: String {
        switch self {
        case .fixed: "fixed"
        case .card: "card"
        case .phone: "phone"
        case .date: "date"
        case .currency: "currency"
        }
    }

    /// The mask types this format version knows.
    public static let knownTypes = ["fixed", "card", "phone", "date", "currency"]

    /// What the field shows and holds after the user typed, pasted or deleted: `typed` is the
    /// field's whole text after the edit (formatted text pasted or left from before is read
    /// back, its separators skipped).
    ///
    /// ```swift
    /// InputMask.fixed(pattern: "+1 (###) ###-####").apply(to: "+1 (555) 123-4567").raw   // "5551234567"
    /// InputMask.phone.apply(to: "0044 20 7946 0958").display                               // "+44 207 946 0958"
    /// ```
    /// - Parameters:
    ///   - typed: the field's text after the edit.
    ///   - localeIdentifier: the screen's locale, for a currency mask without its own.
    /// - Returns: the text to show, the raw value and whether the mask is filled.
    public func apply(to typed: String, localeIdentifier: String = "en") -> MaskedText {
        let input = Self.scalars(of: typed)
        switch self {
        case .fixed(let pattern, let placeholders):
            return FixedTemplate(pattern: pattern, placeholders: placeholders).fill(input, consumingLiterals: true)
        case .card: return Self.card(input)
        case .phone: return Self.phone(input)
        case .date(let format): return FixedTemplate(dateFormat: format).fill(input, consumingLiterals: true)
        case .currency(let locale, let fractionDigits):
            return CurrencyFormat(locale ?? localeIdentifier).apply(input, fractionDigits: fractionDigits)
        }
    }

    /// What the field shows for a raw value (the variable's initial value, or one the server set).
    ///
    /// ```swift
    /// InputMask.fixed(pattern: "+1 (###) ###-####").display(raw: "5551234567").display   // "+1 (555) 123-4567"
    /// InputMask.currency(locale: "fr", fractionDigits: 2).display(raw: "1234.5").display  // "1 234,50" (U+202F)
    /// ```
    /// - Parameters:
    ///   - raw: the unformatted value.
    ///   - localeIdentifier: the screen's locale, for a currency mask without its own.
    /// - Returns: the text to show, the raw value as the mask keeps it and whether it is complete.
    public func display(raw: String, localeIdentifier: String = "en") -> MaskedText {
        let input = Self.scalars(of: raw)
        switch self {
        case .fixed(let pattern, let placeholders):
            return FixedTemplate(pattern: pattern, placeholders: placeholders).fill(input, consumingLiterals: false)
        case .card: return Self.card(input)
        case .phone: return Self.phone(input)
        case .date(let format): return FixedTemplate(dateFormat: format).fill(input, consumingLiterals: false)
        case .currency(let locale, let fractionDigits):
            return CurrencyFormat(locale ?? localeIdentifier).display(raw: input, fractionDigits: fractionDigits)
        }
    }

    static func scalars(of text: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if scalars.count == maxInputLength { break }
            scalars.append(scalar)
        }
        return scalars
    }
}
