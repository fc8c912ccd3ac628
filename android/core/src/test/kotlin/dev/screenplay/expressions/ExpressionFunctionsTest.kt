package dev.screenplay.expressions

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The standard registry's groups as ported so far, counted against Swift's ExpressionFunctions.standard. */
class ExpressionFunctionsTest {
    private val registry = ExpressionFunctions.STANDARD

    /**
     * Names and overload counts of each group ported, as the design counts them (conversions 6 names, math 18 with
     * `pi`, trigonometry 9, colors 11, datetimes 21 of 22 until `formatDateAsUTCWithLocale`, intervals 8, variables 6).
     */
    private val groups: Map<String, Map<String, Int>> = mapOf(
        "conversions" to mapOf("toString" to 9, "toInteger" to 3, "toNumber" to 2, "toBoolean" to 2, "toColor" to 1, "toUrl" to 1),
        "math" to mapOf(
            "sum" to 2, "sub" to 2, "mul" to 2, "div" to 2, "mod" to 2, "max" to 2, "min" to 2, "abs" to 2, "signum" to 2,
            "copySign" to 2, "round" to 1, "floor" to 1, "ceil" to 1, "maxInteger" to 1, "minInteger" to 1, "maxNumber" to 1,
            "minNumber" to 1, "pi" to 1,
        ),
        "trigonometry" to mapOf(
            "sin" to 1, "cos" to 1, "tan" to 1, "atan" to 1, "toRadians" to 1, "toDegrees" to 1, "cot" to 1,
            "asin" to 1, "acos" to 1,
        ),
        "colors" to mapOf(
            "argb" to 1, "rgb" to 1, "alphaBlend" to 1,
            "getColorAlpha" to 2, "getColorRed" to 2, "getColorGreen" to 2, "getColorBlue" to 2,
            "setColorAlpha" to 2, "setColorRed" to 2, "setColorGreen" to 2, "setColorBlue" to 2,
        ),
        "datetimes" to mapOf(
            "parseUnixTime" to 1, "parseUnixTimeAsLocal" to 1, "nowLocal" to 1, "addMillis" to 1, "getDayOfWeek" to 1,
            "getTimestamp" to 1, "formatDateAsUTC" to 1,
        ) + listOf("Year", "Month", "Day", "Hours", "Minutes", "Seconds", "Millis").flatMap { listOf("set$it" to 1, "get$it" to 1) },
        "intervals" to listOf("Seconds", "Minutes", "Hours").associate { "getInterval$it" to 1 } +
            listOf("Seconds", "Minutes", "Hours", "Days", "Weeks").associate { "getIntervalTotal$it" to 1 },
        "variables" to mapOf(
            "getIntegerValue" to 1, "getNumberValue" to 1, "getStringValue" to 1, "getBooleanValue" to 1, "getColorValue" to 2,
            "getUrlValue" to 2,
        ),
    )

    @Test
    fun everyPortedGroupIsWhole() {
        val expected = groups.values.fold(emptyMap<String, Int>()) { all, group -> all + group }
        assertEquals(expected, registry.functions.mapValues { it.value.size })
        assertEquals(listOf(6, 18, 9, 11, 21, 8, 6), groups.values.map { it.size })
        assertEquals(mapOf("toString" to 9), registry.methods.mapValues { it.value.size })
    }

    @Test
    fun withAddsAfterTheStandardOverloads() {
        val extra = ExpressionFunction("max", listOf(ExpressionType.STRING), ExpressionType.STRING, "The string.") { call ->
            ExpressionValue.StringValue(call.string(0))
        }
        val extended = registry.with { add(extra) }
        assertEquals(3, extended.functions.getValue("max").size)
        assertTrue(extended.functions.getValue("max").last() === extra)
        assertEquals(2, registry.functions.getValue("max").size, "the standard registry is unchanged")
    }
}
