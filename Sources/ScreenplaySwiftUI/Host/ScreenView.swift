#if canImport(SwiftUI)
    import ScreenplayClient
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    /// One screen of the runtime in its three phases (the Tutu write-up's loading, normal and error
    /// states): a loading placeholder, the screen — marked when it is a stale copy — with pull to
    /// refresh, or the failure with a retry. A live screen is followed while it is on screen, and
    /// the runtime is told when it is on screen and when not (`ScreenStore.activate()`).
    ///
    /// ```swift
    /// ScreenView(store: store, runtime: runtime)
    /// ```
    public struct ScreenView: View {
        let store: ScreenStore
        /// The store's one context (and presenter): looked up, not made, on every `init`.
        let context: RenderContext
        let embedded: Bool
        @Environment(\.accessibilityReduceMotion) private var reduceMotion

        /// - Parameters:
        ///   - store: the screen to show.
        ///   - runtime: the runtime that runs the screen's actions.
        ///   - components: draws the app-defined components the app registered.
        ///   - images: where images are fetched and decoded (default: the shared store).
        ///   - embedded: drawn inside another screen (a fragment): as tall as what it shows, with no
        ///     scroll view of its own, and a loading or failed state a row high.
        ///   - intercept: sees every action first (`onAction:`); return true for those the app performed itself.
        public init(
            store: ScreenStore, runtime: ScreenplayRuntime, components: ComponentRegistry<AnyView> = ComponentRegistry(),
            images: ImageStore? = nil, embedded: Bool = false, onAction intercept: (@MainActor (Action) -> Bool)? = nil
        ) {
            self.store = store
            self.embedded = embedded
            context = RenderContext.of(
                store, runtime: runtime, components: components, images: images ?? ImageStore.shared, intercept: intercept)
        }

        public var body: some View {
            content
                .navigationTitle(store.screen?.title ?? "")
                // On screen or not (pushed over, popped back to, a fragment's screen gone): the
                // runtime holds an inactive screen's timers and triggers and refuses its navigation.
                .task { @MainActor in
                    store.activate()
                    store.follow()
                }
                .onDisappear {
                    store.stopFollowing()
                    store.deactivate()
                }
        }

        @ViewBuilder private var content: some View {
            switch store.phase {
            case .loading:
                ProgressView()
                    .frame(maxWidth: .infinity, minHeight: embedded ? 44 : nil, maxHeight: embedded ? nil : .infinity)
                    .accessibilityLabel("Loading")
            case .failed(let error):
                FailureView(message: error.message, fillsScreen: !embedded) { Task { await store.retry() } }
            case .loaded(let loaded):
                let presentation = context.present(loaded.screen)
                // Under Reduce Motion the layout does not slide: nodes fade where they are.
                let layout = context.layoutTiming(to: presentation, of: loaded.screen).flatMap { reduceMotion ? nil : $0.animation }
                VStack(alignment: .leading, spacing: 0) {
                    if loaded.stale { StaleBanner() }
                    if let intentError = store.intentError { FailureBanner(message: intentError.message) }
                    ScreenBody(presentation: presentation, scrolls: !embedded)
                        // What `withAnimation` would do around the change (the store changes outside
                        // SwiftUI), for this change only, leaving an animation the app chose alone.
                        .transaction(value: presentation) { transaction in
                            if transaction.animation == nil { transaction.animation = layout }
                        }
                }
                .refreshable { @MainActor in await store.reload() }
                .environment(\.screenplay, context)
                .environment(\.openURL, context.openURL)
            }
        }
    }

    /// The presented body in the screen's one vertical scroll view: its own when the presentation
    /// says the body scrolls, else one around it — or, embedded in another screen, as tall as it is.
    struct ScreenBody: View {
        let presentation: ScreenPresentation
        let scrolls: Bool

        var body: some View {
            if let root = presentation.root {
                if presentation.bodyScrolls || !scrolls {
                    NodeView(node: root).equatable()
                } else {
                    ScrollView(.vertical) { NodeView(node: root).equatable() }.scrollDismissesKeyboard(.interactively)
                }
            }
        }
    }

    extension ImageStore {
        /// The images of every screen of the app, over URLSession, decoded by ImageIO to the size
        /// of their frames, 64 MB of pixels at most.
        @MainActor static let shared = ImageStore(transport: URLSessionTransport(), decoder: ImageStore.platformDecoder)

        private static var platformDecoder: any ImageDecoding {
            #if canImport(ImageIO)
                ImageIOThumbnails()
            #else
                UndecodedImages()
            #endif
        }
    }

    /// The failure of a screen that has nothing to show, with a retry: a screen that failed to
    /// load, and a first screen that cannot open (in ``ScreenplayView`` and in the UIKit
    /// coordinator, which shows the same view).
    ///
    /// ```swift
    /// FailureView(message: "This screen is not available.") { Task { await runtime.open("/home") } }
    /// ```
    package struct FailureView: View {
        package let message: String
        package var fillsScreen = true
        package let retry: () -> Void

        /// What a first screen that cannot open says.
        package static let unavailable = "This screen is not available."

        package init(message: String, fillsScreen: Bool = true, retry: @escaping () -> Void) {
            self.message = message
            self.fillsScreen = fillsScreen
            self.retry = retry
        }

        package var body: some View {
            VStack(spacing: 12) {
                Text(message).multilineTextAlignment(.center)
                Button("Retry", action: retry).buttonStyle(.borderedProminent)
            }
            .padding(EdgeInsets(top: 24, leading: 24, bottom: 24, trailing: 24))
            .frame(maxWidth: .infinity, maxHeight: fillsScreen ? .infinity : nil)
        }
    }

    /// Said above a screen shown from the cache because the server could not be reached.
    struct StaleBanner: View {
        var body: some View {
            Text("Offline: showing a saved copy")
                .font(.footnote.weight(.medium))
                .foregroundStyle(Color.secondary)
                .padding(EdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
                .accessibilityAddTraits(.isStaticText)
        }
    }

    /// The error of the last intent, above the screen it left unchanged.
    struct FailureBanner: View {
        let message: String

        var body: some View {
            Text(message)
                .font(.footnote.weight(.medium))
                .foregroundStyle(Color.red)
                .padding(EdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
        }
    }
#endif
