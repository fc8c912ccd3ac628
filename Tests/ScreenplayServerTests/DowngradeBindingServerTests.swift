import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayServer
import Testing

/// The demo's home over a real socket to an app without the `badge` component: one of format 1.2
/// gets the cart badge as a text still bound to the cart count (so the count stays live on the
/// device); one before 1.2 gets the text the initial values make, with no expression anywhere.
@Suite struct DowngradeBindingServerTests {
    /// An app of `version` that renders every component but `badge`, and runs every action.
    static func headers(version: String) -> HTTPFields {
        [
            .screenplayVersion: version,
            .screenplayComponents: ComponentKind.allCases.map(\.rawValue).filter { $0 != "badge" }.joined(separator: ","),
            .screenplayActions: Action.knownTypes.joined(separator: ","),
            .accept: "application/json",
            .acceptLanguage: "en",
        ]
    }

    static func home(_ client: some TestClientProtocol, version: String) async throws -> (text: String, screen: Screen) {
        try await client.execute(uri: "/screens/home", method: .get, headers: Self.headers(version: version)) { response in
            #expect(response.status == .ok)
            let text = String(decoding: response.body.readableBytesView, as: UTF8.self)
            let decoded = Screen.decode(from: Array(response.body.readableBytesView))
            #expect(decoded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(decoded.diagnostics)")
            return (text, try #require(decoded.value, "\(text)"))
        }
    }

    /// The node with `id` in `node`'s tree.
    static func find(_ id: String, in node: Node) -> Node? {
        if node.id == id { return node }
        for list in node.component.childLists {
            for child in list.nodes { if let found = find(id, in: child) { return found } }
        }
        return nil
    }

    @Test func aFormat12AppWithoutBadgeSeesTheCartCountLive() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: StateSigner.development()).test(.ahc(.http)) { client in
            let (text, home) = try await Self.home(client, version: "1.2")
            #expect(!text.contains(#""type":"badge""#))
            let badge = try #require(Self.find("cart-badge", in: home.body), "\(text)")
            guard case .text = badge.component else {
                Issue.record("the cart badge is not a text: \(badge.type)")
                return
            }
            #expect(badge.bindings["text"]?.source == "@{cartCount} in your cart")
            #expect(badge.bindings["visible"]?.variableNames == ["cartCount"])
            // What the device shows as the count changes, with no request.
            for count in [0, 1, 3] {
                let variables = ScreenVariables(
                    screen: home, values: home.initialValues.merging(["cartCount": .number(Double(count))]) { $1 })
                let resolved = badge.resolvingBindings(variables)
                #expect(resolved.isVisible == (count > 0))
                if case .text(let shown) = resolved.node.component { #expect(shown.text == "\(count) in your cart") }
            }
        }
    }

    @Test func anAppBeforeFormat12GetsTheStaticValue() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: StateSigner.development()).test(.ahc(.http)) { client in
            let (text, home) = try await Self.home(client, version: "1.1")
            #expect(!text.contains("@{"), "an expression reached a 1.1 app: \(text)")
            #expect(!text.contains(#""type":"badge""#))
            // The initial count is 0: the badge's condition hides it, as the server evaluated it.
            #expect(Self.find("cart-badge", in: home.body) == nil)
        }
    }
}
