import Foundation
import Observation
import ScreenplayClient

/// The demo backend's screens, the one shown, and one runtime per screen so that each tab keeps its
/// own navigation.
@MainActor @Observable
final class DemoScreens {
    struct Tab: Identifiable, Hashable {
        /// The screen's path, relative to the server's `/screens`.
        let path: String
        let title: String
        let systemImage: String
        var id: String { path }
    }

    static let tabs = [
        Tab(path: "/requests", title: "Requests", systemImage: "tray.full"),
        Tab(path: "/messages", title: "Messages", systemImage: "bubble.left.and.bubble.right"),
        Tab(path: "/cities", title: "Cities", systemImage: "chart.bar"),
        Tab(path: "/home", title: "Home", systemImage: "house"),
        Tab(path: "/checkout", title: "Checkout", systemImage: "creditcard"),
    ]

    static let defaultServer = URL(string: "http://127.0.0.1:8080")!

    /// The path of the tab shown.
    var selected: String
    let server: URL
    @ObservationIgnored private var runtimes: [String: ScreenplayRuntime] = [:]

    init(environment: [String: String]) {
        server = environment["SCREENPLAY_SERVER"].flatMap { URL(string: $0) } ?? Self.defaultServer
        let requested = environment["SCREENPLAY_SCREEN"]
        selected = Self.tabs.first { $0.path == requested }?.path ?? "/home"
    }

    /// The runtime of the screen at `path`, made the first time it is shown. No disk cache: every
    /// launch shows what the server sends now.
    func runtime(for path: String) -> ScreenplayRuntime {
        if let runtime = runtimes[path] { return runtime }
        let runtime = ScreenplayRuntime(configuration: ClientConfiguration(server: server, platform: "ios"))
        runtimes[path] = runtime
        return runtime
    }
}
