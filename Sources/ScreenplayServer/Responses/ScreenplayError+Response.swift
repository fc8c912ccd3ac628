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
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        headers.append(contentsOf: headerFields)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: encodedBody)))
    }
}
