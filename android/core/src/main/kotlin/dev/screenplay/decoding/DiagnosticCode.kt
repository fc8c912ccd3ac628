package dev.screenplay.decoding

/**
 * A stable, machine-readable name for the kind of problem a [Diagnostic] reports; new codes may be
 * added. [name] is Swift's spelling (`Diagnostic.Code`), the same on every client and in the
 * protocol's error bodies, so any name can be wrapped, not only the constants below.
 *
 * ```kotlin
 * DiagnosticCode.disallowedURL.name          // "disallowedURL"
 * DiagnosticCode("corruptCache") == DiagnosticCode.corruptCache // true
 * ```
 */
@JvmInline
public value class DiagnosticCode(public val name: String) {
    override fun toString(): String = name

    /** The codes the format's readers report (Swift's constants, with Swift's names). */
    public companion object {
        /** The bytes are not JSON. */
        public val malformedJSON: DiagnosticCode = DiagnosticCode("malformedJSON")

        /** A document limit was exceeded (size, depth, string length, children, expansion). */
        public val limitExceeded: DiagnosticCode = DiagnosticCode("limitExceeded")

        /** A required member is absent or null. */
        public val missingField: DiagnosticCode = DiagnosticCode("missingField")

        /** A member has the wrong type or a value outside its set. */
        public val invalidValue: DiagnosticCode = DiagnosticCode("invalidValue")

        /** A member the format does not define; ignored. */
        public val unknownField: DiagnosticCode = DiagnosticCode("unknownField")

        /** An action type this reader does not know; kept as it is. */
        public val unknownAction: DiagnosticCode = DiagnosticCode("unknownAction")

        /** A node that could not be read and had no fallback. */
        public val droppedNode: DiagnosticCode = DiagnosticCode("droppedNode")

        /** A node that could not be read, replaced by its fallback. */
        public val usedFallback: DiagnosticCode = DiagnosticCode("usedFallback")

        /** A format version this reader does not support, or newer than it knows. */
        public val unsupportedVersion: DiagnosticCode = DiagnosticCode("unsupportedVersion")

        /** A URL the URL policy refuses. */
        public val disallowedURL: DiagnosticCode = DiagnosticCode("disallowedURL")

        /** A problem in a rich text's markup. */
        public val markup: DiagnosticCode = DiagnosticCode("markup")

        /** An id already used in the same screen. */
        public val duplicateID: DiagnosticCode = DiagnosticCode("duplicateID")

        /** An app-defined component without a fallback, or one the app cannot read. */
        public val appDefinedComponent: DiagnosticCode = DiagnosticCode("appDefinedComponent")

        /** A validation rule type this reader does not know; skipped (Swift: FieldRules+Coding.swift). */
        public val unknownRule: DiagnosticCode = DiagnosticCode("unknownRule")

        /** A mask type this reader does not know; the field has no mask (Swift: FieldRules+Coding.swift). */
        public val unknownMask: DiagnosticCode = DiagnosticCode("unknownMask")

        /** A motion this reader does not know (Swift: Motion+Coding.swift). */
        public val unknownMotion: DiagnosticCode = DiagnosticCode("unknownMotion")

        /** A cached screen that could not be read back (the client runtime's, Swift: ScreenStore.swift). */
        public val corruptCache: DiagnosticCode = DiagnosticCode("corruptCache")
    }
}
