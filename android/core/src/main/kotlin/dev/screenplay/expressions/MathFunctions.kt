package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionType.INTEGER
import dev.screenplay.expressions.ExpressionType.NUMBER
import dev.screenplay.expressions.ExpressionValue.IntegerValue
import dev.screenplay.expressions.ExpressionValue.NumberValue

/**
 * Math and trigonometry ← ExpressionFunctions+Math.swift: folds over integers (overflow an error) or numbers,
 * extrema, sign, rounding, the constants, and the trigonometric functions in radians.
 *
 * Trigonometry uses `StrictMath` (fdlibm), so every device gives the same digits; `Math.sin` may differ by an ulp
 * from one VM to another.
 */
internal object MathFunctions {
    fun register(builder: ExpressionFunctions.Builder) {
        registerMath(builder)
        registerTrigonometry(builder)
    }

    private class Fold(val name: String, val summary: String, val integer: (Long, Long) -> Long, val number: (Double, Double) -> Double)

    private fun registerMath(builder: ExpressionFunctions.Builder) = with(builder) {
        val folds = listOf(
            Fold("sum", "The sum of the arguments (integer overflow an error).", Math::addExact) { a, b -> a + b },
            Fold("sub", "The first argument minus the others, left to right.", Math::subtractExact) { a, b -> a - b },
            Fold("mul", "The product of the arguments.", Math::multiplyExact) { a, b -> a * b },
        )
        for (fold in folds) {
            define(fold.name, listOf(INTEGER), INTEGER, fold.summary, variadic = true) { call ->
                var total = call.integer(0)
                for (index in 1 until call.arguments.size) total = overflowing { fold.integer(total, call.integer(index)) }
                IntegerValue(total)
            }
            define(fold.name, listOf(NUMBER), NUMBER, fold.summary, variadic = true) { call ->
                var total = call.number(0)
                for (index in 1 until call.arguments.size) total = fold.number(total, call.number(index))
                NumberValue(total)
            }
        }
        define("div", listOf(INTEGER, INTEGER), INTEGER, "Integer division, truncating toward zero; by zero an error.") { call ->
            val a = call.integer(0)
            val b = call.integer(1)
            if (b == 0L) throw ExpressionFailure("Division by zero is not supported.")
            if (a == Long.MIN_VALUE && b == -1L) throw ExpressionFailure("Integer overflow.")
            IntegerValue(a / b)
        }
        define("div", listOf(NUMBER, NUMBER), NUMBER, "Division; by zero an error.") { call ->
            if (call.number(1) == 0.0) throw ExpressionFailure("Division by zero is not supported.")
            NumberValue(call.number(0) / call.number(1))
        }
        define("mod", listOf(INTEGER, INTEGER), INTEGER, "The remainder, with the sign of the dividend; by zero an error.") { call ->
            val a = call.integer(0)
            val b = call.integer(1)
            if (b == 0L) throw ExpressionFailure("Division by zero is not supported.")
            IntegerValue(if (b == -1L) 0L else a % b)
        }
        define("mod", listOf(NUMBER, NUMBER), NUMBER, "The remainder (fmod); by zero an error.") { call ->
            if (call.number(1) == 0.0) throw ExpressionFailure("Division by zero is not supported.")
            NumberValue(call.number(0).rem(call.number(1)))
        }
        for (pickLargest in listOf(true, false)) {
            val name = if (pickLargest) "max" else "min"
            val summary = if (pickLargest) "The largest argument." else "The smallest argument."
            define(name, listOf(INTEGER), INTEGER, summary, variadic = true) { call ->
                var best = call.integer(0)
                for (index in 1 until call.arguments.size) {
                    val value = call.integer(index)
                    if (if (pickLargest) best < value else value < best) best = value
                }
                IntegerValue(best)
            }
            define(name, listOf(NUMBER), NUMBER, summary, variadic = true) { call ->
                // Swift's Sequence.max()/min(): a later element replaces the best only when `<` says so, so the
                // first of equal ones (0.0 and -0.0) stays and NaN never replaces nor is replaced by comparison.
                var best = call.number(0)
                for (index in 1 until call.arguments.size) {
                    val value = call.number(index)
                    if (if (pickLargest) best < value else value < best) best = value
                }
                NumberValue(best)
            }
        }
        define("abs", listOf(INTEGER), INTEGER, "The magnitude; abs(minInteger()) an overflow.") { call ->
            val value = call.integer(0)
            if (value == Long.MIN_VALUE) throw ExpressionFailure("Integer overflow.")
            IntegerValue(Math.abs(value))
        }
        define("abs", listOf(NUMBER), NUMBER, "The magnitude.") { call -> NumberValue(Math.abs(call.number(0))) }
        define("signum", listOf(INTEGER), INTEGER, "-1, 0 or 1.") { call -> IntegerValue(java.lang.Long.signum(call.integer(0)).toLong()) }
        define("signum", listOf(NUMBER), NUMBER, "-1.0, 0.0 or 1.0 (the zero keeps its sign).") { call ->
            val value = call.number(0)
            NumberValue(if (value > 0) 1.0 else if (value < 0) -1.0 else value)
        }
        define(
            "copySign",
            listOf(INTEGER, INTEGER),
            INTEGER,
            "The first's magnitude with the second's sign; a second of 0 (no sign) keeps the first as it is; overflow an error.",
        ) { call ->
            val value = call.integer(0)
            val sign = call.integer(1)
            // DivKit: an integer 0 has no sign to copy, so copySign(-7, 0) is -7 (and copySign(minInteger(), 0) no overflow).
            when {
                sign == 0L -> IntegerValue(value)
                value == Long.MIN_VALUE -> if (sign < 0) IntegerValue(value) else throw ExpressionFailure("Integer overflow.")
                sign < 0 -> IntegerValue(-Math.abs(value))
                else -> IntegerValue(Math.abs(value))
            }
        }
        define(
            "copySign",
            listOf(NUMBER, NUMBER),
            NUMBER,
            "The first's magnitude with the second's sign bit (-0.0 is negative; NaN positive).",
        ) { call ->
            // IEEE copySign, as DivKit (Java's Math.copySign): the sign of -0.0 is copied. A NaN's sign bit depends
            // on the CPU that made it, so a NaN counts as positive, as Java's StrictMath and the page read it.
            val sign = call.number(1)
            NumberValue(Math.copySign(call.number(0), if (sign.isNaN()) 1.0 else sign))
        }
        define("round", listOf(NUMBER), NUMBER, "Rounded half away from zero.") { call -> NumberValue(roundHalfAwayFromZero(call.number(0))) }
        define("floor", listOf(NUMBER), NUMBER, "Rounded down.") { call -> NumberValue(Math.floor(call.number(0))) }
        define("ceil", listOf(NUMBER), NUMBER, "Rounded up.") { call -> NumberValue(Math.ceil(call.number(0))) }
        define("maxInteger", emptyList(), INTEGER, "9223372036854775807.") { IntegerValue(Long.MAX_VALUE) }
        define("minInteger", emptyList(), INTEGER, "-9223372036854775808.") { IntegerValue(Long.MIN_VALUE) }
        define("maxNumber", emptyList(), NUMBER, "The largest finite double.") { NumberValue(Double.MAX_VALUE) }
        define("minNumber", emptyList(), NUMBER, "The smallest positive double (Java's MIN_VALUE).") { NumberValue(Double.MIN_VALUE) }
    }

