package dev.screenplay.json

/**
 * A double as Swift's `description` writes it: shortest round-trip digits ([ShortestDigits]), plain
 * decimals from 0.0001 up to 2^53 (`0.1`, `1000000000000000.0`, `9007199254740992.0`), exponents
 * below or above (`1e-05`, `1e+16`, `1.5e+300`, `5e-324`), `0.0`, `-0.0`, `inf`, `-inf`, `nan`.
 * Used by [JsonWriter] and by every message that shows a number.
 *
 * ```kotlin
 * SwiftNumberText.describe(0.1)    // "0.1"
 * SwiftNumberText.describe(1.0e16) // "1e+16"
 * SwiftNumberText.describe(2.0)    // "2.0"
 * ```
 */
public object SwiftNumberText {
    /** Above this magnitude Swift always writes an exponent (Swift: binary exponent past 2^53). */
    private const val LARGEST_PLAIN = 9_007_199_254_740_992.0

    /** [value] as Swift's `Double.description`. */
    public fun describe(value: Double): String {
        if (value.isNaN()) return if (java.lang.Double.doubleToRawLongBits(value) < 0) "-nan" else "nan"
        val negative = java.lang.Double.doubleToRawLongBits(value) < 0
        if (value.isInfinite()) return if (negative) "-inf" else "inf"
        if (value == 0.0) return if (negative) "-0.0" else "0.0"
        val (digits, exponent) = ShortestDigits.of(value)
        val text = StringBuilder(24)
        if (negative) text.append('-')
        if (exponent < -4 || Math.abs(value) > LARGEST_PLAIN) {
            text.append(digits[0])
            if (digits.length > 1) text.append('.').append(digits, 1, digits.length)
            text.append('e').append(if (exponent < 0) '-' else '+')
            val magnitude = Math.abs(exponent)
            if (magnitude < 10) text.append('0')
            text.append(magnitude)
        } else if (exponent < 0) {
            text.append("0.")
            repeat(-exponent - 1) { text.append('0') }
            text.append(digits)
        } else if (exponent + 1 < digits.length) {
            text.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length)
        } else {
            text.append(digits)
            repeat(exponent + 1 - digits.length) { text.append('0') }
            text.append(".0")
        }
        return text.toString()
    }

    /**
     * [value] as [JsonWriter] writes it: an integral value below 1e15 in magnitude as an integer
     * (`-0.0` as `0`), a non-finite one as `null`, anything else as [describe].
     *
     * ```kotlin
     * SwiftNumberText.json(2.0)    // "2"
     * SwiftNumberText.json(1.0e15) // "1000000000000000.0"
     * ```
     */
    public fun json(value: Double): String {
        if (!value.isFinite()) return "null"
        if (Math.rint(value) == value && Math.abs(value) < 1e15) return value.toLong().toString()
        return describe(value)
    }
}
