package dev.screenplay.json

/**
 * A compact read-only `Map<String, JsonValue>` for parsed objects: names and values in parallel
 * arrays, looked up linearly up to [LINEAR_LIMIT] members and through a hashed index above. A name
 * given twice keeps its first place and its last value (Swift's rule for a repeated member).
 */
internal class JsonObjectMap private constructor(
    private val names: Array<String>,
    private val slots: Array<JsonValue>,
    private val index: HashMap<String, Int>?,
) : AbstractMap<String, JsonValue>() {

    override val size: Int get() = names.size

    override fun isEmpty(): Boolean = names.isEmpty()

    override fun containsKey(key: String): Boolean = position(key) >= 0

    override fun get(key: String): JsonValue? {
        val at = position(key)
        return if (at >= 0) slots[at] else null
    }

    private fun position(key: String): Int {
        if (index != null) return index[key] ?: -1
        for (at in names.indices) {
            if (names[at] == key) return at
        }
        return -1
    }

    override val entries: Set<Map.Entry<String, JsonValue>>
        get() = object : AbstractSet<Map.Entry<String, JsonValue>>() {
            override val size: Int get() = names.size

            override fun iterator(): Iterator<Map.Entry<String, JsonValue>> = object : Iterator<Map.Entry<String, JsonValue>> {
                private var next = 0

                override fun hasNext(): Boolean = next < names.size

                override fun next(): Map.Entry<String, JsonValue> {
                    if (next >= names.size) throw NoSuchElementException()
                    val at = next++
                    return Member(names[at], slots[at])
                }
            }
        }

    private class Member(override val key: String, override val value: JsonValue) : Map.Entry<String, JsonValue> {
        override fun equals(other: Any?): Boolean = other is Map.Entry<*, *> && other.key == key && other.value == value

        override fun hashCode(): Int = key.hashCode() xor value.hashCode()

        override fun toString(): String = "$key=$value"
    }

    internal companion object {
        /** Objects with at most this many members are searched linearly. */
        const val LINEAR_LIMIT: Int = 8

        private val EMPTY: Map<String, JsonValue> = JsonObjectMap(emptyArray(), emptyArray(), null)

        /** The map of `names[i]` to `values[i]`; a repeated name keeps its first place and last value. */
        fun of(names: List<String>, values: List<JsonValue>): Map<String, JsonValue> {
            require(names.size == values.size) { "${names.size} names for ${values.size} values" }
            if (names.isEmpty()) return EMPTY
            if (names.size <= LINEAR_LIMIT) {
                var distinctNames = names
                var distinctValues = values
                if (hasRepeats(names)) {
                    val keptNames = ArrayList<String>(names.size)
                    val keptValues = ArrayList<JsonValue>(names.size)
                    for (at in names.indices) {
                        val earlier = keptNames.indexOf(names[at])
                        if (earlier >= 0) {
                            keptValues[earlier] = values[at]
                        } else {
                            keptNames.add(names[at])
                            keptValues.add(values[at])
                        }
                    }
                    distinctNames = keptNames
                    distinctValues = keptValues
                }
                return JsonObjectMap(distinctNames.toTypedArray(), distinctValues.toTypedArray(), null)
            }
            val index = HashMap<String, Int>(names.size * 2)
            val keptNames = ArrayList<String>(names.size)
            val keptValues = ArrayList<JsonValue>(names.size)
            for (at in names.indices) {
                val earlier = index[names[at]]
                if (earlier != null) {
                    keptValues[earlier] = values[at]
                } else {
                    index[names[at]] = keptNames.size
                    keptNames.add(names[at])
                    keptValues.add(values[at])
                }
            }
            return JsonObjectMap(keptNames.toTypedArray(), keptValues.toTypedArray(), index)
        }

        private fun hasRepeats(names: List<String>): Boolean {
            for (at in 1 until names.size) {
                for (earlier in 0 until at) {
                    if (names[earlier] == names[at]) return true
                }
            }
            return false
        }
    }
}
