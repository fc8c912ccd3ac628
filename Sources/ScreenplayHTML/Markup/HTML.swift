/// HTML that is safe by its type: the literal parts of an `HTML` are markup, written in the source;
/// every `String` interpolated into it is text, escaped (`&`, `<`, `>`, `"`, `'`) by
/// ``HTMLText/escape(_:)`` on the way in; another `HTML` interpolated into it is markup already, kept as
/// it is (never escaped twice). A name that is not escaped cannot reach a page: there is no way
/// to make an `HTML` of a `String` but ``init(unescaped:)``, named to be found by grep and kept
/// for text the code itself wrote. As GRDB's `SQL` does for queries.
///
/// ```swift
/// let name = "<script>\"Tom\" & 'Jerry'"
/// let row: HTML = "<tr><th scope=\"row\"><a href=\"/studio/flags/\(name)\">\(name)</a></th></tr>"
/// // <tr><th scope="row"><a href="/studio/flags/&lt;script&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;">…
/// var list: HTML = "<ul>"
/// list += "<li>\(row)</li>"    // markup: kept as it is
/// list += "</ul>"
/// ```
///
/// The escaping is safe in text and in quoted attribute values alike (the studio quotes every
/// attribute). An interpolated literal is markup (`\(isOn ? " checked" : "")`); an expression
/// that mixes a `String` in is text (`\(title ?? "–")`).
package struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup, escaped where it holds text: what a response sends.
    package private(set) var text: String

    /// No markup at all.
    package init() { text = "" }

    /// Markup the code itself wrote, as it is: the one way to make `HTML` of a `String`, for
    /// trusted constants only (a style sheet's rules, markup another `HTML` already gave as text).
    /// Never for a name, a value or anything a person or a document typed.
    package init(unescaped markup: String) { text = markup }

    /// Text as markup: `text` escaped, what `"\(text)"` makes of it, without an interpolation's
    /// buffer (for a renderer that makes one per node).
    ///
    /// ```swift
    /// HTML(escaping: "Tom & Jerry").text   // "Tom &amp; Jerry"
    /// ```
    package init(escaping text: String) { self.text = HTMLText.escape(text) }

    /// A literal is markup: the source's own text.
    package init(stringLiteral literal: StaticString) { text = literal.description }

    package init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    package var description: String { text }

    /// Whether there is no markup at all.
    package var isEmpty: Bool { text.isEmpty }

    package static func + (left: HTML, right: HTML) -> HTML {
        var joined = left
        joined += right
        return joined
    }

    package static func += (left: inout HTML, right: HTML) { left.text += right.text }

    /// The parts of an `HTML` literal: literal segments as they are, interpolated text escaped.
    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        package init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        package mutating func appendLiteral(_ literal: StaticString) { text += literal.description }

        /// Text: escaped. Disfavoured, so that an interpolated literal (`\("<br>")`,
        /// `\(isOn ? " checked" : "")`) is markup, while a `String` value is always text.
        @_disfavoredOverload
        package mutating func appendInterpolation(_ value: String) { text += HTMLText.escape(value) }

        /// Text: escaped.
        @_disfavoredOverload
        package mutating func appendInterpolation(_ value: Substring) { text += HTMLText.escape(String(value)) }

        /// A number, as Swift writes it.
        package mutating func appendInterpolation(_ number: some BinaryInteger) { text += String(number) }

        /// A number, as Swift writes it (`120.0`).
        package mutating func appendInterpolation(_ number: Double) { text += String(number) }

        /// Markup: as it is.
        package mutating func appendInterpolation(_ markup: HTML) { text += markup.text }

        /// Markup when there is some; nothing for nil.
        package mutating func appendInterpolation(_ markup: HTML?) { text += markup?.text ?? "" }

        /// Markups one after another.
        package mutating func appendInterpolation(_ markups: some Sequence<HTML>) {
            for markup in markups { text += markup.text }
        }

        /// ` name="value"` with the value escaped, or nothing when the value is nil:
        /// `<input\(attribute: "value", draft)>`.
        package mutating func appendInterpolation(attribute name: StaticString, _ value: String?) {
            guard let value else { return }
            text += " \(name)=\"\(HTMLText.escape(value))\""
        }
    }
}

extension Sequence where Element == HTML {
    /// The markups one after another, `separator` between each two.
    ///
    /// ```swift
    /// ["<li>a</li>", "<li>b</li>"].joined(separator: "\n")   // "<li>a</li>\n<li>b</li>"
    /// ```
    package func joined(separator: HTML = HTML()) -> HTML {
        var joined = HTML()
        for (index, markup) in enumerated() {
            if index > 0 { joined += separator }
            joined += markup
        }
        return joined
    }
}
