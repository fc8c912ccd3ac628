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
public struct Color: Sendable, Hashable {
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
            let utf8 = Array(hex.utf8)
            guard utf8.first == UInt8(ascii: "#") else { return nil }
            var digits: [UInt8] = []
            for byte in utf8.dropFirst() {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
            }
            switch digits.count {
            case 3: self.init(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17)
            case 6, 8:
                let pairs = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
                self.init(red: pairs[0], green: pairs[1], blue: pairs[2], alpha: pairs.count == 4 ? pairs[3] : 255)
            default: return nil
            }
        }

        /// `#rrggbb`, or `#rrggbbaa` when not opaque; lowercase.
        public var hex: String {
            let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
            return "#" + parts.map { byte in
                let text = String(byte, radix: 16)
                return byte < 16 ? "0" + text : text
            }.joined()
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
        let parsed = Color(hex: hex.description, dark: dark?.description)
        assert(parsed != nil, "invalid hex colour literal \(hex)")
        self = parsed ?? .clear
    }

    /// A colour from 0–255 channels, clamped, as write-up 2 builds its bars: `Color(red: r, green: 255 - r, blue: 0)`.
    public init(red: Int, green: Int, blue: Int, opacity: Double = 1) {
        func channel(_ value: Int) -> UInt8 { UInt8(clamping: value) }
        let alpha = UInt8(clamping: Int((max(0, min(1, opacity)) * 255).rounded()))
        self.init(light: RGBA(red: channel(red), green: channel(green), blue: channel(blue), alpha: alpha))
    }

    /// This colour with a dark-mode variant.
    public func dark(_ variant: Color) -> Color {
        Color(light: light, dark: variant.light)
    }

    public static let clear = Color(light: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
    public static let black = Color(light: RGBA(red: 0, green: 0, blue: 0))
    public static let white = Color(light: RGBA(red: 255, green: 255, blue: 255))
}

extension Color: ExpressibleByStringLiteral {
    public init(stringLiteral value: StaticString) {
        self.init(value)
    }
}

extension Color: JSONReadable {
    init(json: JSONValue, context: DecodingContext) throws(DecodingFailure) {
        switch json {
        case .string(let hex):
            guard let rgba = RGBA(hex: hex) else {
                throw context.failure(.invalidValue, "\"\(hex)\" is not a colour; expected \"#rgb\", \"#rrggbb\" or \"#rrggbbaa\"")
            }
            self.init(light: rgba)
        case .object(let members):
            var reader = ObjectReader(members, context: context, describedAs: "a colour")
            let light = try reader.required("light", as: Color.self)
            let dark = try reader.required("dark", as: Color.self)
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

extension Color: JSONEncodable {
    func encode(into writer: inout JSONWriter) {
        guard let dark else { return writer.write(light.hex) }
        writer.beginObject()
        writer.member(.dark, dark.hex)
        writer.member(.light, light.hex)
        writer.endObject()
    }
}
