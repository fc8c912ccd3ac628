#if canImport(UIKit) && canImport(SwiftUI)
    import Screenplay
    import ScreenplayClient
    import ScreenplaySwiftUI
    import SwiftUI
    import UIKit

    /// The Movile write-up's coordinator: the server navigates, and this shows it on a
    /// `UINavigationController` — screens opened by a tap are pushed, `present` opens a sheet with a
    /// navigation of its own, `back` pops and `dismiss` dismisses — while routes the app registered
    /// open its own view controllers. A swipe back pops the runtime too, and a sheet swiped down
    /// tells the runtime it is gone.
    ///
    /// It only ever removes the screens it pushed (the app's own view controllers stay where they
    /// are), and it keeps the navigation controller's delegate the app had set: that delegate still
    /// hears of every transition.
    ///
    /// No screen is left spinning: one the runtime lets go (a 404 with no web fallback, a refusal)
    /// is popped, or its sheet dismissed, and when the first screen cannot open, the navigation
    /// controller says so with a Retry. It follows the runtime for as long as the app keeps it, and
    /// tells it when the app goes to the background (every screen holds its timers and triggers).
    ///
    /// ```swift
    /// let coordinator = ScreenplayCoordinator(runtime: runtime, navigationController: navigation)
    /// coordinator.route("/cars/:id") { route in CarViewController(id: route.parameters["id"]!) }
    /// await coordinator.start("/home")
    /// ```
    @MainActor
    public final class ScreenplayCoordinator: NSObject, UINavigationControllerDelegate, UIAdaptivePresentationControllerDelegate {
        public let runtime: ScreenplayRuntime
        public let navigationController: UINavigationController
        private let components: ComponentRegistry<AnyView>
        private let intercept: (@MainActor (Action) -> Bool)?
        /// Follows the runtime's events for as long as this coordinator lives (cancelled when it goes).
        nonisolated(unsafe) private(set) var listening: Task<Void, Never>?
        /// The first screen's path, once `start` opened it: what the unavailable state retries.
        private var firstPath: String?
        /// The runtime hears when the app goes to the background and comes back.
        private let foreground: ForegroundFollower
        /// The delegate the app had set on the navigation controller.
        private weak var appDelegate: (any UINavigationControllerDelegate)?
        /// The presented sheet's navigation controller, while one is up.
        private var sheet: UINavigationController?

        public init(
            runtime: ScreenplayRuntime, navigationController: UINavigationController,
            components: ComponentRegistry<AnyView> = ComponentRegistry(), onAction: (@MainActor (Action) -> Bool)? = nil
        ) {
            self.runtime = runtime
            self.navigationController = navigationController
            self.components = components
            self.intercept = onAction
            appDelegate = navigationController.delegate
            foreground = ForegroundFollower(runtime: runtime)
            super.init()
            navigationController.delegate = self
        }

        /// Opens the app's own view controller for paths that match `pattern` (`/cars/:id`).
        public func route(_ pattern: String, _ makeController: @escaping @MainActor (AppRouter.NativeRoute) -> UIViewController?) {
            runtime.router.register(pattern) { [weak self] route in
                guard let self, let controller = makeController(route) else { return }
                (sheet ?? navigationController).pushViewController(controller, animated: true)
            }
        }

        /// Starts following the runtime, and opens the first screen.
        public func start(_ path: String) async {
            firstPath = path
            listening?.cancel()
            let events = runtime.events()
            listening = Task { [weak self] in
                for await event in events {
                    guard let self else { return }
                    handle(event)
                }
            }
            await runtime.open(path)
        }

        deinit {
            // The stream ends with the task, and the runtime forgets it.
            listening?.cancel()
        }

        /// Every event that may change the stacks brings the controllers in line with the runtime:
        /// a refusal too, since the runtime lets go of a screen the server does not have when no
        /// web fallback can open it.
        func handle(_ event: RuntimeEvent) {
            switch event {
            case .openedScreen, .openedWeb, .wentBack, .dismissed, .loadFailed, .refused: reconcile()
            default: break
            }
        }

        /// Shows the runtime's stacks: screens pushed or presented since are added, screens popped,
        /// dismissed or replaced by their web page (a screen the server did not have) are removed;
        /// every other view controller stays where it is.
        func reconcile() {
            show(runtime.stack, in: navigationController)
            if runtime.presentedStack.isEmpty {
                if let sheet {
                    self.sheet = nil
                    if sheet.presentingViewController != nil { sheet.dismiss(animated: true) }
                }
            } else if let sheet {
                show(runtime.presentedStack, in: sheet)
            } else {
                let sheet = UINavigationController()
                show(runtime.presentedStack, in: sheet)
                sheet.delegate = self
                self.sheet = sheet
                navigationController.present(sheet, animated: true)
                // After `present`: the presentation controller to ask is the one it made.
                sheet.presentationController?.delegate = self
            }
        }

        private func show(_ stores: [ScreenStore], in navigation: UINavigationController) {
            let current = navigation.viewControllers
            var kept = current.filter { controller in
                if controller is UIHostingController<FailureView> { return false }
                guard let screen = controller as? ScreenViewController else { return true }
                return stores.contains { $0 === screen.store }
            }
            let shown = Set(kept.compactMap { ($0 as? ScreenViewController)?.store.id })
            for store in stores where !shown.contains(store.id) { kept.append(screen(store)) }
            // Nothing left to show (the first screen could not open): say so, with a Retry.
            if kept.isEmpty, navigation === navigationController, let firstPath {
                kept = [current.first { $0 is UIHostingController<FailureView> } ?? unavailable(firstPath)]
            }
            let isPrefix = { (short: [UIViewController], long: [UIViewController]) in zip(short, long).allSatisfy { $0 === $1 } }
            if kept.count == current.count, isPrefix(kept, current) { return }
            if kept.count == current.count + 1, isPrefix(current, kept), let pushed = kept.last {
                navigation.pushViewController(pushed, animated: !current.isEmpty)
            } else if kept.count < current.count, isPrefix(kept, current), let top = kept.last {
                navigation.popToViewController(top, animated: true)
            } else {
                navigation.setViewControllers(kept, animated: !current.isEmpty)
            }
        }

        private func screen(_ store: ScreenStore) -> ScreenViewController {
            ScreenViewController(store: store, runtime: runtime, components: components, onAction: intercept)
        }

        /// The state shown when the first screen could not open; Retry opens it again.
        private func unavailable(_ path: String) -> UIHostingController<FailureView> {
            UIHostingController(
                rootView: FailureView(message: FailureView.unavailable) { [weak self] in
                    guard let self else { return }
                    Task { await self.runtime.open(path) }
                })
        }

        /// The screens of `stores` that `navigation` still shows, as a count from the first.
        private func shownCount(of stores: [ScreenStore], in navigation: UINavigationController) -> Int {
            let shown = Set(navigation.viewControllers.compactMap { ($0 as? ScreenViewController)?.store.id })
            return stores.prefix { shown.contains($0.id) }.count
        }

        public func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
        ) {
            // The user swiped back past screens the runtime still holds.
            if navigationController === sheet {
                let count = shownCount(of: runtime.presentedStack, in: navigationController)
                if count < runtime.presentedStack.count { runtime.popPresented(to: count) }
                return
            }
            let count = shownCount(of: runtime.stack, in: navigationController)
            if count < runtime.stack.count { runtime.pop(to: count) }
            #if canImport(ObjectiveC)
                appDelegate?.navigationController?(navigationController, didShow: viewController, animated: animated)
            #endif
        }

        #if canImport(ObjectiveC)
            public func navigationController(
                _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
            ) {
                guard navigationController !== sheet else { return }
                appDelegate?.navigationController?(navigationController, willShow: viewController, animated: animated)
            }

            // Every other delegate method (transitions, orientations) goes to the app's delegate.
            public override func responds(to selector: Selector!) -> Bool {
                super.responds(to: selector) || (appDelegate?.responds(to: selector) ?? false)
            }

            public override func forwardingTarget(for selector: Selector!) -> Any? {
                appDelegate?.responds(to: selector) == true ? appDelegate : super.forwardingTarget(for: selector)
            }
        #endif

        /// The user swiped the sheet down: the runtime lets its screens go.
        public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            sheet = nil
            runtime.presentationDismissed()
        }
    }
#endif
