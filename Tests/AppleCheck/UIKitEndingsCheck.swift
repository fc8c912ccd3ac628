// The UIKit coordinator never leaves a spinning screen (issue 41, item 7): a screen the server does
// not have, with no web fallback to open it, is popped (or its sheet dismissed), and a first screen
// that cannot open shows why with a retry; the coordinator's listener ends with it; and the
// navigation bar follows the scroll view SwiftUI draws the screen in.
import Foundation
import Screenplay
import ScreenplaySwiftUI
import SwiftUI
import UIKit

@testable import ScreenplayClient
@testable import ScreenplayUIKit

enum UIKitEndingsCheck {
    /// Lets the coordinator's listener take the events the runtime sent, until `done` (at most a
    /// second: the listener hops to the stream's executor and back, on a machine that may be busy).
    @MainActor static func settle(until done: () -> Bool) async {
        for _ in 0..<200 where !done() {
            await Task.yield()
            if !done() { try? await Task.sleep(for: .milliseconds(5)) }
        }
    }

    @MainActor static func verify() async throws {
        let server = Screens([
            "/first": Screen(id: "first", title: "First") { Component.Text("first") },
            "/second": Screen(id: "second", title: "Second") { Component.Text("second") },
        ])
        try await missingScreenPops(server)
        try await missingSheetIsDismissed(server)
        try await missingFirstScreenShowsWhyWithARetry(server)
        await missingFragmentFails(server)
        await listenerEndsWithTheCoordinator(server)
        scrollViewIsRegistered(server)
    }

    /// Whether a controller still shows a screen that is loading although the runtime let it go.
    @MainActor static func spinning(_ controllers: [UIViewController], _ runtime: ScreenplayRuntime) -> Bool {
        controllers.contains { controller in
            guard let screen = controller as? ScreenViewController, case .loading = screen.store.phase else { return false }
            return !(runtime.stack + runtime.presentedStack).contains { $0 === screen.store }
        }
    }

    @MainActor static func missingScreenPops(_ server: Screens) async throws {
        let runtime = server.runtime()
        let navigation = UINavigationController()
        let coordinator = ScreenplayCoordinator(runtime: runtime, navigationController: navigation)
        await coordinator.start("/first")
        await settle { navigation.viewControllers.count == 1 }
        let first = navigation.topViewController
        await runtime.perform(.navigate("/gone"))
        await settle { navigation.viewControllers.count == 1 }
        check(
            !spinning(navigation.viewControllers, runtime),
            "UIKit: a screen the server does not have, without a web fallback, still spins (\(navigation.viewControllers.count) controllers)"
        )
        check(
            navigation.viewControllers.count == 1 && navigation.topViewController === first,
            "UIKit: a 404 without a web fallback pops back to the screen it was opened from (\(navigation.viewControllers.count) controllers)"
        )
        // And the app goes on: a screen the server has is pushed as before.
        await runtime.perform(.navigate("/second"))
        await settle { navigation.viewControllers.count == 2 }
        check(navigation.viewControllers.count == 2, "UIKit: after a 404, a navigate pushes again (\(navigation.viewControllers.count))")
        withExtendedLifetime(coordinator) {}
    }

    @MainActor static func missingSheetIsDismissed(_ server: Screens) async throws {
        let runtime = server.runtime()
        let navigation = UINavigationController()
        let coordinator = ScreenplayCoordinator(runtime: runtime, navigationController: navigation)
        await coordinator.start("/first")
        await settle { navigation.viewControllers.count == 1 }
        await runtime.perform(.present("/gone", style: .sheet))
        await settle { navigation.presentedViewController == nil }
        let sheet = navigation.presentedViewController as? UINavigationController
        check(
            navigation.presentedViewController == nil,
            "UIKit: a sheet whose screen the server does not have is dismissed, not left spinning ("
                + "\(sheet?.viewControllers.count ?? 0) controllers in it)")
        withExtendedLifetime(coordinator) {}
    }

    @MainActor static func missingFirstScreenShowsWhyWithARetry(_ server: Screens) async throws {
        let runtime = server.runtime()
        let navigation = UINavigationController()
        let coordinator = ScreenplayCoordinator(runtime: runtime, navigationController: navigation)
        await coordinator.start("/later")
        await settle { navigation.topViewController is UIHostingController<FailureView> }
        check(
            !spinning(navigation.viewControllers, runtime),
            "UIKit: a first screen the server does not have still spins (\(navigation.viewControllers.count) controllers)")
        let unavailable = navigation.topViewController as? UIHostingController<FailureView>
        check(
            unavailable != nil,
            "UIKit: a first screen that cannot open says so (top: \(navigation.topViewController.map { "\(type(of: $0))" } ?? "none"))")
        var facts: [String] = []
        var retry: (() -> Void)?
        if let unavailable {
            ViewInspector.inspect(unavailable.rootView).walk { view in
                if let text = view.text?.plainText, view.kind == "Text" { facts.append(text) }
                if view.kind == "Button", view.children.first?.text?.plainText == "Retry" { retry = view.action }
            }
        }
        check(!facts.isEmpty && retry != nil, "UIKit: the unavailable state shows a message and a Retry button (\(facts))")
        // The server has it now: Retry opens it in the unavailable state's place.
        server.add("/later", Screen(id: "later", title: "Later") { Component.Text("later") })
        retry?()
        await settle { (navigation.topViewController as? ScreenViewController)?.store.screen != nil }
        check(
            navigation.viewControllers.count == 1 && (navigation.topViewController as? ScreenViewController)?.store.screen?.id == "later",
            "UIKit: Retry opens the first screen in place of the unavailable state (\(navigation.viewControllers.map { "\(type(of: $0))" }))"
        )
        withExtendedLifetime(coordinator) {}
    }

