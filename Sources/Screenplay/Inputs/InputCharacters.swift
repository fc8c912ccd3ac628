/// The character classes validation and masks use, spelt out scalar by scalar so that the web
/// page's script (`InputScript`) answers the same as Swift on every platform: no Unicode database
/// whose version differs between a phone and a browser is consulted.
enum InputCharacters {
    /// ECMAScript's white space and line terminators (what `\s` matches in both evaluators).
    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// The first scalar of each run of ten decimal digits a mask reads as 0–9: ASCII, Arabic-Indic,
    /// Extended Arabic-Indic (Persian, Urdu), Devanagari and full-width digits, as keyboards for
    /// those scripts type them.
    static let digitZeros: [UInt32] = [0x30, 0x660, 0x6F0, 0x966, 0xFF10]

    /// The ASCII digit `scalar` stands for, or nil when it is not one of ``digitZeros``' digits.
    static func digit(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        for zero in digitZeros where scalar.value >= zero && scalar.value < zero + 10 {
            return Unicode.Scalar(UInt8(0x30 + scalar.value - zero))
        }
        return nil
    }

    /// An ASCII letter, `A`–`Z` or `a`–`z`.
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }
}
