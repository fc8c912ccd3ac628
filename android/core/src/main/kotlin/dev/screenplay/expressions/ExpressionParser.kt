package dev.screenplay.expressions

import dev.screenplay.expressions.ExpressionError.Kind.LIMIT
import dev.screenplay.expressions.ExpressionError.Kind.SYNTAX
import dev.screenplay.expressions.ExpressionNode.BinaryOperator
import dev.screenplay.expressions.ExpressionNode.Kind
import dev.screenplay.expressions.ExpressionNode.UnaryOperator
import dev.screenplay.expressions.ExpressionToken.Kind as TokenKind

/**
 * Reads the expression language into an [ExpressionNode] tree ← ExpressionParser.swift, decision for decision.
 *
 * A property string is a whole-value expression when it is exactly one `@{…}` (the result keeps its type), and a
 * string template otherwise; a bare expression is what the DSL and `screenplay eval` write without `@{}`.
 * Precedence, loosest first: `?:` (right-associative), `||`, `&&`, `== !=`, `< <= > >=`, `!:`, `+ -`, `* / %`,
 * prefix `! - +`, then calls, methods, literals, variables and parentheses. Errors say what and where, in DivKit's
 * words; nesting past `maxDepth` is refused while parsing, so the parser's own recursion stays bounded.
 *
 * ```kotlin
 * ExpressionParser.parseProperty("@{count + 1}")                  // an addition
 * ExpressionParser.parseProperty("You have @{count} messages")    // a template
 * ExpressionParser.parseExpression("a > 1 ? 'many' : 'one'")
 * ```
 */
public object ExpressionParser {
    /**
     * Parses a property string: one `@{…}` and nothing else gives that expression; anything else gives a template
     * (or a plain string literal when it holds no `@{`).
     *
     * @throws ExpressionError of kind `SYNTAX`, or `LIMIT` for too deep a nesting.
     */
    public fun parseProperty(property: String, maxDepth: Int = EvaluationLimits.DEFAULT.maxDepth): ExpressionNode =
        Parser(property, maxDepth).parseProperty()

    /**
     * Parses a bare expression, without `@{}` around it.
     *
     * @throws ExpressionError of kind `SYNTAX`, or `LIMIT` for too deep a nesting.
     */
    public fun parseExpression(expression: String, maxDepth: Int = EvaluationLimits.DEFAULT.maxDepth): ExpressionNode =
        Parser(expression, maxDepth).parseBare()
}

private class Parser(private val source: String, private val maxDepth: Int) {
    private val points = CodePoints(source)
    private val tokenizer = ExpressionTokenizer(points)
    private var position = 0
    private var depth = 0

    /** Where the last consumed token ended: the end of the node being built. */
    private var lastEnd = 0

    // Templates

    fun parseProperty(): ExpressionNode {
        scanTemplate(quoted = false, start = 0, depth = 0)
        val (parts, wholeValue) = parseTemplate(quoted = false)
        return wholeValue ?: templateNode(parts, 0, points.size)
    }

    fun parseBare(): ExpressionNode {
        scanExpression(start = 0, depth = 0, inTemplate = false)
        val node = parseExpression()
        val next = peek()
        if (next.kind != TokenKind.END) throw unexpected(next)
        return node
    }

    private fun templateNode(parts: List<ExpressionNode>, start: Int, end: Int): ExpressionNode {
        if (parts.isEmpty()) return ExpressionNode(Kind.Literal(ExpressionValue.StringValue("")), start, end)
        val only = parts.singleOrNull()
        if (only != null && (only.kind as? Kind.Literal)?.value is ExpressionValue.StringValue) {
            return ExpressionNode(only.kind, start, end)
        }
        return ExpressionNode(Kind.Template(parts), start, end)
    }

