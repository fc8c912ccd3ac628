import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ScreenplayHTML
import ScreenplayProtocol
import ScreenplayServer

/// The studio's routes under `/studio`: signing in with an admin or read token, then pages over
/// the control plane. Every page needs a session; every change needs the admin role and the
/// session's CSRF token, checked by the server (a read session sees no buttons, and a forged
/// form is refused all the same).
///
/// | | |
/// |---|---|
/// | `GET /studio` | the sign-in form, or the experiments when signed in |
/// | `POST /studio/sign-in`, `POST /studio/sign-out` | `token`; `csrf` |
/// | `GET /studio/experiments`, `GET /studio/experiments/NAME` | list; one, with its results drawn |
/// | `POST /studio/experiments/NAME/{pause,resume}` | `csrf` |
/// | `GET /studio/experiments/NAME/stop?winner=V`, `POST …/stop` | the confirmation; `csrf`, `winner` |
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
        router.get("/studio") { request, context in
            try await page(request, context) {
                if try await session(request) != nil { return StudioPage.redirect(to: StudioPage.Section.experiments.path) }
                return signInPage(problem: nil).response()
            }
        }
        router.post("/studio/sign-in") { request, context in
            try await page(request, context) { try await signIn(request, context) }
        }
        router.post("/studio/sign-out") { request, context in
            try await page(request, context) {
                _ = try await changing(request)
                if let cookie = StudioSession.cookieValue(in: request.headers[.cookie]) {
                    try await control.endStudioSession(cookie: cookie)
                }
                return StudioPage.redirect(
                    to: "/studio", headers: [.setCookie: StudioSession.cookie("", maxAge: 0, secure: isSecure(request))])
            }
        }
        router.get("/studio/experiments") { request, context in
            try await page(request, context) { try await StudioExperimentPages(control: control).list(session: try signedIn(request)) }
        }
        router.get("/studio/experiments/:name") { request, context in
            try await page(request, context) {
                try await StudioExperimentPages(control: control).experiment(
                    try AdminAPI.parameter(.name, context), session: try signedIn(request))
            }
        }
        for (action, status) in [("pause", Experiment.Status.paused), ("resume", .running)] {
            router.post("/studio/experiments/:name/\(action)") { request, context in
                try await page(request, context) {
                    let (session, _) = try await changing(request, role: .admin)
                    let name = try AdminAPI.parameter(.name, context)
                    if fourEyes {
                        return try await requestChange(status == .paused ? .pause : .resume, toExperiment: name, session: session)
                    }
                    _ = try await control.update(experiment: name, by: session.holder) { $0.status = status }
                    return StudioPage.redirect(to: StudioExperimentPages.path(of: name))
                }
            }
        }
        router.get(RouterPath(StudioExperimentPages.newPath)) { request, context in
            try await page(request, context) { try await StudioExperimentPages(control: control).form(nil, session: try signedIn(request)) }
        }
        router.post(RouterPath(StudioExperimentPages.newPath)) { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                return try await StudioExperimentPages(control: control).save(StudioExperimentForm(form), isNew: true, session: session)
            }
        }
        router.get("/studio/experiments/:name/edit") { request, context in
            try await page(request, context) {
                try await StudioExperimentPages(control: control).form(
                    try AdminAPI.parameter(.name, context), session: try signedIn(request))
            }
        }
        router.post("/studio/experiments/:name/edit") { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                var fields = StudioExperimentForm(form)
                fields.name = try AdminAPI.parameter(.name, context)
                return try await StudioExperimentPages(control: control).save(fields, isNew: false, session: session)
            }
        }
        router.get("/studio/experiments/:name/stop") { request, context in
            try await page(request, context) {
                let session = try await signedIn(request)
                let winner = request.uri.queryParameters.get("winner")
                return try await StudioExperimentPages(control: control).stopConfirmation(
                    try AdminAPI.parameter(.name, context), winner: winner, session: session)
            }
        }
        addSlotRoutes(to: router)
        router.post("/studio/experiments/:name/stop") { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                let name = try AdminAPI.parameter(.name, context)
                let winner = form["winner"]
                if fourEyes { return try await requestChange(.stop(winner: winner ?? ""), toExperiment: name, session: session) }
                do {
                    _ = try await control.update(experiment: name, by: session.holder, force: form["force"]) { experiment in
                        guard let winner, experiment.variants.contains(where: { $0.name == winner }) else {
                            throw ScreenplayError(
                                .unprocessableContent, code: "badWinner", message: "the winner must be one of the experiment's variants")
                        }
                        experiment.status = .stopped
                        experiment.winner = winner
                    }
                } catch let error as ScreenplayError where error.code == "compatibilityGate" {
                    // The confirmation again, with the gate's list and the reason field.
                    var page = try await StudioExperimentPages(control: control).stopConfirmation(
                        name, winner: winner, session: session, refusal: error)
                    page.status = .unprocessableContent
                    return page
                }
                return StudioPage.redirect(to: StudioExperimentPages.path(of: name))
            }
        }
        addAuditRoutes(to: router)
        addScreenRoutes(to: router)
        addRequestRoutes(to: router)
        addCompatRoutes(to: router)
        addFlagRoutes(to: router)
    }

    /// The content slots' pages: list, one slot (preview, editor, history), publish, roll back,
    /// the diff of two versions, and the preview the slot's page frames.
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
        router.post("/studio/slots/:name") { request, context in
            try await page(request, context) {
                // A document may be as large as the admin API takes, percent-encoded (3 bytes a byte at worst).
                let (session, form) = try await changing(request, role: .admin, maxBytes: 3 * ControlPlane.maxAdminBytes + 4_096)
                return try await pages.publish(try AdminAPI.parameter(.name, context), form: form, session: session)
            }
        }
        router.post("/studio/slots/:name/check") { request, context in
            // The page's script, as the document is typed: the CSRF token in a header, the document as the body.
            try Self.refuseCrossSite(request)
            let session = try await signedIn(request)
            guard session.accepts(csrf: request.headers[.xCSRFToken]), session.role == .admin else {
                throw ScreenplayError(.forbidden, code: "badCSRF", message: "this check is not from an admin's session")
            }
            let body = try await request.collectedBody(upTo: ControlPlane.maxAdminBytes)
            return try await pages.check(try AdminAPI.parameter(.name, context), document: body, session: session)
        }
        router.post("/studio/slots/:name/rollback") { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                return try await pages.rollback(try AdminAPI.parameter(.name, context), form: form, session: session)
            }
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

    // MARK: Sessions

    /// The session the request's cookie names, if it is open.
    func session(_ request: Request) async throws -> StudioSession? {
        guard let cookie = StudioSession.cookieValue(in: request.headers[.cookie]) else { return nil }
        return try await control.studioSession(cookie: cookie, tokens: tokens)
    }

    /// The request's session, or a redirect to the sign-in form.
    func signedIn(_ request: Request) async throws -> StudioSession {
        guard let session = try await session(request) else { throw StudioRedirect(location: "/studio") }
        return session
    }

    /// The session of a request that changes something: open, same-site, with the session's CSRF
    /// token in its form, and of `role` when given; and the form.
    func changing(_ request: Request, role: AdminTokens.Role? = nil, maxBytes: Int = StudioForm.maxBytes) async throws -> (
        StudioSession, StudioForm
    ) {
        try Self.refuseCrossSite(request)
        guard let session = try await session(request) else {
            throw ScreenplayError(.unauthorized, code: "noSession", message: "your session has ended: sign in again")
        }
        let form = try await StudioForm(request, maxBytes: maxBytes)
        guard session.accepts(csrf: form["csrf"]) else {
            throw ScreenplayError(.forbidden, code: "badCSRF", message: "this form is not from your session: reload the page and try again")
        }
        if role == .admin, session.role != .admin {
            throw ScreenplayError(
                .forbidden, code: "readOnlySession", message: "\(session.holder) signed in with a read token: it may look, not change")
        }
        return (session, form)
    }

    /// A request another site made the browser send (a form posted from elsewhere) is refused
    /// whatever it carries; browsers say so in `Sec-Fetch-Site` and `Origin`.
    static func refuseCrossSite(_ request: Request) throws {
        if let site = request.headers[.secFetchSite], site == "cross-site" || site == "same-site" {
            throw ScreenplayError(.forbidden, code: "crossSite", message: "the studio accepts forms from its own pages only")
        }
        if let origin = request.headers[.origin], origin != "null", let host = request.head.authority,
            URL(string: origin)?.host.map({ $0 + (URL(string: origin)?.port.map { ":\($0)" } ?? "") }) != host
        {
            throw ScreenplayError(.forbidden, code: "crossSite", message: "the studio accepts forms from its own pages only")
        }
    }

    private func signIn(_ request: Request, _ context: some RequestContext) async throws -> Response {
        try Self.refuseCrossSite(request)
        let address = (context as? any RemoteAddressRequestContext)?.remoteAddress
        guard !tokens.isEmpty else {
            return signInPage(
                problem: "The studio is disabled: no admin token is configured (SCREENPLAY_ADMIN_TOKENS).", status: .forbidden
            )
            .response()
        }
        let form = try await StudioForm(request)
        guard let holder = try await throttle.check(address, path: request.uri.path, { tokens.holder(token: form["token"] ?? "") }) else {
            return signInPage(problem: "That token is not one of this server's.", status: .unauthorized).response()
        }
        let (_, cookie) = try await control.startStudioSession(for: holder)
        return StudioPage.redirect(
            to: StudioPage.Section.experiments.path,
            headers: [.setCookie: StudioSession.cookie(cookie, maxAge: StudioSession.lifetime, secure: isSecure(request))])
    }

    /// Whether the browser reached the studio over TLS (directly or through a proxy that says so):
    /// its cookie is then `Secure`.
    func isSecure(_ request: Request) -> Bool {
        request.head.scheme == "https" || request.headers[.xForwardedProto]?.lowercased() == "https"
    }

    private func signInPage(problem: String?, status: HTTPResponse.Status = .ok) -> StudioPage {
        var body = "<p>Sign in with an admin token, or a read token to look without changing anything.</p>\n"
        if let problem { body += "<p class=\"problem\" role=\"alert\" id=\"sign-in-problem\">\(HTMLText.escape(problem))</p>\n" }
        body += """
            <form method="post" action="/studio/sign-in">
            <label for="token">Token</label>
            <input type="password" id="token" name="token" autocomplete="current-password" required\(problem == nil ? "" : " aria-describedby=\"sign-in-problem\" aria-invalid=\"true\"")>
            <p><button type="submit">Sign in</button></p>
            </form>
            """
        return StudioPage(title: "Sign in", session: nil, section: nil, body: body, status: status)
    }

    // MARK: Errors as pages

    /// Runs a page's handler; a redirect it asks for is one, any error is a page that says what
    /// went wrong (never the JSON of the admin API, never a stack).
    func page(_ request: Request, _ context: some RequestContext, _ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let redirect as StudioRedirect {
            return StudioPage.redirect(to: redirect.location)
        } catch let error as ScreenplayError {
            let signedIn = try? await session(request)
            var page = StudioPage(
                title: Self.title(of: error.status), session: signedIn, section: nil,
                body:
                    "<p class=\"problem\" role=\"alert\">\(HTMLText.escape(error.message))</p>\n<p><a href=\"/studio\">Back to the studio</a></p>",
                status: error.status)
            page.status = error.status
            return page.response(headers: error.headerFields)
        }
    }

    static func title(of status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "Not understood"
        case 401: "Signed out"
        case 403: "Not allowed"
        case 404: "Not found"
        case 409, 412: "Changed meanwhile"
        case 422: "Not saved"
        case 429: "Too many attempts"
        default: "Something went wrong"
        }
    }
}

/// A page that needs a session, reached without one: the sign-in form instead.
struct StudioRedirect: Error {
    let location: String
}
