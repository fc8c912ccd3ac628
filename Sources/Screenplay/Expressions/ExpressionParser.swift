/// Reads the expression language into an ``ExpressionNode`` tree.
///
/// A property string is a whole-value expression when it is exactly one `@{…}` (the result keeps
/// its type), and a string template otherwise; a bare expression is what the DSL and
/// `screenplay eval` write without `@{}`. Precedence, loosest first: `?:` (right-associative),
/// `||`, `&&`, `== !=`, `< <= > >=`, `!:`, `+ -`, `* / %`, prefix `! - +`, then calls, methods,
/// literals, variables and parentheses. Errors say what and where, in DivKit's words where
/// DivKit has them.
///
/// ```swift
/// let typed = try ExpressionParser.parse(property: "@{count + 1}")       // an addition
/// let text = try ExpressionParser.parse(property: "You have @{count} messages")   // a template
/// let bare = try ExpressionParser.parse(expression: "a > 1 ? 'many' : 'one'")
/// ```
public enum ExpressionParser {
    /// Parses a property string: one `@{…}` and nothing else gives that expression; anything
    /// else gives a template (or a plain string literal when it holds no `@{`).
    /// - Parameters:
    ///   - property: the raw property value, after JSON decoding.
    ///   - maxDepth: how deep expressions may nest (parentheses, calls, prefixes, branches).
    /// - Throws: ``ExpressionError`` of kind `syntax` (or `limit` for too deep a nesting).
    public static func parse(property: String, maxDepth: Int = EvaluationLimits.default.maxDepth) throws(ExpressionError) -> ExpressionNode
    {
        var parser = Parser(property, maxDepth: maxDepth)
        return try parser.parseProperty()
    }

    /// Parses a bare expression, without `@{}` around it.
    /// - Parameters:
    ///   - expression: the expression's text.
    ///   - maxDepth: how deep expressions may nest.
    /// - Throws: ``ExpressionError`` of kind `syntax` (or `limit`).
    public static func parse(expression: String, maxDepth: Int = EvaluationLimits.default.maxDepth) throws(ExpressionError)
        -> ExpressionNode
    {
        var parser = Parser(expression, maxDepth: maxDepth)
        return try parser.parseBare()
    }
}

private struct Token {
    enum Kind: Equatable {
        case integer(String)
        case number(String)
        case identifier(String)
        case quote
        case symbol(String)
        case end
        case invalid
    }
    var kind: Kind
    var start: Int
    var end: Int

    func isSymbol(_ text: String) -> Bool { kind == .symbol(text) }
}

private struct Parser {
    let source: String
    let scalars: [Unicode.Scalar]
    let maxDepth: Int
    var position = 0
    var depth = 0
    /// Where the last consumed token ended: the end of the node being built.
    var lastEnd = 0

    init(_ source: String, maxDepth: Int) {
        self.source = source
        scalars = Array(source.unicodeScalars)
        self.maxDepth = maxDepth
    }

    // MARK: Templates

    mutating func parseProperty() throws(ExpressionError) -> ExpressionNode {
        _ = try scanTemplate(quoted: false, from: 0, depth: 0)
        let (parts, wholeValue) = try parseTemplate(quoted: false)
        if let wholeValue { return wholeValue }
        return Self.templateNode(parts, range: 0..<scalars.count)
    }

    mutating func parseBare() throws(ExpressionError) -> ExpressionNode {
        _ = try scanExpression(from: 0, depth: 0, inTemplate: false)
        let node = try parseExpression()
        let next = peek()
        guard next.kind == .end else { throw unexpected(next) }
        return node
    }

    static func templateNode(_ parts: [ExpressionNode], range: Range<Int>) -> ExpressionNode {
        if parts.isEmpty { return ExpressionNode(.literal(.string("")), range: range) }
        if parts.count == 1, case .literal(.string) = parts[0].kind {
            return ExpressionNode(parts[0].kind, range: range)
        }
        return ExpressionNode(.template(parts), range: range)
    }

