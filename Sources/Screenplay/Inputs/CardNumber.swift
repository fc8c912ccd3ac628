/// A payment card network as the `cardNumber` rule tells it from a number's first digits (its
/// issuer identification number, IIN), with the lengths its numbers have.
///
/// ```swift
/// CardBrand.all.first { $0.name == "amex" }?.lengths   // [15]
/// ```
public struct CardBrand: Sendable, Hashable {
    /// The network's name: `visa`, `mastercard`, `amex`, `discover`, `diners`, `jcb`, `unionpay`,
    /// `maestro`, `mir`.
    public let name: String
    /// The prefixes, each a range of numbers written with the same count of digits (`"2221-2720"`)
    /// or one number (`"4"`): a card number belongs to the brand when its first digits fall in one.
    public let prefixes: [String]
    /// How many digits the brand's numbers have, check digit included.
    public let lengths: [Int]

    /// The brands the rule knows, from the networks' published ranges (ISO/IEC 7812 numbers): a
    /// number whose prefix is in none of them, or whose length none of the brands it is in allows,
    /// is refused. Where ranges overlap (65 is Discover's and co-branded cards'), a length any of
    /// them allows is accepted.
    public static let all: [CardBrand] = [
        CardBrand(name: "visa", prefixes: ["4"], lengths: [13, 16, 19]),
        CardBrand(name: "mastercard", prefixes: ["51-55", "2221-2720"], lengths: [16]),
        CardBrand(name: "amex", prefixes: ["34", "37"], lengths: [15]),
        CardBrand(name: "discover", prefixes: ["6011", "644-649", "65", "622126-622925"], lengths: [16, 17, 18, 19]),
        CardBrand(name: "diners", prefixes: ["300-305", "3095", "36", "38-39"], lengths: [14, 15, 16, 17, 18, 19]),
        CardBrand(name: "jcb", prefixes: ["3528-3589"], lengths: [16, 17, 18, 19]),
        CardBrand(name: "unionpay", prefixes: ["62", "81"], lengths: [16, 17, 18, 19]),
        CardBrand(
            name: "maestro", prefixes: ["5018", "5020", "5038", "5893", "6304", "6759", "6761-6763"],
            lengths: [12, 13, 14, 15, 16, 17, 18, 19]),
        CardBrand(name: "mir", prefixes: ["2200-2204"], lengths: [16, 17, 18, 19]),
    ]

    /// The most digits a card number has (ISO/IEC 7812).
    public static let maxDigits = 19

    /// Whether `digits` (ASCII) start with one of the brand's prefixes.
    func owns(_ digits: [UInt8]) -> Bool {
        prefixes.contains { prefix in
            let bounds = prefix.split(separator: "-").map { Array($0.utf8) }
            let width = bounds[0].count
            guard digits.count >= width else { return false }
            let head = Array(digits.prefix(width))
            return head.lexicographicallyPrecedes(bounds[0]) == false
                && bounds[bounds.count - 1].lexicographicallyPrecedes(head) == false
        }
    }

    /// The table as JSON, for the web page's script (which checks with the same brands).
    package static var tableJSON: String {
        let brands = all.map { brand in
            let prefixes = brand.prefixes.map { "\"\($0)\"" }.joined(separator: ",")
            let lengths = brand.lengths.map(String.init).joined(separator: ",")
            return "{\"name\":\"\(brand.name)\",\"prefixes\":[\(prefixes)],\"lengths\":[\(lengths)]}"
        }
        return "[" + brands.joined(separator: ",") + "]"
    }
}

/// What the `cardNumber` rule finds in a value: a number of a known brand and length whose Luhn
/// check digit is right, or why not.
///
/// ```swift
/// CardNumberCheck(of: "4242 4242 4242 4242")   // .valid(brand: "visa")
/// CardNumberCheck(of: "424242424242424")       // .invalidLength (a Visa number has 13, 16 or 19 digits)
/// CardNumberCheck(of: "4242424242424241")      // .wrongCheckDigit
/// ```
public enum CardNumberCheck: Sendable, Hashable {
    /// A number of `brand`, of a length it has, with the right check digit.
    case valid(brand: String)
    /// Not a card number of a known brand and length: a character other than a digit, a space or
    /// a hyphen; no digit; an unknown prefix; or a length its brand does not have.
    case invalidLength
    /// The number's shape is right but its last digit is not its Luhn check digit: a typo.
    case wrongCheckDigit

    /// Reads `value`: decimal digits (ASCII, or the other scripts a card mask reads: Arabic-Indic,
    /// Extended Arabic-Indic, Devanagari, full-width), with spaces and hyphens anywhere skipped,
    /// as a payment form's user types them.
    public init(of value: String) {
        var digits: [UInt8] = []
        for scalar in value.unicodeScalars {
            if scalar == " " || scalar == "-" { continue }
            guard let digit = InputCharacters.digit(scalar), digits.count < CardBrand.maxDigits else {
                self = .invalidLength
                return
            }
            digits.append(UInt8(digit.value))
        }
        let owners = CardBrand.all.filter { $0.owns(digits) }
        guard let brand = owners.first(where: { $0.lengths.contains(digits.count) }) else {
            self = .invalidLength
            return
        }
        self = Self.passesLuhn(digits) ? .valid(brand: brand.name) : .wrongCheckDigit
    }

    /// The Luhn (mod 10) check of ASCII digits: from the right, every second digit doubled (9
    /// subtracted when over 9), the sum a multiple of 10.
    static func passesLuhn(_ digits: [UInt8]) -> Bool {
        var sum = 0
        for (offset, byte) in digits.reversed().enumerated() {
            var digit = Int(byte) - 48
            if offset % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        return sum % 10 == 0
    }

    /// What a client that does not know the rule checks instead (format before 1.4): 12 to 19
    /// digits of the scripts the rule reads, spaces and hyphens anywhere; the server still checks
    /// brand, length and check digit on the intent.
    static let shapePattern: String = {
        let lengths = CardBrand.all.flatMap(\.lengths)
        let digits = InputCharacters.digitZeros.map { zero in
            "\\u{\(String(zero, radix: 16))}-\\u{\(String(zero + 9, radix: 16))}"
        }.joined()
        return "[ \\-]*(?:[\(digits)][ \\-]*){\(lengths.min() ?? 12),\(lengths.max() ?? CardBrand.maxDigits)}"
    }()
}

extension FieldRule {
    /// Whether the rule is a `cardNumber` rule.
    var isCardNumber: Bool {
        if case .cardNumber = self { true } else { false }
    }

    /// The rule as a client before format 1.4 can check it: a `cardNumber` rule becomes a
    /// `pattern` rule of the number's shape with the same message; every other rule stays.
    var readableBeforeCardNumbers: FieldRule {
        guard case .cardNumber(let allowEmpty, let message, _) = self,
            let shape = try? TextPattern(CardNumberCheck.shapePattern)
        else { return self }
        return .pattern(shape, allowEmpty: allowEmpty, message: message)
    }
}
