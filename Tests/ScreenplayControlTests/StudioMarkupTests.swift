import ScreenplayHTML
import ScreenplayProtocol
import Testing

@testable import ScreenplayControl

/// The studio's pages escape every name by its type (``HTML``): a holder, a title, a typed
/// value or a diff's line that holds markup, quotes or an entity comes out as text.
@Suite struct StudioMarkupTests {
    static let hostile = "<script>alert(\"x\")</script> & 'co' &amp;"
    static let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39; &amp;amp;"

    @Test func aPageWithHostileNamesComesOutEscaped() {
        let session = StudioSession(holder: Self.hostile, role: .admin, csrf: "t\"o'k<e>n", expires: 0)
        let editor = StudioDocumentEditor(
            action: "/studio/slots/a\"b", check: "/studio/slots/a\"b/check", label: Self.hostile, text: "</textarea>" + Self.hostile,
            base: 3, problems: [Self.hostile], refusal: "Not published:", intent: "publish", verb: "Publish")
        let query = StudioAuditQuery("actor=%3Cscript%3Ealert(%22x%22)%3C%2Fscript%3E%20%26%20'co'%20%26amp%3B")
        let body = editor.html(session) + StudioAuditPages.form(query)
        let page = StudioPage(title: Self.hostile, session: session, section: .flags, body: body).html.text
        #expect(!page.contains("<script>alert"), "never as markup")
        #expect(page.contains("<title>\(Self.escaped) · Screenplay Studio</title>"))
        #expect(page.contains("<h1>\(Self.escaped)</h1>"))
        #expect(page.contains("<span>\(Self.escaped) <span class=\"role\">(admin)</span></span>"))
        #expect(page.contains("<input type=\"hidden\" name=\"csrf\" value=\"t&quot;o&#39;k&lt;e&gt;n\">"))
        #expect(page.contains("<label for=\"document\">\(Self.escaped)</label>"))
        #expect(page.contains("<li>\(Self.escaped)</li>"))
        #expect(page.contains("&lt;/textarea&gt;\(Self.escaped)</textarea>"))
        #expect(page.contains("action=\"/studio/slots/a&quot;b\""))
        #expect(page.contains("name=\"actor\" value=\"\(Self.escaped)\""), "a typed filter comes back escaped once")
    }

    @Test func anErrorPageSaysTheMessageAsText() {
        let error = ScreenplayError(.notFound, code: "x", message: Self.hostile)
        let page = StudioPage.problem(error, session: nil).html.text
        #expect(page.contains("<p class=\"problem\" role=\"alert\">\(Self.escaped)</p>"))
        #expect(page.contains("<h1>Not found</h1>"))
    }
}
