package dev.screenplay.expressions

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

/**
 * The evaluator's bounds, overflow rules, resolution messages and registry API, with the answers Swift's
 * `screenplay eval` gives (message and code-point range as `message @start..<end`).
 */
class ExpressionEvaluatorTest {
    private val evaluator = ExpressionEvaluator()

    private fun error(property: String, variables: Map<String, ExpressionValue> = emptyMap(), on: ExpressionEvaluator = evaluator): String {
        val error = assertThrows(ExpressionError::class.java) { on.evaluateProperty(property, ExpressionVariables.of(variables)) }
        return "${error.kind} ${error.message} @${error.start}..<${error.end}"
    }

    @Test
    fun integerEdgesTheJvmDoesNotTrap() {
        assertEquals(
            "EVALUATION Failed to evaluate [-9223372036854775808 / -1]. Integer overflow. @2..<27",
            error("@{-9223372036854775808 / -1}"),
        )
        assertEquals(ExpressionValue.IntegerValue(0), evaluator.evaluateProperty("@{-9223372036854775808 % -1}"))
        assertEquals(
            "EVALUATION Failed to evaluate [div(-9223372036854775808, -1)]. Integer overflow. @2..<23",
            error("@{div(minInteger(), -1)}"),
        )
        assertEquals(
            "EVALUATION Failed to evaluate [copySign(-9223372036854775808, 1)]. Integer overflow. @2..<27",
            error("@{copySign(minInteger(), 1)}"),
        )
        assertEquals(ExpressionValue.IntegerValue(Long.MIN_VALUE), evaluator.evaluateProperty("@{toInteger(-9223372036854775808.0)}"))
    }

    @Test
    fun resolutionMessages() {
        assertEquals(
            "EVALUATION Failed to evaluate [getIntervalSeconds()]. Exactly 1 argument(s) expected. @2..<22",
            error("@{getIntervalSeconds()}"),
        )
        assertEquals("EVALUATION Failed to evaluate [sum()]. Function requires non empty argument list. @2..<7", error("@{sum()}"))
        assertEquals(
            "EVALUATION Failed to evaluate [abs('a')]. Function has no matching overload for given argument types: String. @2..<10",
            error("@{abs('a')}"),
        )
        assertEquals("EVALUATION Failed to evaluate [toColor(1, 2)]. Exactly 1 argument(s) expected. @2..<15", error("@{toColor(1, 2)}"))
        assertEquals(
            "EVALUATION Failed to evaluate [toString(1)]. Method has no matching overload for given argument types: Integer. @2..<17",
            error("@{'a'.toString(1)}"),
        )
        assertEquals(
            "EVALUATION Failed to evaluate [toInteger(5)]. Function has no matching overload for given argument types: Integer. @2..<14",
            error("@{toInteger(5)}"),
        )
        assertEquals(
            "EVALUATION Failed to evaluate [argb(2.0, 0.0, 0.0, 0.0)]. Value out of range 0..1. @2..<18",
            error("@{argb(2, 0, 0, 0)}"),
        )
    }

    @Test
    fun operatorsShowTheirOperands() {
        assertEquals("EVALUATION Failed to evaluate [3 / 0]. Division by zero is not supported. @10..<15", error("@{1 ? 2 : 3 / 0}"))
        assertEquals(
            "EVALUATION Failed to evaluate ['a' && ...]. '&&' must be called with boolean operands. @2..<13",
            error("@{'a' && true}"),
        )
        assertEquals(
            "EVALUATION Failed to evaluate ['x' + 1]. Operator '+' cannot be applied to different types: String and Integer. @13..<20",
            error("@{missing !: 'x' + 1}"),
        )
        assertEquals(ExpressionValue.StringValue("2"), evaluator.evaluateProperty("@{toString(1.0 % 0.0 !: 2)}"))
        assertEquals(ExpressionValue.BooleanValue(true), evaluator.evaluateProperty("@{-0.0 == 0.0}"))
    }

    @Test
    fun limitsAreNeverCaughtByFallback() {
        assertEquals(
            "LIMIT Evaluation took more than 10000 steps. @39998..<39999",
            error("@{1}".repeat(10_000)),
        )
        val small = ExpressionEvaluator(limits = EvaluationLimits(maxSteps = 3))
        assertEquals("LIMIT Evaluation took more than 3 steps. @3..<4", error("@{(1 + 2 + 3) !: 0}", on = small))
        val long = mapOf("s" to ExpressionValue.StringValue("x".repeat(10_001)))
        assertEquals("LIMIT The result would be longer than 10000 characters. @2..<3", error("@{s !: 'short'}", long))
        assertEquals(
            "LIMIT The result would be longer than 10000 characters. @0..<11",
            error("@{s}@{'ab'}", mapOf("s" to ExpressionValue.StringValue("x".repeat(9_999)))),
        )
    }

    @Test
    fun aHandBuiltTreeDeeperThanTheParserAllowsIsALimit() {
        var node = ExpressionNode(ExpressionNode.Kind.Literal(ExpressionValue.IntegerValue(1)), 0, 1)
        repeat(100) {
            node = ExpressionNode(ExpressionNode.Kind.Unary(ExpressionNode.UnaryOperator.MINUS, node), 0, 1)
        }
        val error = assertThrows(ExpressionError::class.java) { evaluator.evaluate(node) }
        assertEquals(ExpressionError.Kind.LIMIT, error.kind)
        assertEquals("Expression is nested too deeply (more than 64 levels).", error.message)
    }

    @Test
    fun appFunctionsAndWarnings() {
        val functions = ExpressionFunctions.STANDARD.with {
            add(
                ExpressionFunction("twice", listOf(ExpressionType.NUMBER), ExpressionType.NUMBER, "2 × x.") { call ->
                    call.warn("doubled")
                    ExpressionValue.NumberValue(call.number(0) * 2)
                },
            )
            add(ExpressionFunction("broken", emptyList(), ExpressionType.INTEGER, "Fails.") { throw IllegalStateException("no answer") })
        }
        val mine = ExpressionEvaluator(functions = functions)
        val evaluation = mine.evaluateWithWarnings(ExpressionParser.parseProperty("@{twice(21)}"))
        assertEquals(ExpressionEvaluator.Evaluation(ExpressionValue.NumberValue(42.0), listOf("doubled")), evaluation)
        assertEquals("EVALUATION Failed to evaluate [broken()]. no answer @2..<10", error("@{broken()}", on = mine))
        assertEquals("EVALUATION Failed to evaluate [twice(1)]. Unknown function name: twice. @2..<10", error("@{twice(1)}"))
    }
}
