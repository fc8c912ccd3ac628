import Foundation
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// Well-known XSS vectors injected through every text, URL, colour and id field of a screen —
/// once through the decoder (as a server would receive a document) and once built in Swift (which
/// skips the decoder's URL policy) — must run no script in a real browser.
@Suite(.serialized, .enabled(if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver"))
struct XSSTests {
    static let payloads = [
        "<script>window.__xss=1</script>",
        "\"><script>window.__xss=2</script>",
        "'><img src=x onerror=\"window.__xss=3\">",
        "</style><script>window.__xss=4</script>",
        "\" onmouseover=\"window.__xss=5\" x=\"",
        "<svg onload=window.__xss=6>",
        "</p><iframe srcdoc=\"<script>parent.__xss=7</script>\"></iframe>",
        "<a href=\"javascript:window.__xss=8\">x</a>",
        "<img src=x onerror=window.__xss=9//",
        "-->\u{0}<script>window.__xss=10</script><!--",
    ]

    static let urls = [
        "javascript:window.__xss=11", "JaVaScRiPt:window.__xss=12", "data:text/html,<script>window.__xss=13</script>",
        " javascript:window.__xss=14", "java\tscript:window.__xss=15", "vbscript:window.__xss=16",
        "/ok\"><script>window.__xss=17</script>", "//evil.example.com/x.js", "https://x.example.com/\"onerror=\"window.__xss=18",
    ]

    /// Every field of every component that carries text, a URL, an id or a key.
    static func builtScreen() -> Screen {
        var nodes: [Node] = []
        for (index, payload) in payloads.enumerated() {
            let url = urls[index % urls.count]
            nodes.append(Text(payload).id(payload).accessibilityLabel(payload))
            nodes.append(RichText("<strong>\(payload)</strong> <a href=\"\(url)\">link</a> \(payload)").node)
            nodes.append(Button(payload, action: .navigate(url)).id("b\(index)" + payload))
            nodes.append(Button(payload, action: .sequence([.setState(payload, .string(payload)), .open(url), .present(url)])).node)
            nodes.append(Image(url, width: 10, height: 10).accessibilityLabel(payload))
            nodes.append(Image("https://images.example.com/\(index).png\" onerror=\"window.__xss=19", width: 10, height: 10).node)
            nodes.append(Badge(payload).node)
            nodes.append(TextField(key: payload, label: payload, placeholder: payload).node)
            nodes.append(Toggle(payload, key: payload).node)
            nodes.append(
                GenericItem(
                    layout: .request, imageURL: url, title: payload, subtitle: payload, topRightDetail: payload,
                    detail: payload, bottomLeftDetail: payload, bottomRightDetail: payload, url: url
                ).node)
            nodes.append(Text("visible?").visible(when: StateCondition(payload, equals: .string(payload))))
            nodes.append(Custom(payload, properties: ["x": .string(payload)]).fallback { Text(payload) })
            nodes.append(VStack { Text(payload) }.onTap(.navigate(url)))
        }
        let list = List(sections: [Section(payloads[1], id: payloads[0], children: [Text(payloads[2]).node])]).node
        return Screen(
            id: payloads[0], title: payloads[1], state: [payloads[3]: .string(payloads[4])], intents: urls[0],
            body: VStack(children: nodes + [list]).node)
    }

    /// The same vectors in a document, as a server or a file would bring them.
    static let document: String = {
        func string(_ text: String) -> String { String(decoding: JSONWriter.write(.string(text)), as: UTF8.self) }
        var children: [String] = []
        for (index, payload) in payloads.enumerated() {
            let url = urls[index % urls.count]
            children.append(
                #"{"type":"text","id":\#(string(payload)),"text":\#(string(payload)),"color":\#(string("red;}</style><script>window.__xss=20</script>")),"accessibilityLabel":\#(string(payload))}"#
            )
            children.append(#"{"type":"richText","markup":\#(string("<em>\(payload)</em><a href=\"\(url)\">x</a>"))}"#)
            children.append(#"{"type":"button","title":\#(string(payload)),"action":{"type":"navigate","url":\#(string(url))}}"#)
            children.append(#"{"type":"image","url":\#(string(url))}"#)
            children.append(
                #"{"type":"rectangle","color":\#(string("#fff;background:url(javascript:window.__xss=21)")),"style":{"background":\#(string("</style><script>window.__xss=22</script>"))}}"#
            )
            children.append(
                #"{"type":"item","title":\#(string(payload)),"detail":\#(string(payload)),"url":\#(string(url)),"imageURL":\#(string(url))}"#
            )
        }
        return
            #"{"version":"1.0","id":\#(string(payloads[1])),"title":\#(string(payloads[0])),"body":{"type":"vstack","children":[\#(children.joined(separator: ","))]}}"#
    }()

    @Test func noVectorRunsScriptInTheBrowser() async throws {
        let decoded = try #require(Screen.decode(from: Array(Self.document.utf8)).value)
        let built = Self.builtScreen()
        let server = try await TestServer.serving {
            var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
            routes.screen("decoded") { _ in decoded }
            routes.screen("built") { _ in built }
            let router = Router()
            routes.addRoutes(to: router)
            return router
        }
        try await BrowserTests.withBrowser(server) { browser in
            for path in ["decoded", "built"] {
                try await BrowserTests.loaded(browser, "\(server.url)/screens/\(path)")
                try await Self.expectNoScript(browser, path)
                // Hostile text is shown as text.
                let text = try await browser.execute("return document.getElementById('screenplay').textContent").stringValue ?? ""
                #expect(text.contains("<script>window.__xss=1</script>"), "\(path): the payload was not shown as text")
                // Run every action on the page (none may navigate anywhere but http(s) or the app).
                let actions = try await browser.execute("return document.querySelectorAll('[data-sp-action]').length").intValue ?? 0
                for index in 0..<actions {
                    try await browser.execute(
                        "document.querySelectorAll('[data-sp-action]')[arguments[0]]?.click()", [.number(Double(index))])
                }
                try await consistently(
                    for: .milliseconds(300), pollingEvery: .milliseconds(50), "\(path): no alert opens after its actions"
                ) {
                    !(await browser.hasAlert())
                }
                #expect(!(await browser.hasAlert()), "\(path): an alert is open after running its actions")
                // An action may open an app path (a relative URL, however odd): same origin, never a script.
                let location = try await browser.currentURL
                #expect(location.hasPrefix(server.url.absoluteString + "/"), "\(path): an action went to \(location)")
                if try await browser.execute("return document.getElementById('screenplay') !== null") == true {
                    try await Self.expectNoScript(browser, path + " after running its actions")
                }
                try await BrowserTests.loaded(browser, "\(server.url)/screens/\(path)")
                // Typing a payload into every field, and showing bound nodes, runs nothing either.
                try await browser.execute(
                    """
                    for (const input of document.querySelectorAll('input[data-sp-key]')) {
                      input.value = arguments[0]; input.dispatchEvent(new Event('input', {bubbles: true}));
                      if (input.type === 'checkbox') input.click();
                    }
                    """, [.string(Self.payloads[2])])
                try await Self.expectNoScript(browser, path + " after typing")
            }
        }
    }

    static func expectNoScript(_ browser: WebDriver, _ label: String) async throws {
        #expect(!(await browser.hasAlert()), "\(label): an alert is open")
        let probe = try await browser.execute(
            """
            const bad = [];
            if (window.__xss !== undefined) bad.push('window.__xss=' + window.__xss);
            for (const script of document.scripts) if (!/\\/screenplay\\/runtime-[0-9a-f]+\\.js$/.test(script.src)) bad.push('script ' + script.outerHTML.slice(0, 80));
            for (const element of document.querySelectorAll('*')) {
              for (const attribute of element.attributes) if (/^on/i.test(attribute.name)) bad.push(element.tagName + ' ' + attribute.name);
              if (['IFRAME', 'OBJECT', 'EMBED', 'SVG', 'BASE', 'FORM'].includes(element.tagName.toUpperCase())) bad.push('element ' + element.tagName);
            }
            for (const link of document.querySelectorAll('[href],[src]')) {
              const value = link.getAttribute('href') ?? link.getAttribute('src');
              if (!/^(https?:\\/\\/[^\\/]|\\/[^\\/]|\\/$)/i.test(value)) bad.push('url ' + value);
            }
            if (!/^(http:\\/\\/127\\.0\\.0\\.1:\\d+)\\//.test(location.href)) bad.push('navigated to ' + location.href);
            return bad;
            """)
        #expect(probe == [], "\(label): \(probe)")
    }
}
