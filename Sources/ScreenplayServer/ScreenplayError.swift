import HTTPTypes
import Hummingbird
import Screenplay

/// An error a Screenplay route answers with: an HTTP status and a JSON body that says what was
/// wrong and where — `{"error": {"code": "tamperedState", "message": "…", "path": "stateToken"}}`.
///
/// ```swift
/// throw ScreenplayError(.notFound, code: "noSuchScreen", message: "no screen at /screens/nowhere")
/// ```
public struct ScreenplayError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    /// A stable, machine-readable name (`noSuchScreen`, `malformedIntent`, `tamperedState` …).
    public var code: String
    public var message: String
    /// Where in the request the problem is (`payload.city`, `stateToken`), when it is in one.
    public var path: String?

    public init(_ status: HTTPResponse.Status, code: String, message: String, path: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.path = path
    }

    public var description: String { "\(status.code) \(code): \(message)" + (path.map { " at \($0)" } ?? "") }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var error: [String: JSONValue] = ["code": .string(code), "message": .string(message)]
        error["path"] = path.map(JSONValue.string)
        let bytes = JSONWriter.write(["error": .object(error)])
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
