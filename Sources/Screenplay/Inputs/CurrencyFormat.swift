/// How an amount is written in a locale: the grouping separator, the decimal mark, whether a
/// four-digit amount is grouped, and India's grouping (12,34,567). A table of our own, taken
/// from CLDR's numbers for the Latin digits, so that a phone, a server and a browser whose ICU
/// versions differ still write the same characters.
///
/// | locales | amount |
/// |---|---|
/// | `en` and every locale not listed | `1,234,567.50` |
/// | `en-IN`, `hi` | `12,34,567.50` |
/// | `de`, `it`, `nl`, `id`, `tr`, `da`, `el`, `ro`, `hr`, `sl`, `vi`, `pt` (`pt-BR`) | `1.234.567,50` |
/// | `es`, except `es-MX`, `es-US` (`,` `.`) | `1.234.567,50`, but `1234,50` |
/// | `fr` (U+202F), `fr-CA` (U+00A0) | `1 234 567,50` |
/// | `fr-CH` (U+202F) | `1 234 567.50` |
/// | `de-CH`, `de-LI` (U+2019) | `1’234’567.50` |
/// | `de-AT`, `ru`, `uk`, `cs`, `sk`, `sv`, `fi`, `nb`, `no`, `bg`, `lt`, `lv`, `et`, `hu` (U+00A0) | `1 234 567,50` |
/// | `pl`, `pt-PT` (U+00A0) | `1 234 567,50`, but `1234,50` |
struct CurrencyFormat {
    var group: Unicode.Scalar = ","
    var decimal: Unicode.Scalar = "."
    /// Amounts of fewer integer digits than 3 + this are not grouped.
    var minimumGrouping = 1
    var indian = false

    /// The most integer digits an amount keeps; more are cut.
    static let maxIntegerDigits = 15
    /// The most digits after the decimal mark.
    static let maxFractionDigits = 4

    init(_ identifier: String) {
        let parts = identifier.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        let language = parts.first.map(String.init) ?? "en"
        let region = parts.dropFirst().first { $0.count == 2 }.map { "\(language)-\($0)" }
        let key = region.flatMap { Self.regions[$0] != nil ? $0 : nil } ?? language
        switch Self.regions[key] ?? Self.languages[key] ?? "en" {
        case "in": indian = true
        case "de": (group, decimal) = (".", ",")
        case "es": (group, decimal, minimumGrouping) = (".", ",", 2)
        case "fr": (group, decimal) = ("\u{202F}", ",")
        case "fr-ca": (group, decimal) = ("\u{A0}", ",")
        case "fr-ch": (group, decimal) = ("\u{202F}", ".")
        case "ch": (group, decimal) = ("\u{2019}", ".")
        case "ru": (group, decimal) = ("\u{A0}", ",")
        case "pl": (group, decimal, minimumGrouping) = ("\u{A0}", ",", 2)
        default: break
        }
    }

    /// Locales with a region whose writing differs from their language's, by the row they use.
    static let regions: [String: String] = [
        "en-in": "in", "es-mx": "en", "es-us": "en", "fr-ca": "fr-ca", "fr-ch": "fr-ch", "de-ch": "ch", "de-li": "ch", "de-at": "ru",
        "pt-pt": "pl", "pt-br": "de",
    ]

    /// Languages by the row they use; any other is written as `en`.
    static let languages: [String: String] = [
        "hi": "in", "de": "de", "it": "de", "nl": "de", "id": "de", "tr": "de", "da": "de", "el": "de", "ro": "de", "hr": "de", "sl": "de",
        "vi": "de", "pt": "de", "es": "es", "fr": "fr", "ru": "ru", "uk": "ru", "cs": "ru", "sk": "ru", "sv": "ru", "fi": "ru", "nb": "ru",
        "no": "ru", "bg": "ru", "lt": "ru", "lv": "ru", "et": "ru", "hu": "ru", "pl": "pl",
    ]

