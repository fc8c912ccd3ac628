package dev.screenplay.expressions

/**
 * A text as its Unicode code points, so that every position is a code-point offset, as Swift's Unicode-scalar
 * offsets are (a `String` index on the JVM counts UTF-16 units). Lone surrogates, which the JSON reader never
 * produces, would count as one code point each.
 */
internal class CodePoints(text: String) {
    private val points: IntArray = text.codePoints().toArray()

    /** How many code points the text has. */
    val size: Int get() = points.size

    /** The code point at [index]. */
    operator fun get(index: Int): Int = points[index]

    /** Whether the code point at [index] exists and is [char]. */
    fun isAt(index: Int, char: Char): Boolean = index in points.indices && points[index] == char.code

    /** Whether the code point at [index] is an ASCII digit (never another script's digit). */
    fun isDigit(index: Int): Boolean = index in points.indices && points[index] in '0'.code..'9'.code

    /** The text of code points `from until to`. */
    fun text(from: Int, to: Int): String = String(points, from, to - from)
}
