#if canImport(SwiftUI)
    import Foundation
    import ScreenplayClient
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    /// What every component view needs besides its presentation: the store whose values its
    /// controls bind to, the runtime that performs its taps, the app's components and images.
    @MainActor
    final class RenderContext {
        let store: ScreenStore
        let runtime: ScreenplayRuntime
        let components: ComponentRegistry<AnyView>
        let images: ImageStore
        /// Asked first for every action; true when the host handled it itself.
        let intercept: (@MainActor (Action) -> Bool)?

        init(
            store: ScreenStore, runtime: ScreenplayRuntime, components: ComponentRegistry<AnyView>, images: ImageStore,
            intercept: (@MainActor (Action) -> Bool)?
        ) {
            self.store = store
            self.runtime = runtime
            self.components = components
            self.images = images
            self.intercept = intercept
        }

        /// Performs a tap's action through the runtime (unless the host takes it); a failure shows
        /// in the store's error, never as a crash.
        func perform(_ action: Action) {
            if intercept?(action) == true { return }
            Task { await runtime.perform(action, on: store) }
        }

        /// A binding of a text control to the client value `key`.
        func text(_ key: String, shown value: String) -> Binding<String> {
            Binding(get: { value }, set: { [store] in store.set(key, to: .string($0)) })
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
