import Hummingbird
import ScreenplayProtocol
import ScreenplayServer

extension StudioRoutes {
    /// Four eyes' pages: requests for both roles, decisions for an admin who did not ask.
    ///
    /// | | |
    /// |---|---|
    /// | `GET /studio/requests` | pending requests first, then decided ones |
    /// | `GET /studio/requests/ID` | one, with what it changes as a diff |
    /// | `POST /studio/requests/ID/{approve,refuse}` | `csrf`; `note` (refuse) |
    func addRequestRoutes<Context: RequestContext>(to router: Router<Context>) {
        let pages = StudioRequestPages(control: control)
        router.get(RouterPath(StudioPage.Section.requests.path)) { request, context in
            try await page(request, context) { try await pages.list(session: try signedIn(request), fourEyes: fourEyes) }
        }
        router.get(RouterPath(StudioPage.Section.requests.path + "/:id")) { request, context in
            try await page(request, context) {
                let session = try await signedIn(request)
                return try await pages.request(context.parameters.get("id") ?? "", session: session)
            }
        }
        submit(RouterPath(StudioPage.Section.requests.path + "/:id/approve"), to: router) { submission in
            let found = try await StudioRequestPages.find(submission.id, control: control)
            try await control.approve(request: found.id, by: submission.session.holder)
            return StudioPage.redirect(to: StudioRequestPages.path(of: found.id))
        }
        submit(RouterPath(StudioPage.Section.requests.path + "/:id/refuse"), to: router) { submission in
            let found = try await StudioRequestPages.find(submission.id, control: control)
            try await control.refuse(request: found.id, by: submission.session.holder, note: submission.form["note"])
            return StudioPage.redirect(to: StudioRequestPages.path(of: found.id))
        }
    }
}
