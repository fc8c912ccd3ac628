import Hummingbird
import ScreenplayServer

/// What the studio's developer pages draw: the server's screens (the gallery), the playgrounds
/// (documents served at `/screens/playground/ID` while they are edited) and a watched folder's
/// documents, when there is one.
///
/// ```swift
/// control.addRoutes(to: router, tokens: tokens, screens: &routes)   // the studio draws routes' screens
/// routes.addRoutes(to: router)
/// ```
public struct StudioScreens: Sendable {
    /// The server's screen routes, copied once everything is registered (they serve the previews once mounted).
    let routes: ScreenplayRoutes
    let playgrounds: DocumentScreens
    let watched: DocumentScreens?

    /// At most 64 playgrounds of at most 256 KiB each, forgotten 6 hours after their last change.
    static func makePlaygrounds() -> DocumentScreens {
        DocumentScreens(prefix: "playground", maxDocuments: 64, maxBytes: ControlPlane.maxAdminBytes, lifetime: .seconds(6 * 3_600))
    }
}

extension ControlPlane {
    /// Adds `POST /events`, the admin API and the studio to `router`, and the studio's playground
    /// screens to `screens` (`GET /screens/playground/ID`, with their live streams): the studio's
    /// gallery draws every screen `screens` registers, in each of its languages. Call it after
    /// registering the app's screens (and a watched folder's, `watched`) and before
    /// `screens.addRoutes(to:)`.
    public func addRoutes<Context: RequestContext>(
        to router: Router<Context>, tokens: AdminTokens, screens: inout ScreenplayRoutes, watched: DocumentScreens? = nil
    ) {
        let playgrounds = StudioScreens.makePlaygrounds()
        playgrounds.register(on: &screens)
        // The compatibility report and gate build the same screens.
        useScreens(screens)
        addRoutes(to: router, tokens: tokens, studio: StudioScreens(routes: screens, playgrounds: playgrounds, watched: watched))
    }
}
