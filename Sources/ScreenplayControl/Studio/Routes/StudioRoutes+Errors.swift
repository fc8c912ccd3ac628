import HTTPTypes
import Hummingbird
import ScreenplayProtocol

extension StudioRoutes {
    /// Runs a page's handler; a redirect it asks for is one, any error is a page that says what
    /// went wrong (never the JSON of the admin API, never a stack).
    func page(_ request: Request, _ context: some RequestContext, _ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let redirect as StudioRedirect {
            return StudioPage.redirect(to: redirect.location)
        } catch let error as ScreenplayError {
            let signedIn = try? await session(request)
            return StudioPage.problem(error, session: signedIn).response(headers: error.headerFields)
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
