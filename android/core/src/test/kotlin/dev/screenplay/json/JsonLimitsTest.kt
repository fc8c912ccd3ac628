package dev.screenplay.json

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

/** Ports of Swift's LimitsTests at the parser: hostile documents cost an error, never a crash. */
class JsonLimitsTest {
    private fun failure(input: ByteArray, maxDepth: Int = JsonParser.DEFAULT_MAX_DEPTH): JsonParseError =
        assertThrows(JsonParseError::class.java) { JsonParser.parse(input, maxDepth = maxDepth) }

    @Test
    fun oneHundredThousandLevelsOfNestingIsADepthError() {
        val depth = 100_000
        val arrays = "[".repeat(depth) + "]".repeat(depth)
        val error = failure(bytes(arrays))
        assertEquals(JsonParseError.Code.tooDeep, error.code)
        assertEquals("line 1, column 129: nesting is deeper than 128 levels", error.toString())
        val nodes = """{"type":"vstack","children":[""".repeat(depth) + "]}".repeat(depth)
        assertEquals("nesting is deeper than 128 levels", failure(bytes(nodes)).message)
    }

    @Test
    fun oneHundredThousandLevelsParseWithoutRecursionWhenAllowed() {
        val depth = 100_000
        val arrays = "[".repeat(depth) + "1" + "]".repeat(depth)
        var value = JsonParser.parse(bytes(arrays), maxDepth = Int.MAX_VALUE)
        var levels = 0
        while (value is JsonArray) {
            levels++
            value = value.elements.single()
        }
        assertEquals(depth, levels)
        assertEquals(num(1), value)
        // Writing is iterative too.
        val written = JsonWriter.write(JsonParser.parse(bytes(arrays), maxDepth = Int.MAX_VALUE))
        assertEquals(arrays, written.decodeToString())
    }

    @Test
    fun nestingJustInsideTheLimitParses() {
        val exactly = "[".repeat(128) + "]".repeat(128)
        JsonParser.parse(bytes(exactly))
        val error = failure(bytes("""{"a":{"b":[1]}}"""), maxDepth = 2)
        assertEquals("line 1, column 11: nesting is deeper than 2 levels", error.toString())
        assertEquals(10, error.offset)
        JsonParser.parse(bytes("""{"a":{"b":1},"c":[1]}"""), maxDepth = 2)
        // Closed containers give their depth back.
        JsonParser.parse(bytes("[[],[],[[]]]"), maxDepth = 3)
        assertEquals("nesting is deeper than 3 levels", failure(bytes("[[],[],[[[]]]]"), maxDepth = 3).message)
    }

    @Test
    fun aFiftyMegabyteDocumentIsRefusedBeforeParsing() {
        // Not even valid JSON: the size check must come first.
        val huge = ByteArray(50 * 1024 * 1024) { '['.code.toByte() }
        val error = failure(huge)
        assertEquals(JsonParseError.Code.documentTooLarge, error.code)
        assertEquals("line 1, column 1: document is 52428800 bytes; the limit is 4194304", error.toString())
        assertEquals(0, error.offset)
    }

    @Test
    fun limitsCanBeTightened() {
        val error = assertThrows(JsonParseError::class.java) {
            JsonParser.parse(bytes("""{"version":"1.0"}"""), maxDocumentBytes = 10)
        }
        assertEquals("document is 17 bytes; the limit is 10", error.message)
        JsonParser.parse(bytes("[1]"), maxDocumentBytes = 3)
    }

    @Test
    fun overlongStringsAreRefusedWithTheirPosition() {
        val long = "a".repeat(70_000)
        val error = failure(bytes("""{"type":"text","text":"$long"}"""))
        assertEquals(JsonParseError.Code.stringTooLong, error.code)
        assertEquals("line 1, column 23: string is longer than 65536 bytes", error.toString())
        // Escapes count after unescaping, and cannot smuggle a long string past the check.
        val escaped = "\\u0041".repeat(70_000)
        assertEquals(
            "line 1, column 23: string is longer than 65536 bytes",
            failure(bytes("""{"type":"text","text":"$escaped"}""")).toString(),
        )
        // A member name counts as well.
        assertEquals("line 1, column 2: string is longer than 65536 bytes", failure(bytes("""{"$long":1}""")).toString())
        // The limit itself is allowed, in bytes: 32,768 two-byte characters fit, one more does not.
        JsonParser.parse(bytes("\"${"a".repeat(65_536)}\""))
        JsonParser.parse(bytes("\"${"é".repeat(32_768)}\""))
        assertEquals(JsonParseError.Code.stringTooLong, failure(bytes("\"${"é".repeat(32_769)}\"")).code)
        // An escaped string shrinks: 65,536 letters written as 6-byte escapes fit.
        JsonParser.parse(bytes("\"${"\\u0041".repeat(65_536)}\""))
    }
}
