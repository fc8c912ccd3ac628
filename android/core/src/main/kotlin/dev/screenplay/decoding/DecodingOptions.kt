package dev.screenplay.decoding

/**
 * What a decoder accepts (Swift's `DecodingOptions`, same defaults).
 *
 * ```kotlin
 * val options = DecodingOptions(allowedUrlSchemes = setOf("http", "https", "tel"))
 * ```
 */
public data class DecodingOptions(
    /** The document limits (size, depth, strings, children, template expansion). */
    public val limits: DocumentLimits = DocumentLimits.Default,
    /**
     * Schemes an absolute URL may use in actions, images and links, in any letter case. Relative
     * paths are always allowed. Anything else is refused with a warning, and what holds the URL is
     * dropped.
     */
    public val allowedUrlSchemes: Set<String> = UrlPolicy.DEFAULT_SCHEMES,
    /** Report members that the format does not define as warnings (useful to catch typos). */
    public val reportsUnknownFields: Boolean = true,
) {
    /** The shared options. */
    public companion object {
        /** The options Screenplay applies unless told otherwise. */
        public val Default: DecodingOptions = DecodingOptions()
    }
}
