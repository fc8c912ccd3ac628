package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionNode.BinaryOperator
import dev.screenplay.expressions.ExpressionNode.UnaryOperator
import dev.screenplay.expressions.ExpressionValue.BooleanValue
import dev.screenplay.expressions.ExpressionValue.DatetimeValue
import dev.screenplay.expressions.ExpressionValue.IntegerValue
import dev.screenplay.expressions.ExpressionValue.NumberValue
import dev.screenplay.expressions.ExpressionValue.StringValue

/**
 * The operators' semantics, as DivKit defines them ← ExpressionEvaluator+Operators.swift: integer → number
 * promotion only, no truthiness, integer overflow and division by zero (for numbers too) as errors.
 *
 * The JVM wraps on overflow and never traps: `Math.*Exact` and explicit `MIN_VALUE / -1` and `% -1` checks give
 * Swift's answers. `&&`, `||` and `!:` are the evaluator's, since they decide whether their right side runs.
 */
internal object ExpressionOperators {
    /** DivKit's `Failed to evaluate [<shown>]. <reason>` at [node]. */
    fun failed(shown: String, reason: String, node: ExpressionNode): ExpressionError =
        ExpressionError(ExpressionError.Kind.EVALUATION, "Failed to evaluate [$shown]. $reason", node.start, node.end)

    fun unary(operator: UnaryOperator, operand: ExpressionValue, node: ExpressionNode): ExpressionValue {
        val shown = "${operator.symbol}${operand.preview}"
        return when (operator) {
            UnaryOperator.NOT ->
                if (operand is BooleanValue) BooleanValue(!operand.value) else throw failed(shown, "A Boolean is expected after a unary not.", node)
            UnaryOperator.PLUS ->
                if (operand is IntegerValue || operand is NumberValue) operand else throw failed(shown, "A Number is expected after a unary plus.", node)
            UnaryOperator.MINUS -> when (operand) {
                is IntegerValue -> {
                    if (operand.value == Long.MIN_VALUE) throw failed(shown, "Integer overflow.", node)
                    IntegerValue(-operand.value)
                }
                is NumberValue -> NumberValue(-operand.value)
                else -> throw failed(shown, "A Number is expected after a unary minus.", node)
            }
        }
    }

    fun binary(operator: BinaryOperator, leftValue: ExpressionValue, rightValue: ExpressionValue, node: ExpressionNode): ExpressionValue {
        var left = leftValue
        var right = rightValue
        if (left is IntegerValue && right is NumberValue) left = NumberValue(left.value.toDouble())
        if (left is NumberValue && right is IntegerValue) right = NumberValue(right.value.toDouble())
        val symbol = operator.symbol
        val shown = "${left.preview} $symbol ${right.preview}"
        if (left.type != right.type) {
            throw failed(shown, "Operator '$symbol' cannot be applied to different types: ${left.type} and ${right.type}.", node)
        }
        val notForType = { failed(shown, "Operator '$symbol' cannot be applied to ${left.type} type.", node) }
        return when (operator) {
            BinaryOperator.EQUAL, BinaryOperator.NOT_EQUAL -> BooleanValue((left == right) == (operator == BinaryOperator.EQUAL))
            BinaryOperator.LESS, BinaryOperator.LESS_OR_EQUAL, BinaryOperator.GREATER, BinaryOperator.GREATER_OR_EQUAL -> {
                val order = when {
                    left is IntegerValue && right is IntegerValue -> left.value.compareTo(right.value)
                    left is DatetimeValue && right is DatetimeValue -> left.milliseconds.compareTo(right.milliseconds)
                    left is NumberValue && right is NumberValue -> numberOrder(left.value, right.value)
                    else -> throw notForType()
                }
                BooleanValue(
                    when (operator) {
                        BinaryOperator.LESS -> order < 0
                        BinaryOperator.LESS_OR_EQUAL -> order <= 0
                        BinaryOperator.GREATER -> order == 1
                        else -> order == 0 || order == 1
                    },
                )
            }
            BinaryOperator.ADD, BinaryOperator.SUBTRACT, BinaryOperator.MULTIPLY, BinaryOperator.DIVIDE, BinaryOperator.REMAINDER ->
                when {
                    left is StringValue && right is StringValue ->
                        if (operator == BinaryOperator.ADD) StringValue(left.value + right.value) else throw notForType()
                    left is IntegerValue && right is IntegerValue -> integer(operator, left.value, right.value, shown, node)
                    left is NumberValue && right is NumberValue -> number(operator, left.value, right.value, shown, node)
                    else -> throw notForType()
                }
            // Evaluated before the operands are: short-circuit and fallback.
            BinaryOperator.AND, BinaryOperator.OR, BinaryOperator.FALLBACK -> throw notForType()
        }
    }

    /** -1, 0 or 1 as Swift's `<` and `==` order doubles; 2 when either is NaN (every comparison false). */
    private fun numberOrder(a: Double, b: Double): Int = when {
        a < b -> -1
        a == b -> 0
        a > b -> 1
        else -> 2
    }

    private fun integer(operator: BinaryOperator, a: Long, b: Long, shown: String, node: ExpressionNode): IntegerValue {
        if ((operator == BinaryOperator.DIVIDE || operator == BinaryOperator.REMAINDER) && b == 0L) {
            throw failed(shown, "Division by zero is not supported.", node)
        }
        val result = try {
            when (operator) {
                BinaryOperator.ADD -> Math.addExact(a, b)
                BinaryOperator.SUBTRACT -> Math.subtractExact(a, b)
                BinaryOperator.MULTIPLY -> Math.multiplyExact(a, b)
                BinaryOperator.DIVIDE -> if (a == Long.MIN_VALUE && b == -1L) throw ArithmeticException() else a / b
                else -> if (b == -1L) 0L else a % b
            }
        } catch (_: ArithmeticException) {
            throw failed(shown, "Integer overflow.", node)
        }
        return IntegerValue(result)
    }

    private fun number(operator: BinaryOperator, a: Double, b: Double, shown: String, node: ExpressionNode): NumberValue {
        if ((operator == BinaryOperator.DIVIDE || operator == BinaryOperator.REMAINDER) && b == 0.0) {
            throw failed(shown, "Division by zero is not supported.", node)
        }
        return NumberValue(
            when (operator) {
                BinaryOperator.ADD -> a + b
                BinaryOperator.SUBTRACT -> a - b
                BinaryOperator.MULTIPLY -> a * b
                BinaryOperator.DIVIDE -> a / b
                // Kotlin's Double.rem is C's fmod, as Swift's truncatingRemainder.
                else -> a.rem(b)
            },
        )
    }
}
