package dev.screenplay.expressions

/**
 * A UTC instant broken into its calendar fields (proleptic Gregorian), and back: the datetime functions'
 * arithmetic without a calendar object per call, and the one way of writing a UTC instant ← CivilTime.swift.
 * No `java.time`: the same integer arithmetic as Swift (Howard Hinnant's civil_from_days / days_from_civil).
 */
internal data class CivilTime(
    var year: Long,
    /** 1…12. */
    var month: Long,
    /** 1…31. */
    var day: Long,
    var hours: Long,
    var minutes: Long,
    var seconds: Long,
    var millis: Long,
) {
    /** Milliseconds since 1970 UTC; null when it does not fit 64 bits. */
    val milliseconds: Long?
        get() {
            val y = if (month <= 2) year - 1 else year
            val era = Math.floorDiv(y, 400L)
            val yoe = y - era * 400
            val mp = if (month > 2) month - 3 else month + 9
            val doy = (153 * mp + 2) / 5 + day - 1
            val doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
            val days = era * 146_097 + doe - 719_468
            return try {
                Math.addExact(Math.multiplyExact(days, 86_400_000L), hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + millis)
            } catch (_: ArithmeticException) {
                null
            }
        }

    /** A field, to read or set by name. */
    enum class Field { YEAR, MONTH, DAY, HOURS, MINUTES, SECONDS, MILLIS }

    operator fun get(field: Field): Long = when (field) {
        Field.YEAR -> year
        Field.MONTH -> month
        Field.DAY -> day
        Field.HOURS -> hours
        Field.MINUTES -> minutes
        Field.SECONDS -> seconds
        Field.MILLIS -> millis
    }

    operator fun set(field: Field, value: Long) {
        when (field) {
            Field.YEAR -> year = value
            Field.MONTH -> month = value
            Field.DAY -> day = value
            Field.HOURS -> hours = value
            Field.MINUTES -> minutes = value
            Field.SECONDS -> seconds = value
            Field.MILLIS -> millis = value
        }
    }

    /** 1 = Monday … 7 = Sunday. */
    val dayOfWeek: Long
        get() {
            val days = Math.floorDiv(milliseconds ?: 0L, 86_400_000L)
            // 1970-01-01 was a Thursday (4).
            return Math.floorMod(days + 3, 7L) + 1
        }

    /** `yyyy-MM-dd HH:mm:ss`. */
    val text: String get() = "$date $clock"

    /** `yyyy-MM-dd`. */
    val date: String get() = "${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}"

    /** `HH:mm:ss`. */
    val clock: String get() = "${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}"

    companion object {
        fun of(milliseconds: Long): CivilTime {
            val days = Math.floorDiv(milliseconds, 86_400_000L)
            val dayMillis = Math.floorMod(milliseconds, 86_400_000L)
            val z = days + 719_468
            val era = Math.floorDiv(z, 146_097L)
            val doe = z - era * 146_097
            val yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
            val doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
            val mp = (5 * doy + 2) / 153
            val day = doy - (153 * mp + 2) / 5 + 1
            val month = if (mp < 10) mp + 3 else mp - 9
            val year = yoe + era * 400 + (if (month <= 2) 1 else 0)
            return CivilTime(
                year, month, day, dayMillis / 3_600_000, dayMillis / 60_000 % 60, dayMillis / 1000 % 60, dayMillis % 1000,
            )
        }

        fun isLeap(year: Long): Boolean = year % 4 == 0L && (year % 100 != 0L || year % 400 == 0L)

        fun daysIn(month: Long, year: Long): Long = when (month) {
            2L -> if (isLeap(year)) 29 else 28
            4L, 6L, 9L, 11L -> 30
            else -> 31
        }

        /** [value] with at least [width] digits, the sign before the zeros. */
        fun pad(value: Long, width: Int): String {
            val digits = if (value < 0) value.toULong().let { (0UL - it).toString() } else value.toString()
            return (if (value < 0) "-" else "") + "0".repeat(maxOf(0, width - digits.length)) + digits
        }

        /**
         * Reads `yyyy-MM-dd HH:mm:ss` (UTC), as case files write datetimes: six integers split on `-`, space and `:`
         * (empty pieces dropped, as Swift's `split` does).
         */
        fun parse(text: String): CivilTime? {
            val parts = text.split('-', ' ', ':').filter { it.isNotEmpty() }.map { swiftInt64(it) ?: return null }
            if (parts.size != 6) return null
            return CivilTime(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], 0)
        }

        /** Swift's `Int64(_:)`: an optional `+` or `-`, then ASCII digits only. */
        private fun swiftInt64(text: String): Long? {
            val digits = if (text.startsWith('+') || text.startsWith('-')) text.substring(1) else text
            if (digits.isEmpty() || digits.any { it !in '0'..'9' }) return null
            return text.removePrefix("+").toLongOrNull()
        }
    }
}
