#if canImport(UIKit) && canImport(SwiftUI)
    import Screenplay
    import ScreenplayClient
    import ScreenplaySwiftUI
    import SwiftUI
    import UIKit

    /// A server-driven fragment inside one of the app's own screens: add it as a child view
    /// controller where the fragment goes. The host sees every action first (`onAction`) and keeps
    /// those it handles itself; the others go to the runtime.
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
        private var host: UIHostingController<ScreenView>?
        /// The fragment's screen, once loading began.
        public private(set) var store: ScreenStore?

        public init(
            path: String, runtime: ScreenplayRuntime, components: ComponentRegistry<AnyView> = ComponentRegistry(),
            onAction: (@MainActor (Action) -> Bool)? = nil
        ) {
            self.path = path
            self.runtime = runtime
            self.components = components
            self.intercept = onAction
            super.init(nibName: nil, bundle: nil)
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("FragmentViewController is made in code") }

        public override func viewDidLoad() {
            super.viewDidLoad()
            Task { await load() }
        }

        /// Loads the fragment and shows it (its failure shows with a retry, in its place).
        func load() async {
            let store = await runtime.fragment(path)
            self.store = store
            let host = UIHostingController(
                rootView: ScreenView(store: store, runtime: runtime, components: components, onAction: intercept))
            self.host = host
            embed(host, in: self)
        }

        public override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            store?.stopFollowing()
        }
    }
#endif
