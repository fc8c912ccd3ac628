/// Doubles as Java's `Double.toString` writes them, which DivKit's messages and templates follow:
/// the shortest digits that read back as the same double, always a fraction digit, and
/// computerised scientific notation (`1.0E23`, `1.0E-5`) outside 10⁻³ ≤ |x| < 10⁷.
///
/// The digits come from Swift's `description` (shortest round-trip); only their shape changes.
enum JavaDoubleText {
    static func text(of value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        let (digits, exponent) = decimal(of: value.magnitude)
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        if magnitude >= 1e-3 && magnitude < 1e7 {
            // Plain: `exponent` is the power of ten of the first digit.
            if exponent >= 0 {
                let whole = exponent + 1
                let padded = digits.count < whole ? digits + String(repeating: "0", count: whole - digits.count) : digits
                let integerPart = padded.prefix(whole)
                let fraction = padded.dropFirst(whole)
                return sign + integerPart + "." + (fraction.isEmpty ? "0" : fraction)
            }
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
        }
        let fraction = digits.dropFirst()
        return sign + digits.prefix(1) + "." + (fraction.isEmpty ? "0" : fraction) + "E" + String(exponent)
    }

    /// The significant digits (no leading or trailing zeros) and the power of ten of the first.
    static func decimal(of magnitude: Double) -> (digits: String, exponent: Int) {
        let description = magnitude.description
        var mantissa = Substring(description)
        var exponent = 0
        if let e = description.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = description[..<e]
            exponent = Int(description[description.index(after: e)...]) ?? 0
        }
        let point = mantissa.firstIndex(of: ".")
        let integerPart = point.map { mantissa[..<$0] } ?? mantissa
        let fractionPart = point.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var all = String(integerPart) + String(fractionPart)
        var firstPower = integerPart.count - 1 + exponent
        while all.first == "0" {
            all.removeFirst()
            firstPower -= 1
        }
        while all.last == "0" { all.removeLast() }
        return (all.isEmpty ? "0" : all, firstPower)
    }
}
