package dev.screenplay.decoding

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class DiagnosticTest {
    @Test
    fun rendersAsPathSeverityMessage() {
        val warning = Diagnostic.warning(JsonPath.parse("body.children[3].action"), "unknown action type \"teleport\"")
        assertEquals("body.children[3].action: warning: unknown action type \"teleport\"", warning.toString())
        assertEquals(DiagnosticCode.invalidValue, warning.code)
        val error = Diagnostic.error(JsonPath.Root, "a screen document must be a JSON object, found an array")
        assertEquals("$: error: a screen document must be a JSON object, found an array", error.toString())
        assertEquals(Diagnostic.Severity.ERROR, error.severity)
    }

    @Test
    fun aWarningSortsBeforeAnError() {
        assertTrue(Diagnostic.Severity.WARNING < Diagnostic.Severity.ERROR)
        assertEquals(listOf("warning", "error"), Diagnostic.Severity.entries.map { it.rawValue })
    }

    /** Swift's `Diagnostic.Code` constants, spelt as Swift spells them (plus the codes other Swift files add). */
    @Test
    fun codesHaveSwiftsNames() {
        val codes = listOf(
            DiagnosticCode.malformedJSON, DiagnosticCode.limitExceeded, DiagnosticCode.missingField,
            DiagnosticCode.invalidValue, DiagnosticCode.unknownField, DiagnosticCode.unknownAction,
            DiagnosticCode.droppedNode, DiagnosticCode.usedFallback, DiagnosticCode.unsupportedVersion,
            DiagnosticCode.disallowedURL, DiagnosticCode.markup, DiagnosticCode.duplicateID,
            DiagnosticCode.appDefinedComponent, DiagnosticCode.unknownRule, DiagnosticCode.unknownMask,
            DiagnosticCode.unknownMotion, DiagnosticCode.corruptCache,
        )
        assertEquals(
            listOf(
                "malformedJSON", "limitExceeded", "missingField", "invalidValue", "unknownField", "unknownAction",
                "droppedNode", "usedFallback", "unsupportedVersion", "disallowedURL", "markup", "duplicateID",
                "appDefinedComponent", "unknownRule", "unknownMask", "unknownMotion", "corruptCache",
            ),
            codes.map { it.toString() },
        )
        assertEquals(DiagnosticCode.corruptCache, DiagnosticCode("corruptCache"))
    }

    /** WireDecodable.swift's example: `Diagnostic.error(at: "ops[0]", "unknown").under("patch").path` is `patch.ops[0]`. */
    @Test
    fun underPutsThePathBelowAPrefix() {
        val moved = Diagnostic.error(JsonPath.parse("ops[0]"), "unknown").under(JsonPath.parse("patch"))
        assertEquals("patch.ops[0]", moved.path.toString())
        assertEquals("patch: error: unknown", Diagnostic.error(JsonPath.Root, "unknown").under(JsonPath.parse("patch")).toString())
        assertEquals("x", Diagnostic.error(JsonPath.parse("x"), "unknown").under(JsonPath.Root).path.toString())
    }

    @Test
    fun aResultSplitsItsDiagnosticsBySeverity() {
        val warning = Diagnostic.warning(JsonPath.parse("body.size"), "expected a number, found a string; ignored")
        val error = Diagnostic.error(JsonPath.parse("body.children[1].id"), "id \"a\" is already used", DiagnosticCode.duplicateID)
        val result = DecodeResult("screen", listOf(warning, error, warning))
        assertTrue(result.hasErrors)
        assertEquals(listOf(error), result.errors)
        assertEquals(listOf(warning, warning), result.warnings)
        assertEquals("screen", result.getOrThrow())
        assertFalse(DecodeResult("screen", listOf(warning)).hasErrors)
        assertEquals(
            listOf("screen.body.size", "screen.body.children[1].id", "screen.body.size"),
            result.diagnosticsUnder(JsonPath.parse("screen")).map { it.path.toString() },
        )
    }

    /** Swift's `DecodeResult.get()`: the value, or the first error thrown, or "the document could not be used". */
    @Test
    fun getOrThrowThrowsTheFirstError() {
        val first = Diagnostic.error(JsonPath.Root, "line 1, column 1: the document is empty", DiagnosticCode.malformedJSON)
        val second = Diagnostic.error(JsonPath.parse("body"), "second")
        val failed = DecodeResult<String>(null, listOf(Diagnostic.warning(JsonPath.Root, "w"), first, second))
        assertSame(first, assertThrows(DecodeException::class.java) { failed.getOrThrow() }.diagnostic)
        assertEquals("$: error: line 1, column 1: the document is empty", assertThrows(DecodeException::class.java) { failed.getOrThrow() }.message)
        val empty = DecodeResult<String>(null, emptyList())
        val thrown = assertThrows(DecodeException::class.java) { empty.getOrThrow() }.diagnostic
        assertEquals("$: error: the document could not be used", thrown.toString())
        assertEquals(DiagnosticCode.droppedNode, thrown.code)
        assertNull(empty.value)
    }
}
