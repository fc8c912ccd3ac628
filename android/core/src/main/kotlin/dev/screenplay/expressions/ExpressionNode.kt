package dev.screenplay.expressions

/**
 * A parsed expression: one node of the syntax tree and the part of the source it came from, `start until end`
 * in code-point offsets ← ExpressionNode.swift.
 *
 * [toString] writes the node back as an expression, as DivKit prints it (strings in single quotes, minimal
 * spacing: `1 + 2`, `f(a, b)`).
 *
 * ```kotlin
 * val node = ExpressionParser.parseExpression("1 + 2 * 3")
 * (node.kind as ExpressionNode.Kind.Binary).right.toString()   // 2 * 3
 * ```
 */
public data class ExpressionNode(public val kind: Kind, public val start: Int, public val end: Int) {
    /** The node's source, in code-point offsets. */
    public val range: IntRange get() = start until end

    /** What the node is. */
    public sealed interface Kind {
        /** A literal: string, integer, number or boolean. */
        public data class Literal(public val value: ExpressionValue) : Kind

        /**
         * A string template: its parts (literal strings and expressions) converted to strings and joined.
         * Single-quoted literals with `@{…}` inside are templates too.
         */
        public data class Template(public val parts: List<ExpressionNode>) : Kind

        /** A variable read by name (dots are part of the name). */
        public data class Variable(public val name: String) : Kind

        /** `name(arguments…)`. */
        public data class Call(public val name: String, public val arguments: List<ExpressionNode>) : Kind

        /** `receiver.name(arguments…)`, from the method table. */
        public data class Method(
            public val receiver: ExpressionNode,
            public val name: String,
            public val arguments: List<ExpressionNode>,
        ) : Kind

        /** A prefix operator and its operand. */
        public data class Unary(public val operator: UnaryOperator, public val operand: ExpressionNode) : Kind

        /** An infix operator and its operands. */
        public data class Binary(
            public val operator: BinaryOperator,
            public val left: ExpressionNode,
            public val right: ExpressionNode,
        ) : Kind

        /** `condition ? then : otherwise`. */
        public data class Conditional(
            public val condition: ExpressionNode,
            public val then: ExpressionNode,
            public val otherwise: ExpressionNode,
        ) : Kind
    }

    /** A prefix operator. */
    public enum class UnaryOperator(public val symbol: String) {
        NOT("!"),
        MINUS("-"),
        PLUS("+"),
        ;

        public companion object {
            /** The operator written [symbol], or null. */
            public fun fromSymbol(symbol: String): UnaryOperator? = entries.firstOrNull { it.symbol == symbol }
        }
    }

    /** An infix operator, written as in the source. */
    public enum class BinaryOperator(public val symbol: String) {
        MULTIPLY("*"),
        DIVIDE("/"),
        REMAINDER("%"),
        ADD("+"),
        SUBTRACT("-"),

        /** `!:`: the right side when the left side fails. */
        FALLBACK("!:"),
        LESS("<"),
        LESS_OR_EQUAL("<="),
        GREATER(">"),
        GREATER_OR_EQUAL(">="),
        EQUAL("=="),
        NOT_EQUAL("!="),
        AND("&&"),
        OR("||"),
        ;

        public companion object {
            /** The operator written [symbol], or null. */
            public fun fromSymbol(symbol: String): BinaryOperator? = entries.firstOrNull { it.symbol == symbol }
        }
    }

    /** The node written back as an expression. */
    override fun toString(): String = when (kind) {
        is Kind.Literal -> kind.value.preview
        is Kind.Template -> kind.parts.joinToString(separator = "", prefix = "'", postfix = "'") { part ->
            val literal = (part.kind as? Kind.Literal)?.value as? ExpressionValue.StringValue
            literal?.value?.replace("\\", "\\\\")?.replace("'", "\\'")?.replace("@{", "\\@{") ?: "@{$part}"
        }
        is Kind.Variable -> kind.name
        is Kind.Call -> "${kind.name}(${kind.arguments.joinToString(", ")})"
        is Kind.Method -> "${kind.receiver}.${kind.name}(${kind.arguments.joinToString(", ")})"
        is Kind.Unary -> "${kind.operator.symbol}${kind.operand}"
        is Kind.Binary -> "${kind.left} ${kind.operator.symbol} ${kind.right}"
        is Kind.Conditional -> "${kind.condition} ? ${kind.then} : ${kind.otherwise}"
    }
}
