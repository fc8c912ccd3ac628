import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayDSL
import ScreenplayPresentation
import ScreenplayTestHarness
import Testing

/// The demo's card field in an app, against the real demo server on loopback: the device tells a
/// typo from a number of the wrong length, and the server's word on a card (an intent sent
/// without the device's check) shows on the field, in the field's own message.
@MainActor @Suite(.serialized) struct CardFieldTests {
    static let typo = "This card number has a typo: check its digits."
    static let length = "This card number is too short, too long or of a kind we do not know."

    /// The problem the app shows under the card field.
    static func shownProblem(_ store: ScreenStore) -> String? {
        guard let screen = store.screen else { return nil }
        var problem: String?
        Presenter.presentOnce(screen, values: store.values, options: PresentationOptions()).walk { node, _ in
            if case .textField(let field) = node.content, field.key == "cardNumber" { problem = field.problem }
        }
        return problem
    }

    @Test func theDeviceAndTheServerShowTheCardsProblemOnTheField() async throws {
        let server = try await TestServer.demo()
        var configuration = ClientConfiguration(server: server.url)
        configuration.headers[.screenplayExperiments] = "checkoutOrder=cardFirst"
        let runtime = ScreenplayRuntime(configuration: configuration)
        let driver = HeadlessDriver(runtime: runtime)
        await runtime.open("/checkout")
        let store = try #require(runtime.current)
        #expect(store.screen?.id == "checkout.addCard")
        try driver.fill("expiry", with: "12/29")

        // The device: continue validates first, shows the field's problem and sends nothing.
        for (card, message) in [("4242 4242 4242 424", Self.length), ("4242 4242 4242 4241", Self.typo)] {
            try driver.fill("cardNumber", with: card)
            try await driver.tap("continue")
            #expect(store.screen?.id == "checkout.addCard")
            #expect(Self.shownProblem(store) == message, "\(card)")
            #expect(store.values[FieldState.serverProblemKey(for: "cardNumber")] == nil, "no intent went")
        }

        // The intent sent without the device's check: the server's 422 shows on the field, the
        // same words, and the step stays.
        await runtime.perform(.intent("continue"), on: store)
        #expect(store.values[FieldState.serverProblemKey(for: "cardNumber")] == .string(Self.typo))
        #expect(Self.shownProblem(store) == Self.typo)
        #expect(store.screen?.id == "checkout.addCard")

        // A valid card goes on (typed in Arabic-Indic digits, as the card mask reads them).
        try driver.fill("cardNumber", with: "٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢")
        try await driver.tap("continue")
        #expect(runtime.current?.screen?.id == "checkout.signUp")
        await server.stop()
    }
}
