package dev.screenplay.decoding

/**
 * Thrown by [DecodeResult.getOrThrow] when a document could not be used: the first error, whole.
 * The message is the diagnostic's `PATH: severity: message` line.
 *
 * ```kotlin
 * try {
 *     result.getOrThrow()
 * } catch (failure: DecodeException) {
 *     failure.diagnostic.code // DiagnosticCode.malformedJSON
 * }
 * ```
 */
public class DecodeException(public val diagnostic: Diagnostic) : Exception(diagnostic.toString())
