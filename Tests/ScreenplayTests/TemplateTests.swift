import Foundation
import ScreenplayDSL
import ScreenplayTestSupport
import Testing

@testable import Screenplay

struct TemplateTests {
    @Test func repeatedNodesBecomeOneTemplateAndDecodeBackExactly() throws {
        let screen = SampleScreens.gallery(count: 200)
        let plain = screen.encoded()
        let templated = screen.encoded(templates: .automatic)
        #expect(templated.count * 2 < plain.count, "\(templated.count) vs \(plain.count)")
        let json = try JSONParser.parse(templated)
        #expect(json["version"]?.stringValue == "1.1")
        let templates = try #require(json["templates"]?.objectValue)
        #expect(templates.count == 1)
        // What differs (id, link, image, title, price) is a parameter; the rest is in the template.
        let instance = try #require(json["body"]?["children"]?.arrayValue?.first?.objectValue)
        #expect(instance.count == 6, "\(instance)")
        let result = Screen.decode(from: templated)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.value == screen, "expanded, the document is the screen it was written from")
    }

    @Test func aScreenWithoutRepeatsOrUnder2KBIsWrittenAsItIs() {
        let screen = Screen(id: "s") {
            Text("one")
            Image("https://images.example.com/a.jpg")
        }
        #expect(Screen.applyingTemplates(toEncoded: screen.encoded(), minimumBytes: 0) == nil)
        #expect(screen.encoded(templates: .automatic) == screen.encoded())
        let small = SampleScreens.gallery(count: 4)
        #expect(small.encoded().count < Screen.templatesMinimumBytes)
        #expect(small.encoded(templates: .automatic) == small.encoded())
        #expect(Screen.applyingTemplates(toEncoded: small.encoded(), minimumBytes: 0) != nil)
    }

    /// For random screens, and random screens with repeated parts, the templated form decodes to
    /// exactly the screen.
    @Test func randomScreensSurviveTheTemplatedForm() {
        var generator = ScreenGenerator(random: SplitMix64(seed: 7))
        var templatedCount = 0
        for _ in 0..<300 {
            let screen = generator.screen()
            let repeated = Screen(id: screen.id, body: VStack(children: Array(repeating: screen.body, count: 4)).node)
            for candidate in [screen, repeated] {
                let plain = candidate.encoded()
                let bytes = Screen.applyingTemplates(toEncoded: plain, minimumBytes: 0) ?? plain
                if bytes != plain { templatedCount += 1 }
                let decoded = Screen.decode(from: bytes, options: DecodingOptions(limits: .unlimited))
                #expect(decoded.value?.body == candidate.body, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(templatedCount > 100, "only \(templatedCount) screens used templates")
    }

    @Test func hostileTemplatesAreRefusedWithTheirPaths() throws {
        // A template that uses a template, a built-in name, a bad binding: each is refused.
        let document = #"""
            {"version":"1.1","id":"t","templates":{
              "a":{"type":"vstack","children":[{"type":"b"}]},
              "b":{"type":"text","$text":"x"},
              "text":{"type":"text","text":"shadow"},
              "c":{"type":"text","$text":7}},
             "body":{"type":"vstack","children":[{"type":"b","x":"ok"},{"type":"a"},{"type":"c"},{"type":"text","text":"plain"}]}}
            """#
        let result = Screen.decode(from: Array(document.utf8))
        let screen = try #require(result.value)
        guard case .vstack(let stack) = screen.body.component else {
            Issue.record("not a stack")
            return
        }
        #expect(stack.children.first == Text("ok").node)
        #expect(stack.children.last == Text("plain").node)
        let paths = result.diagnostics.map(\.path.description)
        #expect(paths.contains("templates.a"), "\(result.diagnostics)")
        #expect(paths.contains("templates.text"), "\(result.diagnostics)")
        #expect(paths.contains("templates.c"), "\(result.diagnostics)")
    }

    /// A small document cannot unfold into a huge one: past the limit, instances are dropped.
    /// A binding or a parameter whose name is written with escapes binds as its plain spelling,
    /// in every instance, and a value with escapes is kept as it was written.
    @Test func escapedNamesBindAsTheirPlainSpelling() throws {
        let document = #"""
            {"version":"1.1","id":"t","templates":{"t0":{"type":"text","size":15,"\u0024text":"\u0061"}},
             "body":{"type":"vstack","children":[
               {"type":"t0","a":"one"},{"type":"t0","a":"tw\u006f"},{"type":"t0","a":"\"three\""}]}}
            """#
        let result = Screen.decode(from: Array(document.utf8))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let screen = try #require(result.value)
        let expected = Screen(id: "t") {
            VStack {
                Text("one", size: 15)
                Text("two", size: 15)
                Text("\"three\"", size: 15)
            }
        }
        #expect(screen == expected)
    }

    /// An instance's values may be containers (with instances of their own inside), and a
    /// parameter an instance does not give leaves its member out: the screen is the one written
    /// out plain.
    @Test func containerValuesAndMissingParametersExpandAsWrittenOut() throws {
        let templated = #"""
            {"version":"1.1","id":"t","templates":{
              "card":{"type":"vstack","spacing":4,"$action":"act","$children":"kids","$id":"key"},
              "label":{"type":"text","$text":"t","size":12}},
             "body":{"type":"vstack","children":[
               {"type":"card","act":{"type":"navigate","url":"/a"},"kids":[{"type":"label","t":"one"},{"type":"text","text":"two"}],"key":"c1"},
               {"type":"card","kids":[],"key":"c2"},
               {"type":"card","act":{"type":"back"},"kids":[{"type":"label","t":"three"}]}]}}
            """#
        let plain = #"""
            {"version":"1.0","id":"t","body":{"type":"vstack","children":[
               {"type":"vstack","spacing":4,"action":{"type":"navigate","url":"/a"},
                "children":[{"type":"text","text":"one","size":12},{"type":"text","text":"two"}],"id":"c1"},
               {"type":"vstack","spacing":4,"children":[],"id":"c2"},
               {"type":"vstack","spacing":4,"action":{"type":"back"},"children":[{"type":"text","text":"three","size":12}]}]}}
            """#
        let expanded = Screen.decode(from: Array(templated.utf8))
        let written = Screen.decode(from: Array(plain.utf8))
        #expect(expanded.diagnostics.isEmpty, "\(expanded.diagnostics.rendered)")
        let screen = try #require(expanded.value)
        #expect(screen == written.value)
        #expect(screen.body.component.children.map(\.id) == ["c1", "c2", nil])
    }

    /// A template's constant strings are one place in the document: every instance shares the
    /// string made from it, and its markup is checked once but reported at every instance, exactly
    /// as the same document written out plain is.
    @Test func aTemplatesConstantsAreSharedAndTheirProblemsReportedForEveryInstance() throws {
        let detail = "from <strong>Wed</strong> to <blink>Sat</blink>, a detail long enough to be allocated"
        let instances = (0..<4).map { #"{"type":"t0","a":"Driver \#($0)","b":"row.\#($0)"}"# }.joined(separator: ",")
        let templated = Array(
            #"""
            {"version":"1.1","id":"s","templates":{"t0":{"type":"item","detail":\#(text(JSONWriter.write(.string(detail)))),"$title":"a","$id":"b"}},
             "body":{"type":"list","sections":[{"children":[\#(instances)]}]}}
            """#.utf8)
        let result = Screen.decode(from: templated)
        let items = try #require(result.value?.body.component.children)
        #expect(items.count == 4)
        let details = items.compactMap { item -> String? in
            guard case .item(let item) = item.component else { return nil }
            return item.detail
        }
        #expect(details == Array(repeating: detail, count: 4))
        let markupPaths = result.diagnostics.filter { $0.code == .markup }.map(\.path.description)
        #expect(markupPaths == (0..<4).map { "body.sections[0].children[\($0)].detail" }, "\(result.diagnostics.rendered)")
        let plain = try #require(result.value).encoded()
        #expect(Screen.decode(from: plain).diagnostics == result.diagnostics)
    }

    @Test func expansionIsBounded() throws {
        let wide = (0..<200).map { _ in #"{"type":"text","text":"xxxxxxxx"}"# }.joined(separator: ",")
        let instances = (0..<6_000).map { _ in #"{"type":"w"}"# }.joined(separator: ",")
        let document =
            #"{"version":"1.1","id":"t","templates":{"w":{"type":"vstack","children":["# + wide
            + #"]}},"body":{"type":"vstack","children":["# + instances + "]}}"
        #expect(document.utf8.count < 200_000)
        let result = Screen.decode(from: Array(document.utf8))
        guard case .vstack(let stack) = result.value?.body.component else {
            Issue.record("no body")
            return
        }
        #expect(stack.children.count < 6_000)
        #expect(result.diagnostics.contains { $0.code == .limitExceeded })
    }
}
