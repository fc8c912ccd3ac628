package dev.screenplay.expressions

import dev.screenplay.json.JsonArray
import dev.screenplay.json.JsonBool
import dev.screenplay.json.JsonNull
import dev.screenplay.json.JsonNumber
import dev.screenplay.json.JsonObject
import dev.screenplay.json.JsonString
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

class ExpressionValueTest {
    @Test
    fun colorsReadShortAndLongFormsAndPrintUppercaseArgb() {
        val read = listOf(
            "#fce" to "#FFFFCCEE", "#8fce" to "#88FFCCEE", "#112233" to "#FF112233", "#aaBBccDD" to "#AABBCCDD",
            "#000" to "#FF000000", "#0000" to "#00000000",
        )
        for ((text, printed) in read) assertEquals(printed, ExpressionColor.parse(text).toString(), text)
        for (text in listOf("", "#", "fce", "#12", "#12345", "#ggg", "#\u0661\u0662\u0663", "#1234567", "#123456789", " #fff")) {
            assertNull(ExpressionColor.parse(text), text)
        }
        val color = ExpressionColor.parse("#80FF1020")!!
        assertEquals(listOf(0x80, 0xFF, 0x10, 0x20), listOf(color.alpha, color.red, color.green, color.blue))
        assertEquals(color, ExpressionColor.of(0x80, 0xFF, 0x10, 0x20))
    }

    @Test
    fun datetimesPrintInUtc() {
        assertEquals("1970-01-01 00:00:00", ExpressionValue.DatetimeValue(0).text)
        assertEquals("1970-01-02 00:00:00", ExpressionValue.DatetimeValue(86_400_000).text)
        assertEquals("1969-12-31 23:59:59", ExpressionValue.DatetimeValue(-1).text)
        assertEquals("2024-02-29 12:30:05", ExpressionValue.DatetimeValue(1_709_209_805_000).text)
        assertEquals(1_709_209_805_000, CivilTime.parse("2024-02-29 12:30:05")?.milliseconds)
        assertNull(CivilTime.parse("2024-02-29"))
        assertNull(CivilTime.parse("2024-02-29 12:30:x5"))
        assertEquals(4L, CivilTime.of(0).dayOfWeek)
        assertEquals("-0001", CivilTime.pad(-1, 4))
        for (millis in listOf(0L, -1L, 951_782_400_000L, -62_135_596_800_000L, 253_402_300_799_999L, -8_640_000_000_000_000L)) {
            assertEquals(millis, CivilTime.of(millis).milliseconds, "$millis")
        }
        assertNull(CivilTime(300_000_000, 1, 1, 0, 0, 0, 0).milliseconds)
    }

    @Test
    fun valuesAsTextPreviewAndJson() {
        val dict = ExpressionValue.DictValue(mapOf("b" to JsonNumber(1.0), "a" to JsonBool.TRUE))
        assertEquals("""{"a":true,"b":1}""", dict.text)
        assertEquals("<dict>", dict.preview)
        val array = ExpressionValue.ArrayValue(listOf(JsonString("x"), JsonNull, JsonNumber(0.5)))
        assertEquals("""["x",null,0.5]""", array.text)
        assertEquals("<array>", array.preview)
        assertEquals(JsonString("#FF112233"), ExpressionValue.ColorValue(ExpressionColor.parse("#123")!!).json)
        assertEquals(JsonString("1970-01-01 00:00:00"), ExpressionValue.DatetimeValue(0).json)
        assertEquals(JsonNumber(3.0), ExpressionValue.IntegerValue(3).json)
        assertEquals(ExpressionType.DICT, dict.type)
        assertEquals(ExpressionType.URL, ExpressionValue.UrlValue("https://a.b").type)
    }

    @Test
    fun jsonReadsIntegralNumbersAsIntegers() {
        assertEquals(ExpressionValue.IntegerValue(3), ExpressionValue.fromJson(JsonNumber(3.0)))
        assertEquals(ExpressionValue.IntegerValue(-9_000_000_000_000_000_000), ExpressionValue.fromJson(JsonNumber(-9e18)))
        assertEquals(ExpressionValue.NumberValue(1e19), ExpressionValue.fromJson(JsonNumber(1e19)))
        assertEquals(ExpressionValue.NumberValue(3.5), ExpressionValue.fromJson(JsonNumber(3.5)))
        assertEquals(ExpressionValue.ArrayValue(emptyList()), ExpressionValue.fromJson(JsonArray(emptyList())))
        assertEquals(ExpressionValue.DictValue(emptyMap()), ExpressionValue.fromJson(JsonObject(emptyMap())))
        assertNull(ExpressionValue.fromJson(JsonNull))
    }

    @Test
    fun numbersAreEqualAsSwiftDoublesAre() {
        assertEquals(ExpressionValue.NumberValue(0.0), ExpressionValue.NumberValue(-0.0))
        assertEquals(ExpressionValue.NumberValue(0.0).hashCode(), ExpressionValue.NumberValue(-0.0).hashCode())
        assertNotEquals(ExpressionValue.NumberValue(Double.NaN), ExpressionValue.NumberValue(Double.NaN))
        assertNotEquals(ExpressionValue.NumberValue(3.0), ExpressionValue.IntegerValue(3))
    }

    @Test
    fun declaredValuesFitTheirType() {
        fun declared(type: ExpressionType, json: dev.screenplay.json.JsonValue) = ExpressionValue.declared(type, json)
        assertEquals(ExpressionValue.IntegerValue(3), declared(ExpressionType.INTEGER, JsonNumber(3.0)))
        assertNull(declared(ExpressionType.INTEGER, JsonNumber(2.5)))
        assertNull(declared(ExpressionType.INTEGER, JsonString("3")))
        assertEquals(ExpressionValue.ColorValue(ExpressionColor.parse("#fce")!!), declared(ExpressionType.COLOR, JsonString("#fce")))
        assertNull(declared(ExpressionType.COLOR, JsonString("red")))
        assertEquals(ExpressionValue.BooleanValue(true), declared(ExpressionType.BOOLEAN, JsonNumber(1.0)))
        assertEquals(ExpressionValue.BooleanValue(false), declared(ExpressionType.BOOLEAN, JsonNumber(0.0)))
        assertNull(declared(ExpressionType.BOOLEAN, JsonNumber(2.0)))
        assertNull(declared(ExpressionType.BOOLEAN, JsonString("1")))
        assertNull(declared(ExpressionType.NUMBER, JsonString("1")))
        assertEquals(ExpressionValue.UrlValue("https://a.b"), declared(ExpressionType.URL, JsonString("https://a.b")))
        assertNull(declared(ExpressionType.DATETIME, JsonString("1970-01-01 00:00:00")))
        assertEquals(ExpressionValue.DictValue(emptyMap()), declared(ExpressionType.DICT, JsonObject(emptyMap())))
        assertNull(declared(ExpressionType.ARRAY, JsonObject(emptyMap())))
    }

    @Test
    fun variablesReadByFullName() {
        val variables = ExpressionVariables.of(mapOf("user.name" to ExpressionValue.StringValue("Ada")))
        assertEquals(ExpressionValue.StringValue("Ada"), variables.value("user.name"))
        assertNull(variables.value("user"))
        assertNull(ExpressionVariables.NONE.value("user.name"))
    }
}
