/// A color value of the expression language: 8-bit alpha, red, green and blue packed as ARGB.
///
/// It prints as `#AARRGGBB` (uppercase) and is read from `#RGB`, `#ARGB`, `#RRGGBB` and
/// `#AARRGGBB`; a missing alpha is opaque.
///
/// ```swift
/// ExpressionColor(parsing: "#fce")?.description   // "#FFFFCCEE"
/// ```
public struct ExpressionColor: Sendable, Hashable, CustomStringConvertible {
    /// The channels packed as `0xAARRGGBB`.
    public var argb: UInt32

    /// A color from its packed `0xAARRGGBB` value.
    public init(argb: UInt32) {
        self.argb = argb
    }

    /// A color from its four channels, each 0…255.
    public init(alpha: UInt8, red: UInt8, green: UInt8, blue: UInt8) {
        argb = UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// Reads `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB` (hex digits in either case); nil for
    /// anything else.
    public init?(parsing text: String) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#" else { return nil }
        var digits: [UInt32] = []
        for scalar in scalars.dropFirst() {
            guard let digit = Self.hexValue(scalar) else { return nil }
            digits.append(digit)
        }
        switch digits.count {
        case 3, 4:
            var value: UInt32 = digits.count == 3 ? 0xF : 0
            for digit in digits { value = value << 4 | digit }
            // Each short digit stands for two equal ones.
            var wide: UInt32 = 0
            for shift in stride(from: 12, through: 0, by: -4) {
                let digit = (value >> UInt32(shift)) & 0xF
                wide = wide << 8 | digit << 4 | digit
            }
            argb = wide
        case 6, 8:
            var value: UInt32 = digits.count == 6 ? 0xFF : 0
            for digit in digits { value = value << 4 | digit }
            argb = value
        default:
            return nil
        }
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
    }

    /// The alpha channel, 0…255.
    public var alpha: UInt8 { UInt8(truncatingIfNeeded: argb >> 24) }
    /// The red channel, 0…255.
    public var red: UInt8 { UInt8(truncatingIfNeeded: argb >> 16) }
    /// The green channel, 0…255.
    public var green: UInt8 { UInt8(truncatingIfNeeded: argb >> 8) }
    /// The blue channel, 0…255.
    public var blue: UInt8 { UInt8(truncatingIfNeeded: argb) }

    /// `#AARRGGBB` in uppercase hex.
    public var description: String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        var text = "#"
        for shift in stride(from: 28, through: 0, by: -4) {
            text.unicodeScalars.append(digits[Int((argb >> UInt32(shift)) & 0xF)])
        }
        return text
    }
}
