/// A strict JSON parser (RFC 8259) that enforces Screenplay's limits while it reads.
///
/// It never recurses deeper than ``DocumentLimits/maxDepth``, so hostile nesting costs an error,
/// not a stack overflow, and it reports the line and column of the first problem.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"type":"text","text":"Hi"}"#.utf8))
/// ```
public enum JSONParser {
    /// Parses `bytes` (UTF-8) into a ``JSONValue``.
    /// - Throws: ``JSONParseError`` when the bytes are not JSON or break a limit.
    public static func parse(_ bytes: [UInt8], limits: DocumentLimits = .default) throws(JSONParseError) -> JSONValue {
        let tape = try tape(bytes, limits: limits)
        return withExtendedLifetime(tape) { tape.root.value }
    }

    /// Checks that `bytes` are JSON within `limits` without building any value: the parse a
    /// decoder starts with, for a document that is only stored or passed on.
    ///
    /// ```swift
    /// try JSONParser.validate(body)   // throws JSONParseError with its line and column
    /// ```
    public static func validate(_ bytes: [UInt8], limits: DocumentLimits = .default) throws(JSONParseError) {
        try entries(of: bytes, limits: limits).deallocate()
    }

    /// Parses `bytes` into the flat form the decoder reads.
    static func tape(_ bytes: [UInt8], limits: DocumentLimits = .default) throws(JSONParseError) -> JSONTape {
        JSONTape(bytes: bytes, entries: try entries(of: bytes, limits: limits))
    }

    static func entries(of bytes: [UInt8], limits: DocumentLimits) throws(JSONParseError) -> JSONTape.EntryBuffer {
        if bytes.count > limits.maxDocumentBytes {
            throw JSONParseError(
                code: .documentTooLarge,
                message: "document is \(bytes.count) bytes; the limit is \(limits.maxDocumentBytes)",
                line: 1, column: 1, offset: 0)
        }
        let result: Result<JSONTape.EntryBuffer, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer, limits: limits)
            do throws(JSONParseError) {
                try reader.parseDocument()
                return .success(reader.entries)
            } catch {
                reader.entries.deallocate()
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Why an escape sequence is invalid, and the offset of its backslash in the string's content.
    struct EscapeError: Error {
        let message: String
        let offset: Int
        let isEnd: Bool
    }

    /// Appends the string content `raw` (between its quotes) to `output` with its escapes undone.
    /// The parser runs it to check a string's escapes; readers run it again on checked strings.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) throws(EscapeError) {
        var index = 0
        func hex4() throws(EscapeError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                // Past the content is the string's closing quote.
                let byte = index < raw.count ? raw[index] : UInt8(ascii: "\"")
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw EscapeError(message: "invalid hex digit \(Reader.describe(byte)) in \\u escape", offset: index, isEnd: false)
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < raw.count else { throw EscapeError(message: "unterminated string", offset: index, isEnd: true) }
            let escaped = raw[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 1 < raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u") else {
                        throw EscapeError(message: "unpaired UTF-16 surrogate in \\u escape", offset: index, isEnd: false)
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw EscapeError(message: "unpaired UTF-16 surrogate in \\u escape", offset: index, isEnd: false)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw EscapeError(message: "unpaired UTF-16 surrogate in \\u escape", offset: index, isEnd: false)
                }
                guard let unicode = Unicode.Scalar(scalar) else {
                    throw EscapeError(message: "invalid \\u escape", offset: index, isEnd: false)
                }
                UTF8.encode(unicode) { output.append($0) }
            default:
                throw EscapeError(
                    message: "invalid escape '\\\(Character(Unicode.Scalar(escaped)))' in string", offset: index - 1, isEnd: false)
            }
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let limits: DocumentLimits
        /// Read on every string: kept apart from `limits` so that checking it copies nothing.
        let maxStringBytes: Int
        var index = 0
        var depth = 0
        var entries: JSONTape.EntryBuffer
        /// Where escaped strings are unescaped to be checked.
        var scratch: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>, limits: DocumentLimits) {
            self.bytes = bytes
            self.limits = limits
            maxStringBytes = limits.maxStringBytes
            entries = JSONTape.EntryBuffer(capacity: bytes.count / 8 + 4)
        }

