package dev.screenplay.decoding

import dev.screenplay.json.JsonBool
import dev.screenplay.json.JsonNumber
import dev.screenplay.json.JsonObject
import dev.screenplay.json.JsonString
import dev.screenplay.json.JsonValue

/**
 * The readers of plain values, with Swift's messages (JSONReadable.swift): `expected a string, found a
 * number`, `unknown value "heavy"; expected one of "regular", "medium", "semibold", "bold"`.
 *
 * ```kotlin
 * val title = reader.required(Member.TITLE, Readers.string)
 * val size = reader.optional(Member.SIZE, Readers.double)
 * ```
 */
internal object Readers {
    /** A string. */
    val string: ValueReader<String> = ValueReader { json, context ->
        (json as? JsonString)?.value ?: throw typeMismatch("a string", json, context)
    }

    /** A number. */
    val double: ValueReader<Double> = ValueReader { json, context ->
        (json as? JsonNumber)?.value ?: throw typeMismatch("a number", json, context)
    }

    /**
     * A number without a fractional part whose magnitude is below 2^53 (Swift's `Int`, 64 bits: a
     * `Long` here, so no value Swift accepts is cut).
     */
    val int: ValueReader<Long> = ValueReader { json, context ->
        json.intValue ?: throw typeMismatch("an integer", json, context)
    }

    /** A boolean. */
    val bool: ValueReader<Boolean> = ValueReader { json, context ->
        (json as? JsonBool)?.value ?: throw typeMismatch("a boolean", json, context)
    }

    /** Any JSON value, as it is. */
    val any: ValueReader<JsonValue> = ValueReader { value, _ -> value }

    /** An object's members. */
    val members: ValueReader<Map<String, JsonValue>> = ValueReader { json, context ->
        (json as? JsonObject)?.members ?: throw typeMismatch("an object", json, context)
    }

    /**
     * A name from a closed set of strings (Swift's `EnumValue`); the message lists the set in [values]'
     * order.
     *
     * ```kotlin
     * val weight = Readers.enumOf(FontWeight.entries) { it.wire }
     * // unknown value "heavy"; expected one of "regular", "medium", "semibold", "bold"
     * ```
     */
    fun <E : Any> enumOf(values: List<E>, wire: (E) -> String): ValueReader<E> {
        val byWire = HashMap<String, E>(values.size * 2)
        for (value in values) byWire.putIfAbsent(wire(value), value)
        return ValueReader { json, context ->
            val raw = (json as? JsonString)?.value ?: throw typeMismatch("a string", json, context)
            byWire[raw] ?: throw context.failure(
                DiagnosticCode.invalidValue,
                "unknown value \"$raw\"; expected one of ${values.joinToString(", ") { "\"${wire(it)}\"" }}",
            )
        }
    }

    /** `expected EXPECTED, found KIND` at the context's path. */
    fun typeMismatch(expected: String, json: JsonValue, context: DecodingContext): DecodingFailure =
        context.failure(DiagnosticCode.invalidValue, "expected $expected, found ${json.kindDescription}")
}
