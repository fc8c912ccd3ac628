package dev.screenplay.json

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory

/** Ports of Swift's JSONTests (parser side), held to the same messages and positions. */
class JsonParserTest {
    private fun failure(text: String): JsonParseError = failure(bytes(text))

    private fun failure(input: ByteArray): JsonParseError =
        assertThrows(JsonParseError::class.java) { JsonParser.parse(input) }

    @Test
    fun parsesEveryKindOfValue() {
        val value = JsonParser.parse(bytes(""" {"a":[1,-2.5,3e2,true,false,null],"b":{"c":"d\n\u00e9\ud83d\ude00"}} """))
        val expected = obj(
            "a" to arr(num(1), num(-2.5), num(300), JsonBool.TRUE, JsonBool.FALSE, JsonNull),
            "b" to obj("c" to str("d\né\uD83D\uDE00")),
        )
        assertEquals(expected, value)
    }

    /** Swift's `refusesMalformedJSONWithAReason` cases, and more, with the whole message and position. */
    @TestFactory
    fun refusesMalformedJsonWithAReason(): List<DynamicTest> = listOf(
        Case("", "unexpectedEnd", "the document is empty", 1, 1, 0),
        Case(" ", "unexpectedEnd", "the document is empty", 1, 2, 1),
        Case("{", "unexpectedEnd", "unexpected end of document, expected a member name in double quotes", 1, 2, 1),
        Case("[", "unexpectedEnd", "unexpected end of document, expected a value", 1, 2, 1),
        Case("[1,]", "unexpectedCharacter", "unexpected ']', expected a value", 1, 4, 3),
        Case("{\"a\" 1}", "unexpectedCharacter", "unexpected '1', expected ':' after member name \"a\"", 1, 6, 5),
        Case("01", "unexpectedCharacter", "unexpected '1', leading zeros are not allowed in numbers", 1, 2, 1),
        Case("1.", "unexpectedEnd", "unexpected end of document, expected a digit after '.'", 1, 3, 2),
        Case("-", "unexpectedEnd", "unexpected end of document, expected a digit in number", 1, 2, 1),
        Case("-a", "unexpectedCharacter", "unexpected 'a', expected a digit in number", 1, 2, 1),
        Case("1e", "unexpectedEnd", "unexpected end of document, expected a digit in exponent", 1, 3, 2),
        Case("1e+x", "unexpectedCharacter", "unexpected 'x', expected a digit in exponent", 1, 4, 3),
        Case("\"\\x\"", "invalidString", "invalid escape '\\x' in string", 1, 3, 2),
        Case("\"\\é\"", "invalidString", "invalid escape '\\Ã' in string", 1, 3, 2),
        Case("\"\\u12G4\"", "invalidString", "invalid hex digit 'G' in \\u escape", 1, 6, 5),
        Case("\"\\u12\"", "invalidString", "invalid hex digit '\"' in \\u escape", 1, 6, 5),
        Case("\"\\ud800\"", "invalidString", "unpaired UTF-16 surrogate in \\u escape", 1, 8, 7),
        Case("\"\\udc00\"", "invalidString", "unpaired UTF-16 surrogate in \\u escape", 1, 8, 7),
        Case("\"\\ud800x\"", "invalidString", "unpaired UTF-16 surrogate in \\u escape", 1, 8, 7),
        Case("\"\\ud800\\u0041\"", "invalidString", "unpaired UTF-16 surrogate in \\u escape", 1, 14, 13),
        Case("\"\\ud800\\ud800\"", "invalidString", "unpaired UTF-16 surrogate in \\u escape", 1, 14, 13),
        Case("\"a\u0001\"", "invalidString", "control character byte 0x1 in string; escape it", 1, 3, 2),
        Case("\"\t\"", "invalidString", "control character byte 0x9 in string; escape it", 1, 2, 1),
        Case("\"abc", "unexpectedEnd", "unterminated string", 1, 5, 4),
        Case("\"\\", "unexpectedEnd", "unterminated string", 1, 3, 3),
        Case("tru", "unexpectedCharacter", "unexpected 't', expected a value", 1, 1, 0),
        Case("nul", "unexpectedCharacter", "unexpected 'n', expected a value", 1, 1, 0),
        Case("1e999", "invalidNumber", "number 1e999 is out of range", 1, 1, 0),
        Case("[-1e400]", "invalidNumber", "number -1e400 is out of range", 1, 2, 1),
        Case("[] []", "unexpectedCharacter", "unexpected '[' after the end of the document", 1, 4, 3),
        Case("0x1", "unexpectedCharacter", "unexpected 'x' after the end of the document", 1, 2, 1),
        Case("{'a':1}", "unexpectedCharacter", "unexpected ''', expected a member name in double quotes", 1, 2, 1),
        Case("{\"a\":}", "unexpectedCharacter", "unexpected '}', expected a value", 1, 6, 5),
        Case("{\"a\":1,}", "unexpectedCharacter", "unexpected '}', expected a member name in double quotes", 1, 8, 7),
        Case("{\"a\":1 \"b\":2}", "unexpectedCharacter", "unexpected '\"', expected ',' or '}' in object", 1, 8, 7),
        Case("[1 2]", "unexpectedCharacter", "unexpected '2', expected ',' or ']' in array", 1, 4, 3),
        Case("[1,\n 2,\n x]", "unexpectedCharacter", "unexpected 'x', expected a value", 3, 2, 9),
        Case("é", "unexpectedCharacter", "unexpected byte 0xC3, expected a value", 1, 1, 0),
        Case("\u007F", "unexpectedCharacter", "unexpected byte 0x7F, expected a value", 1, 1, 0),
    ).map { case ->
        DynamicTest.dynamicTest("[" + case.input + "]") {
            val error = failure(case.input)
            assertEquals(case.code, error.code.name, "code")
            assertEquals(case.message, error.message)
            assertEquals(listOf(case.line, case.column, case.offset), listOf(error.line, error.column, error.offset), "line, column, offset")
            assertEquals("line ${case.line}, column ${case.column}: ${case.message}", error.toString())
        }
    }

