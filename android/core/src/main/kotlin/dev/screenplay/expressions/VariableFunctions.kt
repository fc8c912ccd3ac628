package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionType.BOOLEAN
import dev.screenplay.expressions.ExpressionType.COLOR
import dev.screenplay.expressions.ExpressionType.INTEGER
import dev.screenplay.expressions.ExpressionType.NUMBER
import dev.screenplay.expressions.ExpressionType.STRING
import dev.screenplay.expressions.ExpressionType.URL

/**
 * The variable functions ← ExpressionFunctions+Variables.swift: `get<T>Value(name, fallback)` reads a variable by
 * a name computed at run time and gives the fallback when it is missing or has another type (no integer → number
 * promotion here: DivKit's rule). A color or url fallback may be given as text; text that is not one is an error.
 */
internal object VariableFunctions {
    private val readers: List<Triple<String, ExpressionType, List<ExpressionType>>> = listOf(
        Triple("getIntegerValue", INTEGER, listOf(INTEGER)),
        Triple("getNumberValue", NUMBER, listOf(NUMBER)),
        Triple("getStringValue", STRING, listOf(STRING)),
        Triple("getBooleanValue", BOOLEAN, listOf(BOOLEAN)),
        Triple("getColorValue", COLOR, listOf(COLOR, STRING)),
        Triple("getUrlValue", URL, listOf(URL, STRING)),
    )

    fun register(builder: ExpressionFunctions.Builder) {
        for ((name, type, fallbacks) in readers) {
            for (fallback in fallbacks) {
                builder.define(
                    name,
                    listOf(STRING, fallback),
                    type,
                    "The variable when it exists with type $type (no promotion), else the fallback.",
                ) { call ->
                    val value = call.variables.value(call.string(0))
                    when {
                        value != null && value.type == type -> value
                        fallback == STRING && type != STRING -> CollectionElements.element(call.string(1), type)
                        else -> call.arguments[1]
                    }
                }
            }
        }
    }
}
