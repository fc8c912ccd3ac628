package dev.screenplay.expressions

/**
 * Why an expression could not be parsed, type-checked or evaluated, in DivKit's words, and where
 * ← ExpressionError.swift.
 *
 * [start] and [end] (exclusive) count Unicode code points from the start of the text that was parsed (the whole
 * property string for a template), as Swift's `Range<Int>` of scalar offsets does.
 *
 * Built without a stack trace: it is a value that travels as an exception, not a crash report.
 */
public class ExpressionError(
    public val kind: Kind,
    override val message: String,
    public val start: Int,
    public val end: Int,
) : RuntimeException(message, null, false, false) {
    /** Which stage refused the expression. */
    public enum class Kind {
        /** The text is not an expression. */
        SYNTAX,

        /** The expression's types do not fit (static checking). */
        TYPE,

        /** The expression failed while it was evaluated. */
        EVALUATION,

        /** Evaluation or parsing went past an [EvaluationLimits] bound. */
        LIMIT,
    }

    /** The offending part of the source, in code-point offsets (`start until end`). */
    public val range: IntRange get() = start until end

    override fun equals(other: Any?): Boolean =
        other is ExpressionError && other.kind == kind && other.message == message &&
            other.start == start && other.end == end

    override fun hashCode(): Int = ((kind.hashCode() * 31 + message.hashCode()) * 31 + start) * 31 + end

    /** [message], then where, as Swift writes it: `Division by zero is not supported. (at 2..<7)`. */
    override fun toString(): String = "$message (at $start..<$end)"
}
