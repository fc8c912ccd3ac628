package dev.screenplay.expressions

/**
 * Evaluates parsed expressions with DivKit's semantics ← ExpressionEvaluator.swift: integer → number promotion
 * only, overflow and division by zero as errors, no truthiness, short-circuit `&&` and `||`, `!:` falling back on
 * any evaluation error of its left side, and DivKit's error messages.
 *
 * Evaluation is bounded by [limits]: too many steps, too deep a nesting or too long a string is an
 * [ExpressionError] of kind `LIMIT`, which `!:` never catches. Every failure is an [ExpressionError]; nothing
 * else escapes.
 *
 * ```kotlin
 * val evaluator = ExpressionEvaluator()
 * val variables = ExpressionVariables.of(mapOf("count" to ExpressionValue.IntegerValue(21)))
 * evaluator.evaluateProperty("@{count * 2}", variables)      // IntegerValue(42)
 * evaluator.evaluateProperty("@{count} items", variables)    // StringValue("21 items")
 * evaluator.evaluateProperty("@{2 / 0}")                     // throws: Failed to evaluate [2 / 0]. Division by zero is not supported.
 * ```
 *
 * @property limits the bounds of each evaluation.
 * @property localeIdentifier the locale formatting functions use (BCP 47 or ICU identifier).
 * @property functions the functions and methods calls resolve to.
 * @property now the clock for `nowLocal()`: milliseconds since 1970 UTC (real time by default).
 */
public class ExpressionEvaluator(
    public val limits: EvaluationLimits = EvaluationLimits.DEFAULT,
    public val localeIdentifier: String = "en_US",
    public val functions: ExpressionFunctions = ExpressionFunctions.STANDARD,
    public val now: () -> Long = { System.currentTimeMillis() },
) {
    /**
     * Evaluates a parsed expression, reading [variables]; throws [ExpressionError] of kind `EVALUATION` or `LIMIT`.
     *
     * ```kotlin
     * ExpressionEvaluator().evaluate(ExpressionParser.parseExpression("7 / 2"))   // IntegerValue(3)
     * ```
     */
    public fun evaluate(node: ExpressionNode, variables: ExpressionVariables = ExpressionVariables.NONE): ExpressionValue =
        EvaluationRun(this, variables).evaluate(node)

    /**
     * Evaluates a parsed expression and gives DivKit's warnings with its value (`String for padding is empty.`);
     * throws [ExpressionError] as [evaluate] does.
     *
     * ```kotlin
     * val (value, warnings) = ExpressionEvaluator().evaluateWithWarnings(node, variables)
     * ```
     */
    public fun evaluateWithWarnings(node: ExpressionNode, variables: ExpressionVariables = ExpressionVariables.NONE): Evaluation {
        val run = EvaluationRun(this, variables)
        val value = run.evaluate(node)
        return Evaluation(value, run.warnings.toList())
    }

    /**
     * Parses a property string (`@{…}` alone, which keeps its type, or a template, which gives a string) with
     * [ExpressionParser.parseProperty] and evaluates it; throws [ExpressionError] of any kind.
     *
     * ```kotlin
     * ExpressionEvaluator().evaluateProperty("v=@{2.5 * 2}")   // StringValue("v=5.0")
     * ```
     */
    public fun evaluateProperty(property: String, variables: ExpressionVariables = ExpressionVariables.NONE): ExpressionValue =
        evaluate(ExpressionParser.parseProperty(property, limits.maxDepth), variables)

    /**
     * Parses a bare expression (without `@{}`) and evaluates it; throws [ExpressionError] of any kind.
     *
     * ```kotlin
     * ExpressionEvaluator().evaluateExpression("1 + 2.5")   // NumberValue(3.5)
     * ```
     */
    public fun evaluateExpression(expression: String, variables: ExpressionVariables = ExpressionVariables.NONE): ExpressionValue =
        evaluate(ExpressionParser.parseExpression(expression, limits.maxDepth), variables)

    /**
     * An evaluation's [value] and the [warnings] its function calls gave, in order.
     *
     * ```kotlin
     * ExpressionEvaluator().evaluateWithWarnings(node).warnings   // ["String for padding is empty."]
     * ```
     */
    public data class Evaluation(public val value: ExpressionValue, public val warnings: List<String>)
}
