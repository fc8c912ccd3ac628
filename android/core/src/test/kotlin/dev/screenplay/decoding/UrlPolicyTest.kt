package dev.screenplay.decoding

import dev.screenplay.decoding.UrlPolicy.Verdict.Absolute
import dev.screenplay.decoding.UrlPolicy.Verdict.Refused
import dev.screenplay.decoding.UrlPolicy.Verdict.Relative
import dev.screenplay.json.JsonNumber
import dev.screenplay.json.JsonObject
import dev.screenplay.json.JsonString
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test

/** Ports of the URL cases of Swift's ResilientDecodingTests and CLITests, at the policy and at a member read. */
class UrlPolicyTest {
    private val policy = UrlPolicy()

    /** An image-like node `{"url": …}` at `body`, its URL required: what the node reader would drop. */
    private fun readRequiredUrl(json: String, options: DecodingOptions = DecodingOptions.Default): DecodeResult<String> {
        val context = context(options)
        val url = context.at(Member.BODY) {
            try {
                ObjectReader(objectOf(json), context, ObjectReader.Subject.Node("image", builtIn = true)).required(Member.URL, CheckedUrl)
            } catch (failure: DecodingFailure) {
                context.report(failure.withMessage("${failure.message}; node dropped", DiagnosticCode.droppedNode))
                null
            }
        }
        return DecodeResult(url, context.diagnostics.toList())
    }

    /** ResilientDecodingTests.urlsWithSchemesTheAppHasNotAllowedAreRefused. */
    @Test
    fun urlsWithSchemesTheAppHasNotAllowedAreRefused() {
        for (url in listOf(
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>", "//evil.example.com/x", "http:/no-host",
            "java\tscript:x", "file:///etc/passwd",
        )) {
            assertTrue(policy.check(url) is Refused, url)
            val context = context()
            val kept = ObjectReader(JsonObject(mapOf("url" to JsonString(url))), context, "an action").optional(Member.URL, CheckedUrl)
            assertNull(kept, url)
            assertEquals(DiagnosticCode.disallowedURL, context.diagnostics.first().code, context.diagnostics.rendered)
        }
        assertEquals(Relative, policy.check("/cars/42"))
        assertEquals(Relative, policy.check("cars/42?x=a:b"))
        assertEquals(Absolute("https"), policy.check("https://example.com/a"))
        assertEquals(Absolute("http"), policy.check("HTTP://example.com"))
        for (url in listOf("/cars/42", "cars/42?x=a:b", "https://example.com/a", "HTTP://example.com")) {
            val result = readRequiredUrl("""{"url":"$url"}""")
            assertEquals(url, result.value, result.diagnostics.rendered)
            assertEquals(emptyList<Diagnostic>(), result.diagnostics)
        }
        val tel = readRequiredUrl("""{"url":"tel:+33100000000"}""", DecodingOptions(allowedUrlSchemes = setOf("http", "https", "tel")))
        assertEquals("tel:+33100000000", tel.value)
        assertEquals(Absolute("tel"), UrlPolicy(setOf("HTTP", "Tel")).check("TEL:1"))
    }

    /** The reasons, as URLPolicy.swift words them (read from the Swift source, not from a Swift test). */
    @Test
    fun everyRefusalSaysWhy() {
        val cases = listOf(
            "" to "the URL is empty",
            "javascript:alert(1)" to "scheme \"javascript\" is not allowed (allowed: http, https and relative paths)",
            "JaVaScRiPt:alert(1)" to "scheme \"javascript\" is not allowed (allowed: http, https and relative paths)",
            "//evil.example.com/x" to "protocol-relative URLs (\"//host\") are not allowed; give a scheme",
            "http:/no-host" to "an http URL needs a host (\"http://host/…\")",
            "https:///host" to "an https URL needs a host (\"https://host/…\")",
            "https://:443/" to "an https URL needs a host (\"https://host/…\")",
            "https://user@/x" to "an https URL needs a host (\"https://host/…\")",
            "java\tscript:x" to "the URL contains whitespace, control characters or backslashes",
            "https://a.com\\b" to "the URL contains whitespace, control characters or backslashes",
            "1http://x" to "\"1http\" is not a valid URL scheme",
            ":x" to "\"\" is not a valid URL scheme",
            "ht_tp://x" to "\"ht_tp\" is not a valid URL scheme",
            "caf\u00e9:x" to "\"caf\u00e9\" is not a valid URL scheme",
        )
        for ((url, reason) in cases) {
            assertEquals(Refused(reason), policy.check(url), url)
        }
        assertEquals(
            Refused("scheme \"ftp\" is not allowed (allowed: http, https, mailto, tel and relative paths)"),
            UrlPolicy(setOf("tel", "HTTPS", "http", "mailto")).check("ftp://x"),
        )
        assertEquals(Absolute("https"), policy.check("https://[::1]:8080/x"))
        assertEquals(Absolute("https"), policy.check("https://user:pw@example.com"))
        assertEquals(Absolute("web+app"), UrlPolicy(setOf("web+app")).check("Web+App:x"))
        assertEquals(Relative, policy.check("/a:b"))
        assertEquals(Relative, policy.check("?q=a:b"))
        assertEquals(Relative, policy.check("#a:b"))
    }