        mutating func parseDocument() throws(JSONParseError) {
            // A UTF-8 byte order mark is tolerated, as RFC 8259 allows parsers to do.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd, "the document is empty") }
            try parseValue()
            skipWhitespace()
            if index < bytes.count {
                throw error(.unexpectedCharacter, "unexpected \(Self.describe(bytes[index])) after the end of the document")
            }
        }

        mutating func parseValue() throws(JSONParseError) {
            guard index < bytes.count else { throw error(.unexpectedEnd, "unexpected end of document, expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try parseObject()
            case UInt8(ascii: "["): try parseArray()
            case UInt8(ascii: "\""): try parseString(isName: false)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                entries.append(JSONTape.Entry(kind: .true))
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                entries.append(JSONTape.Entry(kind: .false))
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                entries.append(JSONTape.Entry(kind: .null))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                entries.append(JSONTape.Entry(kind: .number, payload: try parseNumber().bitPattern))
            case let byte: throw error(.unexpectedCharacter, "unexpected \(Self.describe(byte)), expected a value")
            }
        }

        mutating func enter() throws(JSONParseError) {
            depth += 1
            if depth > limits.maxDepth {
                throw error(.tooDeep, "nesting is deeper than \(limits.maxDepth) levels")
            }
        }

        /// Closes the container opened at `start` with `count` elements or members.
        mutating func close(_ start: Int, count: UInt32) {
            index += 1
            depth -= 1
            entries[start].count = count
            entries[start].payload = UInt64(entries.count)
        }

        mutating func parseObject() throws(JSONParseError) {
            try enter()
            index += 1
            let start = entries.count
            entries.append(JSONTape.Entry(kind: .object))
            var count: UInt32 = 0
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { return close(start, count: 0) }
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else {
                    throw unexpected("expected a member name in double quotes")
                }
                try parseString(isName: true)
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else {
                    throw unexpected(
                        "expected ':' after member name \"\(JSONTape.Contents.stringOf(entries[entries.count - 1], in: bytes))\"")
                }
                index += 1
                skipWhitespace()
                try parseValue()
                count += 1
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): return close(start, count: count)
                default: throw unexpected("expected ',' or '}' in object")
                }
            }
        }

        mutating func parseArray() throws(JSONParseError) {
            try enter()
            index += 1
            let start = entries.count
            entries.append(JSONTape.Entry(kind: .array))
            var count: UInt32 = 0
            skipWhitespace()
            if peek() == UInt8(ascii: "]") { return close(start, count: 0) }
            while true {
                skipWhitespace()
                try parseValue()
                count += 1
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"): return close(start, count: count)
                default: throw unexpected("expected ',' or ']' in array")
                }
            }
        }

        /// Checks a string and appends its entry; a member name is also looked up among the
        /// format's names.
        mutating func parseString(isName: Bool) throws(JSONParseError) {
            let start = index
            index += 1
            let contentStart = index
            var escaped = false
            var nonASCII = false
            let base = bytes.baseAddress!
            scan: while true {
                // Eight bytes at a time while none of them is a quote, a backslash, a control
                // character or part of a multi-byte character.
                while index + 8 <= bytes.count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if Self.isPlain(word) { index += 8 } else { break }
                }
                let stop = min(index + 8, bytes.count)
                guard index < stop else { break }
                while index < stop {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") { break scan }
                    if byte == UInt8(ascii: "\\") {
                        escaped = true
                        // The escaped byte is skipped, so that `\"` does not end the string;
                        // unescaping checks the escape itself.
                        index += 2
                        continue
                    }
                    if byte < 0x20 { throw error(.invalidString, "control character \(Self.describe(byte)) in string; escape it") }
                    if byte >= 0x80 { nonASCII = true }
                    index += 1
                }
            }
            guard index < bytes.count else { throw error(.unexpectedEnd, "unterminated string") }
            let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
            var key = UInt8.max
            if escaped {
                scratch.removeAll(keepingCapacity: true)
                do throws(JSONParser.EscapeError) {
                    try JSONParser.unescape(content, into: &scratch)
                } catch {
                    index = contentStart + error.offset
                    throw self.error(error.isEnd ? .unexpectedEnd : .invalidString, error.message)
                }
                try checkLength(scratch.count, start: start)
                let valid = scratch.withUnsafeBufferPointer { Self.isValidUTF8($0) }
                guard valid else {
                    index = start
                    throw error(.invalidUTF8, "string is not valid UTF-8")
                }
                if isName { key = scratch.withUnsafeBufferPointer { MemberKey.rawValue(spelt: $0) } }
            } else {
                try checkLength(content.count, start: start)
                if nonASCII, !Self.isValidUTF8(content) {
                    index = start
                    throw error(.invalidUTF8, "string is not valid UTF-8")
                }
                if isName { key = MemberKey.rawValue(spelt: content) }
            }
            index += 1
            entries.append(
                JSONTape.Entry(kind: .string, key: key, escaped: escaped, count: UInt32(content.count), payload: UInt64(contentStart)))
        }

        /// Whether none of the word's eight bytes needs a closer look in a string.
        @inline(__always) static func isPlain(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
            let quote = hasZeroByte(word ^ (ones &* 0x22))
            let backslash = hasZeroByte(word ^ (ones &* 0x5C))
            let control = (word &- ones &* 0x20) & ~word & highs
            return (quote | backslash | control | (word & highs)) == 0
        }

        static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        }

        /// Refuses a string longer than the limit. Its failure is built by a static function: a
        /// method on `self` made the compiler copy the whole reader on every string to call it.
        @inline(__always) func checkLength(_ count: Int, start: Int) throws(JSONParseError) {
            if count > maxStringBytes { throw Self.stringTooLong(start: start, limit: maxStringBytes, in: bytes) }
        }

        @inline(never) static func stringTooLong(start: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONParseError {
            JSONParseError(code: .stringTooLong, message: "string is longer than \(limit) bytes", position: position(of: start, in: bytes))
        }

        mutating func parseNumber() throws(JSONParseError) -> Double {
            let start = index
            var isInteger = true
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw unexpected("expected a digit in number") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) { throw unexpected("leading zeros are not allowed in numbers") }
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw unexpected("expected a digit after '.'") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw unexpected("expected a digit in exponent") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            let digits = index - start
            if isInteger && digits <= 15 {
                var value: Int64 = 0
                var position = start
                let negative = bytes[position] == UInt8(ascii: "-")
                if negative { position += 1 }
                while position < index {
                    value = value * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
                    position += 1
                }
                return Double(negative ? -value : value)
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                index = start
                throw error(.invalidNumber, "number \(text) is out of range")
            }
            return value
        }

        mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
            let count = literal.utf8CodeUnitCount
            let matches = literal.withUTF8Buffer { expected in
                index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
            }
            guard matches else { throw unexpected("expected a value") }
            index += count
        }

        @inline(__always) mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        static func describe(_ byte: UInt8) -> String {
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }

        func unexpected(_ expectation: String) -> JSONParseError {
            guard index < bytes.count else { return error(.unexpectedEnd, "unexpected end of document, \(expectation)") }
            return error(.unexpectedCharacter, "unexpected \(Self.describe(bytes[index])), \(expectation)")
        }

        func error(_ code: JSONParseError.Code, _ message: String) -> JSONParseError {
            JSONParseError(code: code, message: message, position: Self.position(of: index, in: bytes))
        }

        static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int, offset: Int) {
            var line = 1
            var lineStart = 0
            let end = min(offset, bytes.count)
            for position in 0..<end where bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            return (line, end - lineStart + 1, offset)
        }
    }
}

/// Why a document could not be parsed as JSON, and where.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public static let unexpectedEnd = Code(name: "unexpectedEnd")
        public static let unexpectedCharacter = Code(name: "unexpectedCharacter")
        public static let invalidString = Code(name: "invalidString")
        public static let invalidUTF8 = Code(name: "invalidUTF8")
        public static let invalidNumber = Code(name: "invalidNumber")
        public static let tooDeep = Code(name: "tooDeep")
        public static let stringTooLong = Code(name: "stringTooLong")
        public static let documentTooLarge = Code(name: "documentTooLarge")
        public var description: String { name }
    }

    public let code: Code
    public let message: String
    /// 1-based line of the problem.
    public let line: Int
    /// 1-based column (in bytes) of the problem.
    public let column: Int
    /// 0-based byte offset of the problem.
    public let offset: Int

    public init(code: Code, message: String, line: Int, column: Int, offset: Int) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
    }

    init(code: Code, message: String, position: (line: Int, column: Int, offset: Int)) {
        self.init(code: code, message: message, line: position.line, column: position.column, offset: position.offset)
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}
