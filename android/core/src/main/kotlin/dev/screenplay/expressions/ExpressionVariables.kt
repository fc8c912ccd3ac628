package dev.screenplay.expressions

/**
 * Where an evaluation reads its variables: a map, or the runtime's own storage ← EvaluationLimits.swift's
 * `ExpressionVariables`.
 *
 * ```kotlin
 * val variables = ExpressionVariables.of(mapOf("count" to ExpressionValue.IntegerValue(3)))
 * variables.value("count")   // IntegerValue(3)
 * ```
 */
public fun interface ExpressionVariables {
    /** The variable's current value, or null when there is none by that [name] (its full name, dots included). */
    public fun value(name: String): ExpressionValue?

    public companion object {
        /** No variables at all. */
        public val NONE: ExpressionVariables = ExpressionVariables { null }

        /** The entries of [values], by name. */
        public fun of(values: Map<String, ExpressionValue>): ExpressionVariables = ExpressionVariables { values[it] }
    }
}
