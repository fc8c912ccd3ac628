import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayPresentation
import ScreenplayServer
import Testing

/// The Movile write-up's payment flow, walked to its end under both variants, over loopback.
@Suite struct CheckoutFlowTests {
    static let signer = StateSigner.development()

    struct Step {
        let screen: Screen
        let token: String?
    }

    static func start(
        _ client: some TestClientProtocol, variant: String, language: String = "en", version: FormatVersion = FormatVersion(1, 0)
    ) async throws -> Step {
        var headers = LiveServerTests.allComponents
        headers[.screenplayVersion] = version.description
        headers[.screenplayExperiments] = "checkoutOrder=\(variant)"
        headers[.acceptLanguage] = language
        return try await client.execute(uri: "/screens/checkout", method: .get, headers: headers) { response in
            Step(screen: try LiveServerTests.screen(response), token: response.headers[.screenplayStateToken])
        }
    }

    /// An intent to the checkout from a client of `version`.
    static func post(
        _ client: some TestClientProtocol, _ body: JSONValue, language: String = "en", version: FormatVersion = FormatVersion(1, 0)
    ) async throws -> TestResponse {
        var headers = LiveServerTests.allComponents
        headers[.screenplayVersion] = version.description
        headers[.contentType] = "application/json"
        headers[.acceptLanguage] = language
        return try await client.execute(
            uri: "/screens/checkout/intents", method: .post, headers: headers, body: ByteBuffer(bytes: JSONWriter.write(body)))
    }

    static func `continue`(
        _ client: some TestClientProtocol, from step: Step, state: [String: JSONValue], language: String = "en",
        version: FormatVersion = FormatVersion(1, 0)
    ) async throws -> (Step, JSONValue) {
        let response = try await Self.post(
            client,
            [
                // The confirm step is left by paying.
                "name": .string(step.screen.id == "checkout.confirm" ? "pay" : "continue"),
                "state": .object(step.screen.state.merging(state) { $1 }), "stateToken": .string(step.token ?? ""),
            ], language: language, version: version)
        #expect(response.status == .ok)
        let body = try LiveServerTests.json(response)
        let screen = try #require(Screen.decode(from: body["screen"] ?? .null).value)
        return (Step(screen: screen, token: body["stateToken"]?.stringValue), body)
    }

    static let signUp: [String: JSONValue] = ["name": "Ana", "email": "ana@example.com"]
    static let card: [String: JSONValue] = ["cardNumber": "4242 4242 4242 4242", "expiry": "12/29"]

