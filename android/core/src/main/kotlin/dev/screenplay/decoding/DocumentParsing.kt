package dev.screenplay.decoding

import dev.screenplay.json.JsonParseError
import dev.screenplay.json.JsonParser
import dev.screenplay.json.JsonValue

/**
 * Parses [bytes] within [limits] (size before reading, depth and string length while reading).
 *
 * ```kotlin
 * JsonParser.parse(bytes, DocumentLimits.Default.copy(maxDocumentBytes = 512 * 1024))
 * ```
 *
 * @throws JsonParseError when the bytes are not JSON or break a limit.
 */
public fun JsonParser.parse(bytes: ByteArray, limits: DocumentLimits): JsonValue =
    parse(bytes, maxDocumentBytes = limits.maxDocumentBytes, maxDepth = limits.maxDepth, maxStringBytes = limits.maxStringBytes)

/** The parse errors that are a limit broken rather than bytes that are not JSON. */
private val limitCodes = setOf(JsonParseError.Code.tooDeep, JsonParseError.Code.stringTooLong, JsonParseError.Code.documentTooLarge)

/**
 * Parses a document, turning a parse failure into the one error every decoder reports for it, at `$`
 * (Swift's `JSONTape.parse(_:limits:)`): [DiagnosticCode.limitExceeded] for a limit,
 * [DiagnosticCode.malformedJSON] otherwise, the message `line L, column C: reason`.
 *
 * ```kotlin
 * parseDocument("[1,]".encodeToByteArray(), DocumentLimits.Default).diagnostics.single().toString()
 * // $: error: line 1, column 4: unexpected ']', expected a value
 * ```
 */
internal fun parseDocument(bytes: ByteArray, limits: DocumentLimits): DecodeResult<JsonValue> =
    try {
        DecodeResult(JsonParser.parse(bytes, limits), emptyList())
    } catch (error: JsonParseError) {
        val code = if (error.code in limitCodes) DiagnosticCode.limitExceeded else DiagnosticCode.malformedJSON
        DecodeResult(null, listOf(Diagnostic(Diagnostic.Severity.ERROR, code, JsonPath.Root, error.toString())))
    }
