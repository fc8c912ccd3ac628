import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer
import Testing

/// A field's rules are checked again by the server on an intent that asks for it: the rules the
/// screen sent, on the values as their masks read them, never trusting the client.
@Suite struct FieldValidationTests {
    static func card() -> Screen {
        Screen(id: "card", state: ["cardNumber": "", "expiry": "", "note": ""], intents: "/screens/card/intents") {
            TextField(
                key: "cardNumber", label: "Card number",
                rules: [
                    .required(message: "Enter your card number"), .pattern(try! TextPattern("[0-9]{12,19}"), message: "12 to 19 digits"),
                ],
                mask: .card)
            TextField(
                key: "expiry", label: "Expiry",
                rules: [.pattern(try! TextPattern("(0[1-9]|1[0-2])[0-9]{2}"), allowEmpty: false, message: "MM/YY")],
                mask: .date(format: "MM/YY"))
            TextField(key: "note", label: "Note")
            Button("Pay", action: .sequence([.validate(), .intent("pay")]))
        }
    }

    func withServer(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
        routes.screen("card") { _ in Self.card() }
        routes.intent("pay", on: "card", validatingFields: true) { _ in IntentResult(effects: [.track("paid")]) }
        routes.intent("cancel", on: "card") { _ in IntentResult(effects: [.track("cancelled")]) }
        let router = Router()
        routes.addRoutes(to: router)
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.ahc(.http), body)
    }

    static func intent(_ name: String, _ state: [String: JSONValue]) -> ByteBuffer {
        ByteBuffer(bytes: JSONWriter.write(.object(["name": .string(name), "state": .object(state)])))
    }

    static let headers: HTTPFields = [.contentType: "application/json", .accept: "application/json"]

    @Test func anInvalidFieldIsA422AtItsPathAndTheHandlerDoesNotRun() async throws {
        try await withServer { client in
            try await client.execute(
                uri: "/screens/card/intents", method: .post, headers: Self.headers,
                body: Self.intent("pay", ["cardNumber": "4242", "expiry": "13/29", "note": "@{1/0}"])
            ) { response in
                #expect(response.status == .unprocessableContent)
                let json = try JSONParser.parse(Array(response.body.readableBytesView))
                let problems = json["error"]?["problems"]?.arrayValue ?? []
                #expect(problems.map { $0["path"]?.stringValue } == ["state.cardNumber", "state.expiry"])
                #expect(problems.map { $0["message"]?.stringValue } == ["12 to 19 digits", "MM/YY"])
                #expect(json["error"]?["code"] == "invalidFields")
            }
        }
    }

    @Test func valuesTypedWithoutTheMaskAreReadAsTheMaskReadsThem() async throws {
        try await withServer { client in
            // An old client sends what the user typed, formatted; a new one the raw values.
            for state: [String: JSONValue] in [
                ["cardNumber": "4242 4242 4242 4242", "expiry": "12/29"], ["cardNumber": "4242424242424242", "expiry": "1229"],
            ] {
                try await client.execute(
                    uri: "/screens/card/intents", method: .post, headers: Self.headers, body: Self.intent("pay", state)
                ) { response in
                    #expect(response.status == .ok, "\(state)")
                }
            }
            // An intent that does not ask for valid fields runs whatever they hold.
            try await client.execute(
                uri: "/screens/card/intents", method: .post, headers: Self.headers, body: Self.intent("cancel", ["cardNumber": "x"])
            ) { response in
                #expect(response.status == .ok)
            }
        }
    }
}

/// The rules as the device decides them: shown once a field is left or validated, the server's
/// word first, the value as its mask reads it.
@Suite struct FieldRuleModelTests {
    @Test func rulesAndMasksRoundTripAndValidateIsAnAction() throws {
        let screen = FieldValidationTests.card()
        let again = try #require(Screen.decode(from: screen.encoded()).value)
        #expect(again == screen)
        #expect(again.fieldRules.keys.sorted() == ["cardNumber", "expiry"])
        #expect(again.usesInputs)
        let text = String(decoding: screen.encoded(), as: UTF8.self)
        #expect(text.contains(#""mask":{"type":"card"}"#), "\(text)")
        #expect(text.contains(#"{"type":"validate"}"#))
        let old = screen.adapted(
            to: ClientCapabilities(
                version: FormatVersion(1, 1), components: ClientCapabilities.full.components,
                actions: ClientCapabilities.full.actions.subtracting(["validate", "set"]))
        ).screen
        #expect(!String(decoding: old.encoded(), as: UTF8.self).contains("validate"), "a client without validate lets the server check")
    }

    @Test func theDeviceAndTheServerRunOneCheck() {
        let screen = FieldValidationTests.card()
        #expect(screen.fieldProblems(in: ["cardNumber": "4242 4242 4242 4242", "expiry": "12/29"]).isEmpty)
        let problems = screen.fieldProblems(in: ["cardNumber": "", "expiry": "1"])
        #expect(problems["cardNumber"]?.message == "Enter your card number")
        #expect(problems["expiry"]?.message == "MM/YY")
        #expect(screen.fieldProblems(in: [:], fields: ["expiry"]).keys.sorted() == ["expiry"])
    }

    @Test func aMalformedRuleOrMaskCostsItselfWithItsPath() throws {
        let json = """
            {"version": "1.2", "id": "s", "body": {"type": "textField", "key": "k",
              "rules": [{"type": "pattern", "pattern": "(a", "message": "m"}, {"type": "telepathy", "message": "?"},
                        {"type": "required", "message": "Required"}],
              "mask": {"type": "fixed"}}}
            """
        let result = Screen.decode(from: Array(json.utf8))
        let screen = try #require(result.value)
        guard case .textField(let field) = screen.body.component else {
            Issue.record("the field is kept")
            return
        }
        #expect(field.rules.count == 1 && field.rules.isRequired)
        #expect(field.mask == nil)
        let paths = result.diagnostics.map(\.path.description)
        #expect(paths.contains { $0.hasPrefix("body.rules[0]") }, "\(result.diagnostics)")
        #expect(paths.contains { $0.hasPrefix("body.rules[1]") })
        #expect(paths.contains { $0.hasPrefix("body.mask") })
    }
}