    @Test(arguments: [("signUpFirst", ["checkout.signUp", "checkout.addCard"]), ("cardFirst", ["checkout.addCard", "checkout.signUp"])])
    func theFlowWalksToItsEnd(variant: String, firstSteps: [String]) async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: Self.signer).test(.ahc(.http)) { client in
            var step = try await Self.start(client, variant: variant)
            var visited = [step.screen.id]
            for _ in 0..<3 {
                let input = step.screen.id == "checkout.signUp" ? Self.signUp : (step.screen.id == "checkout.addCard" ? Self.card : [:])
                let (next, body) = try await Self.continue(client, from: step, state: input)
                step = next
                visited.append(step.screen.id)
                if step.screen.id == "checkout.done" {
                    #expect(body["effects"] == [["type": "track", "event": "checkout_done", "properties": ["variant": .string(variant)]]])
                }
            }
            #expect(visited == firstSteps + ["checkout.confirm", "checkout.done"])
        }
    }

    @Test func badInputShowsTheStepAgainWithTheReasonAndKeepsWhatWasTyped() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: Self.signer).test(.ahc(.http)) { client in
            let step = try await Self.start(client, variant: "signUpFirst", language: "fr")
            let (again, _) = try await Self.continue(client, from: step, state: ["name": "Ana", "email": "not-an-email"], language: "fr")
            #expect(again.screen.id == "checkout.signUp")
            #expect(again.screen.state["email"] == "not-an-email")
            #expect(OutlineRenderer.render(again.screen).contains("Saisissez une adresse e-mail valide."))
            // A client cannot skip a step: the step travels signed.
            let forged = StateSigner.development().token(for: ["step": "confirm", "variant": "signUpFirst"], user: nil, screen: "checkout")
            let response = try await IntentTests.post(
                client, "/screens/checkout/intents", ["name": "continue", "stateToken": .string(forged)])
            #expect(response.status == .badRequest)
            let missing = try await IntentTests.post(client, "/screens/checkout/intents", ["name": "continue"])
            #expect(try LiveServerTests.json(missing)["error"]?["code"] == "missingState")
        }
    }

    /// The card step's fields are checked by the server as the device checks them: a card POSTed
    /// straight to the intent (no device check) is a 422 at `state.cardNumber` with the very
    /// message the device shows for it, in the screen's language, under either variant; the step's
    /// token is not spent by the refusal, and a valid card then goes on.
    @Test(arguments: ["en", "fr", "de"])
    func anInvalidCardIsA422AtTheFieldInTheFieldsOwnWords(language: String) async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: Self.signer).test(.ahc(.http)) { client in
            for variant in ["cardFirst", "signUpFirst"] {
                // A client of today's format, which checks the field as the server does.
                var step = try await Self.start(client, variant: variant, language: language, version: .latest)
                if step.screen.id == "checkout.signUp" {
                    (step, _) = try await Self.continue(client, from: step, state: Self.signUp, language: language, version: .latest)
                }
                #expect(step.screen.id == "checkout.addCard")
                let arabicIndic = String(
                    String.UnicodeScalarView("4242424242424242".unicodeScalars.map { Unicode.Scalar($0.value - 0x30 + 0x660)! }))
                let hostile: [(card: String, problem: Bool)] = [
                    ("4242 4242 4242 424", true), // a Visa number of 15 digits
                    ("4242424242424241", true), // a typo: the check digit is wrong
                    ("3782-822463-10006", true), // an Amex number with a typo, hyphens typed
                    ("4242abcd", true), // letters
                    (String(repeating: "4", count: 30), true),
                    ("4111000000000000001" + "42424242424", true), // a valid 19-digit number and 11 digits more
                    ("4242424242424242abc", true), // a valid number and letters
                    ("", true),
                    ("   ", true),
                    ("5555 5555 5555 4445", true),
                    (arabicIndic, false), // Arabic-Indic digits are read as the mask reads them
                ]
                for (card, isRefused) in hostile where isRefused {
                    let state = step.screen.state.merging(["cardNumber": .string(card), "expiry": "12/29"]) { $1 }
                    // What the device shows for this value, on the screen as the client got it.
                    let device = try #require(step.screen.fieldProblems(in: state)["cardNumber"]?.message, "\(card)")
                    let response = try await Self.post(
                        client, ["name": "continue", "state": .object(state), "stateToken": .string(step.token ?? "")],
                        language: language, version: .latest)
                    #expect(response.status == .unprocessableContent, "\(variant) \(card)")
                    let error = try LiveServerTests.json(response)["error"]
                    #expect(error?["code"] == "invalidFields")
                    let problems = error?["problems"]?.arrayValue ?? []
                    #expect(problems.map { $0["path"]?.stringValue } == ["state.cardNumber"], "\(card): \(problems)")
                    #expect(problems.first?["message"]?.stringValue == device, "\(card)")
                }
                // The refusals spent nothing: the same token goes on with a valid card.
                let valid = hostile.first { !$0.problem }?.card ?? ""
                #expect(step.screen.fieldProblems(in: ["cardNumber": .string(valid), "expiry": "1229"]).isEmpty)
                let (next, _) = try await Self.continue(
                    client, from: step, state: ["cardNumber": .string(valid), "expiry": "1229"], language: language)
                #expect(next.screen.id == (variant == "cardFirst" ? "checkout.signUp" : "checkout.confirm"))
            }
        }
    }

    /// The messages tell a number of the wrong length from a typo, in every language.
    @Test(arguments: ["en", "fr", "de"])
    func theCardFieldTellsALengthFromATypo(language: String) async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: Self.signer).test(.ahc(.http)) { client in
            let screen = try await Self.start(client, variant: "cardFirst", language: language, version: .latest).screen
            let length = screen.fieldProblems(in: ["cardNumber": "424242424242424", "expiry": "1229"])["cardNumber"]?.message
            let typo = screen.fieldProblems(in: ["cardNumber": "4242424242424241", "expiry": "1229"])["cardNumber"]?.message
            #expect(length != nil && typo != nil && length != typo, "\(String(describing: length)) \(String(describing: typo))")
            #expect(screen.fieldProblems(in: ["cardNumber": "378282246310005", "expiry": "1229"]).isEmpty)
        }
    }

    @Test func aStepIsDoneOnceAndATokenServesOnlyItsUserAndScreen() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: Self.signer).test(.ahc(.http)) { client in
            var step = try await Self.start(client, variant: "signUpFirst")
            (step, _) = try await Self.continue(client, from: step, state: Self.signUp)
            (step, _) = try await Self.continue(client, from: step, state: Self.card)
            #expect(step.screen.id == "checkout.confirm")
            let confirm = step
            (step, _) = try await Self.continue(client, from: confirm, state: [:])
            #expect(step.screen.id == "checkout.done")
            // Paying twice with the confirm step's token: refused before the handler runs.
            let replay = try await IntentTests.post(
                client, "/screens/checkout/intents", ["name": "pay", "stateToken": .string(confirm.token ?? "")])
            #expect(replay.status == .conflict)
            #expect(try LiveServerTests.json(replay)["error"]?["code"] == "stateAlreadyUsed")
            // Another user's token, and a token from another screen.
            let mine = try await Self.start(client, variant: "signUpFirst")
            let asOther = try await IntentTests.post(
                client, "/screens/checkout/intents", ["name": "continue", "stateToken": .string(mine.token ?? "")],
                headers: [.screenplayUser: "someone-else"])
            #expect(asOther.status == .forbidden)
            #expect(try LiveServerTests.json(asOther)["error"]?["code"] == "otherUsersState")
            let cities = try await client.execute(uri: "/screens/cities", method: .get) { $0.headers[.screenplayStateToken] ?? "" }
            let elsewhere = try await IntentTests.post(
                client, "/screens/checkout/intents", ["name": "continue", "stateToken": .string(cities)])
            #expect(try LiveServerTests.json(elsewhere)["error"]?["code"] == "otherScreensState")
        }
    }

    /// One client chaining steps with bad input (each answer a new token, each token spent) fills
    /// only its own share of the spent tokens: another user's checkout goes on.
    @Test func oneClientChainingStepsCannotDenyCheckoutToOthers() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: Self.signer).test(.ahc(.http)) { client in
            let attacker: HTTPFields = [.screenplayUser: "attacker"]
            var headers = LiveServerTests.allComponents
            headers[.screenplayUser] = "attacker"
            // Sign-up first: its bad input is the handler's to answer, with a new step token each time
            // (a card's is refused with 422 before any token is spent).
            headers[.screenplayExperiments] = "checkoutOrder=signUpFirst"
            var token = try await client.execute(uri: "/screens/checkout", method: .get, headers: headers) {
                $0.headers[.screenplayStateToken] ?? ""
            }
            var refused = 0
            for _ in 0..<300 {
                let response = try await IntentTests.post(
                    client, "/screens/checkout/intents",
                    ["name": "continue", "state": ["name": "x", "email": "bad"], "stateToken": .string(token)], headers: attacker)
                if response.status == .serviceUnavailable {
                    refused += 1
                    break
                }
                token = try LiveServerTests.json(response)["stateToken"]?.stringValue ?? ""
            }
            #expect(refused == 1, "the attacker is refused once its share is spent")
            // Everyone else still pays.
            var step = try await Self.start(client, variant: "signUpFirst")
            (step, _) = try await Self.continue(client, from: step, state: Self.signUp)
            #expect(step.screen.id == "checkout.addCard")
        }
    }
}
