import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayServer
import ScreenplayTestSupport
import Testing

/// Properties of the whole pipeline over random inputs.
@Suite struct ServerPropertyTests {
    /// Generated screens × random capability headers: nothing a client did not declare reaches it.
    @Test func noUndeclaredTypeReachesAClient() async throws {
        var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
        routes.screen("generated/:seed") { context in
            var generator = ScreenGenerator(random: SplitMix64(seed: UInt64(context.parameters["seed"] ?? "") ?? 0))
            return generator.screen()
        }
        let router = Router()
        routes.addRoutes(to: router)
        let optionalComponents =
            Set(ComponentKind.allCases.map(\.rawValue)).subtracting(ClientCapabilities.base.components).sorted() + ["WIDGET_1", "WIDGET_2"]
        let optionalActions = Set(Action.knownTypes).subtracting(ClientCapabilities.base.actions).sorted()
        try await Application(router: router).test(.router) { client in
            var random = SplitMix64(seed: 7)
            for seed in 0..<150 {
                let components = ClientCapabilities.base.components.union(optionalComponents.filter { _ in Bool.random(using: &random) })
                let actions = ClientCapabilities.base.actions.union(optionalActions.filter { _ in Bool.random(using: &random) })
                let headers: HTTPFields = [
                    .screenplayVersion: "1.0",
                    .screenplayComponents: components.sorted().joined(separator: ", "),
                    .screenplayActions: actions.sorted().joined(separator: ","),
                ]
                try await client.execute(uri: "/screens/generated/\(seed)", method: .get, headers: headers) { response in
                    #expect(response.status == .ok)
                    let screen = try #require(Screen.decode(from: Array(response.body.readableBytesView)).value)
                    let (types, actionTypes, _) = screen.typesUsed
                    #expect(types.isSubset(of: components), "seed \(seed): sent \(types.subtracting(components))")
                    #expect(actionTypes.isSubset(of: actions), "seed \(seed): sent \(actionTypes.subtracting(actions))")
                }
            }
        }
    }

    /// Random bytes, headers and paths: always an answer, never a 5xx.
    @Test func hostileRequestsNeverGetA5xx() async throws {
        let router = Router()
        DemoApp.routes().addRoutes(to: router)
        try await Application(router: router).test(.router) { client in
            var random = SplitMix64(seed: 99)
            let fragments = [
                "{", "}", "\"name\"", ":", "\"refresh\"", ",", "\"state\"", "[", "]", "null", "1e999", "\"\\u0000\"", "\"stateToken\"",
                "\"a.b\"", " ",
            ]
            let paths = [
                "/screens/cities/intents", "/screens/checkout/intents", "/screens/requests/1/intents", "/screens/%00/intents",
                "/screens/../../etc/passwd/intents",
            ]
            for _ in 0..<300 {
                let body = (0..<Int.random(in: 0...20, using: &random)).map { _ in fragments.randomElement(using: &random) ?? "" }.joined()
                let path = paths.randomElement(using: &random) ?? "/"
                var headers: HTTPFields = [.contentType: "application/json"]
                if Bool.random(using: &random) {
                    headers[.screenplayVersion] = ["1.0", "1", "9.9", "x.y", ""].randomElement(using: &random)
                }
                if Bool.random(using: &random) {
                    headers[.acceptLanguage] = [";q=", "*", "fr;q=2", ",,,", "de-DE-x-private"].randomElement(using: &random)
                }
                try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body)) { response in
                    #expect(response.status.code < 500, "\(path) \(body) → \(response.status)")
                }
            }
            for uri in [
                "/screens/", "/screens", "/screens/requests/%", "/screens/requests/1/2/3",
                "/screens/" + String(repeating: "a/", count: 200),
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status.code < 500, "\(uri) → \(response.status)")
                }
            }
        }
    }
}
