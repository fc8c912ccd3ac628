import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer
import Testing

/// Motion over a real socket: a client of format 1.3 gets every node's `motion` as written; a
/// client of 1.2 gets the same screen without any (motion is never needed to understand it).
@Suite struct MotionNegotiationTests {
    static let toast = #"""
        {"version": "1.3", "id": "toast", "title": "Saved",
         "body": {"type": "vstack", "children": [
           {"type": "text", "id": "message", "text": "Saved",
            "motion": {"enter": {"fade": 0, "slide": {"edge": "bottom", "distance": 24}, "duration": 300, "curve": "easeOut"},
                       "exit": {"fade": 0, "duration": 200}}},
           {"type": "text", "id": "card", "text": "Open", "action": {"type": "navigate", "url": "/open"},
            "motion": {"press": "scale", "change": {"duration": 400, "curve": "spring", "bounce": 0.2}}}]}}
        """#

    func withServer(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let decoded = Screen.decode(from: Array(Self.toast.utf8))
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics)")
        let screen = try #require(decoded.value)
        var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
        routes.screen("toast") { _ in screen }
        let router = Router()
        routes.addRoutes(to: router)
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.ahc(.http), body)
    }

    static func headers(version: String) -> HTTPFields {
        [
            .screenplayVersion: version,
            .screenplayComponents: ComponentKind.allCases.map(\.rawValue).joined(separator: ","),
            .screenplayActions: Action.knownTypes.joined(separator: ","),
            .accept: "application/json",
        ]
    }

    @Test func aFormat13ClientGetsTheMotionAsWritten() async throws {
        try await withServer { client in
            try await client.execute(uri: "/screens/toast", method: .get, headers: Self.headers(version: "1.3")) { response in
                #expect(response.status == .ok)
                let screen = try #require(Screen.decode(from: Array(response.body.readableBytesView)).value)
                let children = screen.body.component.children
                #expect(children.first?.motion?.enter?.slide == Motion.Slide(edge: .bottom, distance: 24))
                #expect(children.first?.motion?.exit == Motion.Transition(opacity: 0, timing: Motion.Timing(ms: 200)))
                #expect(children.last?.motion?.press == .scale)
                #expect(children.last?.motion?.change == .spring(ms: 400, bounce: 0.2))
            }
        }
    }

    @Test(arguments: ["1.2", "1.1", "1.0"])
    func anOlderClientGetsNoMotion(version: String) async throws {
        try await withServer { client in
            try await client.execute(uri: "/screens/toast", method: .get, headers: Self.headers(version: version)) { response in
                #expect(response.status == .ok)
                let text = String(decoding: response.body.readableBytesView, as: UTF8.self)
                #expect(!text.contains("motion"), "\(text)")
                let screen = try #require(Screen.decode(from: Array(response.body.readableBytesView)).value)
                #expect(screen.body.component.children.map(\.id) == ["message", "card"], "only the motion goes")
                #expect(screen.body.component.children.last?.action == .navigate("/open"))
            }
        }
    }
}
