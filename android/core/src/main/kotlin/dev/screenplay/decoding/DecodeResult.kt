package dev.screenplay.decoding

/**
 * The outcome of decoding a document: the value (unless the document was unusable) and every
 * problem found, with its path. The one result shape every reader of the format returns; problems
 * are values, never exceptions.
 *
 * ```kotlin
 * val result: DecodeResult<Screen> = Screen.decode(bytes)
 * result.value?.let(::show)
 * result.diagnostics.forEach { println(it) } // body.children[1].text: warning: expected a string, …
 * ```
 */
public data class DecodeResult<out T : Any>(
    /**
     * The decoded value; null only when the document could not be used at all (not JSON, over a
     * limit, an unsupported major version, or a body that could not be decoded).
     */
    public val value: T?,
    /** Every problem found, in the order the reader met them. */
    public val diagnostics: List<Diagnostic>,
) {
    /** Whether any diagnostic is an error. */
    public val hasErrors: Boolean get() = diagnostics.any { it.severity == Diagnostic.Severity.ERROR }

    /** The errors, in order. */
    public val errors: List<Diagnostic> get() = diagnostics.filter { it.severity == Diagnostic.Severity.ERROR }

    /** The warnings, in order. */
    public val warnings: List<Diagnostic> get() = diagnostics.filter { it.severity == Diagnostic.Severity.WARNING }

    /**
     * The value, or a [DecodeException] carrying the first error when the document could not be used
     * (Swift's `DecodeResult.get()`).
     *
     * ```kotlin
     * val patch = ScreenPatch.decode(bytes).getOrThrow()
     * ```
     */
    public fun getOrThrow(): T {
        value?.let { return it }
        throw DecodeException(
            errors.firstOrNull()
                ?: Diagnostic(Diagnostic.Severity.ERROR, DiagnosticCode.droppedNode, JsonPath.Root, "the document could not be used"),
        )
    }

    /**
     * The diagnostics with their paths below [prefix]: a member's problems as the enclosing message
     * names them.
     *
     * ```kotlin
     * diagnostics += Screen.decode(member).diagnosticsUnder(JsonPath.parse("screen")) // screen.body.children[2]: …
     * ```
     */
    public fun diagnosticsUnder(prefix: JsonPath): List<Diagnostic> = diagnostics.map { it.under(prefix) }
}
