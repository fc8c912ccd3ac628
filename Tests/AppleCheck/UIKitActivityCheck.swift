// A screen the UIKit hosts do not show does nothing (issue 41, item 2): a screen controller that
// disappeared (the user left its tab) and a fragment whose controller was removed are inactive in
// the runtime, until they appear again; the app in the background holds every screen.
import Foundation
import Screenplay
import ScreenplayClient
import ScreenplayUIKit
import UIKit

enum UIKitActivityCheck {
    @MainActor static func verify() async {
        let server = Screens([
            "/first": Screen(id: "first", title: "First") { Component.Text("first") },
            "/second": Screen(id: "second", title: "Second") { Component.Text("second") },
        ])
        await screens(server)
        await fragments(server)
    }

    @MainActor static func screens(_ server: Screens) async {
        let runtime = server.runtime()
        let navigation = UINavigationController()
        let coordinator = ScreenplayCoordinator(runtime: runtime, navigationController: navigation)
        await coordinator.start("/first")
        await UIKitEndingsCheck.settle { navigation.viewControllers.count == 1 }
        guard let first = navigation.topViewController as? ScreenViewController else {
            check(false, "UIKit activity: the coordinator shows the first screen")
            return
        }
        first.viewWillAppear(false)
        check(first.store.isActive, "UIKit activity: a screen on screen is active")
        // The user switches to another tab: UIKit says the controller disappeared.
        first.viewDidDisappear(false)
        check(!first.store.isActive, "UIKit activity: a screen whose controller disappeared (a tab left) is inactive")
        first.viewWillAppear(false)
        check(first.store.isActive, "UIKit activity: and active again when it appears")

        // The app goes to the background and comes back.
        NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: nil)
        check(!runtime.isInForeground && !first.store.isActive, "UIKit activity: with the app in the background, the screen holds")
        NotificationCenter.default.post(name: UIApplication.willEnterForegroundNotification, object: nil)
        check(runtime.isInForeground && first.store.isActive, "UIKit activity: and goes on when the app is back")

        // Covered by a push: the runtime knows its stack.
        await runtime.perform(.navigate("/second"))
        await UIKitEndingsCheck.settle { navigation.viewControllers.count == 2 }
        check(!first.store.isActive, "UIKit activity: a screen covered by a push is inactive")
        withExtendedLifetime(coordinator) {}
    }

    @MainActor static func fragments(_ server: Screens) async {
        let runtime = server.runtime()
        let parent = UIViewController()
        let fragment = FragmentViewController(path: "/first", runtime: runtime)
        parent.addChild(fragment)
        parent.view.addSubview(fragment.view)
        fragment.didMove(toParent: parent)
        fragment.viewWillAppear(false)
        guard let store = fragment.store else {
            check(false, "UIKit activity: a fragment has its store once its view loaded")
            return
        }
        await UIKitEndingsCheck.settle { store.screen != nil }
        check(store.isActive, "UIKit activity: a fragment on screen is active")

        // Its controller goes away, without disappearing first (as when its parent was off screen).
        fragment.willMove(toParent: nil)
        fragment.view.removeFromSuperview()
        fragment.removeFromParent()
        check(!store.isActive, "UIKit activity: a fragment whose controller was removed is inactive")
        check(!store.isLive, "UIKit activity: and it no longer follows its live updates")

        // Background: a fragment holds too, with no coordinator around.
        let shown = FragmentViewController(path: "/second", runtime: runtime)
        shown.viewWillAppear(false)
        if let second = shown.store {
            await UIKitEndingsCheck.settle { second.screen != nil }
            NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: nil)
            check(!second.isActive, "UIKit activity: a fragment holds with the app in the background, with no coordinator")
            NotificationCenter.default.post(name: UIApplication.willEnterForegroundNotification, object: nil)
            check(second.isActive, "UIKit activity: and goes on when the app is back")
        }
    }
}
