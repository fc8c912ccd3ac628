#if canImport(UIKit) && canImport(SwiftUI)
    import Observation
    import Screenplay
    import ScreenplayClient
    import ScreenplaySwiftUI
    import SwiftUI
    import UIKit

    /// A view controller that shows one screen of the runtime (loading, the screen, or the failure
    /// with a retry), drawn by the SwiftUI renderer; its title follows the screen's.
    ///
    /// ```swift
    /// let controller = ScreenViewController(store: store, runtime: runtime)
    /// navigationController.pushViewController(controller, animated: true)
    /// ```
    @MainActor
    public final class ScreenViewController: UIViewController {
        public let store: ScreenStore
        private let host: UIHostingController<ScreenView>

        /// - Parameters:
        ///   - store: the screen to show (from the runtime's `stack`, or `runtime.fragment(_:)`).
        ///   - runtime: the runtime that runs the screen's actions.
        ///   - components: draws the app-defined components the app registered.
        ///   - onAction: sees every action first; return true for those the app performed itself.
        public init(
            store: ScreenStore, runtime: ScreenplayRuntime, components: ComponentRegistry<AnyView> = ComponentRegistry(),
            onAction: (@MainActor (Action) -> Bool)? = nil
        ) {
            self.store = store
            host = UIHostingController(rootView: ScreenView(store: store, runtime: runtime, components: components, onAction: onAction))
            super.init(nibName: nil, bundle: nil)
            followTitle()
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("ScreenViewController is made in code") }

        public override func viewDidLoad() {
            super.viewDidLoad()
            embed(host, in: self)
        }

        /// The navigation bar shows the screen's title: set now, and again whenever it changes
        /// (the screen loads, an intent or a live patch renames it).
        private func followTitle() {
            title = withObservationTracking {
                store.screen?.title
            } onChange: { [weak self] in
                Task { @MainActor in self?.followTitle() }
            }
        }
    }

    /// Adds `child`'s view to `parent`'s, edge to edge.
    @MainActor func embed(_ child: UIViewController, in parent: UIViewController) {
        parent.addChild(child)
        child.view.translatesAutoresizingMaskIntoConstraints = false
        parent.view.addSubview(child.view)
        NSLayoutConstraint.activate([
            child.view.topAnchor.constraint(equalTo: parent.view.topAnchor),
            child.view.bottomAnchor.constraint(equalTo: parent.view.bottomAnchor),
            child.view.leadingAnchor.constraint(equalTo: parent.view.leadingAnchor),
            child.view.trailingAnchor.constraint(equalTo: parent.view.trailingAnchor),
        ])
        child.didMove(toParent: parent)
    }
#endif