    /// Reads template text up to the end (or, when `quoted`, up to the closing `'`, consumed).
    /// Returns the parts and, for a top-level text that is exactly one `@{…}`, that expression.
    mutating func parseTemplate(quoted: Bool) throws(ExpressionError) -> ([ExpressionNode], ExpressionNode?) {
        var parts: [ExpressionNode] = []
        var literal = ""
        var literalStart = position
        var hasText = false
        var expressionCount = 0
        var only: ExpressionNode?
        func flush(_ end: Int) {
            if !literal.isEmpty {
                parts.append(ExpressionNode(.literal(.string(literal)), range: literalStart..<end))
                literal = ""
            }
        }
        while true {
            guard position < scalars.count else {
                if quoted { throw tokenizingError(at: position) }
                break
            }
            let scalar = scalars[position]
            if quoted && scalar == "'" {
                position += 1
                break
            }
            if scalar == "\\" {
                guard position + 1 < scalars.count else { throw tokenizingError(at: position) }
                let next = scalars[position + 1]
                if next == "\\" || next == "'" {
                    literal.unicodeScalars.append(next)
                    position += 2
                } else if next == "@", position + 2 < scalars.count, scalars[position + 2] == "{" {
                    literal += "@{"
                    position += 3
                } else {
                    throw ExpressionError(.syntax, "Incorrect string escape", at: position..<position + 2)
                }
                hasText = true
                continue
            }
            if scalar == "@", position + 1 < scalars.count, scalars[position + 1] == "{" {
                flush(position)
                let start = position
                position += 2
                expressionCount += 1
                var next = peek()
                if next.isSymbol("}") {
                    position = next.end
                    parts.append(ExpressionNode(.literal(.string("")), range: start..<position))
                } else {
                    let node = try parseExpression()
                    next = peek()
                    guard next.isSymbol("}") else {
                        if next.kind == .end { throw tokenizingError(at: start) }
                        throw unexpected(next)
                    }
                    position = next.end
                    parts.append(node)
                    only = node
                }
                literalStart = position
                continue
            }
            literal.unicodeScalars.append(scalar)
            hasText = true
            position += 1
        }
        flush(quoted ? position - 1 : position)
        let wholeValue = !quoted && !hasText && expressionCount == 1 ? only : nil
        return (parts, wholeValue)
    }

    // MARK: Tokenizing first

    /// DivKit tokenizes the whole text before it parses, so its tokenizing errors (an `@{` never
    /// closed, a string never ended, a character that starts no token, a bad escape) come first
    /// and in text order. This pass finds them; it returns where the text it scanned ends.
    func scanTemplate(quoted: Bool, from start: Int, depth: Int) throws(ExpressionError) -> Int {
        var index = start
        while true {
            guard index < scalars.count else {
                if quoted { throw tokenizingError(at: start) }
                return index
            }
            switch scalars[index] {
            case "'" where quoted:
                return index + 1
            case "\\":
                guard index + 1 < scalars.count else { throw tokenizingError(at: index) }
                let next = scalars[index + 1]
                if next == "\\" || next == "'" {
                    index += 2
                } else if next == "@", index + 2 < scalars.count, scalars[index + 2] == "{" {
                    index += 3
                } else {
                    throw ExpressionError(.syntax, "Incorrect string escape", at: index..<index + 2)
                }
            case "@" where index + 1 < scalars.count && scalars[index + 1] == "{":
                index = try scanExpression(from: index + 2, depth: depth + 1, inTemplate: true)
            default:
                index += 1
            }
        }
    }

    /// Scans tokens up to the `}` that closes the expression (consumed), or to the end of a bare one.
    func scanExpression(from start: Int, depth: Int, inTemplate: Bool) throws(ExpressionError) -> Int {
        if depth > maxDepth {
            throw ExpressionError(.limit, "Expression is nested too deeply (more than \(maxDepth) levels).", at: start..<start + 1)
        }
        var index = start
        while true {
            let token = token(at: index)
            switch token.kind {
            case .end:
                if inTemplate { throw tokenizingError(at: start - 2) }
                return token.end
            case .invalid:
                throw tokenizingError(at: token.start)
            case .symbol("}") where inTemplate:
                return token.end
            case .quote:
                index = try scanTemplate(quoted: true, from: token.end, depth: depth + 1)
            default:
                index = token.end
            }
        }
    }

    // MARK: Expressions

    mutating func enter(at offset: Int) throws(ExpressionError) {
        depth += 1
        if depth > maxDepth {
            throw ExpressionError(.limit, "Expression is nested too deeply (more than \(maxDepth) levels).", at: offset..<offset + 1)
        }
    }

    mutating func parseExpression() throws(ExpressionError) -> ExpressionNode {
        try enter(at: position)
        defer { depth -= 1 }
        let condition = try parseBinary(level: 0)
        guard peek().isSymbol("?") else { return condition }
        consume(peek())
        let then = try parseExpression()
        let colon = peek()
        guard colon.isSymbol(":") else {
            throw ExpressionError(.syntax, "':' expected in ternary-if-else expression", at: colon.start..<max(colon.end, colon.start + 1))
        }
        consume(colon)
        let otherwise = try parseExpression()
        return ExpressionNode(.conditional(condition, then, otherwise), range: condition.range.lowerBound..<otherwise.range.upperBound)
    }

    /// The binary levels, loosest first.
    static let levels: [[ExpressionNode.BinaryOperator]] = [
        [.or], [.and], [.equal, .notEqual], [.less, .lessOrEqual, .greater, .greaterOrEqual],
        [.fallback], [.add, .subtract], [.multiply, .divide, .remainder],
    ]

