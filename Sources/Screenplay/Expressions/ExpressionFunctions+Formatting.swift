/// Formatting in a locale: `decimalFormat` (DivKit's), `formatCurrency` (Screenplay's) and
/// `formatDateAsLocal…` (DivKit's), all reading ``FormattingLocale``. Without a locale argument
/// they use the evaluator's (the screen's) locale.
extension ExpressionFunctions {
    mutating func addFormatting() {
        for type in [ExpressionType.integer, .number] {
            define(
                "decimalFormat", [type, .string], .string,
                "The number through a DecimalFormat pattern (`#,##0.00`), in the screen's locale."
            ) {
                call in
                try Self.decimalFormat(call, locale: call.localeIdentifier)
            }
            define("decimalFormat", [type, .string, .string], .string, "decimalFormat in the given locale.") { call in
                try Self.decimalFormat(call, locale: call.string(2))
            }
            defineMethod("decimalFormat", [type, .string], .string, "The receiver through a DecimalFormat pattern.") { call in
                try Self.decimalFormat(call, locale: call.localeIdentifier)
            }
            defineMethod("decimalFormat", [type, .string, .string], .string, "decimalFormat in the given locale.") { call in
                try Self.decimalFormat(call, locale: call.string(2))
            }
            define("formatCurrency", [type, .string], .string, "The amount in an ISO 4217 currency, in the screen's locale.") { call in
                try Self.formatCurrency(call, locale: call.localeIdentifier)
            }
            define("formatCurrency", [type, .string, .string], .string, "formatCurrency in the given locale.") { call in
                try Self.formatCurrency(call, locale: call.string(2))
            }
        }
        define(
            "formatDateAsLocal", [.datetime, .string], .string,
            "The datetime (UTC fields) through a date pattern, names in the screen's locale."
        ) {
            call in
            try Self.checked(
                call, LocalDatePattern.format(call.datetime(0), pattern: call.string(1), locale: .resolve(call.localeIdentifier)))
        }
        define("formatDateAsLocalWithLocale", [.datetime, .string, .string], .string, "formatDateAsLocal with names in the given locale.") {
            call in
            try Self.checked(call, LocalDatePattern.format(call.datetime(0), pattern: call.string(1), locale: .resolve(call.string(2))))
        }
    }

    static func checked(_ call: ExpressionCall, _ text: String) throws -> ExpressionValue {
        try call.checkLength(text.unicodeScalars.count)
        return .string(text)
    }

    static func decimal(_ call: ExpressionCall) -> DecimalText {
        if case .integer(let value) = call.arguments[0] { return DecimalText(value) }
        return DecimalText(call.number(0))
    }

    static func decimalFormat(_ call: ExpressionCall, locale identifier: String) throws -> ExpressionValue {
        guard let pattern = NumberPattern(call.string(1)) else { throw ExpressionFailure("Incorrect format pattern.") }
        // The result is at least as long as the pattern asks; refuse a pattern that would break the bound.
        try call.checkLength(pattern.minimumInteger + pattern.minimumFraction)
        let locale = FormattingLocale.resolve(identifier)
        let text = decimal(call).formatted(
            minimumInteger: pattern.minimumInteger, fraction: pattern.minimumFraction...pattern.maximumFraction,
            grouping: pattern.grouping, minimumGrouping: 1, group: locale.group, decimal: locale.decimal,
            alwaysShowsDecimal: pattern.alwaysShowsDecimal)
        return try checked(call, (text.negative ? locale.minus : "") + text.body)
    }

    static func formatCurrency(_ call: ExpressionCall, locale identifier: String) throws -> ExpressionValue {
        let given = call.string(1)
        let code = given.uppercased()
        guard code.count == 3, code.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else {
            throw ExpressionFailure("Expecting a three-letter ISO 4217 currency code, instead got '\(given)'.")
        }
        let locale = FormattingLocale.resolve(identifier)
        let digits = FormattingLocale.currencyDigits[code] ?? 2
        let text = decimal(call).formatted(
            minimumInteger: 1, fraction: digits...digits, grouping: 3, minimumGrouping: locale.minimumGrouping,
            group: locale.currencyGroup ?? locale.group, decimal: locale.currencyDecimal ?? locale.decimal, alwaysShowsDecimal: false)
        let symbol = locale.symbols[code] ?? code
        let patterns = locale.currencyPattern.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        var pattern = patterns[0]
        if text.negative { pattern = patterns.count > 1 ? patterns[1] : locale.minus + pattern }
        return try checked(call, currencyText(pattern, symbol: symbol, amount: text.body))
    }

