import Hummingbird
import ScreenplayProtocol
import ScreenplayServer

extension StudioRoutes {
    /// The flags' pages and changes, their kill switches among them.
    ///
    /// | | |
    /// |---|---|
    /// | `GET /studio/flags`, `GET /studio/flags/KEY?goal=EVENT` | list; one, with its rules, results, guarded rollout, parts switched off and editor |
    /// | `GET /studio/new-flag`, `POST /studio/new-flag` | the form; `csrf`, `document`, `intent` (`check` or `save`) |
    /// | `POST /studio/flags/KEY` | `csrf`, `base`, `document`, `intent` |
    /// | `POST /studio/flags/KEY/check`, `POST /studio/new-flag/check` | the page's script: the document, `X-CSRF-Token` |
    /// | `POST /studio/flags/KEY/guarded-rollout` | `csrf`, `base`, `intent` (`start`: `rule`, `steps`, `every`, `unit`, `event`, `worseWhen`, `threshold`, `minimumUsers`; or `stop`) |
    /// | `GET /studio/flags/KEY/delete`, `POST …/delete` | the confirmation; `csrf`, `base` |
    /// | `POST /studio/flags/KEY/{switch-off,switch-on}` | `csrf`, `platform`, `minAppVersion`, `maxAppVersion`, `reason` |
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
        submit(RouterPath(StudioFlagPages.newPath), to: router, maxBytes: documentBytes) { submission in
            try await pages.save(nil, form: submission.form, session: submission.session)
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
        submit("/studio/flags/:name/guarded-rollout", to: router) { submission in
            try await pages.guardRollout(try submission.name, form: submission.form, session: submission.session)
        }
        submit("/studio/flags/:name", to: router, maxBytes: documentBytes) { submission in
            try await pages.save(try submission.name, form: submission.form, session: submission.session)
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
        submit("/studio/flags/:name/delete", to: router) { submission in
            try await pages.delete(try submission.name, form: submission.form, session: submission.session)
        }
        submit("/studio/flags/:name/switch-off", to: router) { submission in
            try await pages.switchOff(try submission.name, form: submission.form, session: submission.session)
        }
        submit("/studio/flags/:name/switch-on", to: router) { submission in
            try await pages.switchOn(try submission.name, form: submission.form, session: submission.session)
        }
    }
}
