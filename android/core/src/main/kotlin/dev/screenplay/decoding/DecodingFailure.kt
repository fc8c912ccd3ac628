package dev.screenplay.decoding

/**
 * Why a value could not be read; caught by the nearest node (which is dropped or replaced by its
 * fallback) or optional member (which is ignored), and turned into a [Diagnostic].
 *
 * Cheap control flow, never seen outside the decoder: it records no stack trace and no suppressed
 * exceptions.
 *
 * ```kotlin
 * try {
 *     reader.required(Member.URL, Readers.string)
 * } catch (failure: DecodingFailure) {
 *     context.report(failure.withMessage("${failure.message}; node dropped", DiagnosticCode.droppedNode))
 * }
 * ```
 */
internal class DecodingFailure(
    val code: DiagnosticCode,
    override val message: String,
    val path: JsonPath,
) : Exception(message, null, false, false) {
    /** The same failure with another message (and code): how an enclosing reader says what it did. */
    fun withMessage(message: String, code: DiagnosticCode = this.code): DecodingFailure = DecodingFailure(code, message, path)

    /** The failure as a diagnostic of [severity]. */
    fun toDiagnostic(severity: Diagnostic.Severity = Diagnostic.Severity.WARNING): Diagnostic =
        Diagnostic(severity, code, path, message)
}
