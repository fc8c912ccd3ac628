import Foundation
import Hummingbird
import ScreenplayProtocol

extension StudioRoutes {
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

    /// The session of the page's script checking or sending a document as it is typed:
    /// same-site, an admin's, with the session's CSRF token in a header.
    func checking(_ request: Request, refusal: String = "this check is not from an admin's session") async throws -> StudioSession {
        try Self.refuseCrossSite(request)
        let session = try await signedIn(request)
        guard session.accepts(csrf: request.headers[.xCSRFToken]), session.role == .admin else {
            throw ScreenplayError(.forbidden, code: "badCSRF", message: refusal)
        }
        return session
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

    /// Whether the browser reached the studio over TLS (directly or through a proxy that says so):
    /// its cookie is then `Secure`.
    func isSecure(_ request: Request) -> Bool {
        request.head.scheme == "https" || request.headers[.xForwardedProto]?.lowercased() == "https"
    }
}
