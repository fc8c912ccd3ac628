package dev.screenplay.json

/**
 * Orders strings by their UTF-8 bytes (the same as by Unicode code points), the order
 * [JsonWriter] writes object members in. `String.compareTo` orders by UTF-16 code units, which
 * differs for characters above U+FFFF against U+E000…U+FFFF.
 *
 * ```kotlin
 * listOf("\uFF21", "\uD83D\uDE00").sortedWith(Utf8Order) // ["Ａ", "😀"]
 * ```
 */
public object Utf8Order : Comparator<String> {
    override fun compare(a: String, b: String): Int {
        val count = minOf(a.length, b.length)
        for (index in 0 until count) {
            val left = a[index]
            val right = b[index]
            if (left != right) return rank(left) - rank(right)
        }
        return a.length - b.length
    }

    /** Moves surrogates (U+D800…U+DFFF) above U+E000…U+FFFF, so code units sort as code points do. */
    private fun rank(unit: Char): Int {
        val code = unit.code
        return when {
            code >= 0xE000 -> code - 0x800
            code >= 0xD800 -> code + 0x2000
            else -> code
        }
    }
}