    mutating func parseBinary(level: Int) throws(ExpressionError) -> ExpressionNode {
        guard level < Self.levels.count else { return try parseUnary() }
        var left = try parseBinary(level: level + 1)
        // A chain `a + b + c …` nests to the left: each link is one more level to evaluate.
        var links = 0
        defer { depth -= links }
        while true {
            let token = peek()
            guard case .symbol(let text) = token.kind, let op = ExpressionNode.BinaryOperator(rawValue: text),
                Self.levels[level].contains(op)
            else {
                return left
            }
            consume(token)
            links += 1
            try enter(at: token.start)
            let right = try parseBinary(level: level + 1)
            left = ExpressionNode(.binary(op, left, right), range: left.range.lowerBound..<right.range.upperBound)
        }
    }

    mutating func parseUnary() throws(ExpressionError) -> ExpressionNode {
        let token = peek()
        guard case .symbol(let text) = token.kind, let op = ExpressionNode.UnaryOperator(rawValue: text) else {
            return try parsePostfix(parsePrimary())
        }
        // A minus written right against a number is part of the literal: -9223372036854775808.
        if op == .minus, let literal = numberToken(at: token.end) {
            consume(literal)
            return try parsePostfix(numberLiteral(literal, negative: true, start: token.start))
        }
        consume(token)
        if op != .not, case .symbol(let next) = peek().kind, next == "+" || next == "-" {
            throw ExpressionError(.syntax, "Expression expected", at: token.start..<peek().end)
        }
        try enter(at: token.start)
        defer { depth -= 1 }
        let operand = try parseUnary()
        return ExpressionNode(.unary(op, operand), range: token.start..<operand.range.upperBound)
    }

    mutating func parsePostfix(_ base: ExpressionNode) throws(ExpressionError) -> ExpressionNode {
        var node = base
        var links = 0
        defer { depth -= links }
        while peek().isSymbol(".") {
            let dot = peek()
            consume(dot)
            let name = peek()
            guard case .identifier(let method) = name.kind, !method.contains("."), peek(after: name).isSymbol("(") else {
                throw ExpressionError(.syntax, "Method expected after .", at: dot.start..<dot.end)
            }
            consume(name)
            links += 1
            try enter(at: dot.start)
            let arguments = try parseArguments()
            node = ExpressionNode(.method(node, method, arguments), range: node.range.lowerBound..<lastEnd)
        }
        return node
    }

    mutating func parseArguments() throws(ExpressionError) -> [ExpressionNode] {
        let open = peek()
        consume(open)
        var arguments: [ExpressionNode] = []
        if peek().isSymbol(")") {
            consume(peek())
            return arguments
        }
        while true {
            arguments.append(try parseExpression())
            let token = peek()
            if token.isSymbol(",") {
                consume(token)
            } else if token.isSymbol(")") {
                consume(token)
                return arguments
            } else if token.kind == .end {
                throw tokenizingError(at: open.start)
            } else {
                throw unexpected(token)
            }
        }
    }

    mutating func parsePrimary() throws(ExpressionError) -> ExpressionNode {
        let token = peek()
        switch token.kind {
        case .integer, .number:
            consume(token)
            return try numberLiteral(token, negative: false, start: token.start)
        case .identifier(let name):
            consume(token)
            if peek().isSymbol("(") {
                if let dot = name.lastIndex(of: ".") {
                    let receiverName = String(name[..<dot])
                    let method = String(name[name.index(after: dot)...])
                    guard !method.isEmpty else { throw ExpressionError(.syntax, "Invalid function name", at: token.start..<token.end) }
                    let receiverRange = token.start..<(token.start + receiverName.unicodeScalars.count)
                    let receiver = ExpressionNode(Self.nameNode(receiverName), range: receiverRange)
                    let arguments = try parseArguments()
                    return ExpressionNode(.method(receiver, method, arguments), range: token.start..<lastEnd)
                }
                let arguments = try parseArguments()
                return ExpressionNode(.call(name, arguments), range: token.start..<lastEnd)
            }
            return ExpressionNode(Self.nameNode(name), range: token.start..<token.end)
        case .quote:
            consume(token)
            try enter(at: token.start)
            defer { depth -= 1 }
            let (parts, _) = try parseTemplate(quoted: true)
            lastEnd = position
            return Self.templateNode(parts, range: token.start..<position)
        case .symbol("("):
            consume(token)
            let inner = try parseExpression()
            let close = peek()
            guard close.isSymbol(")") else {
                if close.kind == .end { throw tokenizingError(at: token.start) }
                throw unexpected(close)
            }
            consume(close)
            return ExpressionNode(inner.kind, range: token.start..<close.end)
        case .invalid:
            throw tokenizingError(at: token.start)
        default:
            throw ExpressionError(.syntax, "Expression expected", at: token.start..<max(token.end, token.start + 1))
        }
    }

