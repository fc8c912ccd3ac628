#if canImport(SwiftUI)
    import Foundation
    import Screenplay
    import ScreenplayClient
    import SwiftUI

    /// A server-driven app in one view: opens `path` on the runtime's server and follows where taps
    /// lead — the runtime's navigation stack drives a `NavigationStack`, `present` opens a sheet,
    /// `open` leaves the app through `openURL`, and a screen the server does not have goes to the
    /// web fallback the app provides (else `openURL`). Hooks the app already set on the runtime
    /// (`openExternally`, `webFallback`) are kept. The scene's phase tells the runtime when the
    /// app is in the background (`ScreenplayRuntime.isInForeground`).
    ///
    /// ```swift
    /// var components = ComponentRegistry<AnyView>()
    /// components.register(Banner.self) { banner in AnyView(BannerView(banner)) }
    /// let runtime = ScreenplayRuntime(
    ///     configuration: ClientConfiguration(server: URL(string: "https://api.example.com")!), components: components)
    ///
    /// ScreenplayView("/home", runtime: runtime, components: components)
    /// ```
    public struct ScreenplayView: View {
        let path: String
        let runtime: ScreenplayRuntime
        let components: ComponentRegistry<AnyView>
        let webFallback: (@MainActor (URL) -> Void)?
        let intercept: (@MainActor (Action) -> Bool)?
        @Environment(\.openURL) private var openURL
        @Environment(\.scenePhase) private var scenePhase
        /// The first screen could not open: shown instead of a spinner that would never end.
        @State private var unavailable = false

        /// - Parameters:
        ///   - path: the first screen's path on the runtime's server (`"/home"`).
        ///   - runtime: the runtime whose navigation this view follows.
        ///   - components: draws the app-defined components the app registered.
        ///   - webFallback: opens a web page for a screen the server does not have (an in-app browser, say).
        ///   - onAction: sees every action first; return true for those the app performed itself.
        public init(
            _ path: String, runtime: ScreenplayRuntime, components: ComponentRegistry<AnyView> = ComponentRegistry(),
            webFallback: (@MainActor (URL) -> Void)? = nil, onAction: (@MainActor (Action) -> Bool)? = nil
        ) {
            self.path = path
            self.runtime = runtime
            self.components = components
            self.webFallback = webFallback
            self.intercept = onAction
        }

        public var body: some View {
            NavigationStack(path: pushed) {
                root.navigationDestination(for: ScreenStore.ID.self) { id in
                    if let store = runtime.stack.first(where: { $0.id == id }) { screen(store) }
                }
            }
            .sheet(item: presented) { _ in
                // The sheet's own navigation: screens opened inside it stay in it.
                PresentedNavigation(runtime: runtime) { store in screen(store) }
            }
            .task { @MainActor in
                // The app's own hooks win: only those it left unset are filled in.
                let openURL = self.openURL
                if runtime.openExternally == nil { runtime.openExternally = { url in openURL(url) } }
                if let webFallback {
                    runtime.webFallback = webFallback
                } else if runtime.webFallback == nil {
                    runtime.webFallback = { url in openURL(url) }
                }
                if runtime.stack.isEmpty { await openFirst() }
            }
            // In the background every screen is inactive (the top one's navigation waits for the app).
            .onChange(of: scenePhase, initial: true) { _, phase in runtime.isInForeground = phase != .background }
        }

        @ViewBuilder private var root: some View {
            if let first = runtime.stack.first {
                screen(first).id(first.id)
            } else if unavailable {
                FailureView(message: FailureView.unavailable) { Task { await openFirst() } }
            } else {
                ProgressView()
            }
        }

        /// Opens the first screen; when nothing was opened (the server does not have it and its web
        /// page opened instead, or the path was refused), the view says so, with a retry.
        private func openFirst() async {
            unavailable = false
            await runtime.open(path)
            unavailable = runtime.stack.isEmpty
        }

        private func screen(_ store: ScreenStore) -> ScreenView {
            ScreenView(store: store, runtime: runtime, components: components, onAction: intercept)
        }

        /// The screens pushed over the first, by identity (a pop and a push in one update is a new
        /// screen); popping in the interface pops the runtime.
        private var pushed: Binding<[ScreenStore.ID]> {
            Binding(
                get: { runtime.stack.dropFirst().map(\.id) },
                set: { [runtime] path in runtime.pop(to: path.count + 1) })
        }

        /// The presented screen; the user dismissing the sheet tells the runtime.
        private var presented: Binding<ScreenStore?> {
            Binding(
                get: { runtime.presented },
                set: { [runtime] store in if store == nil { runtime.presentationDismissed() } })
        }
    }

    /// A presented sheet's navigation: its first screen, then those opened inside it.
    struct PresentedNavigation<Screen: View>: View {
        let runtime: ScreenplayRuntime
        let screen: (ScreenStore) -> Screen

        var body: some View {
            NavigationStack(path: pushed) {
                if let first = runtime.presentedStack.first {
                    screen(first)
                        .id(first.id)
                        .navigationDestination(for: ScreenStore.ID.self) { id in
                            if let store = runtime.presentedStack.first(where: { $0.id == id }) { screen(store) }
                        }
                }
            }
        }

        private var pushed: Binding<[ScreenStore.ID]> {
            Binding(
                get: { runtime.presentedStack.dropFirst().map(\.id) },
                set: { [runtime] path in runtime.popPresented(to: path.count + 1) })
        }
    }
#endif
