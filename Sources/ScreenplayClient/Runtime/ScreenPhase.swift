import Screenplay

/// Where a screen is in its life: what a renderer draws.
///
/// ```swift
/// switch store.phase {
/// case .loading: ProgressView()
/// case .loaded(let loaded): render(loaded.screen).overlay(loaded.stale ? StaleBanner() : nil)
/// case .failed(let error): ErrorView(error) { Task { await store.retry() } }
/// }
/// ```
public enum ScreenPhase: Sendable {
    case loading
    case loaded(LoadedScreen)
    case failed(ClientError)

    /// The screen shown, if any.
    public var screen: Screen? {
        if case .loaded(let loaded) = self { loaded.screen } else { nil }
    }
}

/// A screen ready to draw, and how current it is.
public struct LoadedScreen: Sendable {
    public enum Source: String, Sendable {
        /// Read from the server just now.
        case network
        /// Read from the disk cache (fresh within its max-age, or stale).
        case cache
        /// The cached copy, confirmed current by a 304.
        case revalidated
        /// The answer to an intent.
        case intent
        /// Pushed by the screen's live stream (a whole screen or a patch).
        case stream
    }

    /// Adapted to the client's capabilities, with broken app-defined components replaced.
    public var screen: Screen
    /// True when what is shown may be out of date: the cache expired and the server could not be reached.
    public var stale: Bool
    public var source: Source
}
