package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionNode.BinaryOperator
import dev.screenplay.expressions.ExpressionNode.Kind
import dev.screenplay.expressions.ExpressionNode.UnaryOperator
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

class ExpressionParserTest {
    private fun error(expression: String, maxDepth: Int = 64): ExpressionError =
        assertThrows(ExpressionError::class.java) { ExpressionParser.parseExpression(expression, maxDepth) }

    private fun propertyError(property: String): ExpressionError =
        assertThrows(ExpressionError::class.java) { ExpressionParser.parseProperty(property) }

    @Test
    fun bindsByPrecedenceLoosestFirst() {
        val node = ExpressionParser.parseExpression("1 + 2 * 3")
        val kind = node.kind as Kind.Binary
        assertEquals(BinaryOperator.ADD, kind.operator)
        assertEquals("2 * 3", kind.right.toString())
        assertEquals(0 until 9, node.range)
        assertEquals(4 until 9, kind.right.range)

        val fallback = ExpressionParser.parseExpression("a !: b + c < d").kind as Kind.Binary
        assertEquals(BinaryOperator.LESS, fallback.operator)
        assertEquals(BinaryOperator.FALLBACK, (fallback.left.kind as Kind.Binary).operator)

        val or = ExpressionParser.parseExpression("a && b || c == d").kind as Kind.Binary
        assertEquals(BinaryOperator.OR, or.operator)
        assertEquals(BinaryOperator.AND, (or.left.kind as Kind.Binary).operator)
        assertEquals(BinaryOperator.EQUAL, (or.right.kind as Kind.Binary).operator)
    }

    @Test
    fun chainsNestToTheLeftAndTheTernaryToTheRight() {
        val chain = ExpressionParser.parseExpression("a - b - c").kind as Kind.Binary
        assertEquals("a - b", chain.left.toString())
        val ternary = ExpressionParser.parseExpression("a ? b : c ? d : e").kind as Kind.Conditional
        assertEquals("c ? d : e", ternary.otherwise.toString())
    }

    @Test
    fun methodsBindTighterThanPrefixes() {
        val node = ExpressionParser.parseExpression("-a.abs()").kind as Kind.Unary
        assertEquals(UnaryOperator.MINUS, node.operator)
        assertEquals(Kind.Method(ExpressionNode(Kind.Variable("a"), 1, 2), "abs", emptyList()), node.operand.kind)
        // A dotted name before `(` is a variable and a method.
        val dotted = ExpressionParser.parseExpression("user.name.getLength(1)").kind as Kind.Method
        assertEquals(Kind.Variable("user.name"), dotted.receiver.kind)
        assertEquals(0 until 9, dotted.receiver.range)
        assertEquals("getLength", dotted.name)
    }

    @Test
    fun aMinusAgainstANumberIsPartOfTheLiteral() {
        assertEquals(Kind.Literal(ExpressionValue.IntegerValue(Long.MIN_VALUE)), ExpressionParser.parseExpression("-9223372036854775808").kind)
        assertEquals(Kind.Literal(ExpressionValue.NumberValue(-0.5)), ExpressionParser.parseExpression("-.5").kind)
        assertEquals("1 - 2", ExpressionParser.parseExpression("1 -2").toString())
        assertEquals("Expression expected (at 0..<2)", error("--1").toString())
        assertEquals("Expression expected (at 0..<2)", error("+-1").toString())
        assertEquals(Kind.Unary(UnaryOperator.NOT, ExpressionNode(Kind.Unary(UnaryOperator.NOT, ExpressionNode(Kind.Variable("a"), 2, 3)), 1, 3)), ExpressionParser.parseExpression("!!a").kind)
    }

    @Test
    fun printsNodesAsDivKitDoes() {
        val printed = listOf(
            "f(a, 'b', 1.5, 10000000.0, true)" to "f(a, 'b', 1.5, 1.0E7, true)",
            "'it\\'s' + 'a\\\\b'" to "'it\\'s' + 'a\\\\b'",
            "x ? -y : !z" to "x ? -y : !z",
            "(1 + 2) * 3" to "1 + 2 * 3",
            "'a @{b} \\@{c}'" to "'a @{b} \\@{c}'",
            "0.001 + 0.0001" to "0.001 + 1.0E-4",
        )
        for ((source, text) in printed) assertEquals(text, ExpressionParser.parseExpression(source).toString(), source)
    }

