import Hummingbird
import ScreenplayProtocol

/// A form posted to change something, as every such route of the studio reads it: from the
/// studio's own pages, by an open session with its CSRF token (and of the role the route asks
/// for), with the name its address gives.
///
/// ```swift
/// submit("/studio/flags/:name/delete", to: router) { submission in
///     try await pages.delete(try submission.name, form: submission.form, session: submission.session)
/// }
/// ```
struct StudioSubmission {
    let session: StudioSession
    let form: StudioForm
    private let named: Result<String, ScreenplayError>
    private let parameters: Parameters

    init(session: StudioSession, form: StudioForm, context: some RequestContext) {
        self.session = session
        self.form = form
        named = Result { () throws(ScreenplayError) in try AdminAPI.parameter(.name, context) }
        parameters = context.parameters
    }

    /// The `:name` of the address, percent-decoded and checked as the admin API checks a name;
    /// a 400 when it is missing or is not one.
    var name: String {
        get throws(ScreenplayError) { try named.get() }
    }

    /// The `:id` of the address, as it is (the page reading it says what a bad one is).
    var id: String { parameters.get("id") ?? "" }
}

extension StudioRoutes {
    /// The one route of every form that changes something: `POST path` checks the submission
    /// (``changing(_:role:maxBytes:)``: same site, open session, its CSRF token, `role`), reads the
    /// form (at most `maxBytes`), and gives it to `handle`; whatever goes wrong is a page that says
    /// so (``page(_:_:_:)``).
    /// - Parameters:
    ///   - role: the role the session needs (`nil`: any; the studio's changes need `.admin`).
    ///   - handle: the change, answering with a redirect (``StudioPage/redirect(to:headers:)``) or
    ///     the page again with its problems.
    func submit<Context: RequestContext>(
        _ path: RouterPath, to router: Router<Context>, role: AdminTokens.Role? = .admin, maxBytes: Int = StudioForm.maxBytes,
        _ handle: @escaping @Sendable (StudioSubmission) async throws -> Response
    ) {
        router.post(path) { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: role, maxBytes: maxBytes)
                return try await handle(StudioSubmission(session: session, form: form, context: context))
            }
        }
    }
}
