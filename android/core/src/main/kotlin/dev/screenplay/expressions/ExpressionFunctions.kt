package dev.screenplay.expressions

/**
 * The built-in functions and methods, by name, each with its overloads ← ExpressionFunctions.swift.
 *
 * A call picks the first overload whose parameter types equal the argument types, then the first that fits after
 * promoting integer arguments to number parameters. Methods are a table of their own: plain functions cannot be
 * called as methods. A registry is immutable; [with] makes a new one with more overloads.
 *
 * ```kotlin
 * ExpressionFunctions.STANDARD.functions.getValue("max").size   // 2: integers and numbers
 * val mine = ExpressionFunctions.STANDARD.with {
 *     add(ExpressionFunction("answer", emptyList(), ExpressionType.INTEGER, "42.") { ExpressionValue.IntegerValue(42) })
 * }
 * ```
 *
 * @property functions the functions by name, their overloads in the order calls try them.
 * @property methods the methods by name; each overload's first parameter is the receiver.
 */
public class ExpressionFunctions private constructor(
    public val functions: Map<String, List<ExpressionFunction>>,
    public val methods: Map<String, List<ExpressionFunction>>,
) {
    /** A new registry holding these overloads, then the ones [additions] adds (tried after these). */
    public fun with(additions: Builder.() -> Unit): ExpressionFunctions {
        val builder = Builder(functions, methods)
        builder.additions()
        return builder.toRegistry()
    }

    /**
     * The overload a call with arguments of types [arguments] (a method's receiver first) picks, or DivKit's reason
     * why there is none, as an [ExpressionFailure] to throw.
     */
    internal fun resolve(name: String, arguments: List<ExpressionType>, isMethod: Boolean): Resolution {
        val overloads = (if (isMethod) methods[name] else functions[name]).orEmpty()
        if (overloads.isEmpty()) {
            return Resolution.Failed(if (isMethod) "Unknown method name: $name." else "Unknown function name: $name.")
        }
        val matches = overloads.map { it.match(arguments) }
        val exact = matches.indexOf(ExpressionFunction.Match.EXACT)
        if (exact >= 0) return Resolution.Found(overloads[exact])
        val promoted = matches.indexOf(ExpressionFunction.Match.PROMOTED)
        if (promoted >= 0) return Resolution.Found(overloads[promoted])
        if (isMethod) {
            val given = arguments.drop(1)
            if (given.isEmpty() && ExpressionFunction.Match.TOO_FEW in matches) {
                return Resolution.Failed("Method requires non empty argument list.")
            }
            return Resolution.Failed("Method has no matching overload for given argument types: ${list(given)}.")
        }
        if (arguments.isEmpty() && overloads.size > 1) return Resolution.Failed("Function requires non empty argument list.")
        if (overloads.size > 1) {
            return Resolution.Failed("Function has no matching overload for given argument types: ${list(arguments)}.")
        }
        val only = overloads[0]
        return when (matches[0]) {
            ExpressionFunction.Match.TOO_FEW, ExpressionFunction.Match.TOO_MANY -> Resolution.Failed(
                if (only.isVariadic) {
                    "At least ${only.parameters.size} argument(s) expected."
                } else {
                    "Exactly ${only.parameters.size} argument(s) expected."
                },
            )
            else -> Resolution.Failed("Invalid argument type: expected ${list(only.parameters)}, got ${list(arguments)}.")
        }
    }

    /** What [resolve] found. */
    internal sealed interface Resolution {
        /** The overload the call runs. */
        data class Found(val function: ExpressionFunction) : Resolution

        /** No overload fits, for [reason]. */
        data class Failed(val reason: String) : Resolution
    }

    /**
     * Collects overloads for a registry (see [with]).
     *
     * ```kotlin
     * ExpressionFunctions.EMPTY.with { addMethod(someMethod) }
     * ```
     */
    public class Builder internal constructor(
        functions: Map<String, List<ExpressionFunction>>,
        methods: Map<String, List<ExpressionFunction>>,
    ) {
        private val functions: MutableMap<String, MutableList<ExpressionFunction>> =
            functions.mapValuesTo(LinkedHashMap()) { it.value.toMutableList() }
        private val methods: MutableMap<String, MutableList<ExpressionFunction>> =
            methods.mapValuesTo(LinkedHashMap()) { it.value.toMutableList() }

        /** Adds a function overload; it is tried after the ones already there. */
        public fun add(function: ExpressionFunction) {
            functions.getOrPut(function.name) { mutableListOf() } += function
        }

        /** Adds a method overload (its first parameter is the receiver). */
        public fun addMethod(method: ExpressionFunction) {
            methods.getOrPut(method.name) { mutableListOf() } += method
        }

        /** Shorthand for the group files: adds a function. */
        internal fun define(
            name: String,
            parameters: List<ExpressionType>,
            result: ExpressionType,
            summary: String,
            variadic: Boolean = false,
            promotes: Boolean = true,
            body: (ExpressionCall) -> ExpressionValue,
        ) {
            add(ExpressionFunction(name, parameters, result, summary, variadic, promotes, body))
        }

        /** Shorthand for the group files: adds a method. */
        internal fun defineMethod(
            name: String,
            parameters: List<ExpressionType>,
            result: ExpressionType,
            summary: String,
            variadic: Boolean = false,
            body: (ExpressionCall) -> ExpressionValue,
        ) {
            addMethod(ExpressionFunction(name, parameters, result, summary, variadic, body = body))
        }

        internal fun toRegistry(): ExpressionFunctions =
            ExpressionFunctions(functions.mapValues { it.value.toList() }, methods.mapValues { it.value.toList() })
    }

    public companion object {
        /** A registry without functions or methods. */
        public val EMPTY: ExpressionFunctions = ExpressionFunctions(emptyMap(), emptyMap())

        /**
         * Every function and method group the Kotlin core implements so far, in Swift's order: conversions (with
         * the `toString` methods), math and trigonometry, colors, datetimes (all but `formatDateAsUTCWithLocale`),
         * intervals and the variable functions. Strings, patterns, formatting (with `formatDateAsUTCWithLocale`)
         * and collections follow (issue 43, chunks 8 and 10).
         */
        public val STANDARD: ExpressionFunctions by lazy {
            EMPTY.with {
                ConversionFunctions.register(this)
                MathFunctions.register(this)
                ColorFunctions.register(this)
                DateFunctions.register(this)
                IntervalFunctions.register(this)
                VariableFunctions.register(this)
            }
        }

        private fun list(types: List<ExpressionType>): String = types.joinToString(", ")
    }
}
