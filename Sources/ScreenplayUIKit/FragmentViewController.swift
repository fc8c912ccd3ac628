#if canImport(UIKit) && canImport(SwiftUI)
    import Screenplay
    import ScreenplayClient
    import ScreenplaySwiftUI
    import SwiftUI
    import UIKit

    /// A server-driven fragment inside one of the app's own screens: add it as a child view
    /// controller where the fragment goes — in a `UIStackView` or a cell, it is as tall as what it
    /// shows (its loading state first, then the screen, growing and shrinking with live updates).
    /// The host sees every action first (`onAction`) and keeps those it handles itself; the others
    /// go to the runtime. The fragment is active while its controller is on screen, holds when it
    /// disappears or is removed from its parent, and with the app in the background.
    ///
    /// ```swift
    /// let promo = FragmentViewController(path: "/fragments/promo", runtime: runtime) { action in
    ///     if case .intent("dismissPromo", _) = action { hidePromo(); return true }
    ///     return false
    /// }
    /// addChild(promo); stack.addArrangedSubview(promo.view); promo.didMove(toParent: self)
    /// ```
    @MainActor
    public final class FragmentViewController: UIViewController {
        public let path: String
        private let runtime: ScreenplayRuntime
        private let components: ComponentRegistry<AnyView>
        private let intercept: (@MainActor (Action) -> Bool)?
        /// The runtime hears when the app goes to the background, even with no coordinator.
        private let foreground: ForegroundFollower
        /// The fragment's screen: loading from the moment the view loads.
        public private(set) var store: ScreenStore?

        public init(
            path: String, runtime: ScreenplayRuntime, components: ComponentRegistry<AnyView> = ComponentRegistry(),
            onAction: (@MainActor (Action) -> Bool)? = nil
        ) {
            self.path = path
            self.runtime = runtime
            self.components = components
            self.intercept = onAction
            foreground = ForegroundFollower(runtime: runtime)
            super.init(nibName: nil, bundle: nil)
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("FragmentViewController is made in code") }

        public override func viewDidLoad() {
            super.viewDidLoad()
            let store = runtime.loadFragment(path)
            self.store = store
            let host = UIHostingController(
                rootView: ScreenView(store: store, runtime: runtime, components: components, embedded: true, onAction: intercept))
            // The hosting view's intrinsic size follows what SwiftUI draws, so Auto Layout (a stack
            // view, a self-sizing cell) gives the fragment its height.
            host.sizingOptions = [.intrinsicContentSize]
            host.view.backgroundColor = .clear
            embed(host, in: self)
        }

        /// On screen: the fragment follows its live updates, and its timers and triggers go on.
        public override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            store?.activate()
            if store?.screen != nil { store?.follow() }
        }

        /// Off screen (scrolled away with its cell, under a push, in a tab the user left): it
        /// stops following, its timers and triggers hold, and its actions navigate nowhere.
        public override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            pause()
        }

        /// Removed from its parent (`removeFromParent()` calls this with nil), maybe without
        /// disappearing first (its parent was never on screen): it holds as when it disappears.
        public override func didMove(toParent parent: UIViewController?) {
            super.didMove(toParent: parent)
            if parent == nil { pause() }
        }

        private func pause() {
            store?.stopFollowing()
            store?.deactivate()
        }
    }
#endif
