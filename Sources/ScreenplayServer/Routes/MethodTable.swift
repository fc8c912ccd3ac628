import HTTPTypes
import Hummingbird
import ScreenplayProtocol

/// The methods each path of an API answers, said once, and what a client gets for the others:
/// `OPTIONS` lists them (`Allow`), and any other method is a `405` with `Allow` — not the `404`
/// of a router that found no route for that method. `HEAD` is listed wherever `GET` is: register
/// those routes with ``Hummingbird/RouterMethods/getWithHead(_:use:)``.
///
/// ```swift
/// let table = MethodTable(["/events": [.post], "/admin/slots/:name": [.get, .put]])
/// router.add(middleware: table.middleware())
/// ```
package struct MethodTable: Sendable {
    /// Paths with `:parameter` segments, and the methods registered for each.
    package let entries: [(path: [Substring], methods: [HTTPRequest.Method])]

    package init(_ table: KeyValuePairs<String, [HTTPRequest.Method]>) {
        entries = table.map { ($0.key.split(separator: "/"), $0.value) }
    }

    /// The methods of the path `path` names, with `HEAD` beside `GET` and `OPTIONS`; nil when no
    /// entry matches (the router answers 404).
    package func allowed(for path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        guard
            let entry = entries.first(where: { entry in
                entry.path.count == segments.count && zip(entry.path, segments).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
            })
        else { return nil }
        var methods = entry.methods
        if methods.contains(.get) { methods.insert(.head, at: methods.firstIndex(of: .get).map { $0 + 1 } ?? 0) }
        return methods + [.options]
    }

    /// The 405 for `method` on a resource that answers `allow` (an `Allow` header's value).
    static func notAllowed(_ method: HTTPRequest.Method, allow: String) -> ScreenplayError {
        ScreenplayError(
            .methodNotAllowed, code: "methodNotAllowed",
            message: "this resource answers \(allow), not \(ScreenplayError.quoting(method.rawValue))", headerFields: [.allow: allow])
    }

    /// The middleware that answers for the table (add it to the router before the routes run).
    package func middleware<Context: RequestContext>() -> some RouterMiddleware<Context> { MethodTableMiddleware<Context>(table: self) }
}

struct MethodTableMiddleware<Context: RequestContext>: RouterMiddleware {
    let table: MethodTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let methods = table.allowed(for: request.uri.path) else { return try await next(request, context) }
        let allow = methods.map(\.rawValue).joined(separator: ", ")
        switch request.method {
        case .options:
            return Response(status: .noContent, headers: [.allow: allow])
        case let method where !methods.contains(method):
            throw MethodTable.notAllowed(method, allow: allow)
        default:
            return try await next(request, context)
        }
    }
}

extension RouterMethods {
    /// Serves `path` with `GET`, and `HEAD` with the same headers and no body.
    ///
    /// ```swift
    /// admin.getWithHead("slots") { request, context in … }
    /// ```
    @discardableResult
    package func getWithHead(_ path: RouterPath, use handler: @escaping @Sendable (Request, Context) async throws -> Response) -> Self {
        on(path, method: .get, use: handler)
        return on(path, method: .head) { request, context in
            var response = try await handler(request, context)
            let length = response.body.contentLength
            response.body = ResponseBody()
            response.headers[.contentLength] = length.map(String.init)
            return response
        }
    }
}
