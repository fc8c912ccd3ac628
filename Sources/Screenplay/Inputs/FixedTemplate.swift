/// A fixed mask or a date format written out as slots and literals, and the one way both are
/// filled: each slot takes the next typed scalar it accepts (others are skipped); a literal is
/// shown once a slot after it is filled, and a typed scalar equal to it is consumed (so pasted
/// formatted text reads back). Literals after the last filled slot are shown only when every
/// slot is filled, so deleting backwards never leaves a separator behind.
struct FixedTemplate {
    enum Slot {
        case digit, letter, letterOrDigit
        case custom(TextPattern)

        /// The scalar stored for `scalar`, or nil when the slot refuses it (digits of other
        /// scripts become ASCII digits).
        func accept(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            switch self {
            case .digit: InputCharacters.digit(scalar)
            case .letter: InputCharacters.isLetter(scalar) ? scalar : nil
            case .letterOrDigit: InputCharacters.digit(scalar) ?? (InputCharacters.isLetter(scalar) ? scalar : nil)
            case .custom(let pattern): pattern.matchesWhole(String(Character(scalar))) ? scalar : nil
            }
        }
    }

    enum Element {
        case slot(Slot)
        case literal(Unicode.Scalar)
    }

    /// A date format's field: its kind (`D`, `M`, `Y`) and its slots' positions among the slots.
    struct DateField {
        var kind: Unicode.Scalar
        var slots: Range<Int>
    }

    var elements: [Element] = []
    /// For the first slot of a day or month: the largest first digit it takes as is; a larger one
    /// is written with a 0 before it (`4` in a month is `04`).
    var largestFirstDigit: [Int: UInt32] = [:]
    var dateFields: [DateField] = []

    init(pattern: String, placeholders: [Unicode.Scalar: TextPattern]) {
        for scalar in pattern.unicodeScalars.prefix(InputMask.maxPatternLength) {
            if let custom = placeholders[scalar] {
                elements.append(.slot(.custom(custom)))
            } else {
                switch scalar {
                case "#": elements.append(.slot(.digit))
                case "A": elements.append(.slot(.letter))
                case "*": elements.append(.slot(.letterOrDigit))
                default: elements.append(.literal(scalar))
                }
            }
        }
    }

    init(dateFormat: String) {
        var slotCount = 0
        var previous: Unicode.Scalar?
        for scalar in dateFormat.unicodeScalars.prefix(InputMask.maxPatternLength) {
            guard scalar == "D" || scalar == "M" || scalar == "Y" else {
                elements.append(.literal(scalar))
                previous = nil
                continue
            }
            if scalar == previous, let last = dateFields.indices.last {
                dateFields[last].slots = dateFields[last].slots.lowerBound..<(slotCount + 1)
            } else {
                dateFields.append(DateField(kind: scalar, slots: slotCount..<(slotCount + 1)))
                if scalar != "Y" { largestFirstDigit[elements.count] = scalar == "M" ? 1 : 3 }
            }
            elements.append(.slot(.digit))
            slotCount += 1
            previous = scalar
        }
    }

    func fill(_ input: [Unicode.Scalar], consumingLiterals: Bool) -> MaskedText {
        var display = String.UnicodeScalarView()
        var raw = String.UnicodeScalarView()
        var pending = String.UnicodeScalarView()
        var position = 0
        var carried: Unicode.Scalar?
        var filled = 0
        var slotCount = 0
        var stopped = false
        for (index, element) in elements.enumerated() {
            switch element {
            case .literal(let literal):
                guard !stopped else { continue }
                pending.append(literal)
                if consumingLiterals, carried == nil, position < input.count, input[position] == literal { position += 1 }
            case .slot(let slot):
                slotCount += 1
                guard !stopped else { continue }
                var character: Unicode.Scalar
                if let taken = carried {
                    character = taken
                    carried = nil
                } else {
                    var found: Unicode.Scalar?
                    while found == nil, position < input.count {
                        found = slot.accept(input[position])
                        position += 1
                    }
                    guard let accepted = found else {
                        stopped = true
                        continue
                    }
                    character = accepted
                    if let largest = largestFirstDigit[index], character.value - 0x30 > largest {
                        carried = character
                        character = "0"
                    }
                }
                display.append(contentsOf: pending)
                pending.removeAll()
                display.append(character)
                raw.append(character)
                filled += 1
            }
        }
        let complete = filled == slotCount && slotCount > 0 && isValidDate(raw)
        if complete { display.append(contentsOf: pending) }
        return MaskedText(display: String(display), raw: String(raw), isComplete: complete)
    }

    /// Whether the filled digits make a real date (always true for a fixed mask): months 1–12,
    /// days 1 up to the month's length (29 for February with no year or a leap year; a two-digit
    /// year is 2000 + YY).
    func isValidDate(_ raw: String.UnicodeScalarView) -> Bool {
        guard !dateFields.isEmpty else { return true }
        let digits = Array(raw)
        func value(_ kind: Unicode.Scalar) -> Int? {
            guard let field = dateFields.first(where: { $0.kind == kind }), field.slots.upperBound <= digits.count else { return nil }
            return digits[field.slots].reduce(0) { $0 * 10 + Int($1.value - 0x30) }
        }
        let month = value("M")
        let day = value("D")
        var year = value("Y")
        if let short = year, let field = dateFields.first(where: { $0.kind == "Y" }), field.slots.count == 2 { year = 2000 + short }
        if let month, !(1...12).contains(month) { return false }
        guard let day else { return true }
        let length: Int
        switch month {
        case 2?: length = year.map { ($0 % 4 == 0 && $0 % 100 != 0) || $0 % 400 == 0 } == false ? 28 : 29
        case 4?, 6?, 9?, 11?: length = 30
        default: length = 31
        }
        return (1...length).contains(day)
    }
}