    static func nameNode(_ name: String) -> ExpressionNode.Kind {
        switch name {
        case "true": .literal(.boolean(true))
        case "false": .literal(.boolean(false))
        default: .variable(name)
        }
    }

    func numberLiteral(_ token: Token, negative: Bool, start: Int) throws(ExpressionError) -> ExpressionNode {
        let range = start..<token.end
        switch token.kind {
        case .integer(let digits):
            let text = negative ? "-" + digits : digits
            guard let value = Int64(text) else {
                throw ExpressionError(.syntax, "Value \(text) can't be converted to Integer type.", at: range)
            }
            return ExpressionNode(.literal(.integer(value)), range: range)
        case .number(let text):
            guard let value = Double(text), value.isFinite else {
                throw ExpressionError(.syntax, "Value \(text) can't be converted to Number type.", at: range)
            }
            return ExpressionNode(.literal(.number(negative ? -value : value)), range: range)
        default:
            throw ExpressionError(.syntax, "Expression expected", at: range)
        }
    }

    // MARK: Tokens

    func tokenizingError(at offset: Int) -> ExpressionError {
        ExpressionError(.syntax, "Error tokenizing '\(source)'.", at: offset..<max(offset + 1, scalars.count))
    }

    func unexpected(_ token: Token) -> ExpressionError {
        if token.kind == .invalid { return tokenizingError(at: token.start) }
        let text = String(String.UnicodeScalarView(scalars[token.start..<token.end]))
        return ExpressionError(.syntax, "Unexpected token '\(text)'.", at: token.start..<token.end)
    }

    mutating func consume(_ token: Token) {
        position = token.end
        lastEnd = token.end
    }

    func skipWhitespace(from offset: Int) -> Int {
        var index = offset
        while index < scalars.count {
            switch scalars[index] {
            case " ", "\t", "\n", "\r": index += 1
            default: return index
            }
        }
        return index
    }

    func peek() -> Token { token(at: position) }

    func peek(after token: Token) -> Token { self.token(at: token.end) }

    /// The symbols, longest first, with their scalars.
    static let symbols: [(text: String, scalars: [Unicode.Scalar])] = [
        "!:", "!=", "==", "<=", ">=", "&&", "||", "!", "<", ">", "+", "-", "*", "/", "%", "?", ":", "(", ")", ",", ".", "}",
    ].map { ($0, Array($0.unicodeScalars)) }

    func isDigit(_ index: Int) -> Bool {
        index < scalars.count && ("0"..."9").contains(scalars[index])
    }

    func token(at offset: Int) -> Token {
        let start = skipWhitespace(from: offset)
        guard start < scalars.count else { return Token(kind: .end, start: start, end: start) }
        let scalar = scalars[start]
        if let number = numberToken(at: start) { return number }
        if scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) {
            var end = start + 1
            while end < scalars.count {
                let next = scalars[end]
                guard next == "_" || next == "." || ("a"..."z").contains(next) || ("A"..."Z").contains(next) || ("0"..."9").contains(next)
                else { break }
                end += 1
            }
            return Token(kind: .identifier(String(String.UnicodeScalarView(scalars[start..<end]))), start: start, end: end)
        }
        if scalar == "'" { return Token(kind: .quote, start: start, end: start + 1) }
        for symbol in Self.symbols
        where start + symbol.scalars.count <= scalars.count && scalars[start..<start + symbol.scalars.count].elementsEqual(symbol.scalars) {
            return Token(kind: .symbol(symbol.text), start: start, end: start + symbol.scalars.count)
        }
        return Token(kind: .invalid, start: start, end: start + 1)
    }

    /// A number literal starting exactly at `start` (no whitespace skipped), if one does.
    func numberToken(at start: Int) -> Token? {
        guard isDigit(start) || (start < scalars.count && scalars[start] == "." && isDigit(start + 1)) else { return nil }
        var end = start
        var isNumber = false
        while isDigit(end) { end += 1 }
        if end < scalars.count, scalars[end] == ".", isDigit(end + 1) {
            isNumber = true
            end += 1
            while isDigit(end) { end += 1 }
        }
        if end < scalars.count, scalars[end] == "e" || scalars[end] == "E" {
            var exponentEnd = end + 1
            if exponentEnd < scalars.count, scalars[exponentEnd] == "+" || scalars[exponentEnd] == "-" { exponentEnd += 1 }
            if isDigit(exponentEnd) {
                isNumber = true
                end = exponentEnd
                while isDigit(end) { end += 1 }
            }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<end]))
        return Token(kind: isNumber ? .number(text) : .integer(text), start: start, end: end)
    }
}
