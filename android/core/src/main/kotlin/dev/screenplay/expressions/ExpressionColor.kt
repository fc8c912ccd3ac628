package dev.screenplay.expressions

/**
 * A color value of the expression language: 8-bit alpha, red, green and blue packed as `0xAARRGGBB` in [argb]
 * (an `Int`, so an opaque color is negative) ← ExpressionColor.swift.
 *
 * It prints as `#AARRGGBB` (uppercase) and is read from `#RGB`, `#ARGB`, `#RRGGBB` and `#AARRGGBB`; a missing
 * alpha is opaque.
 *
 * ```kotlin
 * ExpressionColor.parse("#fce").toString()   // "#FFFFCCEE"
 * ```
 */
@JvmInline
public value class ExpressionColor(public val argb: Int) {
    /** The alpha channel, 0…255. */
    public val alpha: Int get() = argb ushr 24

    /** The red channel, 0…255. */
    public val red: Int get() = (argb ushr 16) and 0xFF

    /** The green channel, 0…255. */
    public val green: Int get() = (argb ushr 8) and 0xFF

    /** The blue channel, 0…255. */
    public val blue: Int get() = argb and 0xFF

    /** `#AARRGGBB` in uppercase hex. */
    override fun toString(): String {
        val text = StringBuilder("#")
        for (shift in 28 downTo 0 step 4) text.append(HEX[(argb ushr shift) and 0xF])
        return text.toString()
    }

    public companion object {
        private const val HEX = "0123456789ABCDEF"

        /** A color from its four channels, each 0…255 (only the low 8 bits of each are used). */
        public fun of(alpha: Int, red: Int, green: Int, blue: Int): ExpressionColor =
            ExpressionColor((alpha and 0xFF) shl 24 or ((red and 0xFF) shl 16) or ((green and 0xFF) shl 8) or (blue and 0xFF))

        /** Reads `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB` (ASCII hex digits in either case); null for anything else. */
        public fun parse(text: String): ExpressionColor? {
            if (!text.startsWith('#')) return null
            val digits = IntArray(text.length - 1)
            for (index in 1 until text.length) digits[index - 1] = hexValue(text[index]) ?: return null
            return when (digits.size) {
                3, 4 -> {
                    var value = if (digits.size == 3) 0xF else 0
                    for (digit in digits) value = value shl 4 or digit
                    // Each short digit stands for two equal ones.
                    var wide = 0
                    for (shift in 12 downTo 0 step 4) {
                        val digit = (value ushr shift) and 0xF
                        wide = wide shl 8 or (digit shl 4) or digit
                    }
                    ExpressionColor(wide)
                }
                6, 8 -> {
                    var value = if (digits.size == 6) 0xFF else 0
                    for (digit in digits) value = value shl 4 or digit
                    ExpressionColor(value)
                }
                else -> null
            }
        }

        private fun hexValue(char: Char): Int? = when (char) {
            in '0'..'9' -> char - '0'
            in 'a'..'f' -> char - 'a' + 10
            in 'A'..'F' -> char - 'A' + 10
            else -> null
        }
    }
}
