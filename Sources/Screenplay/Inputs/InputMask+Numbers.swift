extension InputMask {
    /// Card numbers: the digits typed (any script's, see ``InputCharacters``), every other
    /// character skipped; 4-4-4-4-3 groups up to 19 digits, or 4-6-5 up to 15 for American
    /// Express (starting 34 or 37). Complete at 15 digits for American Express, 16 to 19 for others.
    static func card(_ input: [Unicode.Scalar]) -> MaskedText {
        var digits: [Unicode.Scalar] = []
        for scalar in input {
            guard let digit = InputCharacters.digit(scalar) else { continue }
            let isAmex = digits.count >= 2 && digits[0] == "3" && (digits[1] == "4" || digits[1] == "7")
            if digits.count == (isAmex ? 15 : 19) { break }
            digits.append(digit)
        }
        let isAmex = digits.count >= 2 && digits[0] == "3" && (digits[1] == "4" || digits[1] == "7")
        let display = grouped(digits, sizes: isAmex ? [4, 6, 5] : [4, 4, 4, 4, 3])
        let complete = isAmex ? digits.count == 15 : digits.count >= 16
        return MaskedText(display: display, raw: String(String.UnicodeScalarView(digits)), isComplete: complete)
    }

    /// Country codes of two digits (E.164); `1` and `7` are the codes of one digit, every other
    /// code has three.
    static let twoDigitCountryCodes: Set<String> = [
        "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49", "51", "52", "53",
        "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "81", "82", "84", "86", "90", "91", "92", "93", "94",
        "95", "98",
    ]

    /// Phone numbers, always international: `+`, then up to 15 digits. A leading `00` (the
    /// international prefix) stands for `+`. The country code is told from its first digits
    /// (1 and 7 alone, the two-digit codes above, otherwise three digits); the national number is
    /// grouped 3-3-4 after +1, 3-3-2-2 after +7 (both complete at ten digits), and otherwise in
    /// threes while more than four digits remain, then the rest (complete from 8 digits in all).
    static func phone(_ input: [Unicode.Scalar]) -> MaskedText {
        var digits: [Unicode.Scalar] = []
        var plus = false
        var started = false
        for scalar in input {
            if !started {
                if InputCharacters.isWhiteSpace(scalar) { continue }
                started = true
                if scalar == "+" || scalar == "\u{FF0B}" {
                    plus = true
                    continue
                }
            }
            if let digit = InputCharacters.digit(scalar), digits.count < 17 { digits.append(digit) }
        }
        if !plus, digits.count >= 2, digits[0] == "0", digits[1] == "0" { digits.removeFirst(2) }
        if digits.count > 15 { digits.removeLast(digits.count - 15) }
        guard !digits.isEmpty else { return MaskedText(display: plus ? "+" : "", raw: "", isComplete: false) }
        let text = String(String.UnicodeScalarView(digits))
        let codeLength =
            digits[0] == "1" || digits[0] == "7" ? 1 : digits.count >= 2 && twoDigitCountryCodes.contains(String(text.prefix(2))) ? 2 : 3
        let code = Array(digits.prefix(codeLength))
        var national = Array(digits.dropFirst(codeLength))
        var sizes: [Int]
        var complete: Bool
        switch code {
        case ["1"], ["7"]:
            if national.count > 10 { national.removeLast(national.count - 10) }
            sizes = code == ["1"] ? [3, 3, 4] : [3, 3, 2, 2]
            complete = national.count == 10
        default:
            sizes = []
            var remaining = national.count
            while remaining > 4 {
                sizes.append(3)
                remaining -= 3
            }
            if remaining > 0 { sizes.append(remaining) }
            complete = code.count + national.count >= 8
        }
        var display = "+" + String(String.UnicodeScalarView(code))
        if !national.isEmpty { display += " " + grouped(national, sizes: sizes) }
        let raw = "+" + String(String.UnicodeScalarView(code + national))
        return MaskedText(display: display, raw: raw, isComplete: complete)
    }

    /// `digits` in groups of `sizes`, one space between groups.
    static func grouped(_ digits: [Unicode.Scalar], sizes: [Int]) -> String {
        var text = String.UnicodeScalarView()
        var start = 0
        for size in sizes where start < digits.count {
            if start > 0 { text.append(" ") }
            text.append(contentsOf: digits[start..<min(start + size, digits.count)])
            start += size
        }
        return String(text)
    }
}