    private data class Case(val input: String, val code: String, val message: String, val line: Int, val column: Int, val offset: Int)

    @Test
    fun reportsLineAndColumn() {
        val error = failure("{\n  \"a\": 1,\n  \"b\": ?\n}")
        assertEquals(3, error.line, "$error")
        assertEquals(8, error.column, "$error")
    }

    @Test
    fun refusesInvalidUtf8() {
        val cases = listOf(
            byteArrayOf(0x22, 0xC3.toByte(), 0x28, 0x22), // a lead byte without its continuation
            byteArrayOf(0x22, 0x80.toByte(), 0x22), // a lone continuation byte
            byteArrayOf(0x22, 0xC0.toByte(), 0x80.toByte(), 0x22), // overlong NUL
            byteArrayOf(0x22, 0xE0.toByte(), 0x80.toByte(), 0xAF.toByte(), 0x22), // overlong '/'
            byteArrayOf(0x22, 0xED.toByte(), 0xA0.toByte(), 0x80.toByte(), 0x22), // an encoded surrogate
            byteArrayOf(0x22, 0xF4.toByte(), 0x90.toByte(), 0x80.toByte(), 0x80.toByte(), 0x22), // past U+10FFFF
            byteArrayOf(0x22, 0xE2.toByte(), 0x82.toByte(), 0x22), // cut short
            byteArrayOf(0x22, 0xFF.toByte(), 0x22),
            byteArrayOf(0x22, 0x5C, 0x6E, 0xC3.toByte(), 0x22), // after an escape: the unescaped bytes are checked
        )
        for (input in cases) {
            val error = failure(input)
            assertEquals(JsonParseError.Code.invalidUTF8, error.code)
            assertEquals("line 1, column 1: string is not valid UTF-8", error.toString())
        }
        val inArray = failure(byteArrayOf(0x5B, 0x22, 0xC3.toByte(), 0x22, 0x5D))
        assertEquals(listOf(1, 2, 1), listOf(inArray.line, inArray.column, inArray.offset))
    }

