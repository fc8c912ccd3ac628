import Foundation
import ScreenplayDSL
import Testing

/// A bad node costs that node (or is replaced by its fallback), never the screen; every problem
/// says where it is.
@Suite struct ResilientDecodingTests {
    @Test func aNodeWithAWrongFieldTypeIsDroppedAndItsSiblingsKept() throws {
        let result = decodeScreen(
            body: #"""
                {"type":"vstack","children":[
                  {"type":"text","text":"first"},
                  {"type":"text","text":42},
                  {"type":"text","text":"third"}
                ]}
                """#)
        let screen = try #require(result.value)
        guard case .vstack(let stack) = screen.body.component else {
            Issue.record("body is not a vstack")
            return
        }
        #expect(stack.children.map(\.type) == ["text", "text"])
        #expect(stack.children.compactMap { if case .text(let text) = $0.component { text.text } else { nil } } == ["first", "third"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.code == .droppedNode)
        #expect(diagnostic.path.description == "body.children[1].text")
        #expect(diagnostic.message.contains("expected a string, found a number"))
        #expect(!result.hasErrors)
    }

    @Test func aBrokenNodeUsesItsFallback() throws {
        let result = decodeScreen(
            body: #"""
                {"type":"vstack","children":[{"type":"image","fallback":{"type":"text","text":"no image"}}]}
                """#)
        let screen = try #require(result.value)
        guard case .vstack(let stack) = screen.body.component, case .text(let text)? = stack.children.first?.component else {
            Issue.record("fallback not used: \(String(describing: result.value))")
            return
        }
        #expect(text.text == "no image")
        #expect(result.diagnostics.map(\.code) == [.usedFallback])
        #expect(result.diagnostics.first?.message.contains("missing its required \"url\"") == true)
    }

    @Test func aBadActionCostsTheActionNotTheNode() throws {
        let result = decodeScreen(
            body: #"""
                {"type":"vstack","children":[
                  {"type":"text","text":"a"},{"type":"text","text":"b"},{"type":"text","text":"c"},
                  {"type":"button","title":"Go","action":{"type":"navigate"}}
                ]}
                """#)
        let screen = try #require(result.value)
        guard case .vstack(let stack) = screen.body.component else { return }
        #expect(stack.children.count == 4)
        #expect(stack.children[3].action == nil)
        #expect(result.diagnostics.at("body.children[3].action").count == 1)
        // The button without its action is also reported by the screen checks.
        #expect(result.diagnostics.at("body.children[3]").first?.message.contains("does nothing") == true)
    }

    @Test func unknownTypesKeepTheirRawJSONAndReencodeIdentically() throws {
        let document =
            #"{"body":{"content":[{"color":"yellow","title":"A"}],"fallback":{"text":"Widgets","type":"text"},"id":"w","type":"COLLECTION_WIDGET"},"id":"t","version":"1.0"}"#
        let result = Screen.decode(from: bytes(document))
        let screen = try #require(result.value)
        guard case .custom(let custom) = screen.body.component else {
            Issue.record("not kept as custom")
            return
        }
        #expect(custom.type == "COLLECTION_WIDGET")
        #expect(custom.properties["content"]?.arrayValue?.first?["color"] == "yellow")
        #expect(screen.body.id == "w")
        #expect(text(screen.encoded()) == document)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered)")

        struct Widget: Decodable {
            struct Item: Decodable {
                let title: String
                let color: String
            }
            let content: [Item]
        }
        #expect(try custom.decode(Widget.self).content.first?.title == "A")
    }

    @Test func unknownActionsAreKeptWithAWarning() throws {
        let document = #"{"body":{"action":{"destination":"mars","type":"teleport"},"text":"Go","type":"text"},"id":"t","version":"1.0"}"#
        let result = Screen.decode(from: bytes(document))
        let screen = try #require(result.value)
        #expect(screen.body.action == .unknown(type: "teleport", raw: ["type": "teleport", "destination": "mars"]))
        #expect(result.diagnostics.map(\.code) == [.unknownAction])
        #expect(result.diagnostics.first?.path.description == "body.action")
        #expect(text(screen.encoded()) == document)
    }

    @Test func wrongOptionalFieldsAreIgnoredWithAWarningAndTheNodeKept() throws {
        let result = decodeScreen(
            body: ##"{"type":"text","text":"Hi","size":"big","weight":"heavy","colour":"#fff","style":{"padding":"lots"}}"##)
        let screen = try #require(result.value)
        guard case .text(let text) = screen.body.component else {
            Issue.record("text lost")
            return
        }
        #expect(text.text == "Hi")
        #expect(text.attributes.size == nil && text.attributes.weight == nil)
        let byPath = Dictionary(grouping: result.diagnostics, by: \.path.description)
        #expect(byPath["body.size"]?.first?.message.contains("expected a number, found a string") == true)
        #expect(byPath["body.weight"]?.first?.message.contains("expected one of \"regular\", \"medium\", \"semibold\", \"bold\"") == true)
        #expect(byPath["body.colour"]?.first?.code == .unknownField)
        #expect(byPath["body.style.padding"]?.first?.severity == .warning)
        #expect(!result.hasErrors)
    }

    @Test func nodesThatAreNotObjectsOrHaveNoTypeAreDropped() throws {
        let result = decodeScreen(body: #"{"type":"hstack","children":[1,"two",null,{"text":"no type"},{"type":7},{"type":"spacer"}]}"#)
        guard case .hstack(let stack)? = result.value?.body.component else {
            Issue.record("body lost")
            return
        }
        #expect(stack.children.map(\.type) == ["spacer"])
        #expect(result.diagnostics.map(\.path.description) == (0...4).map { "body.children[\($0)]" })
        #expect(result.diagnostics.allSatisfy { $0.code == .droppedNode })
    }

    @Test func listSectionsAreResilientToo() throws {
        let result = decodeScreen(
            body:
                #"{"type":"list","sections":[{"title":"A","children":[{"type":"item","title":"x","url":"javascript:alert(1)"}]},"bad",{"children":[]}]}"#
        )
        guard case .list(let list)? = result.value?.body.component else {
            Issue.record("list lost")
            return
        }
        #expect(list.sections.count == 2)
        guard case .item(let item)? = list.sections.first?.children.first?.component else {
            Issue.record("item lost")
            return
        }
        #expect(item.title == "x" && item.url == nil)
        #expect(result.diagnostics.at("body.sections[0].children[0].url").first?.code == .disallowedURL)
        #expect(result.diagnostics.at("body.sections[1]").first?.message.contains("section dropped") == true)
    }

    @Test func aBodyThatCannotBeDecodedIsAnError() {
        let result = decodeScreen(body: #"{"type":"text"}"#)
        #expect(result.value == nil)
        #expect(result.hasErrors)
        #expect(result.errors.first?.path.description == "body")
    }

    @Test func documentLevelProblemsAreErrors() {
        #expect(Screen.decode(from: bytes("[]")).errors.first?.message.contains("must be a JSON object") == true)
        #expect(Screen.decode(from: bytes(#"{"id":"x","body":{"type":"spacer"}}"#)).errors.first?.message.contains("\"version\"") == true)
        let future = Screen.decode(from: bytes(#"{"version":"2.0","id":"x","body":{"type":"spacer"}}"#))
        #expect(future.value == nil && future.errors.first?.code == .unsupportedVersion)
        let newerMinor = Screen.decode(from: bytes(#"{"version":"1.7","id":"x","body":{"type":"spacer"}}"#))
        #expect(newerMinor.value != nil && newerMinor.warnings.first?.code == .unsupportedVersion)
        let noID = Screen.decode(from: bytes(#"{"version":"1.0","body":{"type":"spacer"}}"#))
        #expect(noID.value != nil && noID.errors.first?.path.description == "$")
    }

    @Test func malformedJSONReportsLineAndColumn() {
        let result = Screen.decode(from: bytes("{\n  \"version\": \"1.0\",\n  \"id\": \"x\"\n  \"body\": {}\n}"))
        #expect(result.value == nil)
        let error = result.errors.first
        #expect(error?.code == .malformedJSON)
        #expect(
            error?.message.hasPrefix("line 4, column 3: unexpected '\"', expected ',' or '}' in object") == true,
            "\(String(describing: error))")
    }

    @Test func duplicateIDsAreErrors() {
        let result = decodeScreen(body: #"{"type":"vstack","children":[{"type":"spacer","id":"a"},{"type":"divider","id":"a"}]}"#)
        #expect(result.errors.map(\.path.description) == ["body.children[1].id"])
        #expect(result.errors.first?.message.contains("already used at body.children[0]") == true)
    }

    @Test func urlsWithSchemesTheAppHasNotAllowedAreRefused() throws {
        for url in [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>", "//evil.example.com/x", "http:/no-host",
            "java\tscript:x", "file:///etc/passwd",
        ] {
            let result = decodeScreen(
                body: #"{"type":"text","text":"x","action":{"type":"navigate","url":\#(text(JSONWriter.write(.string(url))))}}"#)
            #expect(result.value?.body.action == nil, "\(url) was accepted")
            #expect(result.diagnostics.first?.code == .disallowedURL, "\(url): \(result.diagnostics.rendered)")
        }
        for url in ["/cars/42", "cars/42?x=a:b", "https://example.com/a", "HTTP://example.com"] {
            let result = decodeScreen(body: #"{"type":"text","text":"x","action":{"type":"navigate","url":"\#(url)"}}"#)
            #expect(result.value?.body.action == .navigate(url), "\(url): \(result.diagnostics.rendered)")
        }
        let tel = decodeScreen(
            body: #"{"type":"text","text":"x","action":{"type":"open","url":"tel:+33100000000"}}"#,
            options: DecodingOptions(allowedURLSchemes: ["http", "https", "tel"]))
        #expect(tel.value?.body.action == .open("tel:+33100000000"))
    }

    /// The URL check looks at eight bytes at a time: a forbidden byte is found at every offset,
    /// in an escaped string too (checked after unescaping), and a URL without one is not refused.
    @Test func aForbiddenByteAnywhereInAURLIsRefused() {
        let policy = URLPolicy()
        let clean = "https://images.example.com/products/1234567.jpg"
        #expect(policy.check(clean) == .absolute(scheme: "https"))
        for forbidden in [" ", "\t", "\n", "\u{7F}", "\\", "\u{01}"] {
            for offset in 8..<clean.count {
                var url = Array(clean)
                url.insert(Character(forbidden), at: offset)
                let verdict = policy.check(String(url))
                guard case .refused = verdict else {
                    Issue.record("\(String(url).debugDescription) was not refused: \(verdict)")
                    continue
                }
            }
        }
        let escaped = decodeScreen(body: #"{"type":"image","url":"https://example.com/a\u0020b/cdefghijk.jpg"}"#)
        #expect(escaped.value == nil)
        #expect(escaped.diagnostics.first?.path.description == "body.url", "\(escaped.diagnostics.rendered)")
        #expect(escaped.diagnostics.first?.message.contains("contains whitespace") == true, "\(escaped.diagnostics.rendered)")
        let nonASCII = decodeScreen(body: #"{"type":"image","url":"https://example.com/caf\#u{E9}/\#u{1F600}.jpg"}"#)
        #expect(nonASCII.value != nil, "\(nonASCII.diagnostics.rendered)")
    }

    /// A repeated member name counts its last value, in objects whose members the reader keeps at
    /// hand (up to sixteen) and in larger ones alike.
    @Test func aRepeatedMemberCountsItsLastValueInSmallAndLargeObjects() throws {
        let small = decodeScreen(body: #"{"type":"text","text":"first","size":12,"text":"last"}"#)
        #expect(small.value?.body.component == .text(Component.Text("last", attributes: TextAttributes(size: 12))))
        let padding = (0..<20).map { #""x\#($0)":\#($0)"# }.joined(separator: ",")
        let large = decodeScreen(body: #"{"type":"text","text":"first",\#(padding),"size":12,"text":"last"}"#)
        #expect(large.value?.body.component == .text(Component.Text("last", attributes: TextAttributes(size: 12))))
        #expect(large.diagnostics.filter { $0.code == .unknownField }.count == 20, "\(large.diagnostics.rendered)")
    }

    @Test func everyActionRoundTrips() throws {
        let actions: [Action] = [
            .navigate("/a"), .open("https://example.com"), .intent("refresh"), .intent("book", payload: ["car": 42]),
            .back, .dismiss, .present("/terms", style: .sheet), .setState("tab", "photos"), .reload,
            .sequence([.track("tap"), .back]), .track("opened", properties: ["from": "home"]),
        ]
        let screen = Screen(
            id: "actions", body: VStack { for (index, action) in actions.enumerated() { Text("\(index)").onTap(action) } }.node)
        let result = Screen.decode(from: screen.encoded())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered)")
        #expect(result.value == screen)
    }

    @Test func codableConformanceUsesTheSameFormat() throws {
        let screen = citiesScreen(exampleCities)
        let data = try JSONEncoderForTests.encode(screen)
        let decoded = try JSONDecoderForTests.decode(Screen.self, from: data)
        #expect(decoded == screen)
        #expect(throws: DecodingError.self) {
            try JSONDecoderForTests.decode(Screen.self, from: bytesData(#"{"version":"9.0","id":"x","body":{"type":"spacer"}}"#))
        }
    }
}

let JSONEncoderForTests = JSONEncoder()
let JSONDecoderForTests = JSONDecoder()
func bytesData(_ string: String) -> Data { Data(string.utf8) }
