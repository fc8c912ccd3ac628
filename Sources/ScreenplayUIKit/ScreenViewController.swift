#if canImport(UIKit) && canImport(SwiftUI)
    import Observation
    import Screenplay
    import ScreenplayClient
    import ScreenplaySwiftUI
    import SwiftUI
    import UIKit

    /// A view controller that shows one screen of the runtime (loading, the screen, or the failure
    /// with a retry), drawn by the SwiftUI renderer. The screen is active while the controller is
    /// on screen (`viewWillAppear` to `viewDidDisappear`); its title follows the screen's, and the
    /// navigation bar (and a toolbar) follow the scroll view the screen is drawn in, as they follow
    /// a table view's: a large title collapses as the screen scrolls under it.
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

        /// The screen is on screen again: unless another covers it or the app is in the
        /// background, its timers and triggers go on.
        public override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            store.activate()
        }

        /// Covered by a push, in a tab the user left, or gone: its timers and triggers hold, and
        /// its actions navigate nowhere, until it appears again.
        public override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            store.deactivate()
        }

        public override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            followScrollView()
        }

        /// The navigation bar shows the screen's title: set now, and again whenever it changes
        /// (the screen loads, an intent or a live patch renames it). A change of phase (loading,
        /// the screen, the failure) changes the views SwiftUI draws: the next layout finds the
        /// scroll view again.
        private func followTitle() {
            title = withObservationTracking {
                _ = store.phase
                return store.screen?.title
            } onChange: { [weak self] in
                Task { @MainActor in
                    self?.followTitle()
                    self?.viewIfLoaded?.setNeedsLayout()
                }
            }
        }

        /// The scroll view the bars follow: the outermost one SwiftUI drew the screen in (a
        /// carousel's inside it is not the screen's), or none while the screen loads or failed.
        /// UIKit finds a scroll view only at the top of a view controller's own view, not inside a
        /// hosting controller's child view, so it is set here (`setContentScrollView(_:for:)`, iOS 15).
        private func followScrollView() {
            // SwiftUI brings its views up to date in its own layout: now, so that they are there to find.
            host.view.layoutIfNeeded()
            let scrollView = outermostScrollView(in: host.view)
            guard contentScrollView(for: .top) !== scrollView || contentScrollView(for: .bottom) !== scrollView else { return }
            setContentScrollView(scrollView, for: .top)
            setContentScrollView(scrollView, for: .bottom)
        }

        /// The first scroll view under `root`, breadth first: the outermost.
        private func outermostScrollView(in root: UIView) -> UIScrollView? {
            var level = root.subviews
            while !level.isEmpty {
                if let scrollView = level.lazy.compactMap({ $0 as? UIScrollView }).first { return scrollView }
                level = level.flatMap(\.subviews)
            }
            return nil
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
