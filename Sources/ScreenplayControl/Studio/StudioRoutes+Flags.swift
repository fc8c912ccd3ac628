import Hummingbird
import ScreenplayProtocol
import ScreenplayServer

extension StudioRoutes {
    /// The flags' pages, and the kill switches of flags and experiments.
    ///
    /// | | |
    /// |---|---|
    /// | `GET /studio/flags`, `GET /studio/flags/KEY?goal=EVENT` | list; one, with its rules, results, guarded rollout, parts switched off and editor |
    /// | `GET /studio/new-flag`, `POST /studio/new-flag` | the form; `csrf`, `document`, `intent` (`check` or `save`) |
    /// | `POST /studio/flags/KEY` | `csrf`, `base`, `document`, `intent` |
    /// | `POST /studio/flags/KEY/check`, `POST /studio/new-flag/check` | the page's script: the document, `X-CSRF-Token` |
    /// | `POST /studio/flags/KEY/guarded-rollout` | `csrf`, `base`, `intent` (`start`: `rule`, `steps`, `every`, `unit`, `event`, `worseWhen`, `threshold`, `minimumUsers`; or `stop`) |
    /// | `GET /studio/flags/KEY/delete`, `POST …/delete` | the confirmation; `csrf`, `base` |
    /// | `POST /studio/{flags/KEY,experiments/NAME}/{switch-off,switch-on}` | `csrf`, `platform`, `minAppVersion`, `maxAppVersion`, `reason` |
    func addFlagRoutes<Context: RequestContext>(to router: Router<Context>) {
        let pages = StudioFlagPages(control: control)
        // A document may be as large as the admin API takes, percent-encoded (3 bytes a byte at worst).
        let documentBytes = 3 * ControlPlane.maxAdminBytes + 4_096
        router.get(RouterPath(StudioPage.Section.flags.path)) { request, context in
            try await page(request, context) { try await pages.list(session: try signedIn(request)) }
        }
        router.get(RouterPath(StudioFlagPages.newPath)) { request, context in
            try await page(request, context) { try pages.newFlag(session: try await signedIn(request)) }
        }
        router.post(RouterPath(StudioFlagPages.newPath)) { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin, maxBytes: documentBytes)
                return try await pages.save(nil, form: form, session: session)
            }
        }
        router.post(RouterPath(StudioFlagPages.newPath + "/check")) { request, _ in
            let session = try await checking(request)
            return try await pages.check(nil, document: try await request.collectedBody(upTo: ControlPlane.maxAdminBytes), session: session)
        }
        router.get("/studio/flags/:name") { request, context in
            try await page(request, context) {
                let goal = StudioFlagResults.goal(request.uri.queryParameters.get("goal"))
                return try await pages.flag(try AdminAPI.parameter(.name, context), session: try signedIn(request), goal: goal)
            }
        }
        router.post("/studio/flags/:name/guarded-rollout") { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                return try await pages.guardRollout(try AdminAPI.parameter(.name, context), form: form, session: session)
            }
        }
        router.post("/studio/flags/:name") { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin, maxBytes: documentBytes)
                return try await pages.save(try AdminAPI.parameter(.name, context), form: form, session: session)
            }
        }
        router.post("/studio/flags/:name/check") { request, context in
            let session = try await checking(request)
            let body = try await request.collectedBody(upTo: ControlPlane.maxAdminBytes)
            return try await pages.check(try AdminAPI.parameter(.name, context), document: body, session: session)
        }
        router.get("/studio/flags/:name/delete") { request, context in
            try await page(request, context) {
                try await pages.deleteConfirmation(try AdminAPI.parameter(.name, context), session: try signedIn(request))
            }
        }
        router.post("/studio/flags/:name/delete") { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                return try await pages.delete(try AdminAPI.parameter(.name, context), form: form, session: session)
            }
        }
        router.post("/studio/flags/:name/switch-off") { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                return try await pages.switchOff(try AdminAPI.parameter(.name, context), form: form, session: session)
            }
        }
        router.post("/studio/flags/:name/switch-on") { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                return try await pages.switchOn(try AdminAPI.parameter(.name, context), form: form, session: session)
            }
        }
        // An experiment's kill switches: at once, as a flag's.
        router.post("/studio/experiments/:name/switch-off") { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                let name = try AdminAPI.parameter(.name, context)
                var fields = StudioKillSwitches.Fields(form)
                guard let part = fields.read() else {
                    return try await StudioExperimentPages(control: control).experiment(
                        name, session: session, fields: fields, status: .unprocessableContent)
                }
                try await control.switchOff(experiment: name, for: part, by: session.holder)
                return StudioPage.redirect(to: StudioExperimentPages.path(of: name) + "#switched-off")
            }
        }
        router.post("/studio/experiments/:name/switch-on") { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                let name = try AdminAPI.parameter(.name, context)
                try await control.switchOn(experiment: name, for: try StudioKillSwitches.part(form), by: session.holder)
                return StudioPage.redirect(to: StudioExperimentPages.path(of: name) + "#switched-off")
            }
        }
    }

    /// The session of the page's script checking a document as it is typed: same-site, an admin's,
    /// with the session's CSRF token in a header.
    func checking(_ request: Request) async throws -> StudioSession {
        try Self.refuseCrossSite(request)
        let session = try await signedIn(request)
        guard session.accepts(csrf: request.headers[.xCSRFToken]), session.role == .admin else {
            throw ScreenplayError(.forbidden, code: "badCSRF", message: "this check is not from an admin's session")
        }
        return session
    }
}
