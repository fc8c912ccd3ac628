package dev.screenplay.json

/**
 * Writes JSON as UTF-8 with object members in UTF-8 byte order ([Utf8Order]), so the same value
 * always gives the same bytes: a port of Swift's `JSONWriter` (same layouts, escapes and number
 * text). Nesting is followed on a stack of its own, never by recursion.
 *
 * Strings escape `"` `\` as `\"` `\\`, line feed, carriage return and tab as `\n` `\r` `\t`, other
 * control characters as `\u00xx` (lowercase hex), and nothing else (`/`, U+007F and non-ASCII are
 * written as they are). A lone UTF-16 surrogate, which a Swift string cannot hold, is written as
 * U+FFFD. Numbers are written as [SwiftNumberText.json] says.
 *
 * ```kotlin
 * val value = JsonObject(mapOf("b" to JsonNumber(1.0), "a" to JsonArray(listOf(JsonBool.TRUE, JsonNull))))
 * JsonWriter.writeString(value) // {"a":[true,null],"b":1}
 * ```
 */
public object JsonWriter {
    /** How the output is laid out. */
    public enum class Layout {
        /** No white space at all: what goes over the wire. */
        Compact,

        /** Two-space indentation, one member or element per line, `": "`, a final newline: what is checked in. */
        Pretty,
    }

    /**
     * Serialises [value] as UTF-8 bytes.
     *
     * ```kotlin
     * JsonWriter.write(JsonArray(emptyList())).decodeToString() // []
     * ```
     */
    public fun write(value: JsonValue, layout: Layout = Layout.Compact): ByteArray {
        val output = Output(layout)
        output.value(value)
        if (layout == Layout.Pretty) output.byte('\n'.code)
        return output.bytes.copyOf(output.count)
    }

    /**
     * Serialises [value] as text.
     *
     * ```kotlin
     * JsonWriter.writeString(JsonObject(mapOf("a" to JsonNull)), JsonWriter.Layout.Pretty) // "{\n  \"a\": null\n}\n"
     * ```
     */
    public fun writeString(value: JsonValue, layout: Layout = Layout.Compact): String =
        write(value, layout).decodeToString()

    /** One open container: its children in the order they are written, and how many are done. */
    private class Open(val names: List<String>?, val values: List<JsonValue>) {
        var next = 0
    }

    private class Output(val layout: Layout) {
        var bytes = ByteArray(1024)
        var count = 0
        private val open = ArrayList<Open>()

        fun byte(byte: Int) {
            if (count == bytes.size) bytes = bytes.copyOf(bytes.size * 2)
            bytes[count++] = byte.toByte()
        }

        fun ascii(text: String) {
            for (character in text) byte(character.code)
        }

        fun newline() {
            if (layout != Layout.Pretty) return
            byte('\n'.code)
            repeat(open.size * 2) { byte(' '.code) }
        }

        fun value(root: JsonValue) {
            var current: JsonValue? = root
            while (true) {
                if (current != null) {
                    when (current) {
                        is JsonNull -> ascii("null")
                        is JsonBool -> ascii(if (current.value) "true" else "false")
                        is JsonNumber -> ascii(SwiftNumberText.json(current.value))
                        is JsonString -> string(current.value)
                        is JsonArray -> if (current.elements.isEmpty()) {
                            ascii("[]")
                        } else {
                            byte('['.code)
                            open.add(Open(null, current.elements))
                        }
                        is JsonObject -> if (current.members.isEmpty()) {
                            ascii("{}")
                        } else {
                            byte('{'.code)
                            val members = current.members
                            val names = members.keys.sortedWith(Utf8Order)
                            open.add(Open(names, names.map { members.getValue(it) }))
                        }
                    }
                }
                // The next child of the innermost open container, closing those that are done.
                val container = open.lastOrNull() ?: return
                if (container.next == container.values.size) {
                    open.removeAt(open.size - 1)
                    newline()
                    byte(if (container.names != null) '}'.code else ']'.code)
                    current = null
                    continue
                }
                if (container.next > 0) byte(','.code)
                newline()
                if (container.names != null) {
                    string(container.names[container.next])
                    byte(':'.code)
                    if (layout == Layout.Pretty) byte(' '.code)
                }
                current = container.values[container.next]
                container.next++
            }
        }

        /** Writes a string as UTF-8 between quotes, escaping what must be. */
        fun string(text: String) {
            byte('"'.code)
            var index = 0
            while (index < text.length) {
                val unit = text[index].code
                index++
                when {
                    unit == '"'.code -> { byte('\\'.code); byte('"'.code) }
                    unit == '\\'.code -> { byte('\\'.code); byte('\\'.code) }
                    unit == 0x0A -> { byte('\\'.code); byte('n'.code) }
                    unit == 0x0D -> { byte('\\'.code); byte('r'.code) }
                    unit == 0x09 -> { byte('\\'.code); byte('t'.code) }
                    unit < 0x20 -> {
                        ascii("\\u00")
                        byte(HEX[unit shr 4].code)
                        byte(HEX[unit and 0x0F].code)
                    }
                    unit < 0x80 -> byte(unit)
                    unit < 0x800 -> {
                        byte(0xC0 or (unit shr 6))
                        byte(0x80 or (unit and 0x3F))
                    }
                    unit in 0xD800..0xDBFF && index < text.length && text[index].code in 0xDC00..0xDFFF -> {
                        val scalar = 0x10000 + ((unit - 0xD800) shl 10) + (text[index].code - 0xDC00)
                        index++
                        byte(0xF0 or (scalar shr 18))
                        byte(0x80 or ((scalar shr 12) and 0x3F))
                        byte(0x80 or ((scalar shr 6) and 0x3F))
                        byte(0x80 or (scalar and 0x3F))
                    }
                    else -> {
                        val scalar = if (unit in 0xD800..0xDFFF) 0xFFFD else unit
                        byte(0xE0 or (scalar shr 12))
                        byte(0x80 or ((scalar shr 6) and 0x3F))
                        byte(0x80 or (scalar and 0x3F))
                    }
                }
            }
            byte('"'.code)
        }
    }

    private const val HEX = "0123456789abcdef"
}
