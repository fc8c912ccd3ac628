import HTTPTypes
import Hummingbird
import ScreenplayHTML

extension StudioRoutes {
    /// Signing in and out: the form (or the experiments, signed in already), the token checked
    /// under the throttle, the session's cookie set and cleared.
    func addSignInRoutes<Context: RequestContext>(to router: Router<Context>) {
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

    private func signInPage(problem: String?, status: HTTPResponse.Status = .ok) -> StudioPage {
        var body: HTML = "<p>Sign in with an admin token, or a read token to look without changing anything.</p>\n"
        if let problem { body += "<p class=\"problem\" role=\"alert\" id=\"sign-in-problem\">\(problem)</p>\n" }
        body += """
            <form method="post" action="/studio/sign-in">
            <label for="token">Token</label>
            <input type="password" id="token" name="token" autocomplete="current-password" required\(problem == nil ? HTML() : " aria-describedby=\"sign-in-problem\" aria-invalid=\"true\"")>
            <p><button type="submit">Sign in</button></p>
            </form>
            """
        return StudioPage(title: "Sign in", session: nil, section: nil, body: body, status: status)
    }
}
