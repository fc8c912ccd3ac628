import Foundation
import Screenplay

/// What every store of a runtime shares: the loader, the cache, how screens are prepared for the
/// renderer, where diagnostics go, and the clock.
struct RuntimeEnvironment: Sendable {
    let loader: ScreenLoader
    let cache: ScreenCache?
    /// Adapts a decoded screen to what the client draws (a defence against an older server or cache).
    let prepare: @Sendable (Screen) -> (screen: Screen, diagnostics: [Diagnostic])
    let report: @Sendable ([Diagnostic], URL) -> Void
    /// Where stores wait (a stream's reconnection) and read the time (a cached screen's freshness).
    let clock: ScreenplayClock
    /// The variables kept across screens.
    let appVariables: AppVariables
}