    @Test
    fun acceptsValidUtf8AndPairedSurrogates() {
        val text = "é€😀\u0800\uFFFD\uDBFF\uDFFF"
        assertEquals(str(text), JsonParser.parse(bytes("\"$text\"")))
        assertEquals(str("\uD83D\uDE00"), JsonParser.parse(bytes("\"\\ud83d\\uDE00\"")))
        assertEquals(str("\"\\/\b\u000C\n\r\t"), JsonParser.parse(bytes("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"")))
    }

    @Test
    fun toleratesAByteOrderMark() {
        val bom = byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte())
        assertEquals(arr(num(1)), JsonParser.parse(bom + bytes("[1]")))
        val empty = failure(bom)
        assertEquals("line 1, column 4: the document is empty", empty.toString())
    }

    @Test
    fun readsNumbersAsSwiftDoes() {
        fun number(text: String): Double = JsonParser.parse(bytes(text)).doubleValue!!
        assertEquals(java.lang.Double.MIN_VALUE, number("5e-324"))
        assertEquals(0.1, number("0.1"))
        assertEquals(1e15, number("1e15"))
        assertEquals(1e15, number("1000000000000000"))
        assertEquals(9007199254740992.0, number("9007199254740992"))
        // Numbers are doubles: 2^53 + 1 reads as 2^53.
        assertEquals(9007199254740992.0, number("9007199254740993"))
        assertEquals(1e16, number("1e16"))
        assertEquals(1e16, number("10000000000000000"))
        assertEquals(123456789012345.0, number("123456789012345"))
        assertEquals(-123456789012345.0, number("-123456789012345"))
        assertEquals(0.0, number("1e-400"))
        assertEquals(1.7976931348623157e308, number("1.7976931348623157e308"))
        assertEquals(300.0, number("3E+2"))
        // "-0.0" is negative zero; "-0" goes through Swift's Int64 path and is positive zero.
        assertEquals(java.lang.Double.doubleToRawLongBits(-0.0), java.lang.Double.doubleToRawLongBits(number("-0.0")))
        assertEquals(java.lang.Double.doubleToRawLongBits(0.0), java.lang.Double.doubleToRawLongBits(number("-0")))
        assertEquals(java.lang.Double.doubleToRawLongBits(-0.0), java.lang.Double.doubleToRawLongBits(number("-0e0")))
        assertEquals(JsonNumber(0.0), JsonNumber(-0.0))
    }

    @Test
    fun aRepeatedMemberKeepsItsLastValue() {
        assertEquals(obj("a" to num(2), "b" to num(3)), JsonParser.parse(bytes("""{"a":1,"b":3,"a":2}""")))
        val many = (0 until 20).joinToString(",") { "\"k${it % 12}\":$it" }
        val value = JsonParser.parse(bytes("{$many}")).objectValue!!
        assertEquals(12, value.size)
        assertEquals(num(19), value["k7"])
        assertEquals(num(11), value["k11"])
        assertEquals(null, value["k12"])
        assertEquals((0 until 12).associate { "k$it" to num(if (it < 8) it + 12 else it) }, value)
    }

    @Test
    fun sharesCommonValues() {
        val value = JsonParser.parse(bytes("""[true,false,null,"",[],{},7,7]""")).arrayValue!!
        assertSame(JsonBool.TRUE, value[0])
        assertSame(JsonBool.FALSE, value[1])
        assertSame(JsonNull, value[2])
        assertSame(value[6], value[7])
        assertSame(JsonParser.parse(bytes("[]")), value[4])
    }
}
