package dev.screenplay.expressions

/**
 * The type of an expression value, as DivKit names it.
 *
 * [rawValue] is the name documents and case files use (`"integer"`, `"datetime"`); [toString] is the capitalised
 * name error messages use (`Integer`, `DateTime`) ← ExpressionType.swift.
 *
 * ```kotlin
 * ExpressionType.fromRawValue("datetime").toString()   // "DateTime"
 * ```
 */
public enum class ExpressionType(public val rawValue: String, private val displayName: String) {
    STRING("string", "String"),
    INTEGER("integer", "Integer"),
    NUMBER("number", "Number"),
    BOOLEAN("boolean", "Boolean"),
    COLOR("color", "Color"),
    URL("url", "Url"),
    DATETIME("datetime", "DateTime"),
    ARRAY("array", "Array"),
    DICT("dict", "Dict"),
    ;

    /** The name DivKit's error messages use: `String`, `Integer`, `Number`, …, `DateTime`, `Array`, `Dict`. */
    override fun toString(): String = displayName

    public companion object {
        /** The type whose [rawValue] is [rawValue], or null. */
        public fun fromRawValue(rawValue: String): ExpressionType? = entries.firstOrNull { it.rawValue == rawValue }
    }
}
