package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionType.DATETIME
import dev.screenplay.expressions.ExpressionType.INTEGER
import dev.screenplay.expressions.ExpressionType.STRING
import dev.screenplay.expressions.ExpressionValue.DatetimeValue
import dev.screenplay.expressions.ExpressionValue.IntegerValue

/**
 * The datetime functions ← ExpressionFunctions+Dates.swift: construction, arithmetic, field setters and getters
 * and `formatDateAsUTC`. A datetime is an instant; its fields are read in UTC. The intervals are
 * [IntervalFunctions]; `formatDateAsUTCWithLocale` needs the locale tables and comes with the formatting group.
 */
internal object DateFunctions {
    private class Field(val name: String, val range: LongRange?, val key: CivilTime.Field, val label: String)

    private val fields = listOf(
        Field("Year", null, CivilTime.Field.YEAR, "year"),
        Field("Month", 1L..12L, CivilTime.Field.MONTH, "month"),
        Field("Day", null, CivilTime.Field.DAY, "day"),
        Field("Hours", 0L..23L, CivilTime.Field.HOURS, "hours"),
        Field("Minutes", 0L..59L, CivilTime.Field.MINUTES, "minutes"),
        Field("Seconds", 0L..59L, CivilTime.Field.SECONDS, "seconds"),
        Field("Millis", 0L..999L, CivilTime.Field.MILLIS, "millis"),
    )

    fun register(builder: ExpressionFunctions.Builder) = with(builder) {
        define("parseUnixTime", listOf(INTEGER), DATETIME, "The instant `seconds` after 1970-01-01 00:00:00 UTC.") { call ->
            DatetimeValue(overflowing { Math.multiplyExact(call.integer(0), 1000L) })
        }
        define("parseUnixTimeAsLocal", listOf(INTEGER), DATETIME, "The same instant as parseUnixTime (fields are read in UTC).") { call ->
            DatetimeValue(overflowing { Math.multiplyExact(call.integer(0), 1000L) })
        }
        define("nowLocal", emptyList(), DATETIME, "The current instant, from the evaluator's clock.") { call -> DatetimeValue(call.now()) }
        define("addMillis", listOf(DATETIME, INTEGER), DATETIME, "The instant moved by the milliseconds.") { call ->
            DatetimeValue(overflowing { Math.addExact(call.datetime(0), call.integer(1)) })
        }
        for (field in fields) {
            define("set${field.name}", listOf(DATETIME, INTEGER), DATETIME, "The datetime with its ${field.label} set (UTC).") { call ->
                DatetimeValue(setField(field, call.datetime(0), call.integer(1)))
            }
            define("get${field.name}", listOf(DATETIME), INTEGER, "The ${field.label} (UTC).") { call ->
                IntegerValue(CivilTime.of(call.datetime(0))[field.key])
            }
        }
        define("getDayOfWeek", listOf(DATETIME), INTEGER, "1 = Monday … 7 = Sunday (UTC).") { call ->
            IntegerValue(CivilTime.of(call.datetime(0)).dayOfWeek)
        }
        define("getTimestamp", listOf(DATETIME), INTEGER, "Milliseconds since 1970 UTC.") { call -> IntegerValue(call.datetime(0)) }
        define("formatDateAsUTC", listOf(DATETIME, STRING), STRING, "The datetime in UTC through an ICU pattern (y M d H h m s S E a).") { call ->
            ExpressionValue.StringValue(DatePattern.format(call.datetime(0), call.string(1)))
        }
    }

    private fun setField(field: Field, milliseconds: Long, value: Long): Long {
        val time = CivilTime.of(milliseconds)
        val range = field.range
        if (range != null && value !in range) {
            throw ExpressionFailure("Expecting ${field.label} in [${range.first}..${range.last}], instead got $value.")
        }
        if (field.key == CivilTime.Field.DAY) {
            if (value == -1L) {
                // The last day of the previous month.
                time.day = 1
                val first = time.milliseconds ?: throw ExpressionFailure("Integer overflow.")
                return overflowing { Math.subtractExact(first, 86_400_000L) }
            }
            if (value < 1 || value > CivilTime.daysIn(time.month, time.year)) {
                throw ExpressionFailure("Unable to set day $value for date ${CivilTime.of(milliseconds).text}.")
            }
        }
        time[field.key] = value
        if (field.key == CivilTime.Field.YEAR || field.key == CivilTime.Field.MONTH) {
            time.day = minOf(time.day, CivilTime.daysIn(time.month, time.year))
        }
        val result = time.milliseconds ?: throw ExpressionFailure("Integer overflow.")
        // A year far outside 64-bit milliseconds can wrap inside the calendar arithmetic (Swift traps there):
        // the instant must read back as the fields it was made from.
        if (CivilTime.of(result) != time) throw ExpressionFailure("Integer overflow.")
        return result
    }

    private inline fun overflowing(operation: () -> Long): Long = try {
        operation()
    } catch (_: ArithmeticException) {
        throw ExpressionFailure("Integer overflow.")
    }
}
