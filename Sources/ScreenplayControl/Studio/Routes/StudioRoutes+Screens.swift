import HTTPTypes
import Hummingbird
import ScreenplayProtocol
import ScreenplayServer

extension StudioRoutes {
    /// The developers' pages, for both roles (changing a playground takes an admin):
    ///
    /// | | |
    /// |---|---|
    /// | `GET /studio/screens` | every screen route, drawn in each language, light and dark |
    /// | `GET /studio/screens/preview?path=&language=&scheme=` | one screen's page as `/screens/PATH` serves it, framed by the studio |
    /// | `GET /studio/playground`, `POST /studio/playground` | the playgrounds; `csrf`: a new one |
    /// | `GET /studio/playground/ID`, `POST /studio/playground/ID` | one: page, outline, diagnostics, editor; `csrf`, `document` |
    /// | `POST /studio/playground/ID/document` | the script, as it is typed: `X-CSRF-Token`, the document as the body; JSON back |
    ///
    /// The playground's document is served to apps and pages at `/screens/playground/ID` (and its
    /// live stream at `/screens/playground/ID/stream`): every change reaches them.
    func addScreenRoutes<Context: RequestContext>(to router: Router<Context>) {
        let pages = StudioScreensPages(screens: screens)
        router.get(RouterPath(StudioPage.Section.screens.path)) { request, context in
            try await page(request, context) { try pages.gallery(session: try await signedIn(request)) }
        }
        router.get(RouterPath(StudioPage.Section.screens.path + "/preview")) { request, context in
            try await page(request, context) {
                _ = try await signedIn(request)
                let query = request.uri.queryParameters
                return try await pages.preview(
                    path: query.get("path") ?? "", language: query.get("language"), scheme: query.get("scheme"), original: request)
            }
        }
        router.get(RouterPath(StudioPage.Section.playground.path)) { request, context in
            try await page(request, context) { try pages.playgrounds(session: try await signedIn(request)) }
        }
        submit(RouterPath(StudioPage.Section.playground.path), to: router) { _ in try pages.newPlayground() }
        router.get(RouterPath(StudioPage.Section.playground.path + "/:id")) { request, context in
            try await page(request, context) {
                try pages.playground(context.parameters.get("id") ?? "", session: try await signedIn(request))
            }
        }
        // A document as large as a playground keeps, percent-encoded (3 bytes a byte at worst).
        submit(
            RouterPath(StudioPage.Section.playground.path + "/:id"), to: router,
            maxBytes: 3 * StudioScreens.makePlaygrounds().maxBytes + 4_096
        ) { submission in
            try pages.edit(submission.id, text: submission.form["document"] ?? "", session: submission.session)
        }
        router.post(RouterPath(StudioPage.Section.playground.path + "/:id/document")) { request, context in
            // The page's script, as the document is typed: the CSRF token in a header, the document as the body.
            _ = try await checking(request, refusal: "this change is not from an admin's session")
            let body = try await request.collectedBody(upTo: ControlPlane.maxAdminBytes + 1)
            return try pages.typed(context.parameters.get("id") ?? "", document: body)
        }
    }
}
