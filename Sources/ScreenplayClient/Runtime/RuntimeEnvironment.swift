import Foundation
import Screenplay

/// What every store of a runtime shares: the loader, the cache, how screens are prepared for the
/// renderer, and where diagnostics go.
struct RuntimeEnvironment: Sendable {
    let loader: ScreenLoader
    let cache: ScreenCache?
    /// Adapts a decoded screen to the client and checks its app-defined components.
    let prepare: @Sendable (Screen) -> (screen: Screen, diagnostics: [Diagnostic])
    let report: @Sendable ([Diagnostic], URL) -> Void
}
