package dev.screenplay.json

/**
 * A strict JSON parser (RFC 8259) over UTF-8 bytes that enforces Screenplay's limits while it
 * reads: a port of Swift's `JSONParser` with the same error codes, messages and positions.
 *
 * It never recurses: open arrays and objects live on a stack of its own, so hostile nesting costs
 * a [JsonParseError], never a `StackOverflowError`.
 *
 * ```kotlin
 * val value = JsonParser.parse("""{"type":"text","text":"Hi"}""".encodeToByteArray())
 * value["text"]?.stringValue // "Hi"
 * ```
 */
public object JsonParser {
    /** Largest document accepted unless told otherwise, in bytes (4 MiB, as `DocumentLimits.default`). */
    public const val DEFAULT_MAX_DOCUMENT_BYTES: Int = 4 * 1024 * 1024

    /** Deepest nesting accepted unless told otherwise, counting every array and object. */
    public const val DEFAULT_MAX_DEPTH: Int = 128

    /** Longest string accepted unless told otherwise, in UTF-8 bytes after unescaping (64 KiB). */
    public const val DEFAULT_MAX_STRING_BYTES: Int = 64 * 1024

    /**
     * Parses [bytes] (UTF-8, an optional byte order mark) into a [JsonValue].
     *
     * The size is checked before anything is read; depth and string length while reading.
     *
     * ```kotlin
     * JsonParser.parse("[1,2]".encodeToByteArray(), maxDepth = 1) // JsonArray of two numbers
     * ```
     *
     * @throws JsonParseError when the bytes are not JSON or break a limit.
     */
    public fun parse(
        bytes: ByteArray,
        maxDocumentBytes: Int = DEFAULT_MAX_DOCUMENT_BYTES,
        maxDepth: Int = DEFAULT_MAX_DEPTH,
        maxStringBytes: Int = DEFAULT_MAX_STRING_BYTES,
    ): JsonValue {
        if (bytes.size > maxDocumentBytes) {
            throw JsonParseError(
                JsonParseError.Code.documentTooLarge,
                "document is ${bytes.size} bytes; the limit is $maxDocumentBytes",
                line = 1, column = 1, offset = 0,
            )
        }
        return Reader(bytes, maxDepth, maxStringBytes).parseDocument()
    }

    /** Why an escape sequence is invalid, and the offset of its backslash (or digit) in the content. */
    internal class EscapeError(val reason: String, val offset: Int, val isEnd: Boolean) :
        Exception(reason, null, false, false)

