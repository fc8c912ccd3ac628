package dev.screenplay.expressions

import dev.screenplay.json.JsonValue

/**
 * A call in progress, as a function body sees it ← ExpressionFunction.swift's `ExpressionCall`.
 *
 * The typed readers give a neutral value ("", 0, false, transparent black, an empty array or dict) when the
 * argument at that index has another type; resolution guarantees the types, so a body never sees one.
 *
 * ```kotlin
 * ExpressionFunction("twice", listOf(ExpressionType.STRING), ExpressionType.STRING, "The string twice.") { call ->
 *     val text = call.string(0)
 *     call.checkLength(2L * text.codePointCount(0, text.length))
 *     ExpressionValue.StringValue(text + text)
 * }
 * ```
 *
 * @property arguments the arguments, promoted to the overload's parameter types (a method's receiver first).
 * @property variables the evaluation's variables.
 * @property localeIdentifier the locale formatting functions use.
 * @property now the current time, milliseconds since 1970 UTC.
 * @property maxStringLength the longest string, in code points, the call may make.
 */
public class ExpressionCall internal constructor(
    public val arguments: List<ExpressionValue>,
    public val variables: ExpressionVariables,
    public val localeIdentifier: String,
    public val now: () -> Long,
    public val maxStringLength: Int,
) {
    private val addedWarnings = mutableListOf<String>()

    /** Warnings the call added (DivKit's `String for padding is empty.`), in order. */
    public val warnings: List<String> get() = addedWarnings

    /** Adds a warning; the evaluation collects it and still gives the call's result. */
    public fun warn(warning: String) {
        addedWarnings += warning
    }

    /** The string (or url) at [index]; "" when the argument is something else. */
    public fun string(index: Int): String = when (val value = arguments[index]) {
        is ExpressionValue.StringValue -> value.value
        is ExpressionValue.UrlValue -> value.value
        else -> ""
    }

    /** The integer at [index]; 0 when it is something else. */
    public fun integer(index: Int): Long = (arguments[index] as? ExpressionValue.IntegerValue)?.value ?: 0L

    /** The number at [index] (an integer converted); 0 when it is something else. */
    public fun number(index: Int): Double = when (val value = arguments[index]) {
        is ExpressionValue.NumberValue -> value.value
        is ExpressionValue.IntegerValue -> value.value.toDouble()
        else -> 0.0
    }

    /** The boolean at [index]; false when it is something else. */
    public fun boolean(index: Int): Boolean = (arguments[index] as? ExpressionValue.BooleanValue)?.value ?: false

    /** The color at [index]; transparent black when it is something else. */
    public fun color(index: Int): ExpressionColor = (arguments[index] as? ExpressionValue.ColorValue)?.value ?: ExpressionColor(0)

    /** The datetime at [index], in milliseconds since 1970 UTC; 0 when it is something else. */
    public fun datetime(index: Int): Long = (arguments[index] as? ExpressionValue.DatetimeValue)?.milliseconds ?: 0L

    /** The array at [index]; empty when it is something else. */
    public fun array(index: Int): List<JsonValue> = (arguments[index] as? ExpressionValue.ArrayValue)?.elements ?: emptyList()

    /** The dict at [index]; empty when it is something else. */
    public fun dict(index: Int): Map<String, JsonValue> = (arguments[index] as? ExpressionValue.DictValue)?.members ?: emptyMap()

    /** Throws a limit failure when [length] code points would be too long a string. */
    public fun checkLength(length: Long) {
        if (length > maxStringLength) {
            throw ExpressionFailure("The result would be longer than $maxStringLength characters.", isLimit = true)
        }
    }
}
