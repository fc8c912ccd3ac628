package dev.screenplay.json

import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode

/**
 * The shortest decimal digits that read back as a given finite, non-zero double, and among those
 * the closest to its exact value (ties to an even last digit): what Swift's `description` prints.
 * The value is `0.[digits] × 10^(exponent + 1)`, that is `d.ddd × 10^exponent`.
 *
 * JDK 17's and Android's `Double.toString` are not always shortest (JDK-4511638, fixed in JDK 19),
 * so the digits are found here from the exact value, by rounding it to 1, 2, … 17 digits.
 *
 * ```kotlin
 * ShortestDigits.of(0.1)     // ShortestDigits(digits=1, exponent=-1)
 * ShortestDigits.of(1.0e21)  // ShortestDigits(digits=1, exponent=21)
 * ```
 */
public data class ShortestDigits(
    /** The significant digits, without leading or trailing zeros. */
    public val digits: String,
    /** The power of ten of the first digit. */
    public val exponent: Int,
) {
    /** Finds the digits. */
    public companion object {
        /**
         * The digits of `|value|`.
         *
         * @throws IllegalArgumentException when [value] is zero, infinite or NaN.
         */
        public fun of(value: Double): ShortestDigits {
            require(value.isFinite() && value != 0.0) { "no digits for $value" }
            val magnitude = Math.abs(value)
            val exact = BigDecimal(magnitude)
            // The JVM's own text always reads back, so the shortest digits are at most as many as
            // it has; fewer may do (JDK-4511638). A length that fails means every shorter one fails.
            var precision = javaDigitCount(magnitude)
            var best = candidate(exact, magnitude, precision) ?: return search(exact, magnitude)
            while (precision > 1) {
                best = candidate(exact, magnitude, precision - 1) ?: break
                precision--
            }
            return from(best)
        }

        /** The digits by trying every length from 1 up: the slow way, for a JVM whose text misleads. */
        private fun search(exact: BigDecimal, magnitude: Double): ShortestDigits {
            for (precision in 1..17) {
                candidate(exact, magnitude, precision)?.let { return from(it) }
            }
            // 17 significant digits always read back; not reached.
            return from(exact.round(MathContext(17, RoundingMode.HALF_EVEN)))
        }

        /**
         * The [precision]-digit decimal nearest [exact] (ties to even) if it reads back as
         * [magnitude], else the one on the other side if that does, else null. The nearest may fall
         * outside the interval that reads back while the other falls inside, since the interval is
         * lopsided at powers of two.
         */
        private fun candidate(exact: BigDecimal, magnitude: Double, precision: Int): BigDecimal? {
            val nearest = exact.round(MathContext(precision, RoundingMode.HALF_EVEN))
            if (nearest.toDouble() == magnitude) return nearest
            val other = exact.round(MathContext(precision, if (nearest > exact) RoundingMode.FLOOR else RoundingMode.CEILING))
            return if (other.toDouble() == magnitude) other else null
        }

        /** How many significant digits `Double.toString` writes for [magnitude]. */
        private fun javaDigitCount(magnitude: Double): Int {
            val text = magnitude.toString()
            val mantissa = text.substringBefore('E').replace(".", "").trimStart('0').trimEnd('0')
            return mantissa.length.coerceIn(1, 17)
        }

        private fun from(decimal: BigDecimal): ShortestDigits {
            val stripped = decimal.stripTrailingZeros()
            val digits = stripped.unscaledValue().abs().toString()
            return ShortestDigits(digits, digits.length - 1 - stripped.scale())
        }
    }
}
