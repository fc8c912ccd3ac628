package dev.screenplay.expressions

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicContainer
import org.junit.jupiter.api.DynamicNode
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory

/**
 * The shared expression cases that the evaluator answers, read in place from Tests/Conformance/expressions (the
 * files Swift's ExpressionCaseTests and Node's expressions.test.mjs run), judged as they judge them (see
 * [ExpressionCases]).
 *
 * A claimed file is claimed whole: every case in it that Screenplay runs must give exactly the expected answer,
 * and a claimed file with no case fails. Every other file of the folder must be listed in [unclaimed] (or in
 * ExpressionSyntaxCaseTests, whose files the parser decides), so a new case file is never skipped unnoticed.
 */
class ExpressionCaseTests {
    private val claimed = listOf(
        "arithmetic_integer.json",
        "arithmetic_number.json",
        "implicit_cast.json",
        "comparison_equality.json",
        "logical_ternary.json",
        "try_operator.json",
        "variables.json",
        "functions_conversion.json",
        "functions_variables.json",
        "functions_math.json",
        "functions_color.json",
        "functions_interval.json",
    )

    /** Files ExpressionSyntaxCaseTests claims (the parser decides most of their cases). */
    private val claimedBySyntaxTests = listOf("syntax_errors.json", "literals.json", "string_templates_escapes.json", "limits.json")

    /** Files whose functions are not ported yet, with the chunk that brings them. */
    private val unclaimed = mapOf(
        "functions_datetime.json" to "formatDateAsUTCWithLocale, which needs the locale tables: chunk 10",
        "functions_string.json" to "strings, patterns, graphemes: chunk 8",
        "functions_collections.json" to "arrays, dicts and their methods: chunk 10",
        "formatting.json" to "decimalFormat, formatCurrency, locale dates: chunk 10",
    )

    @TestFactory
    fun claimedCaseFiles(): List<DynamicNode> = claimed.map { file ->
        val cases = ExpressionCases.cases(file)
        val count = DynamicTest.dynamicTest("$file has cases") { assertTrue(cases.isNotEmpty(), "$file has no case Screenplay runs") }
        DynamicContainer.dynamicContainer(
            "$file (${cases.size} cases)",
            listOf(count) + cases.map { case ->
                DynamicTest.dynamicTest(case.name) {
                    ExpressionCases.failure(case)?.let { throw AssertionError(it) }
                }
            },
        )
    }

    @Test
    fun everyCaseFileIsClaimedOrListed() {
        val files = ExpressionCases.fileNames()
        assertTrue(files.isNotEmpty(), "no case file in ${ExpressionCases.folder}")
        val listed = claimed + claimedBySyntaxTests + unclaimed.keys
        assertEquals(listed.size, listed.toSet().size, "a file is listed twice")
        assertEquals(files.toSet(), listed.toSet(), "the claimed and unclaimed lists do not match the folder")
    }
}
