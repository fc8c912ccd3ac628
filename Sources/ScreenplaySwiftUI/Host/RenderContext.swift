#if canImport(SwiftUI)
    import Foundation
    import ScreenplayClient
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    /// What every component view of one screen needs besides its presentation: the store whose
    /// values its controls bind to, the runtime that performs its taps, the app's components and
    /// images, and the presenter that keeps the last presentation so that a change rebuilds only
    /// what it touches. One per store, for as long as the store is drawn: every view that reads it
    /// from the environment sees the same object, so SwiftUI never re-evaluates a view because of it.
    @MainActor
    final class RenderContext {
        let store: ScreenStore
        let runtime: ScreenplayRuntime
        let components: ComponentRegistry<AnyView>
        let images: ImageStore
        /// Asked first for every action; true when the host handled it itself. The newest the app gave.
        var intercept: (@MainActor (Action) -> Bool)?
        private let presenter: Presenter
        /// Links in text go where taps go: through the runtime (one value, so never a change).
        private(set) lazy var openURL = OpenURLAction { [weak self] url in
            self?.perform(.navigate(url.absoluteString))
            return .handled
        }

        private init(
            store: ScreenStore, runtime: ScreenplayRuntime, components: ComponentRegistry<AnyView>, images: ImageStore,
            intercept: (@MainActor (Action) -> Bool)?
        ) {
            self.store = store
            self.runtime = runtime
            self.components = components
            self.images = images
            self.intercept = intercept
            presenter = Presenter(options: PresentationOptions(customTypes: components.typeNames))
        }

        /// The contexts of the stores on screen, by store; an entry goes with its last view.
        private static var contexts: [ObjectIdentifier: WeakContext] = [:]

        /// The context of `store`: made when the store is first drawn, the same one after (the app's
        /// newest `intercept` replaces the one before).
        static func of(
            _ store: ScreenStore, runtime: ScreenplayRuntime, components: ComponentRegistry<AnyView>, images: ImageStore,
            intercept: (@MainActor (Action) -> Bool)?
        ) -> RenderContext {
            if let context = contexts[ObjectIdentifier(store)]?.context, context.runtime === runtime {
                context.intercept = intercept
                return context
            }
            contexts = contexts.filter { $0.value.context != nil }
            let context = RenderContext(store: store, runtime: runtime, components: components, images: images, intercept: intercept)
            contexts[ObjectIdentifier(store)] = WeakContext(context: context)
            return context
        }

        private struct WeakContext {
            weak var context: RenderContext?
        }

        /// The presentation of the store's screen under its values, rebuilt only where they changed.
        func present(_ screen: Screen) -> ScreenPresentation {
            presenter.present(screen, values: store.values)
        }

        /// The presentation drawn last, and whether its screen has entrances or exits.
        private var drawn: ScreenPresentation?
        private var transitions: (screen: Screen, any: Bool)?

        /// The timing the layout moves with from the presentation drawn last to `presentation`:
        /// that of the `MotionPlan`'s entrance or exit that ends last, so that siblings make room
        /// for an entering node (or close over a leaving one) as it moves; nil when nothing enters
        /// or leaves (a keystroke, a change: those animate node by node, or not at all). Only
        /// screens with entrances or exits are planned (a plan presents lazy rows).
        func layoutTiming(to presentation: ScreenPresentation, of screen: Screen) -> Motion.Timing? {
            defer { drawn = presentation }
            guard let old = drawn, old != presentation else { return nil }
            if transitions?.screen != screen {
                let none = screen.body.allNodesSatisfy { $0.motion?.enter == nil && $0.motion?.exit == nil }
                transitions = (screen, !none)
            }
            guard transitions?.any == true else { return nil }
            // Lazy rows by identity: a change presents only the rows that come or go, not the list.
            return MotionPlan(from: old, to: presentation, lazyRows: .comparedByIdentity).steps.filter { $0.kind != .change }.max {
                $0.timing.end < $1.timing.end
            }?.timing
        }

        /// Performs a tap's action through the runtime (unless the host takes it); a failure shows
        /// in the store's error, never as a crash.
        func perform(_ action: Action) {
            if intercept?(action) == true { return }
            Task { await runtime.perform(action, on: store) }
        }

        /// A binding of a text field to its client value: it shows the masked text and stores the
        /// raw value, as the presentation decides (``PresentedTextField/edited(_:)``).
        func text(_ field: PresentedTextField) -> Binding<String> {
            Binding(get: { field.value }, set: { [store] in store.set(field.key, to: .string(field.edited($0).raw)) })
        }

        /// Marks a field left (focus went elsewhere): from now on its problem shows.
        func leave(_ field: PresentedTextField) {
            let key = FieldState.touchedKey(for: field.key)
            if store.values[key] != true { store.set(key, to: true) }
        }

        /// The URL a link in text or an image path means: absolute, or on the app's server.
        func resolve(_ url: String) -> URL? {
            URL(string: url, relativeTo: runtime.configuration.server)?.absoluteURL
        }
    }

    struct RenderContextKey: EnvironmentKey {
        static let defaultValue: RenderContext? = nil
    }

    extension EnvironmentValues {
        var screenplay: RenderContext? {
            get { self[RenderContextKey.self] }
            set { self[RenderContextKey.self] = newValue }
        }
    }
#endif
