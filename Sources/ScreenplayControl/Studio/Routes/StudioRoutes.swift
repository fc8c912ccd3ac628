import Hummingbird
import ScreenplayServer

/// The studio's routes under `/studio`: signing in with an admin or read token, then pages over
/// the control plane. Every page needs a session; every change needs the admin role and the
/// session's CSRF token, checked by the server (a read session sees no buttons, and a forged
/// form is refused all the same): each change is one ``submit(_:to:role:maxBytes:_:)``.
///
/// | | |
/// |---|---|
/// | `GET /studio` | the sign-in form, or the experiments when signed in |
/// | `POST /studio/sign-in`, `POST /studio/sign-out` | `token`; `csrf` |
/// | `GET /studio/experiments`, `GET /studio/experiments/NAME` | list; one, with its results drawn |
/// | `POST /studio/experiments/NAME/{pause,resume}` | `csrf` |
/// | `GET /studio/experiments/NAME/stop?winner=V`, `POST …/stop` | the confirmation; `csrf`, `winner` |
///
/// The other sections' routes are in `StudioRoutes+Section.swift`, each with its table.
struct StudioRoutes: Sendable {
    let control: ControlPlane
    let tokens: AdminTokens
    let throttle: AuthenticationThrottle
    /// The gallery's screens and the playgrounds, when the server gave them (``ControlPlane/addRoutes(to:tokens:screens:watched:)``).
    var screens: StudioScreens? = nil
    /// Four eyes: changes to experiments, slots and flags (not kill switches) are asked for, and applied once another admin approves.
    var fourEyes: Bool { control.fourEyes }

    func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get(RouterPath(StudioStyleSheet.path)) { request, _ in
            StudioStyleSheet.response(ifNoneMatch: request.headers[.ifNoneMatch])
        }
        router.get(RouterPath(StudioScript.path)) { request, _ in StudioScript.response(ifNoneMatch: request.headers[.ifNoneMatch]) }
        addSignInRoutes(to: router)
        addExperimentRoutes(to: router)
        addSlotRoutes(to: router)
        addAuditRoutes(to: router)
        addScreenRoutes(to: router)
        addRequestRoutes(to: router)
        addCompatRoutes(to: router)
        addFlagRoutes(to: router)
    }
}
