package dev.screenplay.decoding

/**
 * Where a value sits in a document, written the way people read it: `body.children[3].action`.
 *
 * Written and read exactly as the Swift decoder's `JSONPath` does (Sources/Screenplay/Decoding/JSONPath.swift),
 * so a diagnostic names the same place on every client and in `screenplay validate`: `$` for the document
 * itself, otherwise keys joined by dots and indices in brackets.
 *
 * ```kotlin
 * JsonPath.Root.appending("body").appending("children").appending(3).appending("action").toString()
 * // body.children[3].action
 * ```
 */
public data class JsonPath(public val steps: List<Step> = emptyList()) {
    /** One step of a path: into an object's member or an array's element. */
    public sealed interface Step {
        /** The member named [name] of an object. */
        public data class Key(public val name: String) : Step

        /** The element at [index] (from 0) of an array. */
        public data class Index(public val index: Int) : Step
    }

    /** This path, one step further. */
    public fun appending(step: Step): JsonPath = JsonPath(steps + step)

    /** The member [key] of the object at this path. */
    public fun appending(key: String): JsonPath = appending(Step.Key(key))

    /** The element [index] of the array at this path. */
    public fun appending(index: Int): JsonPath = appending(Step.Index(index))

    /**
     * The index of the step after a leading [key], when that step is an index: 3 for `events[3].id`
     * and the key `events`, otherwise null.
     */
    public fun indexAfter(key: String): Int? {
        if (steps.firstOrNull() != Step.Key(key)) return null
        return (steps.getOrNull(1) as? Step.Index)?.index
    }

    /** `$` for the document itself, otherwise dotted keys and bracketed indices: `variants[0].name`. */
    override fun toString(): String {
        if (steps.isEmpty()) return "$"
        return buildString {
            for (step in steps) {
                when (step) {
                    is Step.Key -> {
                        if (isNotEmpty()) append('.')
                        append(step.name)
                    }
                    is Step.Index -> append('[').append(step.index).append(']')
                }
            }
        }
    }

    public companion object {
        /** The document itself, written `$`. */
        public val Root: JsonPath = JsonPath()

        /**
         * Reads a path as [toString] writes it: `$` is the document, `body.children[3].action` a member of
         * an element of a member. A key is what runs up to the next `.` or `[`; a bracket that does not hold a
         * whole number is part of its key (`a[x]` is one key). So is an index beyond [Int] (Swift's reader takes
         * up to 64 bits; no array a client holds is that long).
         */
        public fun parse(text: String): JsonPath {
            if (text == "$") return Root
            val steps = mutableListOf<Step>()
            val key = StringBuilder()
            fun endKey() {
                if (key.isNotEmpty()) steps += Step.Key(key.toString())
                key.clear()
            }
            var position = 0
            while (position < text.length) {
                val character = text[position++]
                when (character) {
                    '.' -> endKey()
                    '[' -> {
                        val digitsEnd = text.indexOfFirstFrom(position) { it !in '0'..'9' }
                        val index = text.substring(position, digitsEnd).toIntOrNull()
                        if (index != null && text.getOrNull(digitsEnd) == ']') {
                            endKey()
                            steps += Step.Index(index)
                            position = digitsEnd + 1
                        } else {
                            key.append(character)
                        }
                    }
                    else -> key.append(character)
                }
            }
            endKey()
            return JsonPath(steps)
        }

        private inline fun String.indexOfFirstFrom(start: Int, predicate: (Char) -> Boolean): Int {
            for (index in start until length) {
                if (predicate(this[index])) return index
            }
            return length
        }
    }
}