    /**
     * Appends the string content `bytes[from, to)` (between its quotes) to [output] with its escapes
     * undone. Offsets in an [EscapeError] are relative to [from].
     */
    internal fun unescape(bytes: ByteArray, from: Int, to: Int, output: ByteBuffer) {
        var index = from
        fun hex4(): Int {
            var value = 0
            repeat(4) {
                // Past the content is the string's closing quote.
                val byte = if (index < to) bytes[index].toInt() and 0xFF else '"'.code
                val digit = when (byte) {
                    in '0'.code..'9'.code -> byte - '0'.code
                    in 'a'.code..'f'.code -> byte - 'a'.code + 10
                    in 'A'.code..'F'.code -> byte - 'A'.code + 10
                    else -> throw EscapeError("invalid hex digit ${describe(byte)} in \\u escape", index - from, false)
                }
                value = value shl 4 or digit
                index++
            }
            return value
        }
        while (index < to) {
            val byte = bytes[index].toInt() and 0xFF
            if (byte != '\\'.code) {
                output.add(byte)
                index++
                continue
            }
            index++
            if (index >= to) throw EscapeError("unterminated string", index - from, true)
            val escaped = bytes[index].toInt() and 0xFF
            index++
            when (escaped) {
                '"'.code -> output.add('"'.code)
                '\\'.code -> output.add('\\'.code)
                '/'.code -> output.add('/'.code)
                'b'.code -> output.add(0x08)
                'f'.code -> output.add(0x0C)
                'n'.code -> output.add(0x0A)
                'r'.code -> output.add(0x0D)
                't'.code -> output.add(0x09)
                'u'.code -> {
                    var scalar = hex4()
                    if (scalar in 0xD800..0xDBFF) {
                        if (!(index + 1 < to && bytes[index] == '\\'.code.toByte() && bytes[index + 1] == 'u'.code.toByte())) {
                            throw EscapeError("unpaired UTF-16 surrogate in \\u escape", index - from, false)
                        }
                        index += 2
                        val low = hex4()
                        if (low !in 0xDC00..0xDFFF) {
                            throw EscapeError("unpaired UTF-16 surrogate in \\u escape", index - from, false)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) shl 10) + (low - 0xDC00)
                    } else if (scalar in 0xDC00..0xDFFF) {
                        throw EscapeError("unpaired UTF-16 surrogate in \\u escape", index - from, false)
                    }
                    output.addScalar(scalar)
                }
                // The escaped byte read as Latin-1, as Swift's Character(Unicode.Scalar(UInt8)).
                else -> throw EscapeError("invalid escape '\\${escaped.toChar()}' in string", index - 1 - from, false)
            }
        }
    }

    /** A byte as messages name it: `'x'` for printable ASCII, else `byte 0xHH` (no padding). */
    internal fun describe(byte: Int): String =
        if (byte in 0x21 until 0x7F) "'${byte.toChar()}'" else "byte 0x" + Integer.toHexString(byte).uppercase()

    /** Whether `bytes[from, to)` is well-formed UTF-8 (no overlongs, surrogates or scalars past U+10FFFF). */
    internal fun isValidUtf8(bytes: ByteArray, from: Int, to: Int): Boolean {
        var index = from
        while (index < to) {
            val lead = bytes[index].toInt() and 0xFF
            if (lead < 0x80) {
                index++
                continue
            }
            val (count, low, high) = when (lead) {
                in 0xC2..0xDF -> Triple(1, 0x80, 0xBF)
                0xE0 -> Triple(2, 0xA0, 0xBF)
                in 0xE1..0xEC, 0xEE, 0xEF -> Triple(2, 0x80, 0xBF)
                0xED -> Triple(2, 0x80, 0x9F)
                0xF0 -> Triple(3, 0x90, 0xBF)
                in 0xF1..0xF3 -> Triple(3, 0x80, 0xBF)
                0xF4 -> Triple(3, 0x80, 0x8F)
                else -> return false
            }
            if (index + count >= to) return false
            val second = bytes[index + 1].toInt() and 0xFF
            if (second < low || second > high) return false
            for (next in 2..count) {
                val byte = bytes[index + next].toInt() and 0xFF
                if (byte < 0x80 || byte > 0xBF) return false
            }
            index += count + 1
        }
        return true
    }

    /** A growable byte buffer for unescaped strings. */
    internal class ByteBuffer {
        var bytes: ByteArray = ByteArray(64)
        var count: Int = 0

        fun clear() {
            count = 0
        }

        fun add(byte: Int) {
            if (count == bytes.size) bytes = bytes.copyOf(bytes.size * 2)
            bytes[count++] = byte.toByte()
        }

        /** Appends a Unicode scalar as UTF-8. */
        fun addScalar(scalar: Int) {
            when {
                scalar < 0x80 -> add(scalar)
                scalar < 0x800 -> {
                    add(0xC0 or (scalar shr 6))
                    add(0x80 or (scalar and 0x3F))
                }
                scalar < 0x10000 -> {
                    add(0xE0 or (scalar shr 12))
                    add(0x80 or ((scalar shr 6) and 0x3F))
                    add(0x80 or (scalar and 0x3F))
                }
                else -> {
                    add(0xF0 or (scalar shr 18))
                    add(0x80 or ((scalar shr 12) and 0x3F))
                    add(0x80 or ((scalar shr 6) and 0x3F))
                    add(0x80 or (scalar and 0x3F))
                }
            }
        }
    }

    /** An array or object being read: its elements, or its members' names and values. */
    private class Container(val isObject: Boolean) {
        val names: ArrayList<String>? = if (isObject) ArrayList() else null
        val values: ArrayList<JsonValue> = ArrayList()

        fun build(): JsonValue =
            if (isObject) JsonObject(JsonObjectMap.of(names!!, values)) else JsonArray(values)
    }

    private class Reader(val bytes: ByteArray, val maxDepth: Int, val maxStringBytes: Int) {
        var index = 0
        var depth = 0
        val scratch = ByteBuffer()
        val open = ArrayList<Container>()

        fun parseDocument(): JsonValue {
            // A UTF-8 byte order mark is tolerated, as RFC 8259 allows parsers to do.
            if (bytes.size >= 3 && bytes[0] == 0xEF.toByte() && bytes[1] == 0xBB.toByte() && bytes[2] == 0xBF.toByte()) index = 3
            skipWhitespace()
            if (index >= bytes.size) throw error(JsonParseError.Code.unexpectedEnd, "the document is empty")
            val value = parseValue()
            skipWhitespace()
            if (index < bytes.size) {
                throw error(JsonParseError.Code.unexpectedCharacter, "unexpected ${describe(byteAt(index))} after the end of the document")
            }
            return value
        }

        /** Reads one value, nested containers included, with an explicit stack instead of recursion. */
        fun parseValue(): JsonValue {
            value@ while (true) {
                if (index >= bytes.size) {
                    throw error(JsonParseError.Code.unexpectedEnd, "unexpected end of document, expected a value")
                }
                var value: JsonValue
                when (val byte = byteAt(index)) {
                    '{'.code -> {
                        enter()
                        index++
                        skipWhitespace()
                        if (peek() == '}'.code) {
                            close()
                            value = EMPTY_OBJECT
                        } else {
                            val container = Container(isObject = true)
                            open.add(container)
                            readMemberName(container)
                            continue@value
                        }
                    }
                    '['.code -> {
                        enter()
                        index++
                        skipWhitespace()
                        if (peek() == ']'.code) {
                            close()
                            value = EMPTY_ARRAY
                        } else {
                            open.add(Container(isObject = false))
                            skipWhitespace()
                            continue@value
                        }
                    }
                    '"'.code -> value = parseString().let { if (it.isEmpty()) EMPTY_STRING else JsonString(it) }
                    't'.code -> {
                        expectLiteral(TRUE_BYTES)
                        value = JsonBool.TRUE
                    }
                    'f'.code -> {
                        expectLiteral(FALSE_BYTES)
                        value = JsonBool.FALSE
                    }
                    'n'.code -> {
                        expectLiteral(NULL_BYTES)
                        value = JsonNull
                    }
                    '-'.code, in '0'.code..'9'.code -> value = number(parseNumber())
                    else -> throw error(JsonParseError.Code.unexpectedCharacter, "unexpected ${describe(byte)}, expected a value")
                }
                // A value is complete: add it to the innermost open container, closing those it ends.
                while (true) {
                    val container = open.lastOrNull() ?: return value
                    container.values.add(value)
                    skipWhitespace()
                    if (container.isObject) {
                        when (peek()) {
                            ','.code -> {
                                index++
                                skipWhitespace()
                                readMemberName(container)
                                continue@value
                            }
                            '}'.code -> {
                                close()
                                open.removeAt(open.size - 1)
                                value = container.build()
                            }
                            else -> throw unexpected("expected ',' or '}' in object")
                        }
                    } else {
                        when (peek()) {
                            ','.code -> {
                                index++
                                skipWhitespace()
                                continue@value
                            }
                            ']'.code -> {
                                close()
                                open.removeAt(open.size - 1)
                                value = container.build()
                            }
                            else -> throw unexpected("expected ',' or ']' in array")
                        }
                    }
                }
            }
        }

        /** Reads `"name" :` and the white space after it; the member's value is read next. */
        fun readMemberName(container: Container) {
            skipWhitespace()
            if (peek() != '"'.code) throw unexpected("expected a member name in double quotes")
            val name = parseString()
            skipWhitespace()
            if (peek() != ':'.code) throw unexpected("expected ':' after member name \"$name\"")
            index++
            skipWhitespace()
            container.names!!.add(name)
        }

        fun enter() {
            depth++
            if (depth > maxDepth) throw error(JsonParseError.Code.tooDeep, "nesting is deeper than $maxDepth levels")
        }

        fun close() {
            index++
            depth--
        }

        /** Reads a string at `index` (its opening quote) and returns its text. */
        fun parseString(): String {
            val start = index
            index++
            val contentStart = index
            var escaped = false
            var nonAscii = false
            while (index < bytes.size) {
                val byte = byteAt(index)
                if (byte == '"'.code) break
                if (byte == '\\'.code) {
                    escaped = true
                    // The escaped byte is skipped, so that `\"` does not end the string; unescaping
                    // checks the escape itself.
                    index += 2
                    continue
                }
                if (byte < 0x20) {
                    throw error(JsonParseError.Code.invalidString, "control character ${describe(byte)} in string; escape it")
                }
                if (byte >= 0x80) nonAscii = true
                index++
            }
            if (index >= bytes.size) throw error(JsonParseError.Code.unexpectedEnd, "unterminated string")
            val contentEnd = index
            val text: String
            if (escaped) {
                scratch.clear()
                try {
                    unescape(bytes, contentStart, contentEnd, scratch)
                } catch (failure: EscapeError) {
                    index = contentStart + failure.offset
                    throw error(
                        if (failure.isEnd) JsonParseError.Code.unexpectedEnd else JsonParseError.Code.invalidString,
                        failure.reason,
                    )
                }
                checkLength(scratch.count, start)
                if (!isValidUtf8(scratch.bytes, 0, scratch.count)) {
                    index = start
                    throw error(JsonParseError.Code.invalidUTF8, "string is not valid UTF-8")
                }
                text = String(scratch.bytes, 0, scratch.count, Charsets.UTF_8)
            } else {
                checkLength(contentEnd - contentStart, start)
                if (nonAscii && !isValidUtf8(bytes, contentStart, contentEnd)) {
                    index = start
                    throw error(JsonParseError.Code.invalidUTF8, "string is not valid UTF-8")
                }
                text = String(bytes, contentStart, contentEnd - contentStart, Charsets.UTF_8)
            }
            index++
            return text
        }

        fun checkLength(count: Int, start: Int) {
            if (count > maxStringBytes) {
                throw errorAt(start, JsonParseError.Code.stringTooLong, "string is longer than $maxStringBytes bytes")
            }
        }

        fun parseNumber(): Double {
            val start = index
            var isInteger = true
            if (byteAt(index) == '-'.code) index++
            if (!(index < bytes.size && isDigit(byteAt(index)))) throw unexpected("expected a digit in number")
            if (byteAt(index) == '0'.code) {
                index++
                if (index < bytes.size && isDigit(byteAt(index))) throw unexpected("leading zeros are not allowed in numbers")
            } else {
                while (index < bytes.size && isDigit(byteAt(index))) index++
            }
            if (index < bytes.size && byteAt(index) == '.'.code) {
                isInteger = false
                index++
                if (!(index < bytes.size && isDigit(byteAt(index)))) throw unexpected("expected a digit after '.'")
                while (index < bytes.size && isDigit(byteAt(index))) index++
            }
            if (index < bytes.size && (byteAt(index) == 'e'.code || byteAt(index) == 'E'.code)) {
                isInteger = false
                index++
                if (index < bytes.size && (byteAt(index) == '+'.code || byteAt(index) == '-'.code)) index++
                if (!(index < bytes.size && isDigit(byteAt(index)))) throw unexpected("expected a digit in exponent")
                while (index < bytes.size && isDigit(byteAt(index))) index++
            }
            if (isInteger && index - start <= 15) {
                var position = start
                val negative = byteAt(position) == '-'.code
                if (negative) position++
                var value = 0L
                while (position < index) {
                    value = value * 10 + (byteAt(position) - '0'.code)
                    position++
                }
                // As Swift's Double(Int64): "-0" is +0.0.
                return (if (negative) -value else value).toDouble()
            }
            val text = String(bytes, start, index - start, Charsets.US_ASCII)
            val value = text.toDouble()
            if (value.isInfinite()) {
                index = start
                throw error(JsonParseError.Code.invalidNumber, "number $text is out of range")
            }
            return value
        }

        fun expectLiteral(literal: ByteArray) {
            if (index + literal.size > bytes.size) throw unexpected("expected a value")
            for (at in literal.indices) {
                if (bytes[index + at] != literal[at]) throw unexpected("expected a value")
            }
            index += literal.size
        }

        fun skipWhitespace() {
            while (index < bytes.size) {
                when (bytes[index].toInt()) {
                    0x20, 0x0A, 0x0D, 0x09 -> index++
                    else -> return
                }
            }
        }

        fun byteAt(at: Int): Int = bytes[at].toInt() and 0xFF

        fun peek(): Int = if (index < bytes.size) byteAt(index) else -1

        fun isDigit(byte: Int): Boolean = byte >= '0'.code && byte <= '9'.code

        fun unexpected(expectation: String): JsonParseError {
            if (index >= bytes.size) return error(JsonParseError.Code.unexpectedEnd, "unexpected end of document, $expectation")
            return error(JsonParseError.Code.unexpectedCharacter, "unexpected ${describe(byteAt(index))}, $expectation")
        }

        fun error(code: JsonParseError.Code, message: String): JsonParseError = errorAt(index, code, message)

        /** The error at byte [offset]: its line and column are counted only now, on failure. */
        fun errorAt(offset: Int, code: JsonParseError.Code, message: String): JsonParseError {
            var line = 1
            var lineStart = 0
            val end = minOf(offset, bytes.size)
            for (position in 0 until end) {
                if (bytes[position] == 0x0A.toByte()) {
                    line++
                    lineStart = position + 1
                }
            }
            return JsonParseError(code, message, line, end - lineStart + 1, offset)
        }
    }

    private val TRUE_BYTES = "true".encodeToByteArray()
    private val FALSE_BYTES = "false".encodeToByteArray()
    private val NULL_BYTES = "null".encodeToByteArray()
    private val EMPTY_STRING = JsonString("")
    private val EMPTY_ARRAY = JsonArray(emptyList())
    private val EMPTY_OBJECT = JsonObject(emptyMap())

    private const val SMALLEST_SHARED = -128
    private const val LARGEST_SHARED = 1024
    private val SHARED_NUMBERS = Array(LARGEST_SHARED - SMALLEST_SHARED + 1) { JsonNumber((it + SMALLEST_SHARED).toDouble()) }

    /** Small integers (-128…1024, not -0.0) are shared. */
    private fun number(value: Double): JsonNumber {
        if (value >= SMALLEST_SHARED && value <= LARGEST_SHARED && Math.rint(value) == value &&
            java.lang.Double.doubleToRawLongBits(value) != NEGATIVE_ZERO_BITS
        ) {
            return SHARED_NUMBERS[value.toInt() - SMALLEST_SHARED]
        }
        return JsonNumber(value)
    }

    private val NEGATIVE_ZERO_BITS = java.lang.Double.doubleToRawLongBits(-0.0)
}
