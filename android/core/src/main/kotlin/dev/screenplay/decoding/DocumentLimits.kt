package dev.screenplay.decoding

/**
 * Hard limits that every Screenplay document must stay within, with Swift's defaults.
 *
 * They protect servers and apps from hostile or broken documents: the byte size is checked before
 * parsing, depth and string length while parsing, children per node while decoding.
 *
 * One difference from Swift: [maxDepth] is clamped to [MAX_DEPTH] (1,000), even for [Unlimited], so
 * that every recursive walk after the parser (decoder, writer, `equals`) stays far inside a thread's
 * stack on a phone.
 *
 * ```kotlin
 * val limits = DocumentLimits.Default.copy(maxDocumentBytes = 512 * 1024)
 * val options = DecodingOptions(limits = limits)
 * DocumentLimits(maxDepth = 100_000).maxDepth // 1000
 * ```
 */
public class DocumentLimits(
    /** Largest document accepted, in bytes (default 4 MiB). */
    public val maxDocumentBytes: Int = 4 * 1024 * 1024,
    maxDepth: Int = 128,
    /** Most children one node may hold (default 10,000); extra children are dropped with an error. */
    public val maxChildren: Int = 10_000,
    /** Longest string accepted, in UTF-8 bytes after unescaping (default 64 KiB). */
    public val maxStringBytes: Int = 64 * 1024,
    /**
     * Most JSON values that a document's templates may unfold into, over all their instances (default
     * 1,000,000). Instances past it are dropped with an error.
     */
    public val maxExpandedValues: Int = 1_000_000,
) {
    /**
     * Deepest JSON nesting accepted, counting every object and array (default 128, which allows about
     * 60 levels of nested nodes); never more than [MAX_DEPTH].
     */
    public val maxDepth: Int = maxDepth.coerceAtMost(MAX_DEPTH)

    /**
     * These limits with some of them changed (the depth clamped again).
     *
     * ```kotlin
     * DocumentLimits.Default.copy(maxChildren = 100).maxChildren // 100
     * ```
     */
    public fun copy(
        maxDocumentBytes: Int = this.maxDocumentBytes,
        maxDepth: Int = this.maxDepth,
        maxChildren: Int = this.maxChildren,
        maxStringBytes: Int = this.maxStringBytes,
        maxExpandedValues: Int = this.maxExpandedValues,
    ): DocumentLimits = DocumentLimits(maxDocumentBytes, maxDepth, maxChildren, maxStringBytes, maxExpandedValues)

    override fun equals(other: Any?): Boolean =
        other is DocumentLimits &&
            other.maxDocumentBytes == maxDocumentBytes &&
            other.maxDepth == maxDepth &&
            other.maxChildren == maxChildren &&
            other.maxStringBytes == maxStringBytes &&
            other.maxExpandedValues == maxExpandedValues

    override fun hashCode(): Int {
        var hash = maxDocumentBytes
        hash = 31 * hash + maxDepth
        hash = 31 * hash + maxChildren
        hash = 31 * hash + maxStringBytes
        hash = 31 * hash + maxExpandedValues
        return hash
    }

    override fun toString(): String =
        "DocumentLimits(maxDocumentBytes=$maxDocumentBytes, maxDepth=$maxDepth, maxChildren=$maxChildren, " +
            "maxStringBytes=$maxStringBytes, maxExpandedValues=$maxExpandedValues)"

    /** The shared limits. */
    public companion object {
        /** The deepest nesting any limits accept on this client. */
        public const val MAX_DEPTH: Int = 1_000

        /** The limits Screenplay applies unless told otherwise. */
        public val Default: DocumentLimits = DocumentLimits()

        /**
         * No practical limit (depth still [MAX_DEPTH]): for re-reading bytes this library wrote itself,
         * and for the shared case files.
         */
        public val Unlimited: DocumentLimits = DocumentLimits(
            maxDocumentBytes = Int.MAX_VALUE,
            maxDepth = MAX_DEPTH,
            maxChildren = Int.MAX_VALUE,
            maxStringBytes = Int.MAX_VALUE,
            maxExpandedValues = Int.MAX_VALUE,
        )
    }
}
