package dev.screenplay.decoding

import dev.screenplay.json.JsonValue
import java.text.BreakIterator
import java.util.Locale

/**
 * Reads a string that must be a URL the context's [UrlPolicy] allows (Swift's `CheckedURL`): a refused
 * URL fails with [DiagnosticCode.disallowedURL] and `URL "…" refused: REASON`, the URL cut to its
 * first 80 characters.
 *
 * ```kotlin
 * reader.optional(Member.URL, CheckedUrl)
 * // body.action.url: warning: URL "tel:+33100000000" refused: scheme "tel" is not allowed
 * //     (allowed: http, https and relative paths); ignored
 * ```
 */
internal object CheckedUrl : ValueReader<String> {
    override fun read(json: JsonValue, context: DecodingContext): String {
        val url = Readers.string.read(json, context)
        val verdict = context.urlPolicy.check(url)
        if (verdict is UrlPolicy.Verdict.Refused) {
            throw context.failure(DiagnosticCode.disallowedURL, "URL \"${prefix(url, 80)}\" refused: ${verdict.reason}")
        }
        return url
    }

    /**
     * The first [count] user-perceived characters of [text] (Swift's `String.prefix`). JDK 17's
     * character breaks keep combining marks and surrogate pairs whole; it splits emoji sequences joined
     * by U+200D and flags, which Swift keeps whole.
     */
    private fun prefix(text: String, count: Int): String {
        if (text.length <= count) return text
        val breaks = BreakIterator.getCharacterInstance(Locale.ROOT)
        breaks.setText(text)
        var end = 0
        repeat(count) {
            val next = breaks.next()
            if (next == BreakIterator.DONE) return text
            end = next
        }
        return text.substring(0, end)
    }
}
