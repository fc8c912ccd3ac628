package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionType.BOOLEAN
import dev.screenplay.expressions.ExpressionType.COLOR
import dev.screenplay.expressions.ExpressionType.INTEGER
import dev.screenplay.expressions.ExpressionType.NUMBER
import dev.screenplay.expressions.ExpressionType.STRING
import dev.screenplay.expressions.ExpressionType.URL

/**
 * The conversion functions ← ExpressionFunctions+Conversions.swift: `toString` (for every type, as a function and
 * as a method), `toInteger`, `toNumber`, `toBoolean`, `toColor`, `toUrl`. The `toString` methods are Swift's
 * `addMethods` (in ExpressionFunctions+Collections.swift); they live here with their function twins.
 */
internal object ConversionFunctions {
    fun register(builder: ExpressionFunctions.Builder) = with(builder) {
        for (type in ExpressionType.entries) {
            define("toString", listOf(type), STRING, "The value as templates show it.") { call -> text(call) }
        }
        define("toInteger", listOf(BOOLEAN), INTEGER, "1 for true, 0 for false.") { call ->
            ExpressionValue.IntegerValue(if (call.boolean(0)) 1L else 0L)
        }
        define("toInteger", listOf(NUMBER), INTEGER, "Truncated toward zero; outside 64 bits an error.", promotes = false) { call ->
            val value = call.number(0)
            if (!(value >= -9.223_372_036_854_775_808e18 && value < 9.223_372_036_854_775_808e18)) {
                throw ExpressionFailure("Unable to convert value to Integer.")
            }
            ExpressionValue.IntegerValue(value.toLong())
        }
        define("toInteger", listOf(STRING), INTEGER, "Decimal digits with an optional sign; anything else an error.") { call ->
            ExpressionValue.IntegerValue(strictInteger(call.string(0)) ?: throw ExpressionFailure("Unable to convert value to Integer."))
        }
        define("toNumber", listOf(INTEGER), NUMBER, "The integer as a number.") { call ->
            ExpressionValue.NumberValue(call.integer(0).toDouble())
        }
        define("toNumber", listOf(STRING), NUMBER, "A decimal number (sign, '.5', exponents); anything else or overflow an error.") { call ->
            ExpressionValue.NumberValue(strictNumber(call.string(0)) ?: throw ExpressionFailure("Unable to convert value to Number."))
        }
        define("toBoolean", listOf(STRING), BOOLEAN, "'true' or 'false'; anything else an error.") { call ->
            when (call.string(0)) {
                "true" -> ExpressionValue.BooleanValue(true)
                "false" -> ExpressionValue.BooleanValue(false)
                else -> throw ExpressionFailure("Unable to convert value to Boolean.")
            }
        }
        define("toBoolean", listOf(INTEGER), BOOLEAN, "1 or 0; anything else an error.") { call ->
            when (call.integer(0)) {
                1L -> ExpressionValue.BooleanValue(true)
                0L -> ExpressionValue.BooleanValue(false)
                else -> throw ExpressionFailure("Unable to convert value to Boolean.")
            }
        }
        define("toColor", listOf(STRING), COLOR, "#RGB, #ARGB, #RRGGBB or #AARRGGBB; anything else an error.") { call ->
            val color = ExpressionColor.parse(call.string(0))
                ?: throw ExpressionFailure("Unable to convert value to Color, expected format #AARRGGBB.")
            ExpressionValue.ColorValue(color)
        }
        define("toUrl", listOf(STRING), URL, "A URL as written; text that is not one an error.") { call ->
            ExpressionValue.UrlValue(url(call.string(0)) ?: throw ExpressionFailure("Unable to convert value to URL."))
        }
        for (type in ExpressionType.entries) {
            defineMethod("toString", listOf(type), STRING, "The receiver as templates show it.") { call -> text(call) }
        }
    }

    private fun text(call: ExpressionCall): ExpressionValue {
        val text = call.arguments[0].text
        call.checkLength(text.codePointCount(0, text.length).toLong())
        return ExpressionValue.StringValue(text)
    }

    /** `[+-]? digits` (ASCII digits only) within 64 bits, else null. */
    fun strictInteger(text: String): Long? {
        val digitsStart = if (text.startsWith('+') || text.startsWith('-')) 1 else 0
        if (text.length == digitsStart || (digitsStart until text.length).any { text[it] !in '0'..'9' }) return null
        return text.toLongOrNull()
    }

    /** A double from `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?` (ASCII), finite; else null. */
    fun strictNumber(text: String): Double? {
        var index = 0
        fun digits(): Int {
            val start = index
            while (index < text.length && text[index] in '0'..'9') index += 1
            return index - start
        }
        if (index < text.length && (text[index] == '+' || text[index] == '-')) index += 1
        var mantissa = digits()
        if (index < text.length && text[index] == '.') {
            index += 1
            mantissa += digits()
        }
        if (mantissa == 0) return null
        if (index < text.length && (text[index] == 'e' || text[index] == 'E')) {
            index += 1
            if (index < text.length && (text[index] == '+' || text[index] == '-')) index += 1
            if (digits() == 0) return null
        }
        if (index != text.length) return null
        // The grammar is a subset of Java's, whose reading rounds correctly as Swift's does.
        return text.toDouble().takeIf { it.isFinite() }
    }

    /**
     * [text] when it reads as a URL, else null: not empty, no white space or `"<>\^`{|}`, every `%` followed by two
     * hex digits, and a scheme (text before a `:` that comes before any `/?#`) that is a letter then letters,
     * digits, `+`, `-` or `.`. This is the page's rule (expressions.js `isURL`); Swift asks Foundation's URL
     * parser, whose answer differs between platforms for text such as `a b` or `%zz`.
     */
    fun url(text: String): String? {
        if (text.isEmpty()) return null
        for ((index, char) in text.withIndex()) {
            if (isScriptWhiteSpace(char) || char in "\"<>\\^`{|}") return null
            if (char == '%' && !(index + 2 < text.length && isHex(text[index + 1]) && isHex(text[index + 2]))) return null
        }
        val end = text.indexOfFirst { it == ':' || it == '/' || it == '?' || it == '#' }
        if (end < 0 || text[end] != ':') return text
        val schemeFits = end > 0 && text[0].isAsciiLetter() &&
            (1 until end).all { text[it].isAsciiLetter() || text[it] in '0'..'9' || text[it] in "+.-" }
        return if (schemeFits) text else null
    }

    private fun isHex(char: Char): Boolean = char in '0'..'9' || char in 'a'..'f' || char in 'A'..'F'

    private fun Char.isAsciiLetter(): Boolean = this in 'a'..'z' || this in 'A'..'Z'

    /** ECMAScript's `\s`: its white space and line terminators. */
    private fun isScriptWhiteSpace(char: Char): Boolean = when (char) {
        '\t', '\n', '\u000B', '\u000C', '\r', ' ', '\u00A0', '\u1680', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000', '\uFEFF' -> true
        else -> char in '\u2000'..'\u200A'
    }
}