    /** ResilientDecodingTests.aForbiddenByteAnywhereInAURLIsRefused. */
    @Test
    fun aForbiddenByteAnywhereInAUrlIsRefused() {
        val clean = "https://images.example.com/products/1234567.jpg"
        assertEquals(Absolute("https"), policy.check(clean))
        for (forbidden in listOf(" ", "\t", "\n", "\u007F", "\\", "\u0001")) {
            for (offset in 8 until clean.length) {
                val url = clean.substring(0, offset) + forbidden + clean.substring(offset)
                if (policy.check(url) !is Refused) fail<Unit>("${url.escaped()} was not refused: ${policy.check(url)}")
            }
        }
        val escaped = readRequiredUrl("""{"url":"https://example.com/a\u0020b/cdefghijk.jpg"}""")
        assertNull(escaped.value)
        assertEquals("body.url", escaped.diagnostics.first().path.toString(), escaped.diagnostics.rendered)
        assertTrue(escaped.diagnostics.first().message.contains("contains whitespace"), escaped.diagnostics.rendered)
        assertEquals(
            "body.url: warning: URL \"https://example.com/a b/cdefghijk.jpg\" refused: " +
                "the URL contains whitespace, control characters or backslashes; node dropped",
            escaped.diagnostics.rendered,
        )
        val nonAscii = readRequiredUrl("{\"url\":\"https://example.com/caf\u00e9/\uD83D\uDE00.jpg\"}")
        assertEquals("https://example.com/caf\u00e9/\uD83D\uDE00.jpg", nonAscii.value, nonAscii.diagnostics.rendered)
    }

    /**
     * CLITests.moreURLSchemesCanBeAllowed: an optional action whose required URL is refused costs the action,
     * `body.action.url: warning: URL "tel:+33100000000" refused: scheme "tel" is not allowed (allowed: http, https
     * and relative paths); ignored`, and nothing once `tel` is allowed.
     */
    @Test
    fun aRefusedUrlInAnOptionalActionPrintsAsValidateDoes() {
        val body = objectOf("""{"type":"text","text":"Call","action":{"type":"open","url":"tel:+33100000000"}}""")
        val action = ValueReader { json, context ->
            val reader = ObjectReader(json as JsonObject, context, ObjectReader.Subject.Action("open"))
            reader.accept(Member.TYPE)
            reader.required(Member.URL, CheckedUrl).also { reader.finish() }
        }
        fun validate(options: DecodingOptions): List<String> {
            val context = context(options)
            context.at(Member.BODY) {
                val reader = ObjectReader(body, context, ObjectReader.Subject.Node("text", builtIn = true))
                reader.accept(Member.TYPE)
                reader.required(Member.TEXT, Readers.string)
                reader.optional(Member.ACTION, action)
                reader.finish()
            }
            return validateLines("tel.json", context.diagnostics)
        }
        assertEquals(
            listOf(
                "tel.json: body.action.url: warning: URL \"tel:+33100000000\" refused: scheme \"tel\" is not allowed " +
                    "(allowed: http, https and relative paths); ignored",
            ),
            validate(DecodingOptions.Default),
        )
        assertEquals(emptyList<String>(), validate(DecodingOptions(allowedUrlSchemes = setOf("http", "https", "tel"))))
    }

    /** A refused URL is quoted to its first 80 characters (Swift's `prefix(80)`), whole characters only. */
    @Test
    fun aLongRefusedUrlIsQuotedToEightyCharacters() {
        val long = "javascript:" + "a".repeat(100)
        val context = context()
        val kept = ObjectReader(objectOf("""{"url":"$long"}"""), context, "an item").optional(Member.URL, CheckedUrl)
        assertNull(kept)
        assertEquals(
            "url: warning: URL \"${long.take(80)}\" refused: scheme \"javascript\" is not allowed (allowed: http, https and relative paths); ignored",
            context.diagnostics.rendered,
        )
        val accents = "data:" + "e\u0301".repeat(100)
        val refused = assertThrowsFailure { CheckedUrl.read(JsonString(accents), context()) }
        assertEquals("URL \"data:" + "e\u0301".repeat(75) + "\" refused: scheme \"data\" is not allowed (allowed: http, https and relative paths)", refused.message)
        assertEquals(DiagnosticCode.disallowedURL, refused.code)
        assertEquals("expected a string, found a number", assertThrowsFailure { CheckedUrl.read(JsonNumber(1.0), context()) }.message)
    }

    private fun assertThrowsFailure(body: () -> Unit): DecodingFailure =
        assertThrows(DecodingFailure::class.java) { body() }

    private fun String.escaped(): String = buildString {
        for (character in this@escaped) {
            if (character.code < 0x20 || character.code == 0x7F) append("\\u%04x".format(character.code)) else append(character)
        }
    }
}
