import Foundation
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer
import Testing

/// A slot is published through the admin API only when every binding of its content reads, is
/// bounded and gives its property's type: anything else is a 422 `invalidContent` naming the
/// binding's JSON path, and nothing is stored. On SQLite and, where it runs, PostgreSQL.
@Suite struct SlotBindingTests {
    /// `content` as a slot's document whose text node has `bindings`.
    static func document(_ bindings: String, translated: Bool = false) -> String {
        let node = #"{"type": "text", "id": "promo.line", "text": "Free delivery", "bindings": \#(bindings)}"#
        if translated {
            return #"{"content": {"type": "text", "text": "fine"}, "translations": {"fr": {"type": "vstack", "children": [\#(node)]}}}"#
        }
        return #"{"content": {"type": "vstack", "children": [{"type": "text", "text": "first"}, \#(node)]}}"#
    }

    /// An expression nested `depth` parentheses deep.
    static func nested(_ depth: Int) -> String {
        String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
    }

    static func problems(_ response: TransportResponse) -> [(path: String, message: String)] {
        (ScreenplayError(status: response.status, body: response.body)?.problems ?? []).map { ($0.path.description, $0.message) }
    }

    static let refused: [(name: String, bindings: String, path: String)] = [
        ("does not parse", #"{"text": "@{1 +}"}"#, "content.children[1].bindings.text"),
        ("unclosed", #"{"text": "@{cartCount"}"#, "content.children[1].bindings.text"),
        ("nested too deep", #"{"text": "@{\#(nested(65))}"}"#, "content.children[1].bindings.text"),
        ("type-wrong visible", #"{"visible": "@{1 + 1}"}"#, "content.children[1].bindings.visible"),
        ("type-wrong colour", #"{"color": "@{true}"}"#, "content.children[1].bindings.color"),
        ("not bindable", #"{"children": "@{1}"}"#, "content.children[1].bindings.children"),
        ("undeclared variable", #"{"text": "@{cartCount} items"}"#, "content.children[1].bindings.text"),
        ("undeclared in visible", #"{"visible": "@{cartCount > 0}"}"#, "content.children[1].bindings.visible"),
    ]

    @Test(arguments: Backend.available)
    func aSlotWithABadBindingIsRefusedWithItsPath(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        for (name, bindings, path) in Self.refused {
            for dryRun in [true, false] {
                let answer = try await instance.send(
                    .put, "/admin/slots/home.promo" + (dryRun ? "?dryRun=true" : ""), body: Self.document(bindings))
                #expect(answer.status == .unprocessableContent, "\(name): \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
                let problems = Self.problems(answer)
                #expect(problems.contains { $0.path == path }, "\(name): \(problems)")
                #expect(ScreenplayError(status: answer.status, body: answer.body)?.code == "invalidContent", "\(name)")
            }
            // A translation is checked as the content is, with its own path.
            let translated = try await instance.send(.put, "/admin/slots/home.promo", body: Self.document(bindings, translated: true))
            #expect(translated.status == .unprocessableContent, "\(name) in a translation")
            let frPath = "translations.fr.children[0].bindings." + (path.split(separator: ".").last.map(String.init) ?? "")
            #expect(Self.problems(translated).contains { $0.path == frPath }, "\(name) in a translation: \(Self.problems(translated))")
        }
        // Nothing was stored, and the screen still shows its fallback.
        #expect(try await instance.control.version(of: "home.promo") == nil)
        #expect(try await instance.send(.get, "/admin/slots/home.promo").status == .notFound)
    }

    @Test(arguments: Backend.available)
    func aSlotWithBindingsOfLiteralsIsPublished(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        // 64 levels are within the bound; constant bindings read no variable.
        let fine = Self.document(#"{"text": "@{\#(Self.nested(60))} left", "visible": "@{2 > 1}"}"#)
        let answer = try await instance.send(.put, "/admin/slots/home.promo", body: fine)
        #expect(answer.status == .created, "\(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
        #expect(try await instance.control.version(of: "home.promo")?.version == 1)
    }
}
