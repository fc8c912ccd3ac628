import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// Pages: the web's own pages and the server's (the index), and any screen sent as a web page
/// with its signed state and its Content-Security-Policy.
extension ScreenPipeline {
    /// `GET /<pattern>` of a page only the web has.
    func webPage(_ page: WebPageRoute, request: Request) async throws -> Response {
        try await observed("GET") { label in
            label = page.pattern.description
            let components = Self.components(request.uri.path.split(separator: "/", omittingEmptySubsequences: true))
            let context = try await context(
                for: request, components: components, parameters: page.pattern.match(components) ?? [:], format: .html)
            let screen = adapt(try await building(context) { try await page.handler(context) }, for: context)
            defer { sent(context) }
            return webResponse(ScreenReply(screen), context: context, request: request, cacheKey: nil)
        }
    }

    /// A screen the server writes itself (the index), as a document or a page like any other.
    func serverPage(_ screen: Screen, request: Request) async throws -> Response {
        try await observed("GET") { label in
            label = screen.id
            let format = ScreenFormat(accept: request.headers[values: .accept])
            let context = try await context(for: request, components: [], parameters: [:], format: format)
            return answer(ScreenReply(adapt(screen, for: context)), context: context, request: request, cacheKey: nil, remembers: false)
        }
    }

    /// An adapted screen as a web page, rendered with its signed state, sent with its Content-Security-Policy.
    func webResponse(_ reply: ScreenReply, context: ScreenContext, request: Request, cacheKey: RenderCache.Key?) -> Response {
        let screen = reply.screen
        let renderer = webRenderer
        let page = HTMLPage(
            screen: screen, language: context.language, runtimeScript: WebRuntime.path,
            intents: screen.intents ?? "/screens/\(context.path)/intents",
            stateToken: reply.signedState.map { token(for: $0, in: context) }, link: renderer.link,
            customRenderers: renderer.customRenderers,
            // A followed screen's version: the stream's first event then costs the page no redraw.
            version: screen.stream == nil ? nil : ScreenResponse.versionID(of: screen))
        var headers = ScreenResponse.headers(for: screen, language: context.language)
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] = page.contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "same-origin"
        // A signed state token is in the page, made for this response: never keep the page, here
        // or in the browser (a revalidated page would bring back an old token).
        let cacheable = reply.signedState == nil ? cacheKey : nil
        if reply.signedState != nil { headers[.cacheControl] = "private, no-store" }
        return respond(
            body: ScreenBody(bytes: Array(page.html.utf8)), headers: headers, maxAge: screen.cache?.maxAge, cacheKey: cacheable,
            request: request)
    }
}
