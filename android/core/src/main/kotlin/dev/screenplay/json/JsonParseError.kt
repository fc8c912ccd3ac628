package dev.screenplay.json

/**
 * Why a document could not be parsed as JSON, and where: [line] and [column] are 1-based, the
 * column and [offset] (0-based) count bytes. `toString()` is `line L, column C: message`, as Swift's
 * `JSONParseError.description`.
 *
 * ```kotlin
 * try {
 *     JsonParser.parse("[1,]".encodeToByteArray())
 * } catch (error: JsonParseError) {
 *     error.toString() // line 1, column 4: unexpected ']', expected a value
 * }
 * ```
 */
public data class JsonParseError(
    public val code: Code,
    override val message: String,
    public val line: Int,
    public val column: Int,
    public val offset: Int,
) : Exception(message, null, false, false) {
    /**
     * What kind of problem it is; new codes may be added. [name] is Swift's spelling.
     *
     * ```kotlin
     * JsonParseError.Code.tooDeep.name // "tooDeep"
     * ```
     */
    @JvmInline
    public value class Code(public val name: String) {
        override fun toString(): String = name

        /** The codes the parser reports. */
        public companion object {
            /** The document ends where more was expected. */
            public val unexpectedEnd: Code = Code("unexpectedEnd")

            /** A byte that JSON does not allow there. */
            public val unexpectedCharacter: Code = Code("unexpectedCharacter")

            /** A string with a raw control character or a bad escape. */
            public val invalidString: Code = Code("invalidString")

            /** A string whose bytes are not UTF-8. */
            public val invalidUTF8: Code = Code("invalidUTF8")

            /** A number outside the range of a `Double`. */
            public val invalidNumber: Code = Code("invalidNumber")

            /** Nesting deeper than the limit. */
            public val tooDeep: Code = Code("tooDeep")

            /** A string longer than the limit, in UTF-8 bytes after unescaping. */
            public val stringTooLong: Code = Code("stringTooLong")

            /** A document larger than the limit, refused before parsing. */
            public val documentTooLarge: Code = Code("documentTooLarge")
        }
    }

    override fun toString(): String = "line $line, column $column: $message"
}
