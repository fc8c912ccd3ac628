import Foundation
import HTTPTypes
import Screenplay
import ScreenplayClient
import ScreenplaySwiftUI
import SwiftUI

/// A fixture loaded as an app loads a screen: a real ``ScreenplayRuntime`` opens it from an
/// in-process server, the fixture's client values are set on its store, and ``view`` is the
/// `ScreenView` the app would show. Images never load (their placeholders are drawn), so that a
/// snapshot does not depend on the network.
///
/// ```swift
/// let screen = try await FixtureScreen.open(fixture)
/// let controller = UIHostingController(rootView: screen.view)
/// ```
@MainActor
public struct FixtureScreen {
    public let fixture: SnapshotFixture
    public let runtime: ScreenplayRuntime
    public let store: ScreenStore
    public let components: ComponentRegistry<AnyView>
    public let images: ImageStore

    /// The screen as the app shows it.
    public var view: ScreenView {
        ScreenView(store: store, runtime: runtime, components: components, images: images)
    }

    /// Serves `fixture` at `/screens` + its path, opens it, and sets its values.
    ///
    /// - Throws: ``FixtureError`` when the runtime does not show the screen (the reason is the
    ///   runtime's own, as the app would display it).
    public static func open(_ fixture: SnapshotFixture) async throws -> FixtureScreen {
        let components = Rating.registry()
        let runtime = ScreenplayRuntime(
            configuration: ClientConfiguration(server: server, platform: "ios"), components: components,
            transport: transport(serving: fixture))
        await runtime.open(fixture.path)
        guard let store = runtime.current else {
            let reason = runtime.eventLog.last.map { "\($0)" } ?? "no event"
            throw FixtureError(name: fixture.name, message: "the runtime opened no screen (\(reason))")
        }
        switch store.phase {
        case .loaded:
            break
        case .failed(let error):
            throw FixtureError(name: fixture.name, message: "the runtime failed to show it: \(error.message)")
        case .loading:
            throw FixtureError(name: fixture.name, message: "the screen is still loading after open")
        }
        for (key, value) in fixture.values.sorted(by: { $0.key < $1.key }) { store.set(key, to: value) }
        let images = ImageStore(transport: InMemoryTransport { _ in TransportResponse(status: .notFound) })
        return FixtureScreen(fixture: fixture, runtime: runtime, store: store, components: components, images: images)
    }

    /// A server no request leaves the process for.
    static let server = URL(string: "http://screens.test")!

    /// Answers the fixture's path with its document and everything else with 404.
    static func transport(serving fixture: SnapshotFixture) -> InMemoryTransport {
        let path = "/screens" + fixture.path
        let body = fixture.body
        return InMemoryTransport { request in
            guard request.url.path == path else { return TransportResponse(status: .notFound) }
            return TransportResponse(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: body)
        }
    }
}
