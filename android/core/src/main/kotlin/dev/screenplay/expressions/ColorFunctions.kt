package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionType.COLOR
import dev.screenplay.expressions.ExpressionType.NUMBER
import dev.screenplay.expressions.ExpressionType.STRING
import dev.screenplay.expressions.ExpressionValue.ColorValue
import dev.screenplay.expressions.ExpressionValue.NumberValue

/**
 * The color functions ← ExpressionFunctions+Colors.swift: construction from channels 0…1 (`argb`, `rgb`), channel
 * getters and setters for a color or its text (`getColorRed`, `setColorAlpha`, …) and `alphaBlend`.
 */
internal object ColorFunctions {
    private enum class Channel(val shift: Int) {
        ALPHA(24),
        RED(16),
        GREEN(8),
        BLUE(0),
        ;

        /** As function names spell it: `Alpha`. */
        val title: String get() = name.substring(0, 1) + name.substring(1).lowercase(java.util.Locale.ROOT)
    }

    private const val COLOR_FORMAT = "Unable to convert value to Color, expected format #AARRGGBB."

    fun register(builder: ExpressionFunctions.Builder) = with(builder) {
        define("argb", listOf(NUMBER, NUMBER, NUMBER, NUMBER), COLOR, "A color from alpha, red, green, blue in 0…1.") { call ->
            val channels = (0 until 4).map { channel(call.number(it)) }
            ColorValue(ExpressionColor(channels[0] shl 24 or (channels[1] shl 16) or (channels[2] shl 8) or channels[3]))
        }
        define("rgb", listOf(NUMBER, NUMBER, NUMBER), COLOR, "An opaque color from red, green, blue in 0…1.") { call ->
            val channels = (0 until 3).map { channel(call.number(it)) }
            ColorValue(ExpressionColor(0xFF shl 24 or (channels[0] shl 16) or (channels[1] shl 8) or channels[2]))
        }
        for (channel in Channel.entries) {
            val label = channel.name.lowercase(java.util.Locale.ROOT)
            for (type in listOf(COLOR, STRING)) {
                define("getColor${channel.title}", listOf(type), NUMBER, "The $label channel, 0…1.") { call ->
                    val color = color(call.arguments[0])
                    NumberValue(((color.argb ushr channel.shift) and 0xFF).toDouble() / 255)
                }
                define("setColor${channel.title}", listOf(type, NUMBER), COLOR, "The color with its $label channel set (0…1).") { call ->
                    val color = color(call.arguments[0])
                    val value = channel(call.number(1))
                    ColorValue(ExpressionColor(color.argb and (0xFF shl channel.shift).inv() or (value shl channel.shift)))
                }
            }
        }
        define("alphaBlend", listOf(COLOR, COLOR), COLOR, "The second color composited over the first (source over).") { call ->
            ColorValue(blend(background = call.color(0), foreground = call.color(1)))
        }
    }

    /** A channel 0…1 as 0…255 (rounded half away from zero), or DivKit's range error. */
    private fun channel(value: Double): Int {
        if (!(value >= 0 && value <= 1)) throw ExpressionFailure("Value out of range 0..1.")
        return MathFunctions.roundHalfAwayFromZero(value * 255).toInt()
    }

    private fun color(value: ExpressionValue): ExpressionColor = when (value) {
        is ColorValue -> value.value
        is ExpressionValue.StringValue -> ExpressionColor.parse(value.value) ?: throw ExpressionFailure(COLOR_FORMAT)
        else -> throw ExpressionFailure(COLOR_FORMAT)
    }

    /** [foreground] composited over [background] (source over), channels rounded half away from zero. */
    fun blend(background: ExpressionColor, foreground: ExpressionColor): ExpressionColor {
        val fa = foreground.alpha.toDouble() / 255
        val ba = background.alpha.toDouble() / 255
        val alpha = fa + ba * (1 - fa)
        if (!(alpha > 0)) return ExpressionColor(0)
        fun mix(f: Int, b: Int): Int = MathFunctions.roundHalfAwayFromZero((f * fa + b * ba * (1 - fa)) / alpha).toInt()
        return ExpressionColor.of(
            MathFunctions.roundHalfAwayFromZero(alpha * 255).toInt(),
            mix(foreground.red, background.red),
            mix(foreground.green, background.green),
            mix(foreground.blue, background.blue),
        )
    }
}
