import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayPresentation
import ScreenplayServer
import Testing

/// The demo backend on a real loopback socket, driven by a real HTTP client.
@Suite struct LiveServerTests {
    static let signer = StateSigner.development()

    func withServer(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: Self.signer).test(.ahc(.http), body)
    }

    static func screen(_ response: TestResponse) throws -> Screen {
        let result = Screen.decode(from: Array(response.body.readableBytesView))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.value)
    }

    static func json(_ response: TestResponse) throws -> JSONValue {
        try JSONParser.parse(Array(response.body.readableBytesView))
    }

    static let allComponents: HTTPFields = [
        .screenplayVersion: "1.0",
        .screenplayComponents: ComponentKind.allCases.map(\.rawValue).joined(separator: ","),
        .screenplayActions: Action.knownTypes.joined(separator: ","),
    ]

    @Test(arguments: [
        ("en", "Requests", "€69", "Wed, Feb 15, 2017", "Automatically cancelled"),
        ("fr", "Demandes", "69 €", "mer. 15 févr. 2017", "Annulée automatiquement"),
        ("de", "Anfragen", "69 €", "Mi. 15. Feb. 2017", "Automatisch storniert"),
    ])
    func requestsAreFormattedForTheNegotiatedLanguage(language: String, title: String, price: String, day: String, state: String)
        async throws
    {
        try await withServer { client in
            var headers = Self.allComponents
            headers[.acceptLanguage] = "\(language);q=0.9, en;q=0.1"
            try await client.execute(uri: "/screens/requests", method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentLanguage] == language)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.vary]?.contains("Accept-Language") == true)
                #expect(response.headers[.cacheControl] == "private, max-age=30, stale-while-revalidate=300")
                let screen = try Self.screen(response)
                #expect(screen.title == title)
                // Formats put (narrow) no-break spaces where a reader sees spaces.
                let outline = OutlineRenderer.render(screen)
                    .replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
                #expect(outline.contains(price), "\(outline)")
                #expect(outline.contains(state))
                #expect(outline.contains(day), "\(outline)")
                #expect(outline.contains("200 km"))
            }
        }
    }

    @Test func aClientWithoutCapabilityHeadersGetsOnlyTheBaseSet() async throws {
        try await withServer { client in
            try await client.execute(uri: "/screens/requests", method: .get) { response in
                let screen = try Self.screen(response)
                var types = Set<String>()
                screen.body.walk { node, _ in types.insert(node.type) }
                #expect(
                    types.isSubset(of: ClientCapabilities.base.components), "sent \(types.subtracting(ClientCapabilities.base.components))")
                #expect(OutlineRenderer.render(screen).contains("Jean-Élie Locataire"))
            }
        }
    }

    @Test func messagesShowRelativeTimesInTheLanguage() async throws {
        try await withServer { client in
            for (language, text) in [("en", "2 hours ago"), ("fr", "il y a 2 heures"), ("de", "vor 2 Stunden")] {
                var headers = Self.allComponents
                headers[.acceptLanguage] = language
                try await client.execute(uri: "/screens/messages", method: .get, headers: headers) { response in
                    let outline = OutlineRenderer.render(try Self.screen(response))
                    #expect(outline.contains("top-right=\"\(text)\""), "\(outline)")
                }
            }
        }
    }

    @Test func etagsRevalidateWithNotModified() async throws {
        try await withServer { client in
            let tag = try await client.execute(uri: "/screens/messages", method: .get, headers: Self.allComponents) { response in
                #expect(response.status == .ok)
                return try #require(response.headers[.eTag])
            }
            #expect(tag.hasPrefix("\"") && tag.count == 34)
            var headers = Self.allComponents
            headers[.ifNoneMatch] = "\"something-else\", W/\(tag)"
            try await client.execute(uri: "/screens/messages", method: .get, headers: headers) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.eTag] == tag)
            }
            // Another language is another representation, with another tag.
            headers[.acceptLanguage] = "fr"
            try await client.execute(uri: "/screens/messages", method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] != tag)
            }
        }
    }

    @Test func errorsAreJSONWithACodeAndTheRightStatus() async throws {
        try await withServer { client in
            try await client.execute(uri: "/screens/nowhere", method: .get) { response in
                #expect(response.status == .notFound)
                let error = try Self.json(response)["error"]
                #expect(error?["code"] == "noSuchScreen")
                #expect(error?["message"]?.stringValue?.contains("/screens/nowhere") == true)
            }
            try await client.execute(uri: "/screens/requests/99", method: .get) { response in
                #expect(response.status == .notFound)
                let error = try Self.json(response)["error"]
                #expect(error?["path"] == "id")
            }
            try await client.execute(uri: "/screens/requests", method: .get, headers: [.screenplayVersion: "2.0"]) { response in
                #expect(response.status == .badRequest)
                let error = try Self.json(response)["error"]
                #expect(error?["code"] == "unsupportedVersion")
            }
            try await client.execute(uri: "/screens/requests", method: .get, headers: [.screenplayVersion: "one"]) { response in
                #expect(response.status == .badRequest)
                let error = try Self.json(response)["error"]
                #expect(error?["path"] == "Screenplay-Version")
            }
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                let body = try Self.json(response)
                #expect(body == ["status": "ok"])
            }
        }
    }

    @Test func theWebOnlyPathOfTheRequestsDemoIsNotAServerScreen() async throws {
        try await withServer { client in
            let claimURL = try await client.execute(uri: "/screens/requests", method: .get, headers: Self.allComponents) { response in
                var url: String?
                try Self.screen(response).body.walk { node, _ in
                    if node.id == "request.3.claim", case .item(let item) = node.component { url = item.url }
                }
                return try #require(url)
            }
            try await client.execute(uri: "/screens" + claimURL, method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/screens/requests/1", method: .get, headers: Self.allComponents) { response in
                #expect(response.status == .ok)
                let screen = try Self.screen(response)
                #expect(OutlineRenderer.render(screen).contains("→ intent accept"))
            }
        }
    }
}
