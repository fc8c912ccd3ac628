import ScreenplayHTML
import Testing

/// `HTML` escapes by its type: every `String` interpolated into it is text, every `HTML` is
/// markup kept as it is, and a literal is the source's own markup.
@Suite struct HTMLMarkupTests {
    static let hostile = "<script>alert(\"x\")</script> & 'co' &amp;"
    static let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39; &amp;amp;"

    @Test func textIsEscapedInTextAndInAttributes() {
        let name = Self.hostile
        let html: HTML = "<p title=\"\(name)\">\(name)</p>"
        #expect(html.text == "<p title=\"\(Self.escaped)\">\(Self.escaped)</p>")
        let attributes: HTML = "<input\(attribute: "value", name)\(attribute: "placeholder", nil)>"
        #expect(attributes.text == "<input value=\"\(Self.escaped)\">")
        let substring: HTML = "<b>\(name.prefix(8))</b>"
        #expect(substring.text == "<b>&lt;script&gt;</b>")
    }

    @Test func markupInsideMarkupIsNeverEscapedTwice() {
        let both = "a & b"
        let inner: HTML = "<b>\(both)</b>"
        let outer: HTML = "<p>\(inner)</p>"
        #expect(outer.text == "<p><b>a &amp; b</b></p>")
        var built: HTML = "<ul>"
        for item in ["<1>", "&2"] { built += "<li>\(item)</li>" }
        built += "</ul>"
        let wrapped: HTML = "<nav>\(built)</nav>"
        #expect(wrapped.text == "<nav><ul><li>&lt;1&gt;</li><li>&amp;2</li></ul></nav>")
        // Text that looks escaped is still text: its `&` is escaped like any other.
        let entity = "&amp;"
        let text: HTML = "\(entity)"
        #expect(text.text == "&amp;amp;")
    }

    @Test func aLiteralIsMarkupAndAStringIsText() {
        #expect(HTML("\("<br>")").text == "<br>", "a literal, even interpolated, is the source's own markup")
        let title: String? = nil
        for isOn in [true, false] {
            let checked: HTML = "<input type=\"checkbox\"\(isOn ? " checked" : "")>"
            #expect(checked.text == (isOn ? "<input type=\"checkbox\" checked>" : "<input type=\"checkbox\">"))
        }
        let fallback: HTML = "<td>\(title ?? "<none>")</td>"
        #expect(fallback.text == "<td>&lt;none&gt;</td>", "an expression that mixes a String in is text")
        let optional: HTML? = nil
        let numbers: HTML = "\(optional)\(42) \(Int64(-7)) \(120.0)"
        #expect(numbers.text == "42 -7 120.0")
    }

    @Test func sequencesJoinMarkup() {
        let items = ["a<", "b&"].map { item -> HTML in "<li>\(item)</li>" }
        let list: HTML = "<ul>\(items)</ul>"
        #expect(list.text == "<ul><li>a&lt;</li><li>b&amp;</li></ul>")
        #expect(items.joined(separator: "\n").text == "<li>a&lt;</li>\n<li>b&amp;</li>")
        #expect(([] as [HTML]).joined().isEmpty)
        let less = "<"
        #expect((HTML("<br>") + "\(less)").text == "<br>&lt;")
    }

    @Test func escapingMakesTextWhatAnInterpolationMakes() {
        let name = Self.hostile
        let interpolated: HTML = "\(name)"
        #expect(HTML(escaping: name) == interpolated)
        #expect(HTML(escaping: name).text == Self.escaped)
        #expect(HTML(escaping: "plain").text == "plain")
    }

    @Test func onlyTheNamedInitializerTakesAStringAsMarkup() {
        let trusted = HTML(unescaped: "<hr>")
        #expect(trusted.text == "<hr>" && trusted.description == "<hr>")
        let page: HTML = "<main>\(trusted)\(trusted.text)</main>"
        #expect(page.text == "<main><hr>&lt;hr&gt;</main>", "its text, interpolated as a String, is text again")
    }
}
