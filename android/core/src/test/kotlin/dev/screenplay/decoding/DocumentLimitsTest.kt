package dev.screenplay.decoding

import dev.screenplay.json.JsonArray
import dev.screenplay.json.JsonParseError
import dev.screenplay.json.JsonParser
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class DocumentLimitsTest {
    @Test
    fun defaultsAreSwifts() {
        val limits = DocumentLimits.Default
        assertEquals(4 * 1024 * 1024, limits.maxDocumentBytes)
        assertEquals(128, limits.maxDepth)
        assertEquals(10_000, limits.maxChildren)
        assertEquals(65_536, limits.maxStringBytes)
        assertEquals(1_000_000, limits.maxExpandedValues)
        assertEquals(DocumentLimits(), limits)
        assertEquals(DocumentLimits.Default, DecodingOptions().limits)
        assertEquals(setOf("http", "https"), DecodingOptions().allowedUrlSchemes)
        assertTrue(DecodingOptions.Default.reportsUnknownFields)
    }

    @Test
    fun depthIsClampedToOneThousand() {
        assertEquals(1_000, DocumentLimits(maxDepth = 100_000).maxDepth)
        assertEquals(1_000, DocumentLimits.Unlimited.maxDepth)
        assertEquals(Int.MAX_VALUE, DocumentLimits.Unlimited.maxDocumentBytes)
        assertEquals(1_000, DocumentLimits.Default.copy(maxDepth = Int.MAX_VALUE).maxDepth)
        assertEquals(DocumentLimits(maxDepth = 1_000), DocumentLimits(maxDepth = 5_000))
        assertEquals(DocumentLimits(maxDepth = 1_000).hashCode(), DocumentLimits(maxDepth = 5_000).hashCode())
        assertNotEquals(DocumentLimits.Default, DocumentLimits.Default.copy(maxChildren = 9))
        assertEquals(9, DocumentLimits.Default.copy(maxChildren = 9).maxChildren)
        assertEquals(128, DocumentLimits.Default.copy(maxChildren = 9).maxDepth)
    }

    @Test
    fun theParserReadsWithinTheLimits() {
        val deep = "[".repeat(1_001) + "]".repeat(1_001)
        val error = assertThrows(JsonParseError::class.java) { JsonParser.parse(deep.encodeToByteArray(), DocumentLimits.Unlimited) }
        assertEquals("line 1, column 1001: nesting is deeper than 1000 levels", error.toString())
        val allowed = "[".repeat(1_000) + "]".repeat(1_000)
        assertTrue(JsonParser.parse(allowed.encodeToByteArray(), DocumentLimits.Unlimited) is JsonArray)
        val long = "\"" + "a".repeat(11) + "\""
        val tooLong = assertThrows(JsonParseError::class.java) {
            JsonParser.parse(long.encodeToByteArray(), DocumentLimits(maxStringBytes = 10))
        }
        assertEquals(JsonParseError.Code.stringTooLong, tooLong.code)
    }

    /**
     * CLITests.malformedJSONGivesLineAndColumn: `FILE: $: error: line 3, column 9: unexpected 'x', expected a value`;
     * and ResilientDecodingTests.malformedJSONReportsLineAndColumn (code malformedJSON, message's start).
     */
    @Test
    fun aDocumentThatIsNotJsonIsOneErrorAtTheRoot() {
        val result = parseDocument("{\n  \"version\": \"1.0\",\n  \"id\": x\n}".encodeToByteArray(), DocumentLimits.Default)
        assertNull(result.value)
        assertEquals(
            listOf("malformed.json: $: error: line 3, column 9: unexpected 'x', expected a value"),
            validateLines("malformed.json", result.diagnostics),
        )
        assertEquals(DiagnosticCode.malformedJSON, result.diagnostics.single().code)
        val missingComma = parseDocument(
            "{\n  \"version\": \"1.0\",\n  \"id\": \"x\"\n  \"body\": {}\n}".encodeToByteArray(), DocumentLimits.Default,
        ).errors.single()
        assertEquals(DiagnosticCode.malformedJSON, missingComma.code)
        assertTrue(missingComma.message.startsWith("line 4, column 3: unexpected '\"', expected ',' or '}' in object"), missingComma.message)
    }

    /**
     * A broken limit is `limitExceeded` (Screen+Decoding.swift's `JSONTape.parse`). CLITests.deepNestingIsAClearError…
     * pins `error: line 1, column` and `nesting is deeper than 128 levels` in the line.
     */
    @Test
    fun aBrokenLimitIsOneLimitErrorAtTheRoot() {
        val depth = 100_000
        val body = """{"type":"vstack","children":[""".repeat(depth) + "]}".repeat(depth)
        val deep = parseDocument("""{"version":"1.0","id":"deep","body":$body}""".encodeToByteArray(), DocumentLimits(maxDocumentBytes = 10_000_000))
        val line = validateLines("deep.json", deep.diagnostics).single()
        assertTrue(line.startsWith("deep.json: $: error: line 1, column "), line)
        assertTrue(line.endsWith(": nesting is deeper than 128 levels"), line)
        assertEquals(DiagnosticCode.limitExceeded, deep.diagnostics.single().code)

        val large = parseDocument(ByteArray(5_000_001), DocumentLimits.Default)
        assertEquals(
            "$: error: line 1, column 1: document is 5000001 bytes; the limit is 4194304",
            large.diagnostics.single().toString(),
        )
        assertEquals(DiagnosticCode.limitExceeded, large.diagnostics.single().code)
        assertEquals(DiagnosticCode.limitExceeded, parseDocument("\"abc\"".encodeToByteArray(), DocumentLimits(maxStringBytes = 2)).diagnostics.single().code)
    }

    @Test
    fun aDocumentThatParsesHasNoDiagnostics() {
        val result = parseDocument("""{"a":[1]}""".encodeToByteArray(), DocumentLimits.Default)
        assertEquals(objectOf("""{"a":[1]}"""), result.value)
        assertEquals(emptyList<Diagnostic>(), result.diagnostics)
    }
}
