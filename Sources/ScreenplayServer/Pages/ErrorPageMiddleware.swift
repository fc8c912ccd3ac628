import HTTPTypes
import Hummingbird
import ScreenplayHTML
import ScreenplayProtocol

/// Every error leaves as the client can read it: a web page when the request prefers HTML (a
/// browser on a wrong address gets a page with a way back, not an empty 404), else the JSON error
/// body — also for Hummingbird's own errors (no route, wrong method), which it would send empty.
///
/// ```swift
/// router.add(middleware: ErrorPageMiddleware(renderer: HTMLRenderer()))   // addRoutes(to:) adds it
/// ```
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let renderer: HTMLRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ScreenplayError {
            return try page(for: error, request: request) ?? error.response(from: request, context: context)
        } catch let error as HTTPError {
            let translated = ScreenplayError(answering: error)
            return try page(for: translated, request: request) ?? translated.response(from: request, context: context)
        }
    }

    /// The error as a web page, when the client asked for one.
    private func page(for error: ScreenplayError, request: Request) throws -> Response? {
        guard request.method != .head, ScreenFormat(accept: request.headers[values: .accept]) == .html else { return nil }
        let page = HTMLPage(screen: ServerPages.error(error), language: "en", link: renderer.link)
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentSecurityPolicy: page.contentSecurityPolicy,
            .xContentTypeOptions: "nosniff", .contentLanguage: "en",
        ]
        headers.append(contentsOf: error.headerFields)
        return Response(status: error.status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page.html)))
    }
}
