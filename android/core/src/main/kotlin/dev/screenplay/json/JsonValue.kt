package dev.screenplay.json

/**
 * A JSON value, as Screenplay reads and writes it: numbers are `Double`, objects are unordered maps
 * (written in UTF-8 key order by [JsonWriter]).
 *
 * ```kotlin
 * val payload = JsonParser.parse("""{"city":"Paris","days":7}""".encodeToByteArray())
 * payload["city"]?.stringValue // "Paris"
 * ```
 */
public sealed interface JsonValue {
    /** The name of this value's JSON type, as diagnostics say it ("a string", "an object"). */
    public val kindDescription: String

    /**
     * Whether the value counts as "on" for state conditions: `true`, a non-zero number, a non-empty
     * string, array or object. `null` and `false` are off.
     */
    public val isTruthy: Boolean

    /** The string, when this is a [JsonString]. */
    public val stringValue: String? get() = (this as? JsonString)?.value

    /** The number, when this is a [JsonNumber]. */
    public val doubleValue: Double? get() = (this as? JsonNumber)?.value

    /**
     * The number as an integer, when it has no fractional part and its magnitude is below 2^53.
     *
     * ```kotlin
     * JsonNumber(7.0).intValue // 7
     * JsonNumber(7.5).intValue // null
     * ```
     */
    public val intValue: Long?
        get() {
            val value = (this as? JsonNumber)?.value ?: return null
            if (Math.rint(value) != value || Math.abs(value) >= 9.007_199_254_740_992e15) return null
            return value.toLong()
        }

    /** The flag, when this is a [JsonBool]. */
    public val boolValue: Boolean? get() = (this as? JsonBool)?.value

    /** The elements, when this is a [JsonArray]. */
    public val arrayValue: List<JsonValue>? get() = (this as? JsonArray)?.elements

    /** The members, when this is a [JsonObject]. */
    public val objectValue: Map<String, JsonValue>? get() = (this as? JsonObject)?.members

    /**
     * The member named [key] when this is an object.
     *
     * ```kotlin
     * JsonObject(mapOf("a" to JsonBool.TRUE))["a"] // JsonBool.TRUE
     * ```
     */
    public operator fun get(key: String): JsonValue? = objectValue?.get(key)
}

/**
 * JSON `null`.
 *
 * ```kotlin
 * JsonParser.parse("null".encodeToByteArray()) == JsonNull // true
 * ```
 */
public data object JsonNull : JsonValue {
    override val kindDescription: String get() = "null"
    override val isTruthy: Boolean get() = false
}

/**
 * A JSON boolean; [TRUE] and [FALSE] are shared.
 *
 * ```kotlin
 * JsonBool.of(true) === JsonBool.TRUE // true
 * ```
 */
public data class JsonBool(public val value: Boolean) : JsonValue {
    override val kindDescription: String get() = "a boolean"
    override val isTruthy: Boolean get() = value

    /** The shared values. */
    public companion object {
        /** `true`. */
        public val TRUE: JsonBool = JsonBool(true)

        /** `false`. */
        public val FALSE: JsonBool = JsonBool(false)

        /** The shared value for [value]. */
        public fun of(value: Boolean): JsonBool = if (value) TRUE else FALSE
    }
}

/**
 * A JSON number: always a `Double`, as in Swift. Equality is numeric (`-0.0 == 0.0`, NaN equals
 * nothing), as Swift's `==` on `Double` is.
 *
 * ```kotlin
 * JsonNumber(-0.0) == JsonNumber(0.0) // true
 * ```
 */
public class JsonNumber(public val value: Double) : JsonValue {
    override val kindDescription: String get() = "a number"
    override val isTruthy: Boolean get() = value != 0.0

    override fun equals(other: Any?): Boolean = other is JsonNumber && other.value == value

    override fun hashCode(): Int = (if (value == 0.0) 0.0 else value).hashCode()

    /** The number as Swift's `description` writes it (`JsonNumber(0.1)` is `0.1`, `1e+16`). */
    override fun toString(): String = "JsonNumber(${SwiftNumberText.describe(value)})"
}

/**
 * A JSON string.
 *
 * ```kotlin
 * JsonString("Hi").stringValue // "Hi"
 * ```
 */
public data class JsonString(public val value: String) : JsonValue {
    override val kindDescription: String get() = "a string"
    override val isTruthy: Boolean get() = value.isNotEmpty()
}

/**
 * A JSON array.
 *
 * ```kotlin
 * JsonArray(listOf(JsonNull, JsonBool.TRUE)).elements.size // 2
 * ```
 */
public data class JsonArray(public val elements: List<JsonValue>) : JsonValue {
    override val kindDescription: String get() = "an array"
    override val isTruthy: Boolean get() = elements.isNotEmpty()
}

/**
 * A JSON object: members by name, unordered (a repeated name keeps its last value).
 *
 * ```kotlin
 * JsonObject(mapOf("b" to JsonNull, "a" to JsonNull)) // written {"a":null,"b":null}
 * ```
 */
public data class JsonObject(public val members: Map<String, JsonValue>) : JsonValue {
    override val kindDescription: String get() = "an object"
    override val isTruthy: Boolean get() = members.isNotEmpty()
}