    /// The pattern with its `¤` and `#` replaced, and CLDR's currency spacing: a no-break space
    /// between a symbol that ends (or starts) with a letter and a digit right next to it
    /// (`CHF 12.00`, but `CA$12.00`).
    static func currencyText(_ pattern: String, symbol: String, amount: String) -> String {
        var out = ""
        let characters = Array(pattern)
        for (index, character) in characters.enumerated() {
            switch character {
            case "¤":
                out += symbol
                if index + 1 < characters.count, characters[index + 1] == "#", let last = symbol.unicodeScalars.last,
                    last.properties.isAlphabetic
                {
                    out += "\u{A0}"
                }
            case "#":
                out += amount
                if index + 1 < characters.count, characters[index + 1] == "¤", let first = symbol.unicodeScalars.first,
                    first.properties.isAlphabetic
                {
                    out += "\u{A0}"
                }
            default: out.append(character)
            }
        }
        return out
    }
}

/// A `java.text.DecimalFormat` pattern as DivKit reads it: `#` and `0` digits, one optional `,`
/// in the integer part (its distance to the end of the integer part is the group size) and one
/// optional `.`; no prefix, suffix, percent or exponent. `0`s at the end of the integer part are
/// its minimum digits (at least one is always written), `0`s at the start of the fraction its
/// minimum digits, and the `#`s after them the optional ones.
struct NumberPattern: Hashable {
    var minimumInteger: Int
    var minimumFraction: Int
    var maximumFraction: Int
    /// The group size; nil: no grouping.
    var grouping: Int?
    /// `#.`: the decimal separator even without fraction digits.
    var alwaysShowsDecimal: Bool

    init?(_ pattern: String) {
        let characters = Array(pattern)
        guard characters.filter({ $0 == "," }).count <= 1, characters.filter({ $0 == "." }).count <= 1 else { return nil }
        let point = characters.firstIndex(of: ".")
        let integer = Array(characters[..<(point ?? characters.count)])
        let fraction = point.map { Array(characters[($0 + 1)...]) } ?? []
        guard !fraction.contains(","), point != nil || !integer.isEmpty else { return nil }
        if let comma = integer.firstIndex(of: ",") {
            grouping = integer.count - comma - 1
            guard grouping! >= 1 else { return nil }
        } else {
            grouping = nil
        }
        // Integer digits: #s then 0s; fraction digits: 0s then #s.
        let integerDigits = integer.filter { $0 != "," }
        let firstZero = integerDigits.firstIndex(of: "0") ?? integerDigits.count
        guard integerDigits[..<firstZero].allSatisfy({ $0 == "#" }), integerDigits[firstZero...].allSatisfy({ $0 == "0" }) else {
            return nil
        }
        let firstHash = fraction.firstIndex(of: "#") ?? fraction.count
        guard fraction[..<firstHash].allSatisfy({ $0 == "0" }), fraction[firstHash...].allSatisfy({ $0 == "#" }) else { return nil }
        minimumInteger = max(1, integerDigits.count - firstZero)
        minimumFraction = firstHash
        maximumFraction = fraction.count
        alwaysShowsDecimal = point != nil && fraction.isEmpty
    }
}

/// A finite number as exact decimal digits (a double's shortest round-trip digits, as ICU and
/// DivKit round them), rounded half-even and written with separators. The same steps as the
/// page's `decimalText`, on the same digits, so both write the same characters.
struct DecimalText: Hashable {
    var negative: Bool
    /// Integer digits, no leading zeros (empty for 0); or the whole text of a non-finite number.
    var integer: [UInt8]
    var fraction: [UInt8]
    /// Infinity or NaN: written as `∞` or `NaN`.
    var special: String?

    init(_ value: Int64) {
        negative = value < 0
        integer = String(value.magnitude).utf8.map { $0 - 48 }
        if integer == [0] { integer = [] }
        fraction = []
    }

    init(_ value: Double) {
        negative = value.sign == .minus && !value.isNaN
        integer = []
        fraction = []
        if value.isNaN {
            special = "NaN"
            return
        }
        if value.isInfinite {
            special = "∞"
            return
        }
        if value == 0 { return }
        let (digits, exponent) = JavaDoubleText.decimal(of: value.magnitude)
        let all = digits.utf8.map { $0 - 48 }
        if exponent >= 0 {
            let whole = exponent + 1
            integer = Array(all.prefix(whole)) + Array(repeating: 0, count: max(0, whole - all.count))
            fraction = Array(all.dropFirst(whole))
        } else {
            fraction = Array(repeating: 0, count: -exponent - 1) + all
        }
    }

