/// The closed markup subset of ``RichText`` and ``GenericItem/detail``: `<strong>`, `<em>`, `<br>`
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
        var parser = Parser(policy: policy)
        parser.parse(Array(markup.unicodeScalars))
        return Result(runs: parser.runs, problems: parser.problems)
    }

    static func parse(_ markup: String, context: DecodingContext) -> [TextRun] {
        let result = parse(markup, policy: URLPolicy(allowedSchemes: context.options.allowedURLSchemes))
        for problem in result.problems {
            context.report(.warning, .markup, problem)
        }
        return result.runs
    }

    private struct Parser {
        let policy: URLPolicy
        var runs: [TextRun] = []
        var problems: [String] = []
        var strongDepth = 0
        var emphasisDepth = 0
        var link: String?
        var inLink = false
        var pending = ""

        init(policy: URLPolicy) {
            self.policy = policy
        }

        mutating func parse(_ scalars: [Unicode.Scalar]) {
            var index = 0
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "<", let (tag, end) = Self.tag(in: scalars, at: index), apply(tag) {
                    index = end
                } else if scalar == "&", let (text, end) = Self.entity(in: scalars, at: index) {
                    pending += text
                    index = end
                } else {
                    if scalar == "<" { reportOnce("\"<\" that does not start a supported tag is shown as text") }
                    pending.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
                    index += 1
                    if scalar == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
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

        /// Applies a recognised tag; false when the tag is not one of the subset (or out of place).
        mutating func apply(_ tag: Tag) -> Bool {
            switch tag {
            case .open("strong"): flush(); strongDepth += 1
            case .close("strong") where strongDepth > 0: flush(); strongDepth -= 1
            case .open("em"): flush(); emphasisDepth += 1
            case .close("em") where emphasisDepth > 0: flush(); emphasisDepth -= 1
            case .lineBreak: pending += "\n"
            case .link(let href) where !inLink:
                flush()
                inLink = true
                if case .refused(let reason) = policy.check(href) {
                    problems.append("link \"\(href.prefix(80))\" refused: \(reason); its text is kept without the link")
                    link = nil
                } else {
                    link = href
                }
            case .close("a") where inLink: flush(); inLink = false; link = nil
            default: return false
            }
            return true
        }

        mutating func flush() {
            guard !pending.isEmpty else { return }
            let run = TextRun(pending, strong: strongDepth > 0, emphasis: emphasisDepth > 0, link: link)
            if let last = runs.last, last.strong == run.strong, last.emphasis == run.emphasis, last.link == run.link {
                runs[runs.count - 1].text += run.text
            } else {
                runs.append(run)
            }
            pending = ""
        }

        enum Tag {
            case open(String)
            case close(String)
            case lineBreak
            case link(String)
        }

        /// Recognises `<strong>`, `</strong>`, `<em>`, `</em>`, `<br>`, `<br/>`, `<br />`, `</a>` and
        /// `<a href="…">` / `<a href='…'>` (case-insensitive names, no other attributes).
        static func tag(in scalars: [Unicode.Scalar], at start: Int) -> (Tag, Int)? {
            guard let close = scalars[start...].prefix(2048).firstIndex(of: ">") else { return nil }
            let inner = String(String.UnicodeScalarView(scalars[(start + 1)..<close]))
            let end = close + 1
            let trimmed = inner.trimmingSpaces()
            switch trimmed.lowercased() {
            case "strong": return (.open("strong"), end)
            case "/strong": return (.close("strong"), end)
            case "em": return (.open("em"), end)
            case "/em": return (.close("em"), end)
            case "br", "br/", "br /": return (.lineBreak, end)
            case "/a": return (.close("a"), end)
            default: break
            }
            // <a href="…">
            guard trimmed.lowercased().hasPrefix("a "), let equals = trimmed.firstIndex(of: "=") else { return nil }
            let name = trimmed[trimmed.index(after: trimmed.startIndex)..<equals].trimmingSpaces()
            guard name.lowercased() == "href" else { return nil }
            let value = trimmed[trimmed.index(after: equals)...].trimmingSpaces()
            guard let quote = value.first, quote == "\"" || quote == "'", value.count >= 2, value.last == quote else { return nil }
            let href = String(value.dropFirst().dropLast())
            guard !href.contains(quote) else { return nil }
            guard let decoded = decodeEntities(href) else { return nil }
            return (.link(decoded), end)
        }

        static func decodeEntities(_ text: String) -> String? {
            let scalars = Array(text.unicodeScalars)
            var output = ""
            var index = 0
            while index < scalars.count {
                if scalars[index] == "&", let (decoded, end) = entity(in: scalars, at: index) {
                    output += decoded
                    index = end
                } else {
                    output.unicodeScalars.append(scalars[index])
                    index += 1
                }
            }
            return output
        }

        static let namedEntities: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        ]

        static func entity(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
            guard let semicolon = scalars[start...].prefix(12).firstIndex(of: ";") else { return nil }
            let name = String(String.UnicodeScalarView(scalars[(start + 1)..<semicolon]))
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

extension StringProtocol {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
