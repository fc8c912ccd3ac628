package dev.screenplay.expressions

import dev.screenplay.json.JsonString
import dev.screenplay.json.JsonValue

/**
 * How a JSON element (of an array, a dict, or a fallback given as text) reads as a typed value
 * ← ExpressionFunctions+Collections.swift's `element` and `typeName`: an integral number reads as an integer and
 * as a number, a string as a color or a url when it is one.
 */
internal object CollectionElements {
    /** The JSON value's type name for messages: `Integer`, `String`, …, `Null`. */
    fun typeName(json: JsonValue): String = ExpressionValue.fromJson(json)?.type?.toString() ?: "Null"

    /** [json] read as [type], or DivKit's `Incorrect value type` failure. */
    fun element(json: JsonValue, type: ExpressionType): ExpressionValue {
        val value = ExpressionValue.fromJson(json)
        when {
            type == ExpressionType.NUMBER && value is ExpressionValue.IntegerValue -> return ExpressionValue.NumberValue(value.value.toDouble())
            type == ExpressionType.COLOR && value is ExpressionValue.StringValue ->
                ExpressionColor.parse(value.value)?.let { return ExpressionValue.ColorValue(it) }
            type == ExpressionType.URL && value is ExpressionValue.StringValue ->
                ConversionFunctions.url(value.value)?.let { return ExpressionValue.UrlValue(it) }
            value != null && value.type == type -> return value
        }
        throw ExpressionFailure("Incorrect value type: expected $type, got ${typeName(json)}.")
    }

    /** The text [text] read as [type], as [element] reads a JSON string. */
    fun element(text: String, type: ExpressionType): ExpressionValue = element(JsonString(text), type)
}
