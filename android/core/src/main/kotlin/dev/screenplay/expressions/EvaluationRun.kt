package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionNode.BinaryOperator
import dev.screenplay.expressions.ExpressionNode.Kind
import kotlin.coroutines.cancellation.CancellationException

/**
 * One evaluation: its step count, depth and warnings ← ExpressionEvaluator.swift's `EvaluationRun`.
 *
 * Recursive over the tree: the parser refuses nesting deeper than [EvaluationLimits.maxDepth], and the run checks
 * the depth again (a tree built by hand), so the recursion stays a few hundred frames deep at most.
 */
internal class EvaluationRun(private val evaluator: ExpressionEvaluator, private val variables: ExpressionVariables) {
    private val limits: EvaluationLimits get() = evaluator.limits
    private var steps = 0
    private var depth = 0

    /** The warnings function calls gave, in order. */
    val warnings: MutableList<String> = mutableListOf()

    fun evaluate(node: ExpressionNode): ExpressionValue {
        steps += 1
        if (steps > limits.maxSteps) {
            throw ExpressionError(ExpressionError.Kind.LIMIT, "Evaluation took more than ${limits.maxSteps} steps.", node.start, node.end)
        }
        depth += 1
        try {
            // The parser's bound, plus the leaf and the template around it: whatever parsed evaluates.
            if (depth > limits.maxDepth + 2) {
                throw ExpressionError(
                    ExpressionError.Kind.LIMIT,
                    "Expression is nested too deeply (more than ${limits.maxDepth} levels).",
                    node.start,
                    node.end,
                )
            }
            val value = evaluateUnchecked(node)
            if (value is ExpressionValue.StringValue) checkLength(value.value, node)
            return value
        } finally {
            depth -= 1
        }
    }

    private fun checkLength(text: CharSequence, node: ExpressionNode) {
        // UTF-16 units are never fewer than code points: the cheap test first.
        if (text.length > limits.maxStringLength && Character.codePointCount(text, 0, text.length) > limits.maxStringLength) {
            throw ExpressionError(
                ExpressionError.Kind.LIMIT,
                "The result would be longer than ${limits.maxStringLength} characters.",
                node.start,
                node.end,
            )
        }
    }

    private fun evaluateUnchecked(node: ExpressionNode): ExpressionValue = when (val kind = node.kind) {
        is Kind.Literal -> kind.value
        is Kind.Template -> {
            val text = StringBuilder()
            for (part in kind.parts) {
                text.append(evaluate(part).text)
                checkLength(text, node)
            }
            ExpressionValue.StringValue(text.toString())
        }
        is Kind.Variable -> variables.value(kind.name)
            ?: throw ExpressionError(ExpressionError.Kind.EVALUATION, "Variable '${kind.name}' is missing.", node.start, node.end)
        is Kind.Call -> call(kind.name, kind.arguments.map { evaluate(it) }, isMethod = false, node)
        is Kind.Method -> {
            val receiver = evaluate(kind.receiver)
            call(kind.name, listOf(receiver) + kind.arguments.map { evaluate(it) }, isMethod = true, node)
        }
        is Kind.Unary -> ExpressionOperators.unary(kind.operator, evaluate(kind.operand), node)
        is Kind.Conditional -> conditional(kind, node)
        is Kind.Binary -> binary(kind, node)
    }

    private fun conditional(kind: Kind.Conditional, node: ExpressionNode): ExpressionValue {
        val condition = evaluate(kind.condition)
        if (condition !is ExpressionValue.BooleanValue) {
            val then = evaluate(kind.then)
            val otherwise = evaluate(kind.otherwise)
            throw ExpressionOperators.failed(
                "${condition.preview} ? ${then.preview} : ${otherwise.preview}",
                "Ternary must be called with a Boolean value as a condition.",
                node,
            )
        }
        return evaluate(if (condition.value) kind.then else kind.otherwise)
    }

    private fun binary(kind: Kind.Binary, node: ExpressionNode): ExpressionValue {
        val operator = kind.operator
        when (operator) {
            BinaryOperator.FALLBACK -> return try {
                evaluate(kind.left)
            } catch (error: ExpressionError) {
                if (error.kind == ExpressionError.Kind.LIMIT) throw error
                evaluate(kind.right)
            }
            BinaryOperator.AND, BinaryOperator.OR -> {
                val symbol = operator.symbol
                val left = evaluate(kind.left)
                if (left !is ExpressionValue.BooleanValue) {
                    throw ExpressionOperators.failed("${left.preview} $symbol ...", "'$symbol' must be called with boolean operands.", node)
                }
                if (operator == BinaryOperator.OR && left.value) return left
                if (operator == BinaryOperator.AND && !left.value) return left
                val right = evaluate(kind.right)
                if (right !is ExpressionValue.BooleanValue) {
                    throw ExpressionOperators.failed(
                        "${left.preview} $symbol ${right.preview}",
                        "Operator '$symbol' cannot be applied to different types: Boolean and ${right.type}.",
                        node,
                    )
                }
                return right
            }
            else -> {
                val left = evaluate(kind.left)
                val right = evaluate(kind.right)
                return ExpressionOperators.binary(operator, left, right, node)
            }
        }
    }

    private fun call(name: String, arguments: List<ExpressionValue>, isMethod: Boolean, node: ExpressionNode): ExpressionValue {
        val function = when (val resolution = evaluator.functions.resolve(name, arguments.map { it.type }, isMethod)) {
            is ExpressionFunctions.Resolution.Found -> resolution.function
            is ExpressionFunctions.Resolution.Failed -> {
                val shown = if (isMethod) arguments.drop(1) else arguments
                throw ExpressionOperators.failed("$name(${shown.joinToString(", ") { it.preview }})", resolution.reason, node)
            }
        }
        val converted = arguments.mapIndexed { index, argument ->
            if (argument is ExpressionValue.IntegerValue && function.parameter(index) == ExpressionType.NUMBER) {
                ExpressionValue.NumberValue(argument.value.toDouble())
            } else {
                argument
            }
        }
        val call = ExpressionCall(converted, variables, evaluator.localeIdentifier, evaluator.now, limits.maxStringLength)
        val result = try {
            function.body(call)
        } catch (failure: ExpressionFailure) {
            throw when {
                failure.isLimit -> ExpressionError(ExpressionError.Kind.LIMIT, failure.reason, node.start, node.end)
                failure.standsAlone -> ExpressionError(ExpressionError.Kind.EVALUATION, failure.reason, node.start, node.end)
                else -> ExpressionOperators.failed(shownCall(name, converted, isMethod), failure.reason, node)
            }
        } catch (error: ExpressionError) {
            throw error
        } catch (error: CancellationException) {
            throw error
        } catch (error: RuntimeException) {
            // An app's function that throws something else: its message, as Swift shows any other error.
            throw ExpressionOperators.failed(shownCall(name, converted, isMethod), error.message ?: error.toString(), node)
        }
        warnings += call.warnings
        return result
    }

    private fun shownCall(name: String, arguments: List<ExpressionValue>, isMethod: Boolean): String =
        "$name(${(if (isMethod) arguments.drop(1) else arguments).joinToString(", ") { it.preview }})"
}