    /// Reads what the user typed: digits (of any script ``InputCharacters`` knows) and the
    /// decimal mark; every other character is skipped. The locale's decimal mark starts the
    /// fraction; when the text has none, a single `.` or `,` (whichever is not the locale's
    /// mark) followed by nothing but at most `fractionDigits` digits is taken as the decimal
    /// mark, for keyboards that only have the other one. Leading zeros go, integer digits past
    /// 15 and fraction digits past `fractionDigits` are cut. The typed fraction is kept as it is
    /// (`12,5` stays `12,5` while the user types); the raw value is `1234.5`.
    func apply(_ input: [Unicode.Scalar], fractionDigits requested: Int) -> MaskedText {
        let fractionDigits = max(0, min(requested, Self.maxFractionDigits))
        let other: Unicode.Scalar = decimal == "." ? "," : "."
        var mark: Int? = input.firstIndex(of: decimal)
        if mark == nil, let index = input.firstIndex(of: other), input.lastIndex(of: other) == index {
            let after = input[(index + 1)...]
            if after.count <= fractionDigits && after.allSatisfy({ InputCharacters.digit($0) != nil }) { mark = index }
        }
        var integer: [Unicode.Scalar] = []
        var fraction: [Unicode.Scalar] = []
        var sawDigit = false
        for (index, scalar) in input.enumerated() {
            guard let digit = InputCharacters.digit(scalar) else { continue }
            sawDigit = true
            if let mark, index > mark {
                if fraction.count < fractionDigits { fraction.append(digit) }
            } else if !(integer.isEmpty && digit == "0") && integer.count < Self.maxIntegerDigits {
                integer.append(digit)
            }
        }
        let showsMark = mark != nil && fractionDigits > 0
        guard sawDigit || showsMark else { return .empty }
        if integer.isEmpty { integer = ["0"] }
        var display = written(integer)
        var raw = String(String.UnicodeScalarView(integer))
        if showsMark {
            display.unicodeScalars.append(decimal)
            display.unicodeScalars.append(contentsOf: fraction)
            if !fraction.isEmpty { raw += "." + String(String.UnicodeScalarView(fraction)) }
        }
        return MaskedText(display: display, raw: raw, isComplete: true)
    }

    /// Writes a raw amount (`1234.5`: ASCII digits and at most one `.`; anything else is
    /// skipped): grouped, with exactly `fractionDigits` after the mark (padded with zeros, extra
    /// digits cut, never rounded). The raw value comes back without leading zeros.
    func display(raw input: [Unicode.Scalar], fractionDigits requested: Int) -> MaskedText {
        let fractionDigits = max(0, min(requested, Self.maxFractionDigits))
        let mark = input.firstIndex(of: ".")
        var integer: [Unicode.Scalar] = []
        var fraction: [Unicode.Scalar] = []
        var sawDigit = false
        for (index, scalar) in input.enumerated() where ("0"..."9").contains(scalar) {
            sawDigit = true
            if let mark, index > mark {
                if fraction.count < fractionDigits { fraction.append(scalar) }
            } else if !(integer.isEmpty && scalar == "0") && integer.count < Self.maxIntegerDigits {
                integer.append(scalar)
            }
        }
        guard sawDigit else { return .empty }
        if integer.isEmpty { integer = ["0"] }
        var display = written(integer)
        var raw = String(String.UnicodeScalarView(integer))
        if !fraction.isEmpty { raw += "." + String(String.UnicodeScalarView(fraction)) }
        if fractionDigits > 0 {
            display.unicodeScalars.append(decimal)
            display.unicodeScalars.append(contentsOf: fraction)
            display.unicodeScalars.append(contentsOf: repeatElement("0", count: fractionDigits - fraction.count))
        }
        return MaskedText(display: display, raw: raw, isComplete: true)
    }

    /// The integer digits with grouping separators.
    func written(_ digits: [Unicode.Scalar]) -> String {
        var text = String.UnicodeScalarView()
        guard digits.count >= 3 + minimumGrouping else {
            text.append(contentsOf: digits)
            return String(text)
        }
        // Group sizes from the right: threes, or for India three then twos.
        var boundaries: Set<Int> = []
        var position = digits.count - 3
        while position > 0 {
            boundaries.insert(position)
            position -= indian ? 2 : 3
        }
        for (index, digit) in digits.enumerated() {
            if boundaries.contains(index) { text.append(group) }
            text.append(digit)
        }
        return String(text)
    }
}
