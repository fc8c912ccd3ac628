// The UIKit hosts on a navigation controller: sheets with their own navigation that report a swipe
// down, no orphan controller when a screen falls back to the web, the app's own controllers left
// alone, titles that follow the screen, and fragments that size themselves and show their loading.
import Foundation
import Screenplay
import ScreenplayClient
import ScreenplaySwiftUI
import ScreenplayUIKit
import SwiftUI
import UIKit

enum UIKitCheck {
    @MainActor static func settle() async { for _ in 0..<5 { await Task.yield() } }

    @MainActor static func verify() async throws {
        let screens: [String: Screen] = [
            "/first": Screen(id: "first", title: "First") { Component.Text("first") },
            "/second": Screen(id: "second", title: "Second") { Component.Text("second") },
            "/sheet": Screen(id: "sheet", title: "Sheet") { Component.Text("sheet") },
        ]
        let runtime = runtime(serving: screens)
        runtime.webFallback = { _ in }
        let appRoot = UIViewController()
        let navigation = UINavigationController(rootViewController: appRoot)
        let coordinator = ScreenplayCoordinator(runtime: runtime, navigationController: navigation)
        await coordinator.start("/first")
        try await Task.sleep(for: .milliseconds(50))
        let first = navigation.viewControllers.last as? ScreenViewController
        check(navigation.viewControllers.first === appRoot, "the app's own root stays under the first screen")
        check(first?.title == "First", "the title follows the screen (\(first?.title ?? "nil"))")

        // A screen the server does not have opens its web page and leaves no controller behind.
        await runtime.perform(.navigate("/gone"))
        try await Task.sleep(for: .milliseconds(50))
        check(
            navigation.viewControllers.count == 2 && navigation.viewControllers.last === first,
            "a web fallback leaves no orphan controller (\(navigation.viewControllers.count) controllers)")

        // Back pops what the coordinator pushed, never the app's root.
        await runtime.perform(.navigate("/second"))
        try await Task.sleep(for: .milliseconds(50))
        check(navigation.viewControllers.count == 3, "a navigate pushes (\(navigation.viewControllers.count))")
        await runtime.perform(.back)
        try await Task.sleep(for: .milliseconds(50))
        check(
            navigation.viewControllers.count == 2 && navigation.viewControllers.first === appRoot,
            "back pops only the screen it pushed (\(navigation.viewControllers.count))")

        // `present` opens a sheet with its own navigation; a swipe down reaches the runtime.
        await runtime.perform(.present("/sheet", style: .sheet))
        try await Task.sleep(for: .milliseconds(50))
        let sheet = navigation.presentedViewController as? UINavigationController
        check(sheet?.viewControllers.count == 1, "present opens a sheet with its own navigation")
        await runtime.perform(.navigate("/second"))
        try await Task.sleep(for: .milliseconds(50))
        check(sheet?.viewControllers.count == 2, "a navigate inside the sheet pushes in the sheet (\(sheet?.viewControllers.count ?? 0))")
        check(navigation.viewControllers.count == 2, "and not under it")
        sheet?.standInUserSwipesDown()
        await settle()
        check(runtime.presented == nil, "a sheet swiped down is dismissed in the runtime")
        check(navigation.presentedViewController == nil, "and on screen")

        // A fragment: there at once, loading, as tall as its content.
        let fragment = FragmentViewController(path: "/first", runtime: runtime)
        _ = fragment.view
        check(fragment.store != nil, "a fragment has its store as soon as its view loads")
        let host = fragment.children.first as? UIHostingController<ScreenView>
        check(host?.sizingOptions.contains(.intrinsicContentSize) == true, "a fragment's height follows its content")
        if let store = fragment.store {
            for _ in 0..<50 where store.screen == nil { try await Task.sleep(for: .milliseconds(10)) }
            var kinds: [String] = []
            ViewInspector.inspect(
                ScreenView(store: store, runtime: runtime, embedded: true)
            ).walk { kinds.append($0.kind) }
            check(!kinds.contains("ScrollView") && kinds.contains("Text"), "an embedded screen has no scroll view of its own (\(kinds))")
        }
    }
}