    /// Rounds to at most `digits` fraction digits, half to even.
    mutating func round(to digits: Int) {
        guard fraction.count > digits else { return }
        let rest = fraction[digits...]
        fraction.removeLast(fraction.count - digits)
        let first = rest.first!
        let beyond = rest.dropFirst().contains { $0 != 0 }
        let last = fraction.last ?? integer.last ?? 0
        guard first > 5 || (first == 5 && (beyond || last % 2 == 1)) else { return }
        // Add one unit in the last kept place.
        var index = fraction.count - 1
        while index >= 0 {
            if fraction[index] < 9 {
                fraction[index] += 1
                return
            }
            fraction[index] = 0
            index -= 1
        }
        index = integer.count - 1
        while index >= 0 {
            if integer[index] < 9 {
                integer[index] += 1
                return
            }
            integer[index] = 0
            index -= 1
        }
        integer.insert(1, at: 0)
    }

    /// The digits written out; `negative` says whether a minus sign goes before `body`.
    func formatted(
        minimumInteger: Int, fraction range: ClosedRange<Int>, grouping: Int?, minimumGrouping: Int, group: String, decimal: String,
        alwaysShowsDecimal: Bool
    ) -> (negative: Bool, body: String) {
        if let special { return (negative, special) }
        var value = self
        value.round(to: range.upperBound)
        while value.fraction.count > range.lowerBound, value.fraction.last == 0 { value.fraction.removeLast() }
        value.fraction += Array(repeating: 0, count: max(0, range.lowerBound - value.fraction.count))
        let integer = Array(repeating: 0, count: max(0, minimumInteger - value.integer.count)) + value.integer
        var body = ""
        let shouldGroup = grouping.map { integer.count >= $0 + minimumGrouping } ?? false
        for (index, digit) in integer.enumerated() {
            if shouldGroup, let size = grouping, index > 0, (integer.count - index) % size == 0 { body += group }
            body.unicodeScalars.append(Unicode.Scalar(digit + 48))
        }
        if !value.fraction.isEmpty || alwaysShowsDecimal { body += decimal }
        for digit in value.fraction { body.unicodeScalars.append(Unicode.Scalar(digit + 48)) }
        return (negative, body)
    }
}

/// The ICU date pattern letters `formatDateAsLocal…` understand, with names from a
/// ``FormattingLocale``: `G` (era), `y`, `u`, `M`, `L` (stand-alone month), `d`, `D` (day of
/// year), `E`, `a`, `H`, `h`, `K` (0–11), `k` (1–24), `m`, `s`, `S`. Fields are read in UTC.
enum LocalDatePattern {
    static func format(_ milliseconds: Int64, pattern: String, locale: FormattingLocale) throws -> String {
        let time = CivilTime(milliseconds: milliseconds)
        let month = Int(time.month) - 1
        return try DatePatternReader.render(pattern) { character, count, output in
            switch character {
            case "G": output += (count == 4 ? locale.longEras : locale.eras)[time.year > 0 ? 1 : 0]
            case "y": output += count == 2 ? CivilTime.pad(time.year % 100, 2) : CivilTime.pad(time.year, count)
            case "u": output += CivilTime.pad(time.year, count)
            case "M", "L":
                let standalone = character == "L"
                switch count {
                case 1, 2: output += CivilTime.pad(time.month, count)
                case 3: output += (standalone ? locale.standaloneShortMonths ?? locale.shortMonths : locale.shortMonths)[month]
                default: output += (standalone ? locale.standaloneMonths ?? locale.months : locale.months)[month]
                }
            case "d": output += CivilTime.pad(time.day, count)
            case "D":
                let january = CivilTime(year: time.year, month: 1, day: 1, hours: 0, minutes: 0, seconds: 0, millis: 0).milliseconds ?? 0
                output += CivilTime.pad(CivilTime.floorDivide(milliseconds - january, 86_400_000).quotient + 1, count)
            case "E": output += (count <= 3 ? locale.shortDays : locale.days)[Int(time.dayOfWeek) - 1]
            case "a": output += locale.dayPeriods[time.hours < 12 ? 0 : 1]
            case "H": output += CivilTime.pad(time.hours, count)
            case "h": output += CivilTime.pad(time.hours % 12 == 0 ? 12 : time.hours % 12, count)
            case "K": output += CivilTime.pad(time.hours % 12, count)
            case "k": output += CivilTime.pad(time.hours == 0 ? 24 : time.hours, count)
            case "m": output += CivilTime.pad(time.minutes, count)
            case "s": output += CivilTime.pad(time.seconds, count)
            case "S":
                let millis = CivilTime.pad(time.millis, 3)
                output += count <= 3 ? String(millis.prefix(count)) : millis + String(repeating: "0", count: count - 3)
            case "z", "Z": throw ExpressionFailure("z/Z not supported in [\(pattern)]", standsAlone: true)
            default: throw ExpressionFailure("Incorrect format pattern.")
            }
        }
    }
}
