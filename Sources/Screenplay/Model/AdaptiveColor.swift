/// A colour as hex, with an optional dark-mode variant.
///
/// On the wire a colour is `"#rrggbb"` / `"#rrggbbaa"` (or the short `"#rgb"`), or
/// `{"light": "#ffffff", "dark": "#000000"}` when it differs in dark mode.
///
/// ```swift
/// let accent: Color = "#1e88e5"
/// let surface = Color("#ffffff", dark: "#121212")
/// let bar = Color(red: 200, green: 55, blue: 0)
/// ```
public struct AdaptiveColor: Sendable, Hashable {
    /// One colour: 8-bit red, green, blue and alpha.
    public struct RGBA: Sendable, Hashable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        public var alpha: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa` (case-insensitive).
        public init?(hex: String) {
            var hex = hex
            guard let parsed = hex.withUTF8({ Self.parse($0) }) else { return nil }
            self = parsed
        }

        /// Parses the UTF-8 of `#rgb`, `#rrggbb` or `#rrggbbaa` without allocating.
        static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> RGBA? {
            guard utf8.first == UInt8(ascii: "#"), [4, 7, 9].contains(utf8.count) else { return nil }
            func digit(_ index: Int) -> UInt8? {
                let byte = utf8[index]
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
                default: return nil
                }
            }
            if utf8.count == 4 {
                guard let red = digit(1), let green = digit(2), let blue = digit(3) else { return nil }
                return RGBA(red: red * 17, green: green * 17, blue: blue * 17)
            }
            func pair(_ index: Int) -> UInt8? {
                guard let high = digit(index), let low = digit(index + 1) else { return nil }
                return high << 4 | low
            }
            guard let red = pair(1), let green = pair(3), let blue = pair(5) else { return nil }
            guard utf8.count == 9 else { return RGBA(red: red, green: green, blue: blue) }
            guard let alpha = pair(7) else { return nil }
            return RGBA(red: red, green: green, blue: blue, alpha: alpha)
        }

        /// `#rrggbb`, or `#rrggbbaa` when not opaque; lowercase.
        public var hex: String {
            String(unsafeUninitializedCapacity: 9) { buffer in write(into: buffer) }
        }

        /// Writes `hex` into `buffer` (at least 9 bytes); returns how many bytes it wrote.
        func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            let digits: StaticString = "0123456789abcdef"
            return digits.withUTF8Buffer { digits in
                func put(_ byte: UInt8, at index: Int) {
                    buffer[index] = digits[Int(byte >> 4)]
                    buffer[index + 1] = digits[Int(byte & 0x0F)]
                }
                buffer[0] = UInt8(ascii: "#")
                put(red, at: 1)
                put(green, at: 3)
                put(blue, at: 5)
                guard alpha != 255 else { return 7 }
                put(alpha, at: 7)
                return 9
            }
        }

        public var description: String { hex }
    }

    /// The colour in light mode (and in dark mode when ``dark`` is nil).
    public var light: RGBA
    /// The colour in dark mode, when it differs.
    public var dark: RGBA?

    public init(light: RGBA, dark: RGBA? = nil) {
        self.light = light
        self.dark = dark
    }

    /// A colour from hex strings; `nil` when either string is not a hex colour.
    public init?(hex: String, dark darkHex: String? = nil) {
        guard let light = RGBA(hex: hex) else { return nil }
        var dark: RGBA?
        if let darkHex {
            guard let parsed = RGBA(hex: darkHex) else { return nil }
            dark = parsed
        }
        self.init(light: light, dark: dark)
    }

    /// A colour from a hex literal with an optional dark variant, for the DSL: `Color("#fff", dark: "#000")`.
    /// An invalid literal is a programming error: it asserts in debug builds and is transparent in release.
    public init(_ hex: StaticString, dark: StaticString? = nil) {
        let light = hex.withUTF8Buffer { RGBA.parse($0) }
        let variant = dark.map { dark in dark.withUTF8Buffer { RGBA.parse($0) } }
        let parsed = light.flatMap { light in variant == .some(nil) ? nil : Color(light: light, dark: variant ?? nil) }
        assert(parsed != nil, "invalid hex colour literal \(hex)")
        self = parsed ?? .clear
    }

    /// A colour from 0–255 channels, clamped, as the Tutu write-up builds its bars: `Color(red: r, green: 255 - r, blue: 0)`.
    public init(red: Int, green: Int, blue: Int, opacity: Double = 1) {
        func channel(_ value: Int) -> UInt8 { UInt8(clamping: value) }
        let alpha = UInt8(clamping: Int((max(0, min(1, opacity)) * 255).rounded()))
        self.init(light: RGBA(red: channel(red), green: channel(green), blue: channel(blue), alpha: alpha))
    }

    /// This colour with a dark-mode variant.
    public func dark(_ variant: AdaptiveColor) -> AdaptiveColor {
        Color(light: light, dark: variant.light)
    }

    public static let clear = AdaptiveColor(light: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
    public static let black = AdaptiveColor(light: RGBA(red: 0, green: 0, blue: 0))
    public static let white = AdaptiveColor(light: RGBA(red: 255, green: 255, blue: 255))
}

extension AdaptiveColor: ExpressibleByStringLiteral {
    public init(stringLiteral value: StaticString) {
        self.init(value)
    }
}

extension AdaptiveColor: JSONReadable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        switch json.kind {
        case .string:
            let hex = json.string ?? ""
            guard let rgba = RGBA(hex: hex) else {
                throw context.failure(.invalidValue, "\"\(hex)\" is not a colour; expected \"#rgb\", \"#rrggbb\" or \"#rrggbbaa\"")
            }
            self.init(light: rgba)
        case .object:
            var reader = ObjectReader(json, context: copy context, describedAs: "a colour")
            let light = try reader.required(.light, as: Color.self)
            let dark = try reader.required(.dark, as: Color.self)
            reader.finish()
            self.init(light: light.light, dark: dark.light)
        default:
            throw Self.typeMismatch("a hex colour string or {\"light\", \"dark\"}", json, context)
        }
    }

    var json: JSONValue {
        guard let dark else { return .string(light.hex) }
        return .object(["light": .string(light.hex), "dark": .string(dark.hex)])
    }
}

extension AdaptiveColor: JSONEncodable {
    func encode(into writer: inout JSONWriter) {
        guard let dark else { return light.encode(into: &writer) }
        writer.beginObject()
        writer.member(.dark, dark)
        writer.member(.light, light)
        writer.endObject()
    }
}

extension AdaptiveColor.RGBA: JSONEncodable {
    /// A quoted hex string, written without making a `String`.
    func encode(into writer: inout JSONWriter) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 11) { buffer in
            buffer[0] = UInt8(ascii: "\"")
            let count = write(into: UnsafeMutableBufferPointer(rebasing: buffer[1...]))
            buffer[count + 1] = UInt8(ascii: "\"")
            writer.writeRaw(UnsafeBufferPointer(rebasing: buffer[..<(count + 2)]))
        }
    }
}
