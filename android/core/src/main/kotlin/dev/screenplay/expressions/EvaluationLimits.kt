package dev.screenplay.expressions

/**
 * Bounds on one evaluation, so that a hostile or careless expression costs an error, never a hang, a crash or
 * unbounded memory ← EvaluationLimits.swift.
 *
 * @property maxSteps how many nodes one evaluation may visit.
 * @property maxDepth how deep expressions may nest, when parsed and when evaluated.
 * @property maxStringLength the longest string, in code points, an evaluation may produce.
 */
public data class EvaluationLimits(
    public val maxSteps: Int = 10_000,
    public val maxDepth: Int = 64,
    public val maxStringLength: Int = 10_000,
) {
    public companion object {
        /** 10,000 steps, depth 64, strings up to 10,000 code points. */
        public val DEFAULT: EvaluationLimits = EvaluationLimits()
    }
}
