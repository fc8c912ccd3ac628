package dev.screenplay.expressions

/**
 * One overload of a built-in function or method: its parameter types, result type and body
 * ← ExpressionFunction.swift.
 *
 * A method's first parameter is its receiver. With [isVariadic], the last parameter repeats (at least once).
 * Integer arguments are promoted to number parameters unless [promotesIntegers] is false. The body throws
 * [ExpressionFailure] with DivKit's reason.
 *
 * ```kotlin
 * val twice = ExpressionFunction("twice", listOf(ExpressionType.INTEGER), ExpressionType.INTEGER, "2 × x, overflow an error") { call ->
 *     try {
 *         ExpressionValue.IntegerValue(Math.multiplyExact(call.integer(0), 2L))
 *     } catch (_: ArithmeticException) {
 *         throw ExpressionFailure("Integer overflow.")
 *     }
 * }
 * val functions = ExpressionFunctions.STANDARD.with { add(twice) }
 * ```
 *
 * @property name the name calls use.
 * @property parameters the parameter types (for a method, the receiver first).
 * @property result the result type.
 * @property summary the semantics in one line.
 * @property isVariadic whether the last parameter repeats.
 * @property promotesIntegers whether integer arguments may be promoted to number parameters (DivKit refuses
 * `toInteger(3)` rather than promote it).
 * @property body computes the result from the promoted arguments.
 */
public class ExpressionFunction(
    public val name: String,
    public val parameters: List<ExpressionType>,
    public val result: ExpressionType,
    public val summary: String,
    public val isVariadic: Boolean = false,
    public val promotesIntegers: Boolean = true,
    public val body: (ExpressionCall) -> ExpressionValue,
) {
    /** How well arguments of types [arguments] fit: exactly, after integer → number promotion, or not at all. */
    internal fun match(arguments: List<ExpressionType>): Match {
        val countFits = if (isVariadic) arguments.size >= parameters.size else arguments.size == parameters.size
        if (!countFits) return if (arguments.size < parameters.size) Match.TOO_FEW else Match.TOO_MANY
        var promoted = false
        for ((index, argument) in arguments.withIndex()) {
            val parameter = parameters[minOf(index, parameters.size - 1)]
            if (argument == parameter) continue
            if (argument == ExpressionType.INTEGER && parameter == ExpressionType.NUMBER && promotesIntegers) {
                promoted = true
                continue
            }
            return Match.MISMATCH
        }
        return if (promoted) Match.PROMOTED else Match.EXACT
    }

    /** The parameter type the argument at [index] takes (the last one repeats for a variadic overload). */
    internal fun parameter(index: Int): ExpressionType = parameters[minOf(index, parameters.size - 1)]

    override fun toString(): String = "$name(${parameters.joinToString(", ")})${if (isVariadic) "…" else ""} -> $result"

    /** How arguments fit an overload. */
    internal enum class Match { EXACT, PROMOTED, TOO_FEW, TOO_MANY, MISMATCH }
}