    private fun registerTrigonometry(builder: ExpressionFunctions.Builder) = with(builder) {
        define("pi", emptyList(), NUMBER, "π.") { NumberValue(Math.PI) }
        // A result that is not a finite number (the sine of infinity) is an error, as in the page.
        val plain: List<Triple<String, String, Pair<(Double) -> Double, String>>> = listOf(
            Triple("sin", "The sine.", Pair(StrictMath::sin, "Unable to calculate sin.")),
            Triple("cos", "The cosine.", Pair(StrictMath::cos, "Unable to calculate cos.")),
            Triple("tan", "The tangent.", Pair(StrictMath::tan, "Unable to calculate tan.")),
            Triple("atan", "The arc tangent.", Pair(StrictMath::atan, "Unable to calculate atan.")),
            Triple("toRadians", "Degrees as radians.", Pair({ x: Double -> x / 180 * Math.PI }, "Unable to convert to radians.")),
            Triple("toDegrees", "Radians as degrees.", Pair({ x: Double -> x * 180 / Math.PI }, "Unable to convert to degrees.")),
        )
        for ((name, summary, rule) in plain) {
            val (function, reason) = rule
            define(name, listOf(NUMBER), NUMBER, "$summary Not a finite result: an error.") { call ->
                val value = function(call.number(0))
                if (!value.isFinite()) throw ExpressionFailure(reason)
                NumberValue(value)
            }
        }
        define("cot", listOf(NUMBER), NUMBER, "The cotangent; where the tangent is 0 an error.") { call ->
            val tangent = StrictMath.tan(call.number(0))
            if (tangent == 0.0 || !(1 / tangent).isFinite()) throw ExpressionFailure("Division by zero is not supported.")
            NumberValue(1 / tangent)
        }
        for ((name, function) in listOf<Pair<String, (Double) -> Double>>("asin" to StrictMath::asin, "acos" to StrictMath::acos)) {
            define(name, listOf(NUMBER), NUMBER, "The arc ${if (name == "asin") "sine" else "cosine"}; outside -1…1 an error.") { call ->
                val value = function(call.number(0))
                if (value.isNaN()) throw ExpressionFailure("Value out of range -1..1.")
                NumberValue(value)
            }
        }
    }

    /** [value] rounded half away from zero, as Swift's `rounded()` (Math.round rounds half up). */
    fun roundHalfAwayFromZero(value: Double): Double {
        if (!value.isFinite()) return value
        val whole = if (value < 0) Math.ceil(value) else Math.floor(value)
        // The fraction is exact: subtracting a double's integer part never rounds.
        return if (Math.abs(value - whole) >= 0.5) whole + Math.signum(value) else whole
    }

    private inline fun overflowing(operation: () -> Long): Long = try {
        operation()
    } catch (_: ArithmeticException) {
        throw ExpressionFailure("Integer overflow.")
    }
}
