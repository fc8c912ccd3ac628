package dev.screenplay.decoding

import dev.screenplay.json.Utf8Order

/**
 * Decides whether a URL in a document may be followed: relative app paths always, absolute URLs only
 * with an allowed scheme (http and https unless the app allows more), http(s) URLs only with a host.
 * Refused: whitespace, control characters, DEL and backslashes anywhere (which browsers may "repair"
 * into something else), protocol-relative `//host`, and every other scheme in any letter case.
 *
 * A port of Swift's `URLPolicy` with the same verdicts and reasons. Swift reads UTF-8 bytes; every byte
 * it looks at is ASCII, and a UTF-16 string has an ASCII unit exactly where its UTF-8 bytes have an
 * ASCII byte, so reading chars decides the same.
 *
 * ```kotlin
 * UrlPolicy().check("javascript:alert(1)")
 * // Refused("scheme \"javascript\" is not allowed (allowed: http, https and relative paths)")
 * UrlPolicy().check("/cars/42?tab=photos") // Relative
 * ```
 */
public class UrlPolicy(allowedSchemes: Set<String> = DEFAULT_SCHEMES) {
    /** The allowed schemes, lowercased. */
    public val allowedSchemes: Set<String> = allowedSchemes.mapTo(LinkedHashSet()) { it.lowercase() }

    /** Written once: the refusal names the allowed schemes in order. */
    private val allowedList: String by lazy(LazyThreadSafetyMode.PUBLICATION) {
        this.allowedSchemes.sortedWith(Utf8Order).joinToString(", ")
    }

    /** What [check] says about a URL. */
    public sealed interface Verdict {
        /** A path inside the app, such as `/cars/42?tab=photos`. */
        public data object Relative : Verdict

        /** An absolute URL with an allowed [scheme] (lowercased). */
        public data class Absolute(public val scheme: String) : Verdict

        /** Not to be followed, and why. */
        public data class Refused(public val reason: String) : Verdict
    }

    /**
     * Whether [url] may be followed, and as what.
     *
     * ```kotlin
     * UrlPolicy().check("HTTP://example.com") // Absolute("http")
     * UrlPolicy().check("http:/no-host")      // Refused("an http URL needs a host (\"http://host/…\")")
     * ```
     */
    public fun check(url: String): Verdict {
        if (firstForbiddenIndex(url) >= 0) {
            return Verdict.Refused("the URL contains whitespace, control characters or backslashes")
        }
        // The scheme ends at the first colon, unless a '/', '?' or '#' comes first: a colon after them
        // belongs to a relative path ("/a:b").
        var schemeEnd = -1
        for (index in url.indices) {
            val character = url[index]
            if (character == ':') {
                schemeEnd = index
                break
            }
            if (character == '/' || character == '?' || character == '#') break
        }
        if (url.isEmpty()) return Verdict.Refused("the URL is empty")
        if (url.startsWith("//")) {
            return Verdict.Refused("protocol-relative URLs (\"//host\") are not allowed; give a scheme")
        }
        if (schemeEnd < 0) return Verdict.Relative
        val head = url.substring(0, schemeEnd)
        if (head.isEmpty() || !isLetter(head[0]) || !head.all { isLetter(it) || it in '0'..'9' || it == '+' || it == '-' || it == '.' }) {
            return Verdict.Refused("\"$head\" is not a valid URL scheme")
        }
        // Setting bit 0x20 lowercases letters and leaves digits, '+', '-' and '.' as they are.
        val scheme = buildString(head.length) { for (character in head) append((character.code or 0x20).toChar()) }
        if (scheme !in allowedSchemes) {
            return Verdict.Refused("scheme \"$scheme\" is not allowed (allowed: $allowedList and relative paths)")
        }
        if (scheme == "http" || scheme == "https") {
            val rest = url.substring(schemeEnd + 1)
            // The authority runs to the first '/', '?' or '#'; its host is what follows any "user@" and
            // precedes any ":port". `https:///host` and `https://:443/` have none.
            val afterSlashes = rest.drop(2)
            val authority = afterSlashes.takeWhile { it != '/' && it != '?' && it != '#' }
            val afterUser = authority.substring(authority.lastIndexOf('@') + 1)
            val host = if (afterUser.startsWith('[')) afterUser else afterUser.takeWhile { it != ':' }
            if (!rest.startsWith("//") || host.isEmpty()) {
                return Verdict.Refused("an $scheme URL needs a host (\"$scheme://host/…\")")
            }
        }
        return Verdict.Absolute(scheme)
    }

    override fun equals(other: Any?): Boolean = other is UrlPolicy && other.allowedSchemes == allowedSchemes

    override fun hashCode(): Int = allowedSchemes.hashCode()

    override fun toString(): String = "UrlPolicy(allowedSchemes=$allowedList)"

    /** The default schemes. */
    public companion object {
        /** `http` and `https`: what a reader allows unless told otherwise. */
        public val DEFAULT_SCHEMES: Set<String> = setOf("http", "https")

        /** The index of the first char no URL may hold (below `!`, DEL or a backslash), or -1. */
        internal fun firstForbiddenIndex(url: String): Int {
            for (index in url.indices) {
                val code = url[index].code
                if (code < 0x21 || code == 0x7F || code == '\\'.code) return index
            }
            return -1
        }

        private fun isLetter(character: Char): Boolean = (character.code or 0x20) in 'a'.code..'z'.code
    }
}
