package dev.screenplay.decoding

import dev.screenplay.json.JsonValue

/**
 * Reads one value of a document while decoding it (Swift's `JSONReadable`): the value, or a
 * [DecodingFailure] at the context's path. Readers of members take their step of the path before
 * calling it, so a reader only says what is wrong with the value itself.
 *
 * ```kotlin
 * val positive = ValueReader { json, context ->
 *     val number = Readers.double.read(json, context)
 *     if (number <= 0) throw context.failure(DiagnosticCode.invalidValue, "a weight is a positive number")
 *     number
 * }
 * ```
 */
internal fun interface ValueReader<out T> {
    /** The value [json] stands for; throws [DecodingFailure] when it is not one. */
    fun read(json: JsonValue, context: DecodingContext): T
}
