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
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: encodedBody)))
    }
}
