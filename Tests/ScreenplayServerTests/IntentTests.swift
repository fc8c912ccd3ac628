import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayPresentation
import ScreenplayServer
import Testing

/// The Tutu write-up's network reducer over loopback: intents with client state and signed server state.
@Suite struct IntentTests {
    static let signer = StateSigner.development()

    func withServer(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: Self.signer).test(.ahc(.http), body)
    }

    static func post(
        _ client: some TestClientProtocol, _ path: String, _ body: JSONValue, language: String = "en", headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = LiveServerTests.allComponents
        headers.append(contentsOf: extra)
        headers[.contentType] = "application/json"
        headers[.acceptLanguage] = language
        return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: JSONWriter.write(body)))
    }

    static func bars(_ screen: Screen) -> [String] {
        var bars: [String] = []
        screen.body.walk { node, _ in
            if case .rectangle(let bar) = node.component { bars.append("\(bar.height.map { "\($0)" } ?? "")") }
        }
        return bars
    }

    @Test func refreshReturnsNewFiguresAndKeepsTheTextFieldValue() async throws {
        try await withServer { client in
            let (first, token) = try await client.execute(uri: "/screens/cities", method: .get, headers: LiveServerTests.allComponents) {
                response in
                (try LiveServerTests.screen(response), try #require(response.headers[.screenplayStateToken]))
            }
            #expect(first.state["city"] == "")
            let response = try await Self.post(
                client, "/screens/cities/intents",
                [
                    "name": "refresh", "state": ["city": "mos"], "stateToken": .string(token),
                ])
            #expect(response.status == .ok)
            let body = try LiveServerTests.json(response)
            let next = try #require(Screen.decode(from: body["screen"] ?? .null).value)
            #expect(next.state["city"] == "mos")
            let outline = OutlineRenderer.render(next)
            #expect(outline.contains("Moscow") && !outline.contains("Vladivostok"))
            #expect(Self.bars(next) != Array(Self.bars(first).prefix(7)), "the figures did not change")
            // The generation travels signed; the next refresh moves on again.
            let nextToken = try #require(body["stateToken"]?.stringValue)
            #expect(try Self.signer.verify(nextToken, user: nil, screen: "cities").state == ["generation": 1])
        }
    }

    @Test(arguments: [
        ("fr", "Moscou", "Moscou"), ("fr", "moscow", "Moscou"), ("de", "MOSKAU", "Moskau"),
        ("fr", "saint-petersbourg", "Saint-Pétersbourg"),
        ("en", "sankt", "Saint Petersburg"), ("de", "wladiwostok", "Wladiwostok"),
    ])
    func theCityFilterFindsANameTypedInAnyLanguage(language: String, typed: String, shown: String) async throws {
        try await withServer { client in
            let token = try await client.execute(uri: "/screens/cities", method: .get) { try #require($0.headers[.screenplayStateToken]) }
            let response = try await Self.post(
                client, "/screens/cities/intents", ["name": "refresh", "state": ["city": .string(typed)], "stateToken": .string(token)],
                language: language)
            let body = try LiveServerTests.json(response)
            let outline = OutlineRenderer.render(try #require(Screen.decode(from: body["screen"] ?? .null).value))
            #expect(outline.contains(shown), "\(outline)")
            #expect(!outline.contains("no-match"))
        }
    }

    @Test func aTamperedTokenIsRefused() async throws {
        try await withServer { client in
            let forged = StateSigner.development().token(for: ["generation": 999], user: nil, screen: "cities")
            let response = try await Self.post(client, "/screens/cities/intents", ["name": "refresh", "stateToken": .string(forged)])
            #expect(response.status == .badRequest)
            #expect(try LiveServerTests.json(response)["error"]?["code"] == "tamperedState")
            let garbage = try await Self.post(client, "/screens/cities/intents", ["name": "refresh", "stateToken": "not.a-token!"])
            #expect(garbage.status == .badRequest)
        }
    }

    @Test func malformedAndOversizeIntentsAreRefusedWithTheirReason() async throws {
        try await withServer { client in
            let cases: [(JSONValue, String, String?)] = [
                (["payload": [:]], "malformedIntent", "name"),
                (["name": 42], "malformedIntent", "name"),
                (["name": "refresh", "state": "city=mos"], "malformedIntent", "state"),
                (["name": "refresh", "extra": true], "malformedIntent", "extra"),
                (["name": "teleport"], "noSuchIntent", "name"),
            ]
            for (body, code, path) in cases {
                let response = try await Self.post(client, "/screens/cities/intents", body)
                let error = try LiveServerTests.json(response)["error"]
                #expect(response.status == (code == "noSuchIntent" ? .notFound : .badRequest), "\(body)")
                #expect(error?["code"]?.stringValue == code, "\(body)")
                #expect(error?["path"]?.stringValue == path, "\(body)")
            }
            var headers: HTTPFields = [.contentType: "application/json"]
            let notJSON = try await client.execute(
                uri: "/screens/cities/intents", method: .post, headers: headers, body: ByteBuffer(string: "{name: refresh"))
            #expect(notJSON.status == .badRequest)
            headers[.contentType] = "application/json"
            let huge = ByteBuffer(
                bytes: JSONWriter.write(["name": "refresh", "state": ["blob": .string(String(repeating: "x", count: 60_000))]])
                    + Array(repeating: UInt8(ascii: " "), count: 300_000))
            let tooLarge = try await client.execute(uri: "/screens/cities/intents", method: .post, headers: headers, body: huge)
            #expect(tooLarge.status == .contentTooLarge)
            let wrongPath = try await client.execute(
                uri: "/screens/cities", method: .post, headers: headers, body: ByteBuffer(string: "{}"))
            #expect(wrongPath.status == .methodNotAllowed)
        }
    }

    @Test func intentEffectsAreAdaptedToTheClient() async throws {
        try await withServer { client in
            let response = try await Self.post(client, "/screens/requests/1/intents", ["name": "accept", "payload": ["request": 1]])
            #expect(try LiveServerTests.json(response) == ["effects": [["type": "navigate", "url": "/requests"]]])
        }
    }
}
