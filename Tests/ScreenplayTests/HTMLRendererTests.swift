import ScreenplayDSL
import ScreenplayHTML
import Testing

@Suite struct HTMLRendererTests {
    @Test func textAndAttributesAreEscaped() {
        #expect(HTMLText.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        var renderer = HTMLRenderer()
        let html = renderer.render(Text("<b>hi</b>").id("\"><x").accessibilityLabel("'a'"))
        #expect(
            html
                == #"<p class="sp-text" id="sp-&quot;&gt;&lt;x" data-sp-id="&quot;&gt;&lt;x" aria-label="&#39;a&#39;">&lt;b&gt;hi&lt;/b&gt;</p>"#
        )
    }

    @Test func fieldsSayWhatToFillInAndIdsHaveNoWhiteSpace() {
        var renderer = HTMLRenderer()
        let html = renderer.render(
            VStack {
                TextField(key: "number", label: "Card", keyboard: .number, autofill: .cardNumber)
                TextField(key: "email", label: "Email", keyboard: .email, autofill: .email)
                TextField(key: "city", label: "City")
                Text("a").id("city.saint petersburg")
                Text("b").id("city.saint%20petersburg")
            })
        #expect(html.contains(#"autocomplete="cc-number""#))
        #expect(html.contains(#"autocomplete="email""#))
        #expect(html.contains(#"autocomplete="off""#))
        // Two ids that differ stay different once escaped, and neither holds a space.
        #expect(html.contains(#"id="sp-city.saint%20petersburg""#))
        #expect(html.contains(#"id="sp-city.saint%2520petersburg""#))
    }

    @Test func linksInsideALinkKeepTheirTextOnly() {
        var renderer = HTMLRenderer()
        let html = renderer.render(
            VStack {
                RichText("see <a href=\"https://example.com/terms\">terms</a>")
            }
            .onTap(.navigate("/cars/1")))
        #expect(html.components(separatedBy: "<a ").count == 2, "\(html)")
        #expect(html.contains("terms"))
    }

    @Test func urlsTheFormatRefusesAreNotLinked() {
        var renderer = HTMLRenderer(link: { "/web" + $0 })
        let html = renderer.render(
            VStack {
                Button("js", action: .navigate("javascript:alert(1)"))
                Button("app", action: .navigate("/requests/2"))
                Image("data:image/png;base64,AAAA", width: 10, height: 10)
                RichText(#"<a href="https://example.com/a">ok</a> <a href="vbscript:x">bad</a>"#)
            })
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("vbscript:"))
        #expect(!html.contains("data:image"))
        #expect(html.contains(#"href="/web/requests/2""#))
        #expect(html.contains(#"<a href="https://example.com/a">ok</a> bad"#))
    }

    @Test func coloursHaveTheirDarkVariantInAMediaQuery() throws {
        var renderer = HTMLRenderer()
        _ = renderer.render(Text("x").foregroundColor(Color("#112233").dark("#ddeeff")))
        let name = try #require(renderer.css.split(separator: "{").first.map { String($0.dropFirst()) })
        #expect(renderer.css == ".\(name){color:#112233}\n@media (prefers-color-scheme:dark){\n.\(name){color:#ddeeff}\n}")
        // The same declarations get the same class in another render (live patches add rules, never clash).
        var again = HTMLRenderer()
        _ = again.render(VStack { Text("y").foregroundColor(Color("#112233").dark("#ddeeff")) })
        #expect(again.css.contains(".\(name){color:#112233}"))
    }

    @Test func visibilityAndInputsFollowTheState() {
        var renderer = HTMLRenderer(state: ["city": "Paris", "more": false])
        let html = renderer.render(
            VStack {
                TextField(key: "city", placeholder: "City")
                Text("details").visible(when: StateCondition("more"))
            })
        #expect(html.contains(#"value="Paris""#))
        #expect(html.contains(#"data-sp-visible="{&quot;key&quot;:&quot;more&quot;}" hidden"#))
    }

    @Test func appDefinedComponentsUseTheirFallbackUnlessRegistered() {
        let banner = Custom("BANNER", properties: ["title": "Pay"]).fallback { Text("fallback") }
        var plain = HTMLRenderer()
        #expect(plain.render(banner).contains("fallback"))
        var registered = HTMLRenderer(customRenderers: [
            "BANNER": { custom in "<b>\(HTMLText.escape(custom.properties["title"]?.stringValue ?? ""))</b>" }
        ])
        #expect(registered.render(banner).contains("<b>Pay</b>"))
        #expect(registered.capabilities.components.contains("BANNER"))
    }

    @Test func theStandalonePageCarriesItsPolicyAndNoScript() {
        let page = HTMLPage(screen: Screen(id: "s", title: "T") { Text("x") }, language: "fr")
        #expect(page.html.contains("<meta http-equiv=\"Content-Security-Policy\""))
        #expect(!page.html.contains("<script"))
        #expect(!page.contentSecurityPolicy.contains("script-src"))
    }
}
