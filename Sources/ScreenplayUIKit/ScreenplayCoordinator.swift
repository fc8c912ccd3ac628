#if canImport(UIKit) && canImport(SwiftUI)
    import Screenplay
    import ScreenplayClient
    import ScreenplaySwiftUI
    import SwiftUI
    import UIKit

    /// The Movile write-up's coordinator: the server navigates, and this performs it on a
    /// `UINavigationController` — a screen opened by a tap is pushed, `present` is presented modally,
    /// `back` pops and `dismiss` dismisses — while routes the app registered open its own view
    /// controllers. A swipe back in the navigation controller pops the runtime too.
    ///
    /// ```swift
    /// let coordinator = ScreenplayCoordinator(runtime: runtime, navigationController: navigation)
    /// coordinator.route("/cars/:id") { route in CarViewController(id: route.parameters["id"]!) }
    /// await coordinator.start("/home")
    /// ```
    @MainActor
    public final class ScreenplayCoordinator: NSObject, UINavigationControllerDelegate {
        public let runtime: ScreenplayRuntime
        public let navigationController: UINavigationController
        private let components: ComponentRegistry<AnyView>
        private let intercept: (@MainActor (Action) -> Bool)?
        private var listening: Task<Void, Never>?

        public init(
            runtime: ScreenplayRuntime, navigationController: UINavigationController,
            components: ComponentRegistry<AnyView> = ComponentRegistry(), onAction: (@MainActor (Action) -> Bool)? = nil
        ) {
            self.runtime = runtime
            self.navigationController = navigationController
            self.components = components
            self.intercept = onAction
            super.init()
            navigationController.delegate = self
        }

        /// Opens the app's own view controller for paths that match `pattern` (`/cars/:id`).
        public func route(_ pattern: String, _ makeController: @escaping @MainActor (AppRouter.NativeRoute) -> UIViewController?) {
            runtime.router.register(pattern) { [weak self] route in
                guard let self, let controller = makeController(route) else { return }
                navigationController.pushViewController(controller, animated: true)
            }
        }

        /// Starts following the runtime, and opens the first screen.
        public func start(_ path: String) async {
            listening?.cancel()
            let events = runtime.events()
            listening = Task { [weak self] in
                for await event in events { self?.handle(event) }
            }
            await runtime.open(path)
        }

        /// What each runtime event does to the view controllers.
        func handle(_ event: RuntimeEvent) {
            switch event {
            case .openedScreen(_, _, let presented):
                if presented {
                    guard let store = runtime.presented else { return }
                    let controller = UINavigationController(rootViewController: screen(store))
                    navigationController.present(controller, animated: true)
                } else if let store = runtime.stack.last {
                    navigationController.pushViewController(screen(store), animated: navigationController.viewControllers.count > 0)
                }
            case .wentBack:
                if screenCount > runtime.stack.count { navigationController.popViewController(animated: true) }
            case .dismissed:
                navigationController.presentedViewController?.dismiss(animated: true)
            default:
                break
            }
        }

        private func screen(_ store: ScreenStore) -> ScreenViewController {
            ScreenViewController(store: store, runtime: runtime, components: components, onAction: intercept)
        }

        /// The screens of the runtime on the navigation controller.
        private var screenCount: Int {
            navigationController.viewControllers.filter { $0 is ScreenViewController }.count
        }

        public func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
        ) {
            // The user swiped back past screens the runtime still holds.
            if screenCount < runtime.stack.count { runtime.pop(to: screenCount) }
        }
    }
#endif
