package dev.screenplay.expressions

import dev.screenplay.json.JsonArray
import dev.screenplay.json.JsonBool
import dev.screenplay.json.JsonNull
import dev.screenplay.json.JsonNumber
import dev.screenplay.json.JsonObject
import dev.screenplay.json.JsonString
import dev.screenplay.json.JsonValue
import dev.screenplay.json.JsonWriter

/**
 * A value of the expression language: what an expression evaluates to and what variables hold
 * ← ExpressionValue.swift.
 *
 * The cases are DivKit's types. Integers are 64-bit and never wrap; numbers are doubles; a datetime is an instant
 * in milliseconds since 1970 UTC; arrays and dicts hold JSON.
 *
 * ```kotlin
 * ExpressionValue.NumberValue(5.0).text   // "5.0"
 * ExpressionValue.DictValue(mapOf("b" to JsonNumber(1.0), "a" to JsonBool.TRUE)).text   // {"a":true,"b":1}
 * ```
 */
public sealed interface ExpressionValue {
    /** This value's type. */
    public val type: ExpressionType

    /**
     * The value as a string, as templates and `toString` convert it (DivKit's rules): numbers always with a
     * fraction digit and in E-notation outside 10⁻³…10⁷ (`5.0`, `1.0E23`), colors as `#AARRGGBB`, datetimes as
     * `yyyy-MM-dd HH:mm:ss` in UTC, arrays and dicts as compact JSON with sorted keys.
     */
    public val text: String

    /**
     * The value as DivKit's error messages show it: strings in single quotes (with `\` and `'` escaped),
     * arrays as `<array>`, dicts as `<dict>`, everything else as [text].
     */
    public val preview: String get() = text

    /** The value as JSON, for storing it in an array or dict: colors, urls and datetimes as their text. */
    public val json: JsonValue

    /** A string. */
    public data class StringValue(public val value: String) : ExpressionValue {
        override val type: ExpressionType get() = ExpressionType.STRING
        override val text: String get() = value
        override val preview: String get() = "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"
        override val json: JsonValue get() = JsonString(value)
    }

    /** A 64-bit integer. */
    public data class IntegerValue(public val value: Long) : ExpressionValue {
        override val type: ExpressionType get() = ExpressionType.INTEGER
        override val text: String get() = value.toString()
        override val json: JsonValue get() = JsonNumber(value.toDouble())
    }

    /** A double; equal as Swift's `==` on doubles is (`0.0 == -0.0`, NaN equal to nothing). */
    public class NumberValue(public val value: Double) : ExpressionValue {
        override val type: ExpressionType get() = ExpressionType.NUMBER
        override val text: String get() = JavaDoubleText.text(value)
        override val json: JsonValue get() = JsonNumber(value)

        override fun equals(other: Any?): Boolean = other is NumberValue && other.value == value

        override fun hashCode(): Int = (if (value == 0.0) 0.0 else value).hashCode()

        override fun toString(): String = "NumberValue(value=$text)"
    }

    /** A boolean. */
    public data class BooleanValue(public val value: Boolean) : ExpressionValue {
        override val type: ExpressionType get() = ExpressionType.BOOLEAN
        override val text: String get() = if (value) "true" else "false"
        override val json: JsonValue get() = JsonBool.of(value)
    }

    /** A color. */
    public data class ColorValue(public val value: ExpressionColor) : ExpressionValue {
        override val type: ExpressionType get() = ExpressionType.COLOR
        override val text: String get() = value.toString()
        override val json: JsonValue get() = JsonString(text)
    }

    /** A url, held as its text. */
    public data class UrlValue(public val value: String) : ExpressionValue {
        override val type: ExpressionType get() = ExpressionType.URL
        override val text: String get() = value
        override val json: JsonValue get() = JsonString(value)
    }

    /** An instant: milliseconds since 1970-01-01 00:00:00 UTC. */
    public data class DatetimeValue(public val milliseconds: Long) : ExpressionValue {
        override val type: ExpressionType get() = ExpressionType.DATETIME
        override val text: String get() = CivilTime.of(milliseconds).text
        override val json: JsonValue get() = JsonString(text)
    }

    /** An array of JSON values. */
    public data class ArrayValue(public val elements: List<JsonValue>) : ExpressionValue {
        override val type: ExpressionType get() = ExpressionType.ARRAY
        override val text: String get() = JsonWriter.writeString(json)
        override val preview: String get() = "<array>"
        override val json: JsonValue get() = JsonArray(elements)
    }

    /** A dict: JSON members by name. */
    public data class DictValue(public val members: Map<String, JsonValue>) : ExpressionValue {
        override val type: ExpressionType get() = ExpressionType.DICT
        override val text: String get() = JsonWriter.writeString(json)
        override val preview: String get() = "<dict>"
        override val json: JsonValue get() = JsonObject(members)
    }

    public companion object {
        /**
         * A value read from JSON for an array element or dict member: integral numbers below 9.2e18 in magnitude are
         * integers, other numbers numbers; null for `null`.
         */
        public fun fromJson(json: JsonValue): ExpressionValue? = when (json) {
            JsonNull -> null
            is JsonBool -> BooleanValue(json.value)
            is JsonString -> StringValue(json.value)
            is JsonNumber -> {
                val value = json.value
                if (Math.rint(value) == value && Math.abs(value) < 9.2e18) IntegerValue(value.toLong()) else NumberValue(value)
            }
            is JsonArray -> ArrayValue(json.elements)
            is JsonObject -> DictValue(json.members)
        }

        /**
         * A variable's value as a screen, an app or a command line declares it: its [type] and a JSON value
         * ← ExpressionValue+Declared.swift. Null when the value does not fit the type (a string for an `integer`,
         * a fraction for an `integer`, a colour that is not `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB`); `datetime`
         * is not a declared type. A `boolean` takes `true` and `false`, and `1` and `0` as DivKit writes them.
         *
         * ```kotlin
         * ExpressionValue.declared(ExpressionType.COLOR, JsonString("#fce"))   // ColorValue(#FFFFCCEE)
         * ExpressionValue.declared(ExpressionType.INTEGER, JsonNumber(2.5))    // null
         * ```
         */
        public fun declared(type: ExpressionType, json: JsonValue): ExpressionValue? = when (type) {
            ExpressionType.STRING -> (json as? JsonString)?.let { StringValue(it.value) }
            ExpressionType.URL -> (json as? JsonString)?.let { UrlValue(it.value) }
            ExpressionType.BOOLEAN -> when {
                json is JsonBool -> BooleanValue(json.value)
                // DivKit's documents write booleans as 0 and 1 too; any other number or a string ("1") is refused.
                json is JsonNumber && (json.value == 0.0 || json.value == 1.0) -> BooleanValue(json.value == 1.0)
                else -> null
            }
            ExpressionType.NUMBER -> (json as? JsonNumber)?.value?.takeIf { it.isFinite() }?.let { NumberValue(it) }
            ExpressionType.INTEGER -> (json as? JsonNumber)?.value
                ?.takeIf { Math.rint(it) == it && Math.abs(it) < 9.2e18 }?.let { IntegerValue(it.toLong()) }
            ExpressionType.COLOR -> (json as? JsonString)?.let { ExpressionColor.parse(it.value) }?.let { ColorValue(it) }
            ExpressionType.ARRAY -> (json as? JsonArray)?.let { ArrayValue(it.elements) }
            ExpressionType.DICT -> (json as? JsonObject)?.let { DictValue(it.members) }
            ExpressionType.DATETIME -> null
        }
    }
}