    /**
     * Reads template text up to the end (or, when [quoted], up to the closing `'`, consumed). Returns the parts
     * and, for a top-level text that is exactly one `@{…}`, that expression.
     */
    private fun parseTemplate(quoted: Boolean): Pair<List<ExpressionNode>, ExpressionNode?> {
        val parts = mutableListOf<ExpressionNode>()
        val literal = StringBuilder()
        var literalStart = position
        var hasText = false
        var expressionCount = 0
        var only: ExpressionNode? = null
        fun flush(end: Int) {
            if (literal.isNotEmpty()) {
                parts += ExpressionNode(Kind.Literal(ExpressionValue.StringValue(literal.toString())), literalStart, end)
                literal.setLength(0)
            }
        }
        while (true) {
            if (position >= points.size) {
                if (quoted) throw tokenizingError(position)
                break
            }
            val point = points[position]
            if (quoted && point == '\''.code) {
                position++
                break
            }
            if (point == '\\'.code) {
                if (position + 1 >= points.size) throw tokenizingError(position)
                val next = points[position + 1]
                if (next == '\\'.code || next == '\''.code) {
                    literal.appendCodePoint(next)
                    position += 2
                } else if (next == '@'.code && points.isAt(position + 2, '{')) {
                    literal.append("@{")
                    position += 3
                } else {
                    throw ExpressionError(SYNTAX, "Incorrect string escape", position, position + 2)
                }
                hasText = true
                continue
            }
            if (point == '@'.code && points.isAt(position + 1, '{')) {
                flush(position)
                val start = position
                position += 2
                expressionCount++
                var next = peek()
                if (next.isSymbol("}")) {
                    position = next.end
                    parts += ExpressionNode(Kind.Literal(ExpressionValue.StringValue("")), start, position)
                } else {
                    val node = parseExpression()
                    next = peek()
                    if (!next.isSymbol("}")) {
                        if (next.kind == TokenKind.END) throw tokenizingError(start)
                        throw unexpected(next)
                    }
                    position = next.end
                    parts += node
                    only = node
                }
                literalStart = position
                continue
            }
            literal.appendCodePoint(point)
            hasText = true
            position++
        }
        flush(if (quoted) position - 1 else position)
        val wholeValue = if (!quoted && !hasText && expressionCount == 1) only else null
        return parts to wholeValue
    }

    // Tokenizing first

    /**
     * DivKit tokenizes the whole text before it parses, so its tokenizing errors (an `@{` never closed, a string
     * never ended, a character that starts no token, a bad escape) come first and in text order. This pass finds
     * them; it returns where the text it scanned ends.
     */
    private fun scanTemplate(quoted: Boolean, start: Int, depth: Int): Int {
        var index = start
        while (true) {
            if (index >= points.size) {
                if (quoted) throw tokenizingError(start)
                return index
            }
            val point = points[index]
            when {
                point == '\''.code && quoted -> return index + 1
                point == '\\'.code -> {
                    if (index + 1 >= points.size) throw tokenizingError(index)
                    val next = points[index + 1]
                    index = when {
                        next == '\\'.code || next == '\''.code -> index + 2
                        next == '@'.code && points.isAt(index + 2, '{') -> index + 3
                        else -> throw ExpressionError(SYNTAX, "Incorrect string escape", index, index + 2)
                    }
                }
                point == '@'.code && points.isAt(index + 1, '{') ->
                    index = scanExpression(start = index + 2, depth = depth + 1, inTemplate = true)
                else -> index++
            }
        }
    }

    /** Scans tokens up to the `}` that closes the expression (consumed), or to the end of a bare one. */
    private fun scanExpression(start: Int, depth: Int, inTemplate: Boolean): Int {
        if (depth > maxDepth) throw tooDeep(start)
        var index = start
        while (true) {
            val token = tokenizer.token(index)
            index = when {
                token.kind == TokenKind.END -> {
                    if (inTemplate) throw tokenizingError(start - 2)
                    return token.end
                }
                token.kind == TokenKind.INVALID -> throw tokenizingError(token.start)
                token.isSymbol("}") && inTemplate -> return token.end
                token.kind == TokenKind.QUOTE -> scanTemplate(quoted = true, start = token.end, depth = depth + 1)
                else -> token.end
            }
        }
    }

    // Expressions

    private fun tooDeep(offset: Int): ExpressionError =
        ExpressionError(LIMIT, "Expression is nested too deeply (more than $maxDepth levels).", offset, offset + 1)

    private fun enter(offset: Int) {
        depth++
        if (depth > maxDepth) throw tooDeep(offset)
    }

