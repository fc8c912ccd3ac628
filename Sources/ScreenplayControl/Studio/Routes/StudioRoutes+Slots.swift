import Hummingbird
import ScreenplayProtocol
import ScreenplayServer

extension StudioRoutes {
    /// The content slots' pages: list, one slot (preview, editor, history), publish, roll back,
    /// the diff of two versions, and the preview the slot's page frames.
    ///
    /// | | |
    /// |---|---|
    /// | `GET /studio/slots`, `GET /studio/slots/NAME?before=V` | list; one, a page of its history |
    /// | `POST /studio/slots/NAME` | `csrf`, `base`, `document`, `intent` (`check` or `publish`), `force` |
    /// | `POST /studio/slots/NAME/check` | the page's script: the document, `X-CSRF-Token` |
    /// | `POST /studio/slots/NAME/rollback` | `csrf`, `base`, `version` |
    /// | `GET /studio/slots/NAME/diff?from=V&to=W`, `GET …/preview?version=V&language=L&scheme=S` | two versions compared; one drawn |
    func addSlotRoutes<Context: RequestContext>(to router: Router<Context>) {
        let pages = StudioSlotPages(control: control)
        router.get("/studio/slots") { request, context in
            try await page(request, context) { try await pages.list(session: try signedIn(request)) }
        }
        router.get("/studio/slots/:name") { request, context in
            try await page(request, context) {
                let session = try await signedIn(request)
                let query = request.uri.queryParameters
                let history = try StudioSlotPages.HistoryPage(
                    before: query.get("before").map { String($0) }, after: query.get("after").map { String($0) })
                return try await pages.slot(try AdminAPI.parameter(.name, context), session: session, history: history)
            }
        }
        // A document may be as large as the admin API takes, percent-encoded (3 bytes a byte at worst).
        submit("/studio/slots/:name", to: router, maxBytes: 3 * ControlPlane.maxAdminBytes + 4_096) { submission in
            try await pages.publish(try submission.name, form: submission.form, session: submission.session)
        }
        router.post("/studio/slots/:name/check") { request, context in
            // The page's script, as the document is typed: the CSRF token in a header, the document as the body.
            let session = try await checking(request)
            let body = try await request.collectedBody(upTo: ControlPlane.maxAdminBytes)
            return try await pages.check(try AdminAPI.parameter(.name, context), document: body, session: session)
        }
        submit("/studio/slots/:name/rollback", to: router) { submission in
            try await pages.rollback(try submission.name, form: submission.form, session: submission.session)
        }
        router.get("/studio/slots/:name/diff") { request, context in
            try await page(request, context) {
                let session = try await signedIn(request)
                let query = request.uri.queryParameters
                guard let from = query.get("from").flatMap({ Int($0) }), let to = query.get("to").flatMap({ Int($0) }) else {
                    throw ScreenplayError(.badRequest, code: "badVersions", message: "choose two versions to compare (from and to)")
                }
                return try await pages.diff(try AdminAPI.parameter(.name, context), from: from, to: to, session: session)
            }
        }
        router.get("/studio/slots/:name/preview") { request, context in
            try await page(request, context) {
                _ = try await signedIn(request)
                let query = request.uri.queryParameters
                let language: String = query.get("language").map { String($0) } ?? "default"
                guard language.count <= 35, language.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                    throw ScreenplayError(.badRequest, code: "badLanguage", message: "a language is a code like fr or pt-BR")
                }
                return try await pages.preview(
                    try AdminAPI.parameter(.name, context), version: query.get("version").flatMap { Int($0) }, language: language,
                    scheme: query.get("scheme").map { String($0) })
            }
        }
    }
}
