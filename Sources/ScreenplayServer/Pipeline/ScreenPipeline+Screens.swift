import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// Screens: a screen route answered from the render cache or its handler, as a document (with
/// its signed state) or a page, with its ETag, and kept for patches and the cache.
extension ScreenPipeline {
    func screen(_ resolved: RouteTable.Resolved, request: Request) async throws -> Response {
        let format = ScreenFormat(accept: request.headers[values: .accept])
        let context = try await context(for: request, components: resolved.components, parameters: resolved.parameters, format: format)
        defer { sent(context) }
        let cacheKey = resolved.route.cacheKey.map { key in
            RenderCache.Key(
                variant: RenderingVariant(context, features: RenderingVariant.pipelineFeatures, refinedBy: key(context)),
                generation: configuration.generation)
        }
        if let cacheKey, let entry = renderCache.entry(for: cacheKey) {
            await storeExposures(of: context)
            return ScreenResponse.make(entry.screen, for: request)
        }
        let handler = resolved.route.handler
        var reply = try await building(context) { try await handler(context) }
        reply.screen = adapt(reply.screen, for: context)
        // A screen with intents is remembered by version, so an intent from it can be answered with a patch.
        return answer(reply, context: context, request: request, cacheKey: cacheKey, remembers: !resolved.route.intents.isEmpty)
    }

    /// An adapted screen as the client asked for it: a web page, or the document in the client's
    /// form with its signed state in a header.
    func answer(_ reply: ScreenReply, context: ScreenContext, request: Request, cacheKey: RenderCache.Key?, remembers: Bool) -> Response {
        if context.format == .html { return webResponse(reply, context: context, request: request, cacheKey: cacheKey) }
        var headers = ScreenResponse.headers(for: reply.screen, language: context.language)
        if let state = reply.signedState { headers[.screenplayStateToken] = token(for: state, in: context) }
        // The plain bytes' hash names the version whichever form this client reads; clients of
        // format 1.1 get repeated nodes as templates, under a tag of their own.
        let body = encoder.body(for: reply.screen, readBy: context.capabilities.version)
        return respond(
            body: body, headers: headers, maxAge: reply.screen.cache?.maxAge, cacheKey: cacheKey, request: request,
            remembering: remembers ? reply.screen : nil)
    }

    /// Sends encoded bytes: into the render cache when the route opted in and the screen has a lifetime.
    /// - Parameter screen: kept under its version (the tag just computed) for patches, when given.
    func respond(
        body: ScreenBody, headers: HTTPFields, maxAge: Int?, cacheKey: RenderCache.Key?, request: Request, remembering screen: Screen? = nil
    ) -> Response {
        let cached = cacheKey != nil && (maxAge ?? 0) > 0
        // Shared by every hit of a cached screen: prepare the gzip form now, whether or not this client wants it.
        let encoded = EncodedScreen(
            body: body, headers: headers,
            compressing: cached || ScreenResponse.acceptsGzip(request.headers[values: .acceptEncoding]))
        if let screen { live.versions.store(screen, for: EntityTag.version(of: encoded.tag)) }
        if cached, let cacheKey, let maxAge {
            renderCache.store(RenderCache.Entry(screen: encoded, expires: .now + .seconds(maxAge)), for: cacheKey)
        }
        return ScreenResponse.make(encoded, for: request)
    }
}