    private fun parseExpression(): ExpressionNode {
        enter(position)
        try {
            val condition = parseBinary(0)
            if (!peek().isSymbol("?")) return condition
            consume(peek())
            val then = parseExpression()
            val colon = peek()
            if (!colon.isSymbol(":")) {
                throw ExpressionError(
                    SYNTAX, "':' expected in ternary-if-else expression", colon.start, maxOf(colon.end, colon.start + 1),
                )
            }
            consume(colon)
            val otherwise = parseExpression()
            return ExpressionNode(Kind.Conditional(condition, then, otherwise), condition.start, otherwise.end)
        } finally {
            depth--
        }
    }

    private fun parseBinary(level: Int): ExpressionNode {
        if (level >= LEVELS.size) return parseUnary()
        var left = parseBinary(level + 1)
        // A chain `a + b + c …` nests to the left: each link is one more level to evaluate.
        var links = 0
        try {
            while (true) {
                val token = peek()
                if (token.kind != TokenKind.SYMBOL) return left
                val operator = BinaryOperator.fromSymbol(token.text)
                if (operator == null || operator !in LEVELS[level]) return left
                consume(token)
                links++
                enter(token.start)
                val right = parseBinary(level + 1)
                left = ExpressionNode(Kind.Binary(operator, left, right), left.start, right.end)
            }
        } finally {
            depth -= links
        }
    }

    private fun parseUnary(): ExpressionNode {
        val token = peek()
        val operator = if (token.kind == TokenKind.SYMBOL) UnaryOperator.fromSymbol(token.text) else null
        if (operator == null) return parsePostfix(parsePrimary())
        // A minus written right against a number is part of the literal: -9223372036854775808.
        if (operator == UnaryOperator.MINUS) {
            val literal = tokenizer.numberToken(token.end)
            if (literal != null) {
                consume(literal)
                return parsePostfix(numberLiteral(literal, negative = true, start = token.start))
            }
        }
        consume(token)
        val next = peek()
        if (operator != UnaryOperator.NOT && (next.isSymbol("+") || next.isSymbol("-"))) {
            throw ExpressionError(SYNTAX, "Expression expected", token.start, next.end)
        }
        enter(token.start)
        try {
            val operand = parseUnary()
            return ExpressionNode(Kind.Unary(operator, operand), token.start, operand.end)
        } finally {
            depth--
        }
    }

    private fun parsePostfix(base: ExpressionNode): ExpressionNode {
        var node = base
        var links = 0
        try {
            while (peek().isSymbol(".")) {
                val dot = peek()
                consume(dot)
                val name = peek()
                if (name.kind != TokenKind.IDENTIFIER || name.text.contains('.') || !peek(after = name).isSymbol("(")) {
                    throw ExpressionError(SYNTAX, "Method expected after .", dot.start, dot.end)
                }
                consume(name)
                links++
                enter(dot.start)
                val arguments = parseArguments()
                node = ExpressionNode(Kind.Method(node, name.text, arguments), node.start, lastEnd)
            }
            return node
        } finally {
            depth -= links
        }
    }

    private fun parseArguments(): List<ExpressionNode> {
        val open = peek()
        consume(open)
        val arguments = mutableListOf<ExpressionNode>()
        if (peek().isSymbol(")")) {
            consume(peek())
            return arguments
        }
        while (true) {
            arguments += parseExpression()
            val token = peek()
            when {
                token.isSymbol(",") -> consume(token)
                token.isSymbol(")") -> {
                    consume(token)
                    return arguments
                }
                token.kind == TokenKind.END -> throw tokenizingError(open.start)
                else -> throw unexpected(token)
            }
        }
    }

