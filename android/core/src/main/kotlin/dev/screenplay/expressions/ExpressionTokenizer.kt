package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionToken.Kind

/**
 * Reads the token at an offset of an expression's code points ← the tokenizing part of ExpressionParser.swift.
 *
 * Integers and numbers (ASCII digits, `.5`, exponents), identifiers (ASCII letters, digits, `_` and `.`, starting
 * with a letter or `_`), a quote, the symbols (longest first), the end and anything else as one invalid code
 * point. White space is `' '`, tab, line feed and carriage return only.
 */
internal class ExpressionTokenizer(private val points: CodePoints) {
    /** The token starting at [offset] after white space. */
    fun token(offset: Int): ExpressionToken {
        val start = skipWhitespace(offset)
        if (start >= points.size) return ExpressionToken(Kind.END, "", start, start)
        numberToken(start)?.let { return it }
        val point = points[start]
        if (point == '_'.code || isLetter(point)) {
            var end = start + 1
            while (end < points.size) {
                val next = points[end]
                if (next == '_'.code || next == '.'.code || isLetter(next) || next in '0'.code..'9'.code) end++ else break
            }
            return ExpressionToken(Kind.IDENTIFIER, points.text(start, end), start, end)
        }
        if (point == '\''.code) return ExpressionToken(Kind.QUOTE, "", start, start + 1)
        for (symbol in SYMBOLS) {
            if (start + symbol.length <= points.size && symbol.indices.all { points[start + it] == symbol[it].code }) {
                return ExpressionToken(Kind.SYMBOL, symbol, start, start + symbol.length)
            }
        }
        return ExpressionToken(Kind.INVALID, "", start, start + 1)
    }

    /** A number literal starting exactly at [start] (no white space skipped), if one does. */
    fun numberToken(start: Int): ExpressionToken? {
        if (!(points.isDigit(start) || (points.isAt(start, '.') && points.isDigit(start + 1)))) return null
        var end = start
        var isNumber = false
        while (points.isDigit(end)) end++
        if (points.isAt(end, '.') && points.isDigit(end + 1)) {
            isNumber = true
            end++
            while (points.isDigit(end)) end++
        }
        if (points.isAt(end, 'e') || points.isAt(end, 'E')) {
            var exponentEnd = end + 1
            if (points.isAt(exponentEnd, '+') || points.isAt(exponentEnd, '-')) exponentEnd++
            if (points.isDigit(exponentEnd)) {
                isNumber = true
                end = exponentEnd
                while (points.isDigit(end)) end++
            }
        }
        return ExpressionToken(if (isNumber) Kind.NUMBER else Kind.INTEGER, points.text(start, end), start, end)
    }

    private fun skipWhitespace(offset: Int): Int {
        var index = offset
        while (index < points.size) {
            when (points[index]) {
                ' '.code, '\t'.code, '\n'.code, '\r'.code -> index++
                else -> return index
            }
        }
        return index
    }

    private fun isLetter(point: Int): Boolean = point in 'a'.code..'z'.code || point in 'A'.code..'Z'.code

    private companion object {
        /** The symbols, longest first. */
        val SYMBOLS = listOf(
            "!:", "!=", "==", "<=", ">=", "&&", "||", "!", "<", ">", "+", "-", "*", "/", "%", "?", ":", "(", ")", ",",
            ".", "}",
        )
    }
}
