package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionType.INTEGER

/**
 * The interval functions ← ExpressionFunctions+Dates.swift's `getInterval…`: a duration in milliseconds read as
 * whole seconds, minutes, hours, days or weeks, either in total or as the part a clock shows
 * (`getIntervalMinutes(3_723_000)` is 2); a negative duration is an error.
 */
internal object IntervalFunctions {
    private class Interval(val name: String, val unit: Long, val modulus: Long?)

    private val intervals = listOf(
        Interval("getIntervalSeconds", 1000, 60),
        Interval("getIntervalTotalSeconds", 1000, null),
        Interval("getIntervalMinutes", 60_000, 60),
        Interval("getIntervalTotalMinutes", 60_000, null),
        Interval("getIntervalHours", 3_600_000, 24),
        Interval("getIntervalTotalHours", 3_600_000, null),
        Interval("getIntervalTotalDays", 86_400_000, null),
        Interval("getIntervalTotalWeeks", 604_800_000, null),
    )

    fun register(builder: ExpressionFunctions.Builder) {
        for (interval in intervals) {
            val summary = interval.modulus?.let { "Whole units of ${interval.unit} ms, modulo $it; negative an error." }
                ?: "Whole units of ${interval.unit} ms; negative an error."
            builder.define(interval.name, listOf(INTEGER), INTEGER, summary) { call ->
                val value = call.integer(0)
                if (value < 0) throw ExpressionFailure("Expecting non-negative number of milliseconds.")
                val units = value / interval.unit
                ExpressionValue.IntegerValue(interval.modulus?.let { units % it } ?: units)
            }
        }
    }
}
