package dev.screenplay.expressions

/**
 * One token of an expression: its [kind], its [text] (digits, name or symbol; empty for the others) and where it
 * is, `start until end` in code points ← the `Token` of ExpressionParser.swift.
 */
internal data class ExpressionToken(val kind: Kind, val text: String, val start: Int, val end: Int) {
    enum class Kind { INTEGER, NUMBER, IDENTIFIER, QUOTE, SYMBOL, END, INVALID }

    /** Whether this is the symbol [symbol]. */
    fun isSymbol(symbol: String): Boolean = kind == Kind.SYMBOL && text == symbol
}