    private fun parsePrimary(): ExpressionNode {
        val token = peek()
        when (token.kind) {
            TokenKind.INTEGER, TokenKind.NUMBER -> {
                consume(token)
                return numberLiteral(token, negative = false, start = token.start)
            }
            TokenKind.IDENTIFIER -> {
                val name = token.text
                consume(token)
                if (!peek().isSymbol("(")) return ExpressionNode(nameNode(name), token.start, token.end)
                val dot = name.lastIndexOf('.')
                if (dot >= 0) {
                    val receiverName = name.substring(0, dot)
                    val method = name.substring(dot + 1)
                    if (method.isEmpty()) throw ExpressionError(SYNTAX, "Invalid function name", token.start, token.end)
                    // Identifiers are ASCII: UTF-16 length is the code-point count.
                    val receiver = ExpressionNode(nameNode(receiverName), token.start, token.start + receiverName.length)
                    val arguments = parseArguments()
                    return ExpressionNode(Kind.Method(receiver, method, arguments), token.start, lastEnd)
                }
                val arguments = parseArguments()
                return ExpressionNode(Kind.Call(name, arguments), token.start, lastEnd)
            }
            TokenKind.QUOTE -> {
                consume(token)
                enter(token.start)
                try {
                    val (parts, _) = parseTemplate(quoted = true)
                    lastEnd = position
                    return templateNode(parts, token.start, position)
                } finally {
                    depth--
                }
            }
            TokenKind.INVALID -> throw tokenizingError(token.start)
            else -> {
                if (token.isSymbol("(")) {
                    consume(token)
                    val inner = parseExpression()
                    val close = peek()
                    if (!close.isSymbol(")")) {
                        if (close.kind == TokenKind.END) throw tokenizingError(token.start)
                        throw unexpected(close)
                    }
                    consume(close)
                    return ExpressionNode(inner.kind, token.start, close.end)
                }
                throw ExpressionError(SYNTAX, "Expression expected", token.start, maxOf(token.end, token.start + 1))
            }
        }
    }

    private fun nameNode(name: String): Kind = when (name) {
        "true" -> Kind.Literal(ExpressionValue.BooleanValue(true))
        "false" -> Kind.Literal(ExpressionValue.BooleanValue(false))
        else -> Kind.Variable(name)
    }

    private fun numberLiteral(token: ExpressionToken, negative: Boolean, start: Int): ExpressionNode {
        when (token.kind) {
            TokenKind.INTEGER -> {
                val text = if (negative) "-" + token.text else token.text
                // The token is ASCII digits only, so the JVM's parser reads it as Swift's Int64(_:) does.
                val value = text.toLongOrNull()
                    ?: throw ExpressionError(SYNTAX, "Value $text can't be converted to Integer type.", start, token.end)
                return ExpressionNode(Kind.Literal(ExpressionValue.IntegerValue(value)), start, token.end)
            }
            TokenKind.NUMBER -> {
                // ASCII digits, one point and an exponent: none of the JVM's extras (`NaN`, `0x1p3`, `1d`) can occur.
                val value = token.text.toDouble()
                if (!value.isFinite()) {
                    throw ExpressionError(SYNTAX, "Value ${token.text} can't be converted to Number type.", start, token.end)
                }
                return ExpressionNode(Kind.Literal(ExpressionValue.NumberValue(if (negative) -value else value)), start, token.end)
            }
            else -> throw ExpressionError(SYNTAX, "Expression expected", start, token.end)
        }
    }

    // Tokens

    private fun tokenizingError(offset: Int): ExpressionError =
        ExpressionError(SYNTAX, "Error tokenizing '$source'.", offset, maxOf(offset + 1, points.size))

    private fun unexpected(token: ExpressionToken): ExpressionError {
        if (token.kind == TokenKind.INVALID) return tokenizingError(token.start)
        return ExpressionError(SYNTAX, "Unexpected token '${points.text(token.start, token.end)}'.", token.start, token.end)
    }

    private fun consume(token: ExpressionToken) {
        position = token.end
        lastEnd = token.end
    }

    private fun peek(): ExpressionToken = tokenizer.token(position)

    private fun peek(after: ExpressionToken): ExpressionToken = tokenizer.token(after.end)

    private companion object {
        /** The binary levels, loosest first. */
        val LEVELS: List<Set<BinaryOperator>> = listOf(
            setOf(BinaryOperator.OR),
            setOf(BinaryOperator.AND),
            setOf(BinaryOperator.EQUAL, BinaryOperator.NOT_EQUAL),
            setOf(BinaryOperator.LESS, BinaryOperator.LESS_OR_EQUAL, BinaryOperator.GREATER, BinaryOperator.GREATER_OR_EQUAL),
            setOf(BinaryOperator.FALLBACK),
            setOf(BinaryOperator.ADD, BinaryOperator.SUBTRACT),
            setOf(BinaryOperator.MULTIPLY, BinaryOperator.DIVIDE, BinaryOperator.REMAINDER),
        )
    }
}
