#if canImport(SwiftUI)
    #if canImport(Accessibility)
        import Accessibility
    #endif
    import Foundation
    import Observation
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
            let presentation = presenter.present(screen, values: store.values)
            presented = presentation
            return presentation
        }

        /// The presentation made last: what Return reads the field order from.
        private var presented: ScreenPresentation?

        /// Where focus is asked to go among the screen's fields: each field view watches it.
        let focus = FieldFocus()

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
        /// After an action that checks fields (a `validate`, an intent the server may refuse field by
        /// field), the first field showing a problem takes focus and VoiceOver says the problem, and
        /// an intent's new error is said too.
        /// A tap whose same action is still running is not started again (`ScreenplayRuntime.tap`);
        /// a control's change (a toggle) is `repeatable`: each one carries a new value.
        func perform(_ action: Action, repeatable: Bool = false) {
            if intercept?(action) == true { return }
            let errorBefore = store.intentError?.message
            Task {
                if repeatable { await runtime.perform(action, on: store) } else { await runtime.tap(action, on: store) }
                guard Self.checksFields(action) else { return }
                if let error = store.intentError?.message, error != errorBefore { announce(error) }
                guard let screen = store.screen, let field = present(screen).firstFieldShowingProblem else { return }
                focus.ask(field.key)
                if let problem = field.problem { announce(problem) }
            }
        }

        private static func checksFields(_ action: Action) -> Bool {
            switch action {
            case .validate, .intent: true
            case .sequence(let actions): actions.contains(where: checksFields)
            default: false
            }
        }

        /// Return in `field`: focus goes to the next field a user can type into (true), or nowhere
        /// after the last one (false: the keyboard goes).
        func focusField(after field: PresentedTextField) -> Bool {
            guard let next = presented?.field(after: field.key) else { return false }
            focus.ask(next)
            return true
        }

        /// Says `message` with VoiceOver (and any other assistive technology that speaks).
        func announce(_ message: String) {
            AccessibilityNotification.Announcement(message).post()
        }

        /// A binding of a text field to its client value: it shows the masked text and stores the
        /// raw value, as the presentation decides (``PresentedTextField/edited(_:)``).
        func text(_ field: PresentedTextField) -> Binding<String> {
            Binding(get: { field.value }, set: { [store] in store.set(field.key, to: .string(field.edited($0).raw)) })
        }

        /// Stores what a masked field decided itself (``MaskedTextInput``): the raw value of its text.
        func storeRaw(_ raw: String, for field: PresentedTextField) {
            store.set(field.key, to: .string(raw))
        }

        /// Marks a field left (focus went elsewhere): from now on its problem shows, and VoiceOver
        /// says it when it is a new one.
        func leave(_ field: PresentedTextField) {
            let key = FieldState.touchedKey(for: field.key)
            if store.values[key] != true { store.set(key, to: true) }
            guard let screen = store.screen, let problem = present(screen).textField(for: field.key)?.problem, problem != field.problem
            else { return }
            announce(problem)
        }

        /// The URL a link in text or an image path means: absolute, or on the app's server.
        func resolve(_ url: String) -> URL? {
            URL(string: url, relativeTo: runtime.configuration.server)?.absoluteURL
        }
    }

    /// A request for focus to go to a field, by its key: the field whose key it is takes focus.
    /// Each request is new (a serial number), so asking for the same field again moves focus again.
    @MainActor @Observable
    final class FieldFocus {
        struct Request: Equatable {
            let key: String
            let serial: Int
        }

        private(set) var request: Request?

        func ask(_ key: String) {
            request = Request(key: key, serial: (request?.serial ?? 0) + 1)
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
