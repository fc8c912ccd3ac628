package dev.screenplay.expressions

/**
 * Why a function body failed, in DivKit's words ← ExpressionFunction.swift's `ExpressionFailure`. The evaluator
 * adds `Failed to evaluate [f(args)].` in front and throws an [ExpressionError].
 *
 * Built without a stack trace: it is a value that travels as an exception, not a crash report.
 *
 * ```kotlin
 * throw ExpressionFailure("Indexes are out of bounds.")
 * ```
 *
 * @property reason the message after the `Failed to evaluate […].` prefix.
 * @property isLimit whether an [EvaluationLimits] bound was broken (an error of kind `limit`, never caught by `!:`).
 * @property standsAlone whether [reason] is the whole message (the few reasons DivKit gives without the prefix,
 * `z/Z not supported in [HH:mm z]`).
 */
public class ExpressionFailure(
    public val reason: String,
    public val isLimit: Boolean = false,
    public val standsAlone: Boolean = false,
) : RuntimeException(reason, null, false, false) {
    override fun equals(other: Any?): Boolean =
        other is ExpressionFailure && other.reason == reason && other.isLimit == isLimit && other.standsAlone == standsAlone

    override fun hashCode(): Int = (reason.hashCode() * 31 + isLimit.hashCode()) * 31 + standsAlone.hashCode()

    override fun toString(): String = reason
}
