/// The closed markup subset of ``Component/RichText`` and ``Component/GenericItem/detail``: `<strong>`, `<em>`, `<br>`
/// and `<a href="…">`, plus the entities `&amp; &lt; &gt; &quot; &#39; &apos; &nbsp;` and numeric
/// references. A newline in the markup is a line break too.
///
/// Nothing else is interpreted: any other tag, a malformed tag or a stray closing tag is shown as the
/// text it is, and a link whose URL the policy refuses keeps its text without the link.
///
/// ```swift
/// Markup.parse("from <strong>Wed</strong><br>to <em>Sat</em>").runs
/// // [("from "), ("Wed", strong), ("\nto "), ("Sat", emphasis)]
/// ```
public enum Markup {
    /// Runs plus the problems found, as messages.
    public struct Result: Sendable, Hashable {
        public var runs: [TextRun]
        public var problems: [String]
    }

    public static func parse(_ markup: String, policy: URLPolicy = URLPolicy()) -> Result {
        var parser = Parser(policy: policy, buildsRuns: true)
        parser.parse(markup)
        return Result(runs: parser.runs, problems: parser.problems)
    }

    /// Reports what the markup cannot interpret, without building runs (what decoding needs).
    ///
    /// A template's markup is one string shared by every instance (see ``JSONTape/SharedStrings``):
    /// markup that is the very string checked last is not parsed again, its problems are reported
    /// again at the new place.
    static func check(_ markup: String, context: DecodingContext) {
        let problems: [String]
        if let last = context.lastCheckedMarkup, Self.isSameStorage(last.markup, markup) {
            problems = last.problems
        } else {
            var parser = Parser(policy: context.urlPolicy, buildsRuns: false)
            parser.parse(markup)
            problems = parser.problems
            context.lastCheckedMarkup = (markup, problems)
        }
        for problem in problems {
            context.report(.warning, .markup, problem)
        }
    }

    /// Whether two strings are one allocated string (strings stored inline never are).
    private static func isSameStorage(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count > 15, first.utf8.count == second.utf8.count else { return false }
        let address = first.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        return address != nil && address == second.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    }

    private struct Parser {
        let policy: URLPolicy
        let buildsRuns: Bool
        var runs: [TextRun] = []
        var problems: [String] = []
        var strongDepth = 0
        var emphasisDepth = 0
        var link: String?
        var inLink = false
        var pending: [UInt8] = []

        init(policy: URLPolicy, buildsRuns: Bool) {
            self.policy = policy
            self.buildsRuns = buildsRuns
        }

        mutating func parse(_ markup: String) {
            markup.withUTF8Bytes { parseText($0) }
        }

        private mutating func parseText(_ bytes: UnsafeBufferPointer<UInt8>) {
            // Plain text, the common case, is one run.
            guard bytes.contains(where: Self.isSpecial) else {
                if buildsRuns, !bytes.isEmpty { runs = [TextRun(String(decoding: bytes, as: UTF8.self))] }
                return
            }
            parse(bytes)
        }

        /// The bytes that can start something other than text.
        static func isSpecial(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\r")
        }

        mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<"), let (tag, end) = tag(in: bytes, at: index), apply(tag) {
                    index = end
                } else if byte == UInt8(ascii: "&"), let (decoded, end) = Self.entity(in: bytes, at: index) {
                    pending.append(contentsOf: decoded.utf8)
                    index = end
                } else if byte == UInt8(ascii: "\r") {
                    pending.append(0x0A)
                    index += 1
                    if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                } else if byte == UInt8(ascii: "<") {
                    reportOnce("\"<\" that does not start a supported tag is shown as text")
                    if buildsRuns { pending.append(byte) }
                    index += 1
                } else {
                    // Text up to the next byte that could start something else, kept only when
                    // runs are built.
                    var end = index + 1
                    while end < bytes.count, !Self.isSpecial(bytes[end]) { end += 1 }
                    if buildsRuns { pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end])) }
                    index = end
                }
            }
            flush()
            if strongDepth > 0 || emphasisDepth > 0 || inLink {
                problems.append("unclosed tag; it ends with the text")
            }
        }

        mutating func reportOnce(_ problem: String) {
            if !problems.contains(problem) { problems.append(problem) }
        }

        /// Applies a recognised tag; false when it is out of place (shown as text then).
        mutating func apply(_ tag: Tag) -> Bool {
            switch tag {
            case .strong:
                flush()
                strongDepth += 1
            case .strongEnd where strongDepth > 0:
                flush()
                strongDepth -= 1
            case .emphasis:
                flush()
                emphasisDepth += 1
            case .emphasisEnd where emphasisDepth > 0:
                flush()
                emphasisDepth -= 1
            case .lineBreak: pending.append(0x0A)
            case .link(let href) where !inLink:
                flush()
                inLink = true
                if case .refused(let reason) = policy.check(href) {
                    problems.append("link \"\(href.prefix(80))\" refused: \(reason); its text is kept without the link")
                    link = nil
                } else {
                    link = href
                }
            case .linkEnd where inLink:
                flush()
                inLink = false
                link = nil
            default: return false
            }
            return true
        }

        mutating func flush() {
            guard !pending.isEmpty else { return }
            defer { pending.removeAll(keepingCapacity: true) }
            guard buildsRuns else { return }
            let text = String(decoding: pending, as: UTF8.self)
            let strong = strongDepth > 0
            let emphasis = emphasisDepth > 0
            if let last = runs.last, last.strong == strong, last.emphasis == emphasis, last.link == link {
                runs[runs.count - 1].text += text
            } else {
                runs.append(TextRun(text, strong: strong, emphasis: emphasis, link: link))
            }
        }

        enum Tag {
            case strong, strongEnd, emphasis, emphasisEnd, lineBreak, linkEnd
            case link(String)
        }

        /// The tags without attributes, by their names lowercased and packed into a word (none is
        /// longer than eight bytes): matching one compares integers.
        static let simpleTags: [(name: UInt64, count: Int, tag: Tag)] = [
            ("strong", .strong), ("/strong", .strongEnd), ("em", .emphasis), ("/em", .emphasisEnd), ("br", .lineBreak),
            ("br/", .lineBreak), ("br /", .lineBreak), ("/a", .linkEnd),
        ].map { name, tag in
            name.withUTF8Bytes { (word(lowercasing: $0) ?? 0, $0.count, tag) }
        }

        /// Up to eight bytes lowercased, packed into a word; nil for more.
        static func word(lowercasing bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
            guard bytes.count <= 8 else { return nil }
            var word: UInt64 = 0
            for index in 0..<bytes.count { word |= UInt64(lowercased(bytes[index])) << (8 * UInt64(index)) }
            return word
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        static func lowercased(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }

        /// Recognises `<strong>`, `</strong>`, `<em>`, `</em>`, `<br>`, `<br/>`, `<br />`, `</a>` and
        /// `<a href="…">` / `<a href='…'>` (case-insensitive names, no other attributes).
        /// Where the next `>` is, remembered so that text full of `<` is scanned once, not once per `<`.
        var nextClose = -1

        mutating func tag(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Tag, Int)? {
            if nextClose <= start {
                nextClose = start + 1
                while nextClose < bytes.count, bytes[nextClose] != UInt8(ascii: ">") { nextClose += 1 }
            }
            let close = nextClose
            // A supported tag is short; anything longer is text.
            guard close < bytes.count, close - start <= 2048 else { return nil }
            var lower = start + 1
            var upper = close
            while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
            let inner = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
            if let word = Self.word(lowercasing: inner) {
                for simple in Self.simpleTags where simple.name == word && simple.count == inner.count {
                    return (simple.tag, close + 1)
                }
            }
            return Self.link(in: inner).map { (.link($0), close + 1) }
        }

        /// `a href="…"` inside the angle brackets.
        static func link(in inner: UnsafeBufferPointer<UInt8>) -> String? {
            guard inner.count > 2, lowercased(inner[0]) == UInt8(ascii: "a"), isSpace(inner[1]) else { return nil }
            var index = 2
            while index < inner.count, isSpace(inner[index]) { index += 1 }
            let href = Array("href".utf8)
            guard index + 4 <= inner.count, (0..<4).allSatisfy({ lowercased(inner[index + $0]) == href[$0] }) else { return nil }
            index += 4
            while index < inner.count, isSpace(inner[index]) { index += 1 }
            guard index < inner.count, inner[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            while index < inner.count, isSpace(inner[index]) { index += 1 }
            guard index < inner.count, inner[index] == UInt8(ascii: "\"") || inner[index] == UInt8(ascii: "'") else { return nil }
            let quote = inner[index]
            let valueStart = index + 1
            guard inner.count - 1 >= valueStart, inner[inner.count - 1] == quote else { return nil }
            let value = UnsafeBufferPointer(rebasing: inner[valueStart..<(inner.count - 1)])
            guard !value.contains(quote) else { return nil }
            return decodeEntities(value)
        }

        static func decodeEntities(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "&"), let (decoded, end) = entity(in: bytes, at: index) {
                    output.append(contentsOf: decoded.utf8)
                    index = end
                } else {
                    output.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: output, as: UTF8.self)
        }

        static let namedEntities: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        ]

        static func entity(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Int)? {
            var semicolon = start + 1
            while semicolon < bytes.count, semicolon - start <= 10, bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
            guard semicolon < bytes.count, bytes[semicolon] == UInt8(ascii: ";") else { return nil }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<semicolon]), as: UTF8.self)
            if let named = namedEntities[name] { return (named, semicolon + 1) }
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), semicolon + 1)
        }
    }
}
