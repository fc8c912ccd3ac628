package dev.screenplay.json

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class JsonValueTest {
    @Test
    fun describesKindsAndTruth() {
        val values = listOf(JsonNull, JsonBool.TRUE, num(1), str("a"), arr(), obj())
        assertEquals(listOf("null", "a boolean", "a number", "a string", "an array", "an object"), values.map { it.kindDescription })
        assertEquals(listOf(false, true, true, true, false, false), values.map { it.isTruthy })
        assertFalse(num(0).isTruthy)
        assertFalse(num(-0.0).isTruthy)
        assertTrue(num(Double.NaN).isTruthy)
        assertFalse(str("").isTruthy)
        assertTrue(arr(JsonNull).isTruthy)
        assertTrue(obj("a" to JsonNull).isTruthy)
    }

    @Test
    fun typedAccessors() {
        assertEquals(7L, num(7).intValue)
        assertEquals(-7L, num(-7).intValue)
        assertNull(num(7.5).intValue)
        assertNull(num(9.007_199_254_740_992e15).intValue)
        assertEquals(9_007_199_254_740_991L, num(9_007_199_254_740_991.0).intValue)
        assertNull(str("7").intValue)
        assertEquals("a", str("a").stringValue)
        assertEquals(true, JsonBool.TRUE.boolValue)
        assertEquals(2.5, num(2.5).doubleValue)
        assertEquals(listOf(JsonNull), arr(JsonNull).arrayValue)
        assertEquals(str("x"), obj("a" to str("x"))["a"])
        assertNull(arr()["a"])
        assertNull(obj()["a"])
    }

    @Test
    fun numbersCompareAsDoubles() {
        assertEquals(num(0.0), num(-0.0))
        assertEquals(num(0.0).hashCode(), num(-0.0).hashCode())
        assertFalse(num(Double.NaN) == num(Double.NaN))
        assertEquals("JsonNumber(1e+16)", num(1e16).toString())
    }

    @Test
    fun utf8OrderIsCodePointOrder() {
        val strings = listOf("b", "a", "", "ab", "\uFF21", "\uD83D\uDE00", "\uE000", "\uD7FF", "é", "Z")
        assertEquals(listOf("", "Z", "a", "ab", "b", "é", "\uD7FF", "\uE000", "\uFF21", "\uD83D\uDE00"), strings.sortedWith(Utf8Order))
        val byBytes = strings.sortedWith { a, b ->
            val x = a.encodeToByteArray()
            val y = b.encodeToByteArray()
            (0 until minOf(x.size, y.size)).firstOrNull { x[it] != y[it] }
                ?.let { (x[it].toInt() and 0xFF) - (y[it].toInt() and 0xFF) } ?: (x.size - y.size)
        }
        assertEquals(byBytes, strings.sortedWith(Utf8Order))
    }
}
