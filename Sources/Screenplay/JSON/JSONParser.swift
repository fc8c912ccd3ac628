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
        if bytes.count > limits.maxDocumentBytes {
            throw JSONParseError(
                code: .documentTooLarge,
                message: "document is \(bytes.count) bytes; the limit is \(limits.maxDocumentBytes)",
                line: 1, column: 1, offset: 0)
        }
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer, limits: limits)
            do throws(JSONParseError) {
                return .success(try reader.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let limits: DocumentLimits
        var index = 0
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>, limits: DocumentLimits) {
            self.bytes = bytes
            self.limits = limits
        }

        mutating func parseDocument() throws(JSONParseError) -> JSONValue {
            // A UTF-8 byte order mark is tolerated, as RFC 8259 allows parsers to do.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd, "the document is empty") }
            let value = try parseValue()
            skipWhitespace()
            if index < bytes.count {
                throw error(.unexpectedCharacter, "unexpected \(describe(bytes[index])) after the end of the document")
            }
            return value
        }

        mutating func parseValue() throws(JSONParseError) -> JSONValue {
            guard index < bytes.count else { throw error(.unexpectedEnd, "unexpected end of document, expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try parseObject()
            case UInt8(ascii: "["): return try parseArray()
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            case let byte: throw error(.unexpectedCharacter, "unexpected \(describe(byte)), expected a value")
            }
        }

        mutating func enter() throws(JSONParseError) {
            depth += 1
            if depth > limits.maxDepth {
                throw error(.tooDeep, "nesting is deeper than \(limits.maxDepth) levels")
            }
        }

        mutating func parseObject() throws(JSONParseError) -> JSONValue {
            try enter()
            index += 1
            var object: [String: JSONValue] = [:]
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(object)
            }
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else {
                    throw unexpected("expected a member name in double quotes")
                }
                let key = try parseString()
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw unexpected("expected ':' after member name \"\(key)\"") }
                index += 1
                skipWhitespace()
                object[key] = try parseValue()
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    depth -= 1
                    return .object(object)
                default: throw unexpected("expected ',' or '}' in object")
                }
            }
        }

        mutating func parseArray() throws(JSONParseError) -> JSONValue {
            try enter()
            index += 1
            var array: [JSONValue] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(array)
            }
            while true {
                skipWhitespace()
                array.append(try parseValue())
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    depth -= 1
                    return .array(array)
                default: throw unexpected("expected ',' or ']' in array")
                }
            }
        }

        mutating func parseString() throws(JSONParseError) -> String {
            let start = index
            index += 1
            let contentStart = index
            // Fast path: no escapes.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                    try checkLength(slice.count, start: start)
                    index += 1
                    return try makeString(slice, start: start)
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw error(.invalidString, "control character \(describe(byte)) in string; escape it") }
                index += 1
            }
            // Slow path: unescape into a buffer.
            var buffer = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    try checkLength(buffer.count, start: start)
                    return try buffer.withUnsafeBufferPointer { bytes throws(JSONParseError) in try makeString(bytes, start: start) }
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { break }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
                    case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
                    case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
                    case UInt8(ascii: "b"): buffer.append(0x08)
                    case UInt8(ascii: "f"): buffer.append(0x0C)
                    case UInt8(ascii: "n"): buffer.append(0x0A)
                    case UInt8(ascii: "r"): buffer.append(0x0D)
                    case UInt8(ascii: "t"): buffer.append(0x09)
                    case UInt8(ascii: "u"): try appendUnicodeEscape(to: &buffer)
                    default:
                        index -= 1
                        throw error(.invalidString, "invalid escape '\\\(Character(Unicode.Scalar(escaped)))' in string")
                    }
                default:
                    if byte < 0x20 { throw error(.invalidString, "control character \(describe(byte)) in string; escape it") }
                    buffer.append(byte)
                    index += 1
                }
                if buffer.count > limits.maxStringBytes { try checkLength(buffer.count, start: start) }
            }
            throw error(.unexpectedEnd, "unterminated string")
        }

        /// A string from UTF-8 bytes, refusing invalid UTF-8 (ASCII, the common case, needs no check).
        mutating func makeString(_ bytes: UnsafeBufferPointer<UInt8>, start: Int) throws(JSONParseError) -> String {
            if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
            guard let string = String(validating: bytes, as: UTF8.self) else {
                index = start
                throw error(.invalidUTF8, "string is not valid UTF-8")
            }
            return string
        }

        mutating func appendUnicodeEscape(to buffer: inout [UInt8]) throws(JSONParseError) {
            var scalar = try readHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error(.invalidString, "unpaired UTF-16 surrogate in \\u escape")
                }
                index += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.invalidString, "unpaired UTF-16 surrogate in \\u escape")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error(.invalidString, "unpaired UTF-16 surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw error(.invalidString, "invalid \\u escape")
            }
            buffer.append(contentsOf: String(Character(unicode)).utf8)
        }

        mutating func readHex4() throws(JSONParseError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error(.unexpectedEnd, "unterminated \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error(.invalidString, "invalid hex digit \(describe(byte)) in \\u escape")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        func checkLength(_ count: Int, start: Int) throws(JSONParseError) {
            if count > limits.maxStringBytes {
                throw JSONParseError(
                    code: .stringTooLong,
                    message: "string is longer than \(limits.maxStringBytes) bytes",
                    position: Self.position(of: start, in: bytes))
            }
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

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        func describe(_ byte: UInt8) -> String {
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }

        func unexpected(_ expectation: String) -> JSONParseError {
            guard index < bytes.count else { return error(.unexpectedEnd, "unexpected end of document, \(expectation)") }
            return error(.unexpectedCharacter, "unexpected \(describe(bytes[index])), \(expectation)")
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
