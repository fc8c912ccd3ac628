import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer
import Testing

/// Variables, bindings, `set` and `states` over a real socket, to clients of every format: a
/// client before 1.2 gets the screen the initial values make, with no expression anywhere; a 1.2
/// client gets the bindings as written.
@Suite struct OldClientVariableTests {
    static let product = #"""
        {"version": "1.2", "id": "product", "title": "Trail shoes", "state": {"coupon": "none"},
         "variables": [
           {"name": "cartCount", "type": "integer", "value": 2},
           {"name": "price", "type": "number", "value": 24.5},
           {"name": "accent", "type": "color", "value": "#FFD32F2F"},
           {"name": "tab", "type": "string", "value": "tab.reviews"},
           {"name": "data", "type": "dict", "value": {}}],
         "body": {"type": "vstack", "children": [
           {"type": "text", "id": "count", "text": "literal", "bindings": {"text": "@{cartCount} items"}},
           {"type": "text", "id": "total", "text": "", "bindings": {"text": "Total: @{toNumber(cartCount) * price}"}},
           {"type": "text", "id": "in-cart", "text": "In your cart", "bindings": {"visible": "@{cartCount > 0}"}},
           {"type": "text", "id": "empty", "text": "Your cart is empty", "bindings": {"visible": "@{cartCount == 0}"}},
           {"type": "button", "id": "checkout", "title": "Check out", "enabled": false, "bindings": {"enabled": "@{cartCount > 1}"},
            "action": {"type": "intent", "name": "checkout"}},
           {"type": "text", "id": "coloured", "text": "Colour", "color": "#0000ff", "bindings": {"color": "@{accent}"}},
           {"type": "button", "id": "add", "title": "Add to cart", "action": {"type": "set", "variable": "cartCount", "value": "@{cartCount + 1}"}},
           {"type": "button", "id": "add-and-track", "title": "Add and tell",
            "action": {"type": "sequence", "actions": [
              {"type": "set", "variable": "cartCount", "value": "@{cartCount + 1}"},
              {"type": "intent", "name": "added"}]}},
           {"type": "button", "id": "show-details", "title": "Details", "action": {"type": "setState", "key": "tab", "value": "tab.details"}},
           {"type": "states", "id": "tabs", "variable": "tab", "children": [
             {"type": "text", "id": "tab.details", "text": "Light, with a grippy sole."},
             {"type": "text", "id": "tab.reviews", "text": "Best shoes I have owned."}]},
           {"type": "text", "id": "missing", "text": "kept", "bindings": {"text": "@{getStringFromDict(data, 'missing')}"}}]}}
        """#

    static func screen() throws -> Screen {
        let decoded = Screen.decode(from: Array(Self.product.utf8))
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics)")
        return try #require(decoded.value)
    }

    func withServer(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let product = try Self.screen()
        let setEffect = try #require(
            Action.decode(from: ["type": "set", "variable": "cartCount", "value": "@{cartCount + 10}"]).value)
        var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
        routes.screen("product") { _ in product }
        routes.intent("added", on: "product") { _ in
            IntentResult(screen: product, effects: [setEffect, .setState("coupon", "welcome")])
        }
        let router = Router()
        routes.addRoutes(to: router)
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.ahc(.http), body)
    }

    /// What an app of `version` that knows every component and action of its time declares.
    static func headers(version: String, listingNewTypes: Bool = false) -> HTTPFields {
        let newComponents: Set<String> = listingNewTypes ? [] : ["states"]
        let newActions: Set<String> = listingNewTypes ? [] : ["set"]
        return [
            .screenplayVersion: version,
            .screenplayComponents: ComponentKind.allCases.map(\.rawValue).filter { !newComponents.contains($0) }.joined(separator: ","),
            .screenplayActions: Action.knownTypes.filter { !newActions.contains($0) }.joined(separator: ","),
            .accept: "application/json",
        ]
    }

    static func text(_ buffer: ByteBuffer) -> String { String(decoding: buffer.readableBytesView, as: UTF8.self) }

    static func json(_ buffer: ByteBuffer) throws -> JSONValue { try JSONParser.parse(Array(buffer.readableBytesView)) }

    /// The node with `id` anywhere in `json`.
    static func node(_ id: String, in json: JSONValue) -> JSONValue? {
        if json["id"] == .string(id) { return json }
        switch json {
        case .object(let members):
            for key in members.keys.sorted() { if let found = node(id, in: members[key]!) { return found } }
        case .array(let elements):
            for element in elements { if let found = node(id, in: element) { return found } }
        default: break
        }
        return nil
    }

    /// Every action type in `json`.
    static func actionTypes(in json: JSONValue) -> Set<String> {
        var types: Set<String> = []
        func walk(_ value: JSONValue, isAction: Bool) {
            switch value {
            case .object(let members):
                if isAction, let type = members["type"]?.stringValue { types.insert(type) }
                for (key, member) in members { walk(member, isAction: ["action", "actions", "effects"].contains(key)) }
            case .array(let elements):
                for element in elements { walk(element, isAction: isAction) }
            default: break
            }
        }
        walk(json, isAction: false)
        return types
    }

    /// What a client before 1.2 must get: the initial values written in, no expression, no variable.
    static func expectResolved(_ body: ByteBuffer, _ label: String) throws {
        let text = Self.text(body)
        #expect(!text.contains("@{"), "\(label): an expression reached an old client: \(text)")
        let json = try Self.json(body)
        let screen = json["screen"] ?? json
        #expect(screen["variables"] == nil, "\(label): variables sent")
        #expect(Self.node("count", in: screen)?["bindings"] == nil, "\(label): bindings sent")
        #expect(
            screen["state"]
                == [
                    "coupon": "none", "cartCount": 2, "price": 24.5, "accent": "#FFD32F2F", "tab": "tab.reviews", "data": [:],
                ],
            "\(label): the variables are not in the state: \(screen["state"] ?? .null)")
        #expect(Self.node("count", in: screen)?["text"] == "2 items", "\(label)")
        #expect(Self.node("total", in: screen)?["text"] == "Total: 49.0", "\(label)")
        #expect(Self.node("in-cart", in: screen) != nil, "\(label): a node its binding shows was left out")
        #expect(Self.node("empty", in: screen) == nil, "\(label): a node its binding hides was sent")
        #expect(Self.node("checkout", in: screen)?["enabled"] == nil, "\(label): enabled is true, the default, left out")
        #expect(Self.node("coloured", in: screen)?["color"] == "#d32f2f", "\(label)")
        #expect(Self.node("missing", in: screen)?["text"] == "kept", "\(label): a failing binding keeps its literal")
        #expect(!Self.actionTypes(in: json).contains("set"), "\(label): a set action reached an old client")
        // The add button has nothing it can do; the sequence keeps its intent.
        #expect(Self.node("add", in: screen)?["action"] == nil, "\(label)")
        #expect(
            Self.node("add-and-track", in: screen)?["action"] == ["type": "sequence", "actions": [["type": "intent", "name": "added"]]],
            "\(label)")
        // The document names a version its reader knows (a 1.1 reader warns of a newer one).
        let version = screen["version"]?.stringValue.flatMap { FormatVersion($0) }
        #expect(version.map { $0 < .expressions } == true, "\(label): version \(screen["version"] ?? .null)")
    }

    @Test(arguments: ["1.0", "1.1"])
    func aClientBeforeFormat12GetsTheScreenItsInitialValuesMake(version: String) async throws {
        try await withServer { client in
            try await client.execute(uri: "/screens/product", method: .get, headers: Self.headers(version: version)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.vary]?.contains("Screenplay-Version") == true)
                try Self.expectResolved(response.body, "GET \(version)")
                // The state switch is the child the initial value chooses, in its place.
                let json = try Self.json(response.body)
                #expect(Self.node("tab.reviews", in: json) != nil)
                #expect(Self.node("tab.details", in: json) == nil)
                #expect(Self.text(response.body).contains(#""type":"states""#) == false)
            }
            var intent = Self.headers(version: version)
            intent[.contentType] = "application/json"
            let body = ByteBuffer(bytes: JSONWriter.write(["name": "added", "state": ["cartCount": 3]]))
            try await client.execute(uri: "/screens/product/intents", method: .post, headers: intent, body: body) { response in
                #expect(response.status == .ok, "\(Self.text(response.body))")
                try Self.expectResolved(response.body, "intent \(version)")
                // The set effect is dropped; the setState stays.
                let effects = try Self.json(response.body)["effects"]?.arrayValue ?? []
                #expect(effects == [["type": "setState", "key": "coupon", "value": "welcome"]], "\(effects)")
            }
        }
    }

    /// An old client that lists the new names anyway (a wrong header, an app that copied a newer
    /// list) still never receives an expression: the format version decides.
    @Test func anOldClientListingSetAndStatesStillGetsNoExpression() async throws {
        try await withServer { client in
            let headers = Self.headers(version: "1.1", listingNewTypes: true)
            try await client.execute(uri: "/screens/product", method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                let text = Self.text(response.body)
                #expect(!text.contains("@{"), "an expression reached a 1.1 client listing set: \(text)")
                let json = try Self.json(response.body)
                #expect(!Self.actionTypes(in: json).contains("set"))
                #expect(json["state"]?["cartCount"] == 2)
                #expect(Self.node("count", in: json)?["text"] == "2 items")
            }
        }
    }

    @Test func aFormat12ClientGetsTheBindings() async throws {
        try await withServer { client in
            let headers = Self.headers(version: "1.2", listingNewTypes: true)
            try await client.execute(uri: "/screens/product", method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                let json = try Self.json(response.body)
                #expect(json["variables"]?.arrayValue?.count == 5)
                #expect(json["state"] == ["coupon": "none"])
                #expect(Self.node("count", in: json)?["bindings"] == ["text": "@{cartCount} items"])
                #expect(Self.node("empty", in: json)?["bindings"] == ["visible": "@{cartCount == 0}"], "a hidden node is sent")
                #expect(Self.node("add", in: json)?["action"] == ["type": "set", "value": "@{cartCount + 1}", "variable": "cartCount"])
                #expect(Self.node("tabs", in: json)?["type"] == "states")
                #expect(Self.node("tab.details", in: json) != nil)
            }
            var intent = headers
            intent[.contentType] = "application/json"
            let body = ByteBuffer(bytes: JSONWriter.write(["name": "added"]))
            try await client.execute(uri: "/screens/product/intents", method: .post, headers: intent, body: body) { response in
                #expect(response.status == .ok)
                let effects = try Self.json(response.body)["effects"]?.arrayValue ?? []
                #expect(effects.first?["type"] == "set", "\(effects)")
            }
        }
    }
}
