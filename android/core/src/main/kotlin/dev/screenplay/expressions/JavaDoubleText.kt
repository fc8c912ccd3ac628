package dev.screenplay.expressions

import dev.screenplay.json.ShortestDigits

/**
 * Doubles as Java's `Double.toString` writes them, which DivKit's messages and templates follow: the shortest
 * digits that read back as the same double, always a fraction digit, and computerised scientific notation
 * (`1.0E23`, `1.0E-5`) outside 10⁻³ ≤ |x| < 10⁷ ← JavaDoubleText.swift.
 *
 * The JVM's own `Double.toString` is not used: before JDK 19 it does not always give the shortest digits
 * (JDK-4511638). The digits are [ShortestDigits]' (Swift's `description` digits); only their shape changes.
 */
internal object JavaDoubleText {
    fun text(value: Double): String {
        if (value.isNaN()) return "NaN"
        if (value.isInfinite()) return if (value < 0) "-Infinity" else "Infinity"
        if (value == 0.0) return if (1.0 / value < 0) "-0.0" else "0.0"
        val magnitude = Math.abs(value)
        val (digits, exponent) = ShortestDigits.of(magnitude)
        val sign = if (value < 0) "-" else ""
        if (magnitude >= 1e-3 && magnitude < 1e7) {
            if (exponent >= 0) {
                val whole = exponent + 1
                val padded = if (digits.length < whole) digits + "0".repeat(whole - digits.length) else digits
                val fraction = padded.substring(whole)
                return sign + padded.substring(0, whole) + "." + fraction.ifEmpty { "0" }
            }
            return sign + "0." + "0".repeat(-exponent - 1) + digits
        }
        val fraction = digits.substring(1)
        return sign + digits.substring(0, 1) + "." + fraction.ifEmpty { "0" } + "E" + exponent
    }
}
