package dev.screenplay.json

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test
import kotlin.random.Random

class SwiftNumberTextTest {
    @Test
    fun describesAsSwiftDescriptionDoes() {
        val cases = mapOf(
            1.0 to "1.0", 100.0 to "100.0", 2.0 to "2.0", -0.0 to "-0.0", 0.0 to "0.0", 0.1 to "0.1", 1e15 to "1000000000000000.0",
            123456789.0 to "123456789.0", 12345.678 to "12345.678", 1e16 to "1e+16", 1e-5 to "1e-05", 0.0001 to "0.0001",
            1.5e300 to "1.5e+300", -1e-7 to "-1e-07", java.lang.Double.MIN_VALUE to "5e-324",
            Double.POSITIVE_INFINITY to "inf", Double.NEGATIVE_INFINITY to "-inf", Double.NaN to "nan",
            9007199254740992.0 to "9007199254740992.0", 4503599627370497.0 to "4503599627370497.0",
        )
        for ((value, text) in cases) assertEquals(text, SwiftNumberText.describe(value), "$value")
    }

    @Test
    fun shortestDigitsReadBackAndAreShortest() {
        assertEquals(ShortestDigits("1", -1), ShortestDigits.of(0.1))
        assertEquals(ShortestDigits("5", -324), ShortestDigits.of(java.lang.Double.MIN_VALUE))
        assertEquals(ShortestDigits("17976931348623157", 308), ShortestDigits.of(Double.MAX_VALUE))
        assertEquals(ShortestDigits("15", 0), ShortestDigits.of(-1.5))
        assertThrows(IllegalArgumentException::class.java) { ShortestDigits.of(0.0) }
        for (value in listOf(1.0, 0.1, 1e23, 8.41e21, 2.82879384806159e17, 5e-324, 1.7976931348623157e308, 2.2250738585072014e-308, 4.9406564584124654e-324, 9007199254740993.0, 0.3, 1.0 / 3)) {
            assertEquals(slowShortest(value), ShortestDigits.of(value), "$value")
        }
        val random = Random(43)
        repeat(3_000) {
            val value = java.lang.Double.longBitsToDouble(random.nextLong() and Long.MAX_VALUE)
            if (!value.isFinite() || value == 0.0) return@repeat
            val (digits, exponent) = ShortestDigits.of(value)
            assertEquals(slowShortest(value), ShortestDigits(digits, exponent), "$value")
            assertEquals(value, "${digits[0]}.${digits.drop(1)}e$exponent".toDouble(), "$value")
            if (digits.length > 1) {
                // One digit fewer never reads back.
                val shorter = java.math.BigDecimal(value).round(java.math.MathContext(digits.length - 1, java.math.RoundingMode.FLOOR))
                val longer = java.math.BigDecimal(value).round(java.math.MathContext(digits.length - 1, java.math.RoundingMode.CEILING))
                assert(shorter.toDouble() != value && longer.toDouble() != value) { "$value: $digits is not shortest" }
            }
        }
    }

    /** The reference: every length from 1 up, the nearest decimal or the other neighbour, first that reads back. */
    private fun slowShortest(value: Double): ShortestDigits {
        val exact = java.math.BigDecimal(Math.abs(value))
        for (precision in 1..17) {
            val nearest = exact.round(java.math.MathContext(precision, java.math.RoundingMode.HALF_EVEN))
            val other = exact.round(
                java.math.MathContext(precision, if (nearest > exact) java.math.RoundingMode.FLOOR else java.math.RoundingMode.CEILING),
            )
            val found = listOf(nearest, other).firstOrNull { it.toDouble() == Math.abs(value) } ?: continue
            val stripped = found.stripTrailingZeros()
            val digits = stripped.unscaledValue().toString()
            return ShortestDigits(digits, digits.length - 1 - stripped.scale())
        }
        error("no digits for $value")
    }
}
