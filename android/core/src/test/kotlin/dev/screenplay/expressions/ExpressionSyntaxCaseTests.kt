package dev.screenplay.expressions

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.DynamicContainer
import org.junit.jupiter.api.DynamicNode
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory
import java.io.File

/**
 * The shared expression cases whose answer the parser alone decides, read in place from
 * Tests/Conformance/expressions (the files Swift's ExpressionCaseTests and Node's expressions.test.mjs run).
 *
 * Claimed files: syntax_errors.json, literals.json, string_templates_escapes.json and limits.json. Every case of
 * a claimed file falls in exactly one class, and each class is checked:
 * - a parse error (listed in [parseErrors] with the message and code-point range the Swift parser gives): parsing
 *   must fail with exactly that message and range, and the case must expect an error (with that message, when the
 *   case names one);
 * - decided by the evaluator (listed in [evaluated]): parsing must succeed, and the evaluator must give the case's
 *   answer as ExpressionCaseTests judges it (with the case's variables), except for the few listed in
 *   [awaitingFunctions], whose functions are not ported yet and which are only parsed;
 * - every other case is decided by parsing: it must parse to a literal (or a template of string literals only)
 *   whose type and value are the case's expected answer.
 * A claimed file with no case, a listed case missing from its file, or a case with a duplicate expression fails.
 */
class ExpressionSyntaxCaseTests {
    private val parseErrors: Map<String, Map<String, String>> = mapOf(
        "syntax_errors.json" to mapOf(
            "@{1 +}" to "Expression expected @5..<6",
            "@{(1 + 2}" to "Unexpected token '}'. @8..<9",
            "@{1 + 2)}" to "Unexpected token ')'. @7..<8",
            "@{* 3}" to "Expression expected @2..<3",
            "@{1 2}" to "Unexpected token '2'. @4..<5",
            "@{2 ^ 3}" to "Error tokenizing '@{2 ^ 3}'. @4..<8",
            "@{true & false}" to "Error tokenizing '@{true & false}'. @7..<15",
            "@{true | false}" to "Error tokenizing '@{true | false}'. @7..<15",
            "@{1 ?? 2}" to "Expression expected @5..<6",
            "@{len('a',)}" to "Expression expected @10..<11",
            "@{len(}" to "Expression expected @6..<7",
            "@{++5}" to "Expression expected @2..<4",
            "@{[1, 2]}" to "Error tokenizing '@{[1, 2]}'. @2..<9",
            "@{a.(1)}" to "Invalid function name @2..<4",
            "@{'a' 'b'}" to "Unexpected token '''. @6..<7",
            "@{a = 1}" to "Error tokenizing '@{a = 1}'. @4..<8",
            "@{toString(1)toString(2)}" to "Unexpected token 'toString'. @13..<21",
        ),
        "literals.json" to mapOf(
            "@{9223372036854775808}" to "Value 9223372036854775808 can't be converted to Integer type. @2..<21",
            "@{-9223372036854775809}" to "Value -9223372036854775809 can't be converted to Integer type. @2..<22",
            "@{-(9223372036854775808)}" to "Value 9223372036854775808 can't be converted to Integer type. @4..<23",
            "@{3_000}" to "Unexpected token '_000'. @3..<7",
            "@{1.5_0}" to "Unexpected token '_0'. @5..<7",
            "@{0x1F}" to "Unexpected token 'x1F'. @3..<6",
            "@{'unterminated}" to "Error tokenizing '@{'unterminated}'. @3..<16",
            "@{\"double\"}" to "Error tokenizing '@{\"double\"}'. @2..<11",
            """@{'a\nb'}""" to "Incorrect string escape @4..<6",
            "@{'it's'}" to "Error tokenizing '@{'it's'}'. @8..<9",
        ),
        "string_templates_escapes.json" to mapOf(
            """bad \q escape""" to "Incorrect string escape @4..<6",
            """ends with \""" to """Error tokenizing 'ends with \'. @10..<11""",
            "@{ 1 + 1 " to "Error tokenizing '@{ 1 + 1 '. @0..<9",
            "@{@{1}}" to "Error tokenizing '@{@{1}}'. @2..<7",
        ),
        "limits.json" to mapOf(
            "@{" + "(".repeat(70) + "1" + ")".repeat(70) + "}" to
                "Expression is nested too deeply (more than 64 levels). @66..<67",
        ),
    )

    private val evaluated: Map<String, Set<String>> = mapOf(
        "syntax_errors.json" to setOf(
            "@{unknownFn(1)}", "@{'x'.noSuchMethod()}", "@{null}", "@{ len ( 'ab' ) }", "@{toString (12)}",
            "@{(2 + 3) . toString ( )}",
        ),
        "literals.json" to setOf(
            "@{toString(9223372036854775807)}", "@{toString(-9223372036854775808)}", "@{+.5}",
        ),
        "string_templates_escapes.json" to setOf(
            "Total: @{a + 1} items", "@{a}", "@{a} ", " @{a}", "Price @{p}", "v=@{5.0}", "v=@{-0.5}", "v=@{2.5 * 2}",
            "v=@{7 / 2}", "@{'outer @{'inner'}'}", "@{'n=@{n}'}", "@{'[@{'@{w}'}]'}", "@{'a' + 'b'}-@{'c'}",
            "@{x}/@{y}", "@{1}@{2}", "flag=@{1 < 2}", "c=@{c}", "t=@{parseUnixTime(86400)}", "u=@{link}", "s=@{s}",
            "x=@{1 / 0}", "@{ \t1 +\n2 }",
        ),
        "limits.json" to setOf(
            "@{padStart(padStart('a', 6000, 'b'), 12000, 'c')}", "@{padEnd('a', 20000, 'z')}",
            "@{len(padStart(padStart('a', 4000, 'b'), 9000, 'c'))}",
        ),
    )

