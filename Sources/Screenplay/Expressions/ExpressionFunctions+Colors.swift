/// Color functions: construction from channels 0…1, channel getters and setters, alpha blending.
extension ExpressionFunctions {
    enum Channel: String, CaseIterable {
        case alpha, red, green, blue

        /// As function names spell it: `Alpha`.
        var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

        var shift: UInt32 {
            switch self {
            case .alpha: 24
            case .red: 16
            case .green: 8
            case .blue: 0
            }
        }
    }

    /// A channel 0…1 as 0…255 (rounded), or DivKit's range error.
    static func channel(_ value: Double) throws -> UInt32 {
        guard value >= 0, value <= 1 else { throw ExpressionFailure("Value out of range 0..1.") }
        return UInt32((value * 255).rounded())
    }

    static func color(_ value: ExpressionValue) throws -> ExpressionColor {
        switch value {
        case .color(let color): return color
        case .string(let text):
            guard let color = ExpressionColor(parsing: text) else {
                throw ExpressionFailure("Unable to convert value to Color, expected format #AARRGGBB.")
            }
            return color
        default: throw ExpressionFailure("Unable to convert value to Color, expected format #AARRGGBB.")
        }
    }

    mutating func addColors() {
        define("argb", [.number, .number, .number, .number], .color, "A color from alpha, red, green, blue in 0…1.") { call in
            let channels = try (0..<4).map { try Self.channel(call.number($0)) }
            return .color(ExpressionColor(argb: channels[0] << 24 | channels[1] << 16 | channels[2] << 8 | channels[3]))
        }
        define("rgb", [.number, .number, .number], .color, "An opaque color from red, green, blue in 0…1.") { call in
            let channels = try (0..<3).map { try Self.channel(call.number($0)) }
            return .color(ExpressionColor(argb: 0xFF00_0000 | channels[0] << 16 | channels[1] << 8 | channels[2]))
        }
        for channel in Channel.allCases {
            for type in [ExpressionType.color, .string] {
                define("getColor\(channel.name)", [type], .number, "The \(channel.rawValue) channel, 0…1.") { call in
                    let color = try Self.color(call.arguments[0])
                    return .number(Double((color.argb >> channel.shift) & 0xFF) / 255)
                }
                define("setColor\(channel.name)", [type, .number], .color, "The color with its \(channel.rawValue) channel set (0…1).") {
                    call in
                    let color = try Self.color(call.arguments[0])
                    let value = try Self.channel(call.number(1))
                    return .color(ExpressionColor(argb: color.argb & ~(0xFF << channel.shift) | value << channel.shift))
                }
            }
        }
        define("alphaBlend", [.color, .color], .color, "The second color composited over the first (source over).") { call in
            .color(Self.blend(background: call.color(0), foreground: call.color(1)))
        }
    }

    static func blend(background: ExpressionColor, foreground: ExpressionColor) -> ExpressionColor {
        let fa = Double(foreground.alpha) / 255, ba = Double(background.alpha) / 255
        let alpha = fa + ba * (1 - fa)
        guard alpha > 0 else { return ExpressionColor(argb: 0) }
        func mix(_ f: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(((Double(f) * fa + Double(b) * ba * (1 - fa)) / alpha).rounded())
        }
        return ExpressionColor(
            alpha: UInt8((alpha * 255).rounded()), red: mix(foreground.red, background.red), green: mix(foreground.green, background.green),
            blue: mix(foreground.blue, background.blue))
    }
}
