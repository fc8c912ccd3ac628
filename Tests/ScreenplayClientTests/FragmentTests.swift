import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayDSL
import Testing

/// Fragments inside native screens, and popping the stack from a navigation controller or a
/// `NavigationStack`: what the UIKit and SwiftUI hosts call.
@MainActor @Suite struct FragmentTests {
    nonisolated static let screens: [String: Screen] = [
        "/promo": Screen(id: "promo") { Text("Sale").onTap(.navigate("/sale")) },
        "/sale": Screen(id: "sale") { Text("All at half price") },
        "/more": Screen(id: "more") { Text("more") },
    ]

    static func runtime() -> ScreenplayRuntime {
        let transport = InMemoryTransport { request in
            let path = String(request.url.path.dropFirst("/screens".count))
            guard let screen = screens[path] else { return TransportResponse(status: .notFound) }
            return TransportResponse(status: .ok, headers: [.cacheControl: "no-cache"], body: screen.encoded())
        }
        return ScreenplayRuntime(configuration: ClientConfiguration(server: URL(string: "http://screens.test")!), transport: transport)
    }

    @Test func aFragmentLoadsOffTheStackAndItsTapsNavigateOnIt() async throws {
        let runtime = Self.runtime()
        let promo = await runtime.fragment("/promo")
        #expect(promo.screen?.id == "promo")
        #expect(runtime.stack.isEmpty, "a fragment is not a screen of the navigation")
        await runtime.perform(.navigate("/sale"), on: promo)
        #expect(runtime.stack.map(\.path) == ["/sale"])
    }

    @Test func aMissingFragmentFailsInItsPlace() async {
        let runtime = Self.runtime()
        let missing = await runtime.fragment("/nowhere")
        guard case .failed(let error) = missing.phase else {
            Issue.record("expected a failure, got \(missing.phase)")
            return
        }
        #expect(error.kind == .notFound)
    }

    @Test func poppingKeepsTheFirstScreenAndStopsTheOthers() async {
        let runtime = Self.runtime()
        await runtime.open("/promo")
        await runtime.open("/sale")
        await runtime.open("/more")
        runtime.pop(to: 1)
        #expect(runtime.stack.map(\.path) == ["/promo"])
        runtime.pop(to: 0)
        #expect(runtime.stack.count == 1, "the first screen stays")
        #expect(runtime.events(since: 0).filter { $0 == .wentBack }.count == 2)
    }
}
