package dev.screenplay.decoding

import dev.screenplay.json.JsonArray
import dev.screenplay.json.JsonBool
import dev.screenplay.json.JsonNull
import dev.screenplay.json.JsonNumber
import dev.screenplay.json.JsonObject
import dev.screenplay.json.JsonString
import dev.screenplay.json.JsonValue
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

/** The plain readers, with JSONReadable.swift's messages: `expected EXPECTED, found KIND`. */
class ReadersTest {
    private val values: List<JsonValue> = listOf(
        JsonNull, JsonBool.TRUE, JsonNumber(1.5), JsonString("s"), JsonArray(emptyList()), JsonObject(emptyMap()),
    )

    private fun <T> failure(reader: ValueReader<T>, json: JsonValue): String =
        assertThrows(DecodingFailure::class.java) { reader.read(json, context()) }.message

    @Test
    fun aValueOfTheWrongKindSaysWhatWasExpectedAndFound() {
        val kinds = listOf("null", "a boolean", "a number", "a string", "an array", "an object")
        val readers = listOf(
            Readers.string to "a string", Readers.double to "a number", Readers.bool to "a boolean", Readers.members to "an object",
        )
        for ((reader, expected) in readers) {
            for ((json, kind) in values.zip(kinds)) {
                if (kind == expected) continue
                assertEquals("expected $expected, found $kind", failure(reader, json))
            }
        }
        assertEquals("expected an integer, found a string", failure(Readers.int, JsonString("1")))
    }

    @Test
    fun readersReadTheirValues() {
        val context = context()
        assertEquals("s", Readers.string.read(JsonString("s"), context))
        assertEquals(1.5, Readers.double.read(JsonNumber(1.5), context))
        assertEquals(true, Readers.bool.read(JsonBool.TRUE, context))
        assertEquals(JsonNull, Readers.any.read(JsonNull, context))
        assertEquals(mapOf("a" to JsonNull), Readers.members.read(JsonObject(mapOf("a" to JsonNull)), context))
        assertEquals(emptyList<Diagnostic>(), context.diagnostics)
    }

    /** Swift's `JSONElement.int`: no fractional part and below 2^53 in magnitude, kept whole as a 64-bit integer. */
    @Test
    fun anIntegerIsAWholeNumberBelowTwoToThe53() {
        val context = context()
        assertEquals(7L, Readers.int.read(JsonNumber(7.0), context))
        assertEquals(-3L, Readers.int.read(JsonNumber(-3.0), context))
        assertEquals(30_000_000_000L, Readers.int.read(JsonNumber(3e10), context))
        assertEquals(9_007_199_254_740_991L, Readers.int.read(JsonNumber(9_007_199_254_740_991.0), context))
        assertEquals("expected an integer, found a number", failure(Readers.int, JsonNumber(7.5)))
        assertEquals("expected an integer, found a number", failure(Readers.int, JsonNumber(9_007_199_254_740_992.0)))
    }

    private enum class Alignment(val wire: String) { LEADING("leading"), CENTER("center"), TRAILING("trailing") }

    @Test
    fun anEnumListsItsValuesInOrder() {
        val reader = Readers.enumOf(Alignment.entries) { it.wire }
        assertEquals(Alignment.TRAILING, reader.read(JsonString("trailing"), context()))
        assertEquals("unknown value \"Leading\"; expected one of \"leading\", \"center\", \"trailing\"", failure(reader, JsonString("Leading")))
        assertEquals("expected a string, found a number", failure(reader, JsonNumber(1.0)))
        val failure = assertThrows(DecodingFailure::class.java) {
            val context = context()
            context.at(Member.BODY) { context.at("alignment") { reader.read(JsonString("middle"), context) } }
        }
        assertEquals("body.alignment", failure.path.toString())
        assertEquals(DiagnosticCode.invalidValue, failure.code)
    }
}