    @Test
    fun propertiesAreWholeValuesOrTemplates() {
        assertEquals(Kind.Variable("count"), ExpressionParser.parseProperty("@{count}").kind)
        val template = ExpressionParser.parseProperty("You have @{count} messages")
        assertEquals(0 until 26, template.range)
        val parts = (template.kind as Kind.Template).parts
        assertEquals(listOf(0 until 9, 11 until 16, 17 until 26), parts.map { it.range })
        assertEquals(Kind.Literal(ExpressionValue.StringValue("é@{x}")), ExpressionParser.parseProperty("é\\@{x}").kind)
    }

    @Test
    fun positionsCountCodePoints() {
        // U+1F600 is two UTF-16 units but one code point.
        val failure = propertyError("\uD83D\uDE00@{1 +}")
        assertEquals("Expression expected (at 6..<7)", failure.toString())
        val node = ExpressionParser.parseProperty("@{'\uD83D\uDE00' + x}")
        assertEquals(2 until 9, node.range)
        assertEquals("Unexpected token ')'. (at 4..<5)", error("'\uD83D\uDE00' )").toString())
    }

    @Test
    fun digitsAndLettersAreAsciiOnly() {
        val arabicIndic = propertyError("@{\u0661}")
        assertEquals(ExpressionError(ExpressionError.Kind.SYNTAX, "Error tokenizing '@{\u0661}'.", 2, 4), arabicIndic)
        assertEquals("Error tokenizing 'é'. (at 0..<1)", error("é").toString())
    }

    @Test
    fun tooDeepANestingIsRefusedWhileParsing() {
        val limit = error("((((1))))", maxDepth = 3)
        assertEquals(ExpressionError.Kind.LIMIT, limit.kind)
        assertEquals("Expression is nested too deeply (more than 3 levels). (at 3..<4)", limit.toString())
        assertEquals(Kind.Literal(ExpressionValue.IntegerValue(1)), ExpressionParser.parseExpression("((1))", maxDepth = 3).kind)
        // A long chain counts one level a link, a long prefix run one a prefix.
        assertEquals(ExpressionError.Kind.LIMIT, error(List(100) { "1" }.joinToString(" + ")).kind)
        assertEquals(ExpressionError.Kind.LIMIT, error("!".repeat(100) + "a").kind)
        // Very deep input is refused before the parser recurses: no stack overflow.
        assertEquals(ExpressionError.Kind.LIMIT, propertyError("@{" + "'@{".repeat(50_000) + "1").kind)
        assertEquals(ExpressionError.Kind.LIMIT, error("(".repeat(100_000)).kind)
    }

    @Test
    fun ternaryWithoutColon() {
        assertEquals("':' expected in ternary-if-else expression (at 5..<6)", error("a ? b").toString())
        assertEquals("Method expected after . (at 3..<4)", error("(a).b").toString())
        assertEquals("Value 1e999 can't be converted to Number type. (at 0..<5)", error("1e999").toString())
    }

    @Test
    fun numberTextIsJavasShortestShape() {
        val texts = listOf(
            5.0 to "5.0", 0.1 to "0.1", 1e7 to "1.0E7", 9999999.0 to "9999999.0", 1e-3 to "0.001", 1e-4 to "1.0E-4",
            1e23 to "1.0E23", 2e-3 to "0.002", -0.0 to "-0.0", 123.456 to "123.456", Double.MIN_VALUE to "5.0E-324",
            Double.MAX_VALUE to "1.7976931348623157E308", 1.0 / 3 to "0.3333333333333333", Double.NaN to "NaN",
            Double.NEGATIVE_INFINITY to "-Infinity",
        )
        for ((value, text) in texts) assertEquals(text, ExpressionValue.NumberValue(value).text)
    }

    @Test
    fun typesNameThemselvesAsDivKitDoes() {
        assertEquals("DateTime", ExpressionType.fromRawValue("datetime").toString())
        assertEquals(listOf("String", "Integer", "Number", "Boolean", "Color", "Url", "DateTime", "Array", "Dict"), ExpressionType.entries.map { it.toString() })
        assertEquals("'a\\'b\\\\'", ExpressionValue.StringValue("a'b\\").preview)
    }
}
