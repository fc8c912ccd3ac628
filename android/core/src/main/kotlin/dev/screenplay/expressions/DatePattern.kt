package dev.screenplay.expressions

/**
 * The ICU date pattern subset `formatDateAsUTC` understands, in English (`y M d H h m s S E a`)
 * ← ExpressionFunctions+Dates.swift's `DatePattern` and `DatePatternReader`.
 *
 * A pattern is read once: text in single quotes is copied, `''` is a quote inside quoted text and outside it
 * (`'o''clock'` is `o'clock`), anything but an ASCII letter is copied, and each run of one letter is a field. A
 * quote that is never closed is an error, as in ICU's and Java's pattern readers.
 */
internal object DatePattern {
    private val months = listOf(
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    )
    private val days = listOf("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

    fun format(milliseconds: Long, pattern: String): String {
        val time = CivilTime.of(milliseconds)
        return render(pattern) { letter, count, output ->
            when (letter) {
                'y' -> output.append(if (count == 2) CivilTime.pad(time.year % 100, 2) else CivilTime.pad(time.year, count))
                'M' -> output.append(
                    when (count) {
                        1, 2 -> CivilTime.pad(time.month, count)
                        3 -> months[time.month.toInt() - 1].take(3)
                        else -> months[time.month.toInt() - 1]
                    },
                )
                'd' -> output.append(CivilTime.pad(time.day, count))
                'H' -> output.append(CivilTime.pad(time.hours, count))
                'h' -> output.append(CivilTime.pad(if (time.hours % 12 == 0L) 12 else time.hours % 12, count))
                'm' -> output.append(CivilTime.pad(time.minutes, count))
                's' -> output.append(CivilTime.pad(time.seconds, count))
                'S' -> {
                    val millis = CivilTime.pad(time.millis, 3)
                    output.append(if (count <= 3) millis.take(count) else millis + "0".repeat(count - 3))
                }
                'E' -> {
                    val name = days[time.dayOfWeek.toInt() - 1]
                    output.append(if (count <= 3) name.take(3) else name)
                }
                'a' -> output.append(if (time.hours < 12) "AM" else "PM")
                'z', 'Z' -> throw ExpressionFailure("z/Z not supported in [$pattern]", standsAlone = true)
                else -> throw ExpressionFailure("Incorrect format pattern.")
            }
        }
    }

    /**
     * Reads [pattern] as described above, calling [field] with each field's letter and length. Swift reads the
     * pattern by characters (grapheme clusters): an ASCII letter followed by a combining mark, a joiner or a
     * variation selector is one character with it, not a letter, and is copied.
     */
    fun render(pattern: String, field: (letter: Char, count: Int, output: StringBuilder) -> Unit): String {
        val points = pattern.codePoints().toArray()
        val output = StringBuilder()
        var index = 0
        var quoted = false
        fun isLetterAt(position: Int): Boolean {
            val point = points[position]
            val isAsciiLetter = point in 'a'.code..'z'.code || point in 'A'.code..'Z'.code
            return isAsciiLetter && !(position + 1 < points.size && extendsCluster(points[position + 1]))
        }
        while (index < points.size) {
            val point = points[index]
            if (point == '\''.code) {
                if (index + 1 < points.size && points[index + 1] == '\''.code) {
                    output.append('\'')
                    index += 2
                } else {
                    quoted = !quoted
                    index += 1
                }
                continue
            }
            if (quoted || !isLetterAt(index)) {
                output.appendCodePoint(point)
                index += 1
                continue
            }
            var count = 1
            while (index + count < points.size && points[index + count] == point && isLetterAt(index + count)) count += 1
            index += count
            field(Char(point), count, output)
        }
        if (quoted) throw ExpressionFailure("Unterminated quote in the date pattern.")
        return output.toString()
    }

    /** Whether [point] continues the grapheme cluster before it (a mark, a joiner, a variation selector). */
    private fun extendsCluster(point: Int): Boolean = when (Character.getType(point).toByte()) {
        Character.NON_SPACING_MARK, Character.ENCLOSING_MARK, Character.COMBINING_SPACING_MARK -> true
        else -> point == 0x200D || point in 0xFE00..0xFE0F || point in 0xE0100..0xE01EF || point in 0x1F3FB..0x1F3FF
    }
}
