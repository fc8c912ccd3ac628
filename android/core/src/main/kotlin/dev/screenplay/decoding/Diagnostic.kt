package dev.screenplay.decoding

/**
 * A problem found while decoding or validating a document: what, where, and how bad.
 *
 * Errors mean the document breaks the format or a limit (a validator exits 1); warnings mean that
 * something was skipped or replaced, and the rest of the screen is intact. `toString()` is
 * `PATH: severity: message`, the line `screenplay validate` prints after the file name, as Swift's
 * `Diagnostic.description`.
 *
 * ```kotlin
 * Diagnostic.warning(JsonPath.parse("body.size"), "expected a number, found a string; ignored").toString()
 * // body.size: warning: expected a number, found a string; ignored
 * ```
 */
public data class Diagnostic(
    public val severity: Severity,
    public val code: DiagnosticCode,
    public val path: JsonPath,
    public val message: String,
) {
    /**
     * How bad a problem is; a warning sorts before an error.
     *
     * ```kotlin
     * Diagnostic.Severity.WARNING < Diagnostic.Severity.ERROR // true
     * ```
     */
    public enum class Severity(public val rawValue: String) {
        /** Something was skipped or replaced; the rest is kept. */
        WARNING("warning"),

        /** The document breaks the format or a limit, and is refused for it. */
        ERROR("error"),
        ;

        /** `warning` or `error`, as the diagnostics print it. */
        override fun toString(): String = rawValue
    }

    /**
     * The same problem, its path below [prefix]: a member's problems as the enclosing message names
     * them.
     *
     * ```kotlin
     * Diagnostic.error(JsonPath.parse("ops[0]"), "unknown").under(JsonPath.parse("patch")).path.toString()
     * // patch.ops[0]
     * ```
     */
    public fun under(prefix: JsonPath): Diagnostic = copy(path = JsonPath(prefix.steps + path.steps))

    /** `PATH: severity: message`, the shape `screenplay validate` prints after the file name. */
    override fun toString(): String = "$path: ${severity.rawValue}: $message"

    /** Shorthands for the two severities. */
    public companion object {
        /**
         * An error: the document is refused for it.
         *
         * ```kotlin
         * Diagnostic.error(JsonPath.parse("variants[0].weight"), "a weight is a positive number")
         * ```
         */
        public fun error(
            path: JsonPath,
            message: String,
            code: DiagnosticCode = DiagnosticCode.invalidValue,
        ): Diagnostic = Diagnostic(Severity.ERROR, code, path, message)

        /**
         * A warning: something was skipped or replaced, the rest is kept.
         *
         * ```kotlin
         * Diagnostic.warning(JsonPath.parse("body.colour"), "\"text\" has no field \"colour\"; ignored", DiagnosticCode.unknownField)
         * ```
         */
        public fun warning(
            path: JsonPath,
            message: String,
            code: DiagnosticCode = DiagnosticCode.invalidValue,
        ): Diagnostic = Diagnostic(Severity.WARNING, code, path, message)
    }
}