    /// A fragment the server does not have fails, with its retry, a row high: it never spins.
    @MainActor static func missingFragmentFails(_ server: Screens) async {
        let runtime = server.runtime()
        let fragment = FragmentViewController(path: "/gone", runtime: runtime)
        _ = fragment.view
        guard let store = fragment.store else { return check(false, "UIKit: a fragment has its store once its view loaded") }
        await settle {
            if case .failed = store.phase { true } else { false }
        }
        var kinds: [String] = []
        ViewInspector.inspect(ScreenView(store: store, runtime: runtime, embedded: true)).walk { kinds.append($0.kind) }
        check(
            !kinds.contains("ProgressView") && kinds.contains("Button"),
            "UIKit: a fragment the server does not have shows its failure with a retry, not a spinner (\(kinds))")
    }

    @MainActor static func listenerEndsWithTheCoordinator(_ server: Screens) async {
        let runtime = server.runtime()
        let navigation = UINavigationController()
        weak var gone: ScreenplayCoordinator?
        var listener: Task<Void, Never>?
        do {
            let coordinator = ScreenplayCoordinator(runtime: runtime, navigationController: navigation)
            await coordinator.start("/first")
            await settle { navigation.viewControllers.count == 1 }
            listener = coordinator.listening
            gone = coordinator
        }
        await settle { gone == nil }
        check(gone == nil, "UIKit: nothing keeps the coordinator alive once the app lets it go")
        let ended = Flag()
        Task { @MainActor in
            await listener?.value
            ended.isSet = true
        }
        await settle { ended.isSet }
        check(
            listener != nil && ended.isSet,
            "UIKit: the coordinator's listener ends with the coordinator (it still waits for the runtime's events)")
        // The runtime goes on without it: its events reach no one, and nothing fails.
        await runtime.perform(.navigate("/second"))
    }

    @MainActor static func scrollViewIsRegistered(_ server: Screens) {
        let runtime = server.runtime()
        guard let store = runtime.stack.first ?? Optional(runtime.loadFragment("/first")) else { return }
        let controller = ScreenViewController(store: store, runtime: runtime)
        _ = controller.view
        guard let host = controller.children.first else {
            check(false, "UIKit: a screen controller hosts its SwiftUI view")
            return
        }
        // What SwiftUI makes for the screen's ScrollView (and a carousel's inside it).
        let scroll = UIScrollView()
        let carousel = UIScrollView()
        let row = UIView()
        row.addSubview(carousel)
        scroll.addSubview(row)
        let wrapper = UIView()
        wrapper.addSubview(scroll)
        host.view.addSubview(wrapper)
        controller.view.setNeedsLayout()
        controller.view.layoutIfNeeded()
        check(
            controller.contentScrollView(for: .top) === scroll,
            "UIKit: the navigation bar follows the screen's scroll view (the outermost one SwiftUI draws)")
        check(controller.contentScrollView(for: .bottom) === scroll, "UIKit: and so does a toolbar at the bottom")
        // The screen fails and its scroll view goes: the bars no longer follow it.
        wrapper.removeFromSuperview()
        controller.view.setNeedsLayout()
        controller.view.layoutIfNeeded()
        check(controller.contentScrollView(for: .top) == nil, "UIKit: a scroll view that went is no longer followed")
    }
}

/// A flag a task sets, read after the main actor settled.
@MainActor final class Flag {
    var isSet = false
}

/// Screens served by path, with a screen the server gains later (a retry finds it).
final class Screens: @unchecked Sendable {
    private let lock = NSLock()
    private var screens: [String: Screen]

    init(_ screens: [String: Screen]) { self.screens = screens }

    func add(_ path: String, _ screen: Screen) { lock.withLock { screens[path] = screen } }

    /// A runtime on these screens, with no web fallback: a screen the server does not have is refused.
    @MainActor func runtime() -> ScreenplayRuntime {
        ScreenplayRuntime(
            configuration: ClientConfiguration(server: URL(string: "http://screens.test")!),
            transport: InMemoryTransport { [self] request in
                let path = String(request.url.path.dropFirst("/screens".count))
                guard let screen = lock.withLock({ screens[path] }) else { return TransportResponse(status: .notFound) }
                return TransportResponse(status: .ok, headers: [.cacheControl: "no-cache"], body: screen.encoded())
            })
    }
}
