import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer
import Testing

/// An intent that fails is an event of its user, `intent_failed`, with the intent, the status
/// and the error's code: a figure a guarded rollout or an experiment can watch without the app
/// reporting it. Intents that succeed, and requests without a user, record nothing.
@Suite struct FailedIntentEventTests {
    final class Conversions: EventSink {
        let recorded = NIOLockedValueBox<[Conversion]>([])
        func record(_ exposure: Exposure) {}
        func record(_ conversion: Conversion) { recorded.withLockedValue { $0.append(conversion) } }
    }

    struct Declined: Error {}

    func withServer(_ sink: Conversions, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
        routes.eventSink = sink
        routes.screen("card") { _ in FieldValidationTests.card() }
        routes.intent("pay", on: "card", validatingFields: true) { _ in IntentResult(effects: [.track("paid")]) }
        routes.intent("charge", on: "card") { _ in throw Declined() }
        routes.intent("refund", on: "card") { _ in
            throw ScreenplayError(.conflict, code: "alreadyRefunded", message: "refunded already")
        }
        let router = Router()
        routes.addRoutes(to: router)
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.ahc(.http), body)
    }

    @Test func aFailedIntentIsRecordedForItsUserWithWhatFailed() async throws {
        let sink = Conversions()
        try await withServer(sink) { client in
            func send(_ name: String, _ state: [String: JSONValue], user: String?) async throws -> HTTPResponse.Status {
                var headers = FieldValidationTests.headers
                if let user { headers[.screenplayUser] = user }
                return try await client.execute(
                    uri: "/screens/card/intents", method: .post, headers: headers, body: FieldValidationTests.intent(name, state)
                ) { $0.status }
            }
            var statuses: [HTTPResponse.Status] = []
            statuses.append(try await send("pay", ["cardNumber": "4242"], user: "u1"))
            statuses.append(try await send("charge", [:], user: "u2"))
            statuses.append(try await send("refund", [:], user: "u3"))
            // Succeeded, or nobody to count: nothing recorded.
            statuses.append(try await send("pay", ["cardNumber": "4242424242424242", "expiry": "1229"], user: "u4"))
            statuses.append(try await send("charge", [:], user: nil))
            // Not an intent of the screen: a 404 before any intent ran.
            statuses.append(try await send("nope", [:], user: "u5"))
            #expect(statuses == [.unprocessableContent, .internalServerError, .conflict, .ok, .internalServerError, .notFound])
        }
        let recorded = sink.recorded.withLockedValue { $0 }
        #expect(recorded.map(\.name) == [Conversion.intentFailed, Conversion.intentFailed, Conversion.intentFailed])
        #expect(recorded.map(\.user) == ["u1", "u2", "u3"])
        #expect(recorded.map { $0.properties["intent"] } == ["pay", "charge", "refund"])
        #expect(recorded.map { $0.properties["status"] } == [422, 500, 409])
        #expect(recorded.map { $0.properties["code"] } == ["invalidFields", "handlerError", "alreadyRefunded"])
        #expect(recorded.allSatisfy { $0.screen == "card" })
    }
}
