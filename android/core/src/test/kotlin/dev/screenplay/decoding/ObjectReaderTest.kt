package dev.screenplay.decoding

import dev.screenplay.json.JsonArray
import dev.screenplay.json.JsonNumber
import dev.screenplay.json.JsonObject
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

class ObjectReaderTest {
    /** Swift's FontWeight cases, in declaration order (the order the message lists them in). */
    private enum class Weight(val wire: String) { REGULAR("regular"), MEDIUM("medium"), SEMIBOLD("semibold"), BOLD("bold") }

    private val weight = Readers.enumOf(Weight.entries) { it.wire }

    /** Reads a text node's members the way Component.Text does, at `body`, for the tests below. */
    private fun readText(json: String, options: DecodingOptions = DecodingOptions.Default): List<Diagnostic> {
        val context = context(options)
        context.at(Member.BODY) {
            val reader = ObjectReader(objectOf(json), context, ObjectReader.Subject.Node("text", builtIn = true))
            reader.accept(Member.TYPE)
            reader.required(Member.TEXT, Readers.string)
            reader.optional(Member.SIZE, Readers.double)
            reader.optional(Member.WEIGHT, weight)
            reader.raw(Member.STYLE)
            reader.finish()
        }
        return context.diagnostics
    }

    /**
     * ResilientDecodingTests.wrongOptionalFieldsAreIgnoredWithAWarningAndTheNodeKept: `body.size` says "expected a
     * number, found a string", `body.weight` "expected one of "regular", "medium", "semibold", "bold"", `body.colour`
     * is an unknown field, all warnings. The whole lines (`; ignored`, `"text" has no field`) are read from the Swift
     * source (ObjectReader.swift).
     */
    @Test
    fun wrongOptionalMembersAreIgnoredWithAWarning() {
        val diagnostics = readText("""{"type":"text","text":"Hi","size":"big","weight":"heavy","colour":"#fff","style":{"padding":"lots"}}""")
        assertEquals(
            listOf(
                "body.size: warning: expected a number, found a string; ignored",
                "body.weight: warning: unknown value \"heavy\"; expected one of \"regular\", \"medium\", \"semibold\", \"bold\"; ignored",
                "body.colour: warning: \"text\" has no field \"colour\"; ignored",
            ),
            diagnostics.map { it.toString() },
        )
        assertEquals(
            listOf(DiagnosticCode.invalidValue, DiagnosticCode.invalidValue, DiagnosticCode.unknownField),
            diagnostics.map { it.code },
        )
    }

    @Test
    fun absentAndNullOptionalMembersAreNull() {
        val context = context()
        val reader = ObjectReader(objectOf("""{"size":null}"""), context, "a text")
        assertNull(reader.optional(Member.SIZE, Readers.double))
        assertNull(reader.optional(Member.TITLE, Readers.string))
        assertEquals(12.0, ObjectReader(objectOf("""{"size":12}"""), context, "a text").optional(Member.SIZE, Readers.double))
        reader.finish()
        assertEquals(emptyList<Diagnostic>(), context.diagnostics)
    }

    /**
     * ResilientDecodingTests.aBrokenNodeUsesItsFallback: the message holds `missing its required "url"`; the whole
     * message (subject `"image"`, at the node's path, not the member's) is read from ObjectReader.swift and Node.swift.
     */
    @Test
    fun aMissingOrNullRequiredMemberFailsAtTheObjectsPath() {
        val context = context()
        for (json in listOf("""{"type":"image"}""", """{"type":"image","url":null}""")) {
            val failure = context.at(Member.BODY) {
                context.at(Member.CHILDREN) {
                    context.at(0) {
                        assertThrows(DecodingFailure::class.java) {
                            ObjectReader(objectOf(json), context, ObjectReader.Subject.Node("image", builtIn = true)).required(Member.URL, CheckedUrl)
                        }
                    }
                }
            }
            assertEquals(DiagnosticCode.missingField, failure.code)
            assertEquals("body.children[0]", failure.path.toString())
            assertEquals("\"image\" is missing its required \"url\"", failure.message)
            val fallback = failure.withMessage("${failure.message}; its fallback is used instead", DiagnosticCode.usedFallback)
            assertEquals("body.children[0]: warning: \"image\" is missing its required \"url\"; its fallback is used instead", fallback.toDiagnostic().toString())
        }
        // The path is back at the root however the steps ended.
        assertEquals("$", context.path.toString())
    }

    @Test
    fun aWrongRequiredMemberFailsAtTheMembersPath() {
        val context = context()
        val failure = assertThrows(DecodingFailure::class.java) {
            context.at(Member.BODY) { ObjectReader(objectOf("""{"text":42}"""), context, "a text").required(Member.TEXT, Readers.string) }
        }
        assertEquals("body.text", failure.path.toString())
        assertEquals("expected a string, found a number", failure.message)
        assertEquals(DiagnosticCode.invalidValue, failure.code)
        assertEquals("$", context.path.toString())
    }

