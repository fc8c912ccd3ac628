package dev.screenplay.json

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory

/** Ports of Swift's JSONTests (writer side) and WriterOrderTests' key order. */
class JsonWriterTest {
    @Test
    fun writesSortedKeysAndStableNumbers() {
        val value = obj("b" to num(1), "a" to arr(num(0.5), num(-3), num(1e21), num(2.0)), "c" to str("q\"\\\n\u0001é"))
        assertEquals("""{"a":[0.5,-3,1e+21,2],"b":1,"c":"q\"\\\n\u0001é"}""", JsonWriter.writeString(value))
        assertEquals(
            "{\n  \"a\": [],\n  \"b\": {}\n}\n",
            JsonWriter.writeString(obj("a" to arr(), "b" to obj()), JsonWriter.Layout.Pretty),
        )
    }

    @Test
    fun writerOutputIsReadByUs() {
        val value = obj(
            "emoji" to str("😀"),
            "control" to str("\u0000\u001f"),
            "nested" to arr(obj("x" to JsonNull)),
            "pi" to num(3.141592653589793),
        )
        val written = JsonWriter.write(value)
        assertEquals(value, JsonParser.parse(written))
        assertEquals(value, JsonParser.parse(JsonWriter.write(value, JsonWriter.Layout.Pretty)))
        assertEquals(
            """{"control":"\u0000\u001f","emoji":"😀","nested":[{"x":null}],"pi":3.141592653589793}""",
            written.decodeToString(),
        )
    }

    @Test
    fun membersComeOutInUtf8Order() {
        val names = listOf("zeta", "alpha", "Zulu", "émoji", "identifier", "accessibilityLabel", "action", "id", "type", "\uFF21", "😀", "")
        val value = JsonObject(names.associateWith { JsonNull })
        assertEquals(
            """{"":null,"Zulu":null,"accessibilityLabel":null,"action":null,"alpha":null,"id":null,"identifier":null,""" +
                """"type":null,"zeta":null,"émoji":null,"Ａ":null,"😀":null}""",
            JsonWriter.writeString(value),
        )
    }

    @Test
    fun prettyLayoutIndentsByTwoSpaces() {
        val value = obj("c" to JsonBool.TRUE, "a" to arr(num(1), obj("b" to JsonNull), arr()))
        val expected = """
            {
              "a": [
                1,
                {
                  "b": null
                },
                []
              ],
              "c": true
            }

        """.trimIndent()
        assertEquals(expected, JsonWriter.writeString(value, JsonWriter.Layout.Pretty))
        assertEquals("\"x\"\n", JsonWriter.writeString(str("x"), JsonWriter.Layout.Pretty))
        assertEquals("[\n  null\n]\n", JsonWriter.writeString(arr(JsonNull), JsonWriter.Layout.Pretty))
    }

    @Test
    fun escapesOnlyWhatSwiftEscapes() {
        val expected = mapOf(
            0x00 to "\\u0000", 0x01 to "\\u0001", 0x07 to "\\u0007", 0x08 to "\\u0008", 0x09 to "\\t", 0x0A to "\\n",
            0x0B to "\\u000b", 0x0C to "\\u000c", 0x0D to "\\r", 0x0E to "\\u000e", 0x1B to "\\u001b", 0x1F to "\\u001f",
            0x20 to " ", 0x22 to "\\\"", 0x2F to "/", 0x5C to "\\\\", 0x7F to "\u007F", 0xE9 to "é", 0x2028 to "\u2028",
            0xFEFF to "\uFEFF",
        )
        for ((code, escaped) in expected) {
            assertEquals("\"$escaped\"", JsonWriter.writeString(str(code.toChar().toString())), "U+%04X".format(code))
        }
        for (code in 0 until 0x20) {
            val written = JsonWriter.writeString(str(code.toChar().toString()))
            assertEquals(str(code.toChar().toString()), JsonParser.parse(bytes(written)))
        }
        // A lone surrogate (which a Swift string cannot hold) becomes U+FFFD.
        assertEquals("\"a\uFFFDb\uFFFD\"", JsonWriter.writeString(str("a\uD800b\uDC00")))
        assertEquals("\"😀\"", JsonWriter.writeString(str("\uD83D\uDE00")))
        assertEquals(4, JsonWriter.write(str("😀")).size - 2)
    }

    @TestFactory
    fun writesNumbersAsSwiftDoes(): List<DynamicTest> = listOf(
        java.lang.Double.MIN_VALUE to "5e-324",
        0.1 to "0.1",
        0.3 to "0.3",
        0.1 + 0.2 to "0.30000000000000004",
        1.0 / 3 to "0.3333333333333333",
        1e15 to "1000000000000000.0",
        -1e15 to "-1000000000000000.0",
        999_999_999_999_999.0 to "999999999999999",
        999_999_999_999_999.5 to "999999999999999.5",
        9007199254740992.0 to "9007199254740992.0",
        9007199254740994.0 to "9.007199254740994e+15",
        1e16 to "1e+16",
        18014398509481984.0 to "1.8014398509481984e+16",
        1e21 to "1e+21",
        1e100 to "1e+100",
        1.7976931348623157e308 to "1.7976931348623157e+308",
        2.2250738585072014e-308 to "2.2250738585072014e-308",
        2.82879384806159e17 to "2.82879384806159e+17",
        0.0001 to "0.0001",
        0.00001 to "1e-05",
        0.00012345 to "0.00012345",
        0.000012345 to "1.2345e-05",
        5e-5 to "5e-05",
        123.456 to "123.456",
        -1.5 to "-1.5",
        1234567.125 to "1234567.125",
        100.0 to "100",
        2.0 to "2",
        -3.0 to "-3",
        0.0 to "0",
        -0.0 to "0",
        Double.NaN to "null",
        Double.POSITIVE_INFINITY to "null",
        Double.NEGATIVE_INFINITY to "null",
    ).map { (value, text) ->
        DynamicTest.dynamicTest("$value") {
            assertEquals(text, JsonWriter.writeString(num(value)))
            if (value.isFinite()) assertEquals(num(value), JsonParser.parse(bytes(text)))
        }
    }
}
