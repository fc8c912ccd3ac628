import HTTPTypes
import Hummingbird
import ScreenplayProtocol

/// A ``ScreenplayError`` thrown by a handler or the pipeline becomes its status and JSON body:
/// `{"error": {"code": "tamperedState", "message": "…", "path": "stateToken"}}`.
///
/// ```swift
/// throw ScreenplayError(.notFound, code: "noSuchScreen", message: "no screen at /screens/nowhere")
/// ```
extension ScreenplayError: HTTPResponseError {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status, headers: responseHeaders, body: ResponseBody(byteBuffer: ByteBuffer(bytes: encodedBody)))
    }

    /// The headers of the error's answer: its JSON body, never stored, and the error's own fields.
    var responseHeaders: HTTPFields {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        headers.append(contentsOf: headerFields)
        return headers
    }

    /// Any error as the client is told it: a ``ScreenplayError`` as it is, Hummingbird's own
    /// (no route, wrong method) with a stable code, anything else as a server error that tells nothing of its cause.
    init(answering error: any Error) {
        switch error {
        case let error as ScreenplayError: self = error
        case let error as HTTPError:
            self.init(
                error.status, code: Self.code(for: error.status),
                message: error.body
                    ?? (error.status == .notFound ? "nothing here; the screens are under /screens" : error.status.reasonPhrase),
                headerFields: error.headers)
        default:
            self.init(.internalServerError, code: "serverError", message: "the server could not answer; try again later")
        }
    }

    /// A stable code for an HTTP status that no handler named.
    static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "notFound"
        case .methodNotAllowed: "methodNotAllowed"
        case .contentTooLarge: "bodyTooLarge"
        case .badRequest: "badRequest"
        default: status.code >= 500 ? "serverError" : "httpError"
        }
    }
}