    /** The subjects' words, as ObjectReader.Subject.words (read from the Swift source). */
    @Test
    fun subjectsNameTheObject() {
        assertEquals("a screen", ObjectReader.Subject.Described("a screen").words)
        assertEquals("\"image\"", ObjectReader.Subject.Node("image", builtIn = true).words)
        assertEquals("app-defined \"BANNER\"", ObjectReader.Subject.Node("BANNER", builtIn = false).words)
        assertEquals("a \"navigate\" action", ObjectReader.Subject.Action("navigate").words)
        val context = context()
        val reader = ObjectReader(objectOf("""{"type":"navigate"}"""), context, "an action")
        reader.describe(ObjectReader.Subject.Action("navigate"))
        assertEquals("a \"navigate\" action is missing its required \"url\"", assertThrows(DecodingFailure::class.java) { reader.required(Member.URL, CheckedUrl) }.message)
        assertEquals("navigate", reader.type?.stringValue)
    }

    /** Unknown members are warned about in sorted order (code points), each at its own path, after every read. */
    @Test
    fun unknownMembersAreReportedInSortedOrder() {
        val context = context()
        context.at(Member.BODY) {
            val reader = ObjectReader(objectOf("""{"zeta":1,"type":"spacer","Beta":2,"alpha":3,"\uD83D\uDE00":4,"\uFF21":5,"id":"x"}"""), context, ObjectReader.Subject.Node("spacer", builtIn = true))
            reader.accept(Member.TYPE)
            reader.optional(Member.ID, Readers.string)
            reader.finish()
        }
        assertEquals(
            listOf("body.Beta", "body.alpha", "body.zeta", "body.\uFF21", "body.\uD83D\uDE00"),
            context.diagnostics.map { it.path.toString() },
        )
        assertEquals("body.Beta: warning: \"spacer\" has no field \"Beta\"; ignored", context.diagnostics.first().toString())
    }

    @Test
    fun acceptedAndRawMembersAreNotUnknown() {
        val context = context()
        val reader = ObjectReader(objectOf("""{"type":"x","style":{},"cache":1,"title":"t"}"""), context, "a thing")
        reader.accept(Member.TYPE)
        reader.accept(Member.STYLE)
        assertEquals(JsonNumber(1.0), reader.raw(Member.CACHE))
        assertNull(reader.raw(Member.URL))
        reader.finish()
        assertEquals(listOf("title: warning: a thing has no field \"title\"; ignored"), context.diagnostics.map { it.toString() })
    }

    @Test
    fun unknownMembersAreQuietWhenTheOptionsSaySo() {
        val diagnostics = readText("""{"type":"text","text":"Hi","colour":"#fff"}""", DecodingOptions(reportsUnknownFields = false))
        assertEquals(emptyList<Diagnostic>(), diagnostics)
    }

    /** ResilientDecodingTests.aRepeatedMemberCountsItsLastValueInSmallAndLargeObjects, at the reader. */
    @Test
    fun aRepeatedMemberCountsItsLastValue() {
        val small = ObjectReader(objectOf("""{"type":"text","text":"first","size":12,"text":"last"}"""), context(), "a text")
        assertEquals("last", small.required(Member.TEXT, Readers.string))
        val padding = (0 until 20).joinToString(",") { "\"x$it\":$it" }
        val context = context()
        val large = ObjectReader(objectOf("""{"type":"text","text":"first",$padding,"size":12,"text":"last"}"""), context, "a text")
        assertEquals("last", large.required(Member.TEXT, Readers.string))
        assertEquals(12.0, large.optional(Member.SIZE, Readers.double))
        large.accept(Member.TYPE)
        large.finish()
        assertEquals(20, context.diagnostics.count { it.code == DiagnosticCode.unknownField }, context.diagnostics.rendered)
    }

    /**
     * CLITests.printsOneLinePerFindingWithFileAndPath, first line: a node whose required member has the wrong type
     * is dropped with `FILE: body.children[1].text: warning: expected a string, found a number; node dropped`.
     * The "; node dropped" step is Node.swift's (chunk 4), written here as it does it.
     */
    @Test
    fun aDroppedNodePrintsAsValidateDoes() {
        val body = objectOf("""{"type":"vstack","children":[{"type":"text","text":"ok"},{"type":"text","text":42}]}""")
        val context = context()
        val texts = context.at(Member.BODY) {
            context.at(Member.CHILDREN) {
                (body.members.getValue("children") as JsonArray).elements.mapIndexedNotNull { index, child ->
                    context.at(index) {
                        try {
                            val reader = ObjectReader(child as JsonObject, context, ObjectReader.Subject.Node("text", builtIn = true))
                            reader.accept(Member.TYPE)
                            reader.required(Member.TEXT, Readers.string).also { reader.finish() }
                        } catch (failure: DecodingFailure) {
                            context.report(failure.withMessage("${failure.message}; node dropped", DiagnosticCode.droppedNode))
                            null
                        }
                    }
                }
            }
        }
        assertEquals(listOf("ok"), texts)
        val result = DecodeResult(texts, context.diagnostics.toList())
        assertEquals(
            listOf("/tmp/broken.json: body.children[1].text: warning: expected a string, found a number; node dropped"),
            validateLines("/tmp/broken.json", result.diagnostics),
        )
        assertEquals(DiagnosticCode.droppedNode, result.diagnostics.single().code)
        assertEquals(false, result.hasErrors)
    }

    @Test
    fun aContextStartsAtItsPathAndReportsFailuresAsErrorsWhenAsked() {
        val context = DecodingContext(DecodingOptions.Default, JsonPath.parse("screen.body"))
        context.at("x") { context.report(context.failure(DiagnosticCode.limitExceeded, "too many"), Diagnostic.Severity.ERROR) }
        assertEquals("screen.body.x: error: too many", context.diagnostics.single().toString())
        assertEquals("screen.body", context.path.toString())
    }
}