    /** Evaluated cases that call string functions not ported yet (len, padStart, padEnd: chunk 8). */
    private val awaitingFunctions: Set<String> = setOf(
        "@{ len ( 'ab' ) }",
        "@{padStart(padStart('a', 6000, 'b'), 12000, 'c')}",
        "@{padEnd('a', 20000, 'z')}",
        "@{len(padStart(padStart('a', 4000, 'b'), 9000, 'c'))}",
    )

    @TestFactory
    fun claimedCaseFiles(): List<DynamicNode> = parseErrors.keys.map { file -> DynamicContainer.dynamicContainer(file, cases(file)) }

    private fun cases(fileName: String): List<DynamicNode> {
        val file = File(ExpressionCases.repositoryRoot(), "Tests/Conformance/expressions/$fileName")
        val root = Json.parseToJsonElement(file.readText()).jsonObject
        val cases = (root["cases"] as? JsonArray ?: JsonArray(emptyList())).map { it.jsonObject }
            .filter { case -> (case["platforms"] as? JsonArray)?.any { it.jsonPrimitive.content == "screenplay" } ?: true }
        val expressions = cases.map { it.getValue("expression").jsonPrimitive.content }
        val errors = parseErrors.getValue(fileName)
        val later = evaluated.getValue(fileName)
        val evaluatedCases = ExpressionCases.cases(fileName).associateBy { it.expression }
        val counts = DynamicTest.dynamicTest("the claims fit the file") {
            assertTrue(cases.isNotEmpty(), "$fileName has no case")
            assertEquals(expressions.size, expressions.toSet().size, "$fileName repeats an expression")
            assertEquals(emptySet<String>(), (errors.keys + later) - expressions.toSet(), "claimed but not in $fileName")
            assertEquals(emptySet<String>(), errors.keys.intersect(later), "claimed twice")
            assertEquals(expressions.size, evaluatedCases.size, "ExpressionCases reads $fileName differently")
            assertEquals(emptySet<String>(), awaitingFunctions.intersect(expressions.toSet()) - later, "awaiting but not evaluated")
        }
        return listOf(counts) + cases.map { case ->
            val expression = case.getValue("expression").jsonPrimitive.content
            val name = (case["name"] as? JsonPrimitive)?.content ?: expression
            val expected = case.getValue("expected").jsonObject
            DynamicTest.dynamicTest(name) {
                val error = errors[expression]
                when {
                    error != null -> checkParseError(expression, expected, error)
                    expression in awaitingFunctions -> parse(expression)
                    expression in later -> {
                        parse(expression)
                        ExpressionCases.failure(evaluatedCases.getValue(expression))?.let { fail<Unit>(it) }
                    }
                    else -> checkDecidedByParsing(expression, expected)
                }
            }
        }
    }

    private fun parse(expression: String): ExpressionNode = try {
        ExpressionParser.parseProperty(expression)
    } catch (error: ExpressionError) {
        fail("'$expression' should parse, but: $error")
    }

    private fun checkParseError(expression: String, expected: JsonObject, message: String) {
        assertEquals("error", expected.getValue("type").jsonPrimitive.content, "the case expects no error")
        val error = try {
            fail("'$expression' should not parse, but gives ${ExpressionParser.parseProperty(expression)}")
        } catch (error: ExpressionError) {
            error
        }
        assertEquals(message, "${error.message} @${error.start}..<${error.end}")
        val caseMessage = (expected["value"] as? JsonPrimitive)?.takeIf { it.isString }?.content.orEmpty()
        if (caseMessage.isNotEmpty()) assertEquals(caseMessage, error.message)
    }

    private fun checkDecidedByParsing(expression: String, expected: JsonObject) {
        val node = parse(expression)
        val value = when (val kind = node.kind) {
            is ExpressionNode.Kind.Literal -> kind.value
            is ExpressionNode.Kind.Template -> ExpressionValue.StringValue(
                kind.parts.joinToString("") { part ->
                    ((part.kind as? ExpressionNode.Kind.Literal)?.value as? ExpressionValue.StringValue)?.value
                        ?: fail("'$expression' needs the evaluator ($part): list it as evaluated")
                },
            )
            else -> fail("'$expression' parses to $node, which needs the evaluator: list it as evaluated")
        }
        val type = expected.getValue("type").jsonPrimitive.content
        val wanted = expected.getValue("value").jsonPrimitive
        val answer: ExpressionValue = when (type) {
            "integer" -> ExpressionValue.IntegerValue(wanted.content.toLong())
            "number" -> ExpressionValue.NumberValue(wanted.content.toDouble())
            "boolean" -> ExpressionValue.BooleanValue(wanted.content.toBooleanStrict())
            "string" -> ExpressionValue.StringValue(wanted.content)
            else -> fail("'$expression': a parse cannot answer $type")
        }
        assertEquals(answer, value, "'$expression'")
    }
}
