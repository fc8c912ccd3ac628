import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// The one path every Screenplay request takes: the route is resolved once, the request's context
/// (language, user, capabilities, experiments) is read once, the handler runs, and its screen is
/// adapted to the client — and counted in metrics — by ``adapt(_:for:)``, whether it leaves as a
/// document, a web page, a stream event or an intent's answer.
///
/// A class, made once per mounted ``ScreenplayRoutes``: every request and every live stream holds
/// it by one reference, instead of a copy of its fifteen members in each closure and async frame
/// (at ten thousand streams, the copies were a third of the server's memory per subscriber).
///
/// ```swift
/// let pipeline = ScreenPipeline(routes: routes)         // what `ScreenplayRoutes.addRoutes` builds
/// router.get("/screens/**") { request, context in try await pipeline.get(request, path: context.parameters.getCatchAll()) }
/// ```
final class ScreenPipeline: Sendable {
    let table: RouteTable
    let languages: LanguageNegotiation
    let signer: StateSigner
    let maxIntentBytes: Int
    let limits: DocumentLimits
    let configuration: LiveConfiguration
    let allowsExperimentOverrides: Bool
    let events: any EventSink
    let metrics: ScreenplayMetrics?
    let live: LiveUpdates
    /// The renderer of web pages, with the app's components and links to its screens; made once.
    let webRenderer: HTMLRenderer
    let renderCache: RenderCache
    let spentTokens: SpentTokens
    let encoder: ScreenEncoder
    let capabilityCache: CapabilityCache

    init(
        table: RouteTable, languages: LanguageNegotiation, signer: StateSigner, maxIntentBytes: Int, limits: DocumentLimits,
        configuration: LiveConfiguration, allowsExperimentOverrides: Bool, events: any EventSink, metrics: ScreenplayMetrics?,
        live: LiveUpdates, webRenderer: HTMLRenderer, renderCache: RenderCache, spentTokens: SpentTokens, encoder: ScreenEncoder,
        capabilityCache: CapabilityCache
    ) {
        self.table = table
        self.languages = languages
        self.signer = signer
        self.maxIntentBytes = maxIntentBytes
        self.limits = limits
        self.configuration = configuration
        self.allowsExperimentOverrides = allowsExperimentOverrides
        self.events = events
        self.metrics = metrics
        self.live = live
        self.webRenderer = webRenderer
        self.renderCache = renderCache
        self.spentTokens = spentTokens
        self.encoder = encoder
        self.capabilityCache = capabilityCache
    }

    // MARK: Requests

    /// `GET /screens/<path>`: a screen as JSON or a web page, or its live stream.
    /// - Parameter headOnly: a HEAD request: a stream answers its headers without subscribing.
    func get(_ request: Request, path: [Substring], connection: ClientConnection, headOnly: Bool = false) async throws -> Response {
        try await observed("GET") { label in
            let resolved = try table.resolve(Self.components(path), method: .get)
            label = resolved.label
            switch resolved.target {
            case .stream: return try await stream(resolved, request: request, connection: connection, headOnly: headOnly)
            case .screen, .intents: return try await screen(resolved, request: request)
            }
        }
    }

    /// `POST /screens/<path>/intents`.
    func post(_ request: Request, path: [Substring]) async throws -> Response {
        try await observed("POST") { label in
            let resolved = try table.resolve(Self.components(path), method: .post)
            label = resolved.label
            return try await intent(resolved, request: request)
        }
    }

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
            return answer(
                ScreenReply(adapt(screen, for: context)), format: format, context: context, request: request, cacheKey: nil,
                remembers: false)
        }
    }

    // MARK: The steps every request shares

    /// The screen as the client can show it; what adaptation changed is counted in metrics.
    func adapt(_ screen: Screen, for context: ScreenContext) -> Screen {
        let (adapted, report) = screen.adapted(to: context.capabilities)
        metrics?.adaptation(report)
        return adapted
    }

    /// The actions the client can run (downgraded or dropped otherwise).
    func adapt(_ actions: [Action], for context: ScreenContext) -> [Action] {
        actions.compactMap { $0.adapted(to: context.capabilities) }
    }

    /// Runs a handler for `context`: slots read the published content in the request's language,
    /// and what the screen used (slots, experiments) is remembered under its path, so that a change
    /// to one of them reaches its live subscribers.
    func building<Value: Sendable>(_ context: ScreenContext, _ make: () async throws -> Value) async throws -> Value {
        let scope = ContentScope(configuration: configuration, language: context.language)
        let value = try await ContentScope.$current.withValue(scope) { try await make() }
        configuration.record(path: context.path, experiments: context.experiments.experimentsRead, slots: scope.slotsUsed)
        if let screen = (value as? Screen) ?? (value as? ScreenReply)?.screen, !scope.slotsUsed.isEmpty {
            // The page's own ids, so that a publish can refuse content that would repeat one.
            var ids = Set<String>()
            screen.body.walk { node, _ in if let id = node.id { ids.insert(id) } }
            for slot in scope.slotsUsed { ids.subtract(configuration.content(of: slot)?.nodeIDs ?? []) }
            ids.subtract(scope.fallbackIDs)
            configuration.record(path: context.path, pageIDs: ids)
        }
        return value
    }

    /// The request's screen was sent: the variants its handler read are exposures.
    func sent(_ context: ScreenContext) {
        for exposure in context.experiments.exposures { events.record(exposure) }
    }

    /// Everything a handler knows of the request, read once. The user's stored assignments are
    /// read when experiments are running (from memory, mostly).
    func context(
        for request: Request, components: [String], parameters: [String: String], format: ScreenFormat
    ) async throws(ScreenplayError) -> ScreenContext {
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
        let user = try request.headers.user(verifiedBy: configuration.userTokens)
        var (capabilities, capabilitiesKey) = try capabilityCache.capabilities(for: request.headers)
        if format == .html, request.headers[.screenplayComponents] == nil {
            // A browser says nothing: it gets what the web renderer draws.
            capabilities = webRenderer.capabilities
            capabilitiesKey = "web"
        }
        let overrides = allowsExperimentOverrides ? HeaderPairs.read(request.headers[.screenplayExperiments]) : [:]
        let language = languages.language(for: WeightedList(request.headers[values: .acceptLanguage]))
        let audience = Audience(
            user: user, platform: capabilities.platform, appVersion: request.headers[.screenplayAppVersion].flatMap { AppVersion($0) },
            language: language, attributes: HeaderPairs.read(request.headers[.screenplayAttributes]))
        let experiments = configuration.experiments
        var sticky: [String: String] = [:]
        if let user, let store = configuration.assignmentStore, experiments.values.contains(where: { $0.status == .running }) {
            sticky = await store.assignments(of: user)
        }
        return ScreenContext(
            path: components.joined(separator: "/"), parameters: parameters, query: query, language: language,
            user: user, audience: audience, capabilities: capabilities, capabilitiesKey: capabilitiesKey,
            experiments: ExperimentAssignments(experiments: experiments, audience: audience, overrides: overrides, sticky: sticky),
            headers: request.headers)
    }

    /// Runs a request, counting it by method, route pattern and status.
    func observed(_ method: String, _ body: (inout String) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var label = "unknown"
        do {
            let response = try await body(&label)
            metrics?.request(method: method, route: label, status: response.status.code, duration: .now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics?.request(method: method, route: label, status: status, duration: .now - start)
            throw error
        }
    }

    static func components(_ catchAll: [Substring]) -> [String] {
        catchAll.compactMap { component in
            guard !component.isEmpty else { return nil }
            let text = String(component)
            return text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
        }
    }

    // MARK: Screens

    private func screen(_ resolved: RouteTable.Resolved, request: Request) async throws -> Response {
        let format = ScreenFormat(accept: request.headers[values: .accept])
        let context = try await context(for: request, components: resolved.components, parameters: resolved.parameters, format: format)
        defer { sent(context) }
        // The configuration's generation: a publish or an experiment change makes every entry stale.
        let cacheKey = resolved.route.cacheKey.map { key in
            [format.rawValue, context.path, context.language, context.capabilitiesKey, key(context), String(configuration.generation)]
                .joined(separator: "\u{0}")
        }
        if let cacheKey, let entry = renderCache.entry(for: cacheKey) {
            return ScreenResponse.make(entry.screen, for: request)
        }
        let handler = resolved.route.handler
        var reply = try await building(context) { try await handler(context) }
        reply.screen = adapt(reply.screen, for: context)
        // A screen with intents is remembered by version, so an intent from it can be answered with a patch.
        return answer(
            reply, format: format, context: context, request: request, cacheKey: cacheKey, remembers: !resolved.route.intents.isEmpty)
    }

    /// An adapted screen as the client asked for it: a web page, or the document in the client's
    /// form with its signed state in a header.
    private func answer(
        _ reply: ScreenReply, format: ScreenFormat, context: ScreenContext, request: Request, cacheKey: String?, remembers: Bool
    ) -> Response {
        if format == .html { return webResponse(reply, context: context, request: request, cacheKey: cacheKey) }
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
    private func respond(
        body: ScreenBody, headers: HTTPFields, maxAge: Int?, cacheKey: String?, request: Request, remembering screen: Screen? = nil
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

    // MARK: Web pages

    /// An adapted screen as a web page, rendered with its signed state, sent with its Content-Security-Policy.
    private func webResponse(_ reply: ScreenReply, context: ScreenContext, request: Request, cacheKey: String?) -> Response {
        let screen = reply.screen
        let renderer = webRenderer
        let page = HTMLPage(
            screen: screen, language: context.language, runtimeScript: WebRuntime.path,
            intents: screen.intents ?? "/screens/\(context.path)/intents",
            stateToken: reply.signedState.map { token(for: $0, in: context) }, link: renderer.link,
            customRenderers: renderer.customRenderers)
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

    // MARK: Streams

    /// Server-Sent Events for one subscriber: the screen (or, with `Last-Event-ID` naming a version
    /// the server still has, the patch from it), then a patch whenever the app invalidates the
    /// screen and it really changed for this subscriber's context, and a comment as heartbeat.
    /// Written from the connection's task, by the response's body (``BodyStreamSink``).
    private func stream(
        _ resolved: RouteTable.Resolved, request: Request, connection: ClientConnection, headOnly: Bool
    ) async throws -> Response {
        let opening = try await StreamOpening(resolved, request: request, connection: connection, headOnly: headOnly, pipeline: self)
        guard let subscriber = opening.subscriber else { return Response(status: .ok, headers: opening.headers) }
        let live = self.live
        return Response(
            status: .ok, headers: opening.headers,
            body: ResponseBody { writer in
                defer { live.unsubscribe(subscriber) }
                let sink = BodyStreamSink(ready: { live.ready(subscriber) })
                let gzip = try opening.compressor()
                opening.start(sink: sink)
                try await sink.run(&writer, gzip: gzip)
            })
    }

    // MARK: Intents

    /// Signed state for the user and screen of `context`.
    private func token(for state: [String: JSONValue], in context: ScreenContext) -> String {
        signer.token(for: state, user: context.user, screen: context.path)
    }

    /// Intents change things, so a page of another site must not send them in a user's name: an
    /// intent is JSON (a form cannot send that without the browser asking first), and a browser's
    /// `Origin` or `Sec-Fetch-Site`, when sent, names this site.
    static func checkSameOrigin(_ request: Request) throws(ScreenplayError) {
        let contentType = request.headers[.contentType]?.split(separator: ";").first?.trimmingWhitespace().lowercased()
        guard contentType == "application/json" else {
            throw ScreenplayError(
                .unsupportedMediaType, code: "notJSON",
                message: "an intent is sent as \(HTTPField.Name.contentType.rawName): application/json",
                path: HTTPField.Name.contentType.rawName)
        }
        if let site = request.headers[.secFetchSite], site == "cross-site" {
            throw ScreenplayError(
                .forbidden, code: "crossSite", message: "intents are not taken from other sites' pages",
                path: HTTPField.Name.secFetchSite.rawName)
        }
        if let origin = request.headers[.origin] {
            // `scheme://host[:port]` against the Host the request was sent to, default ports aside.
            func site(_ authority: Substring, scheme: Substring?) -> String {
                let lower = authority.lowercased()
                for (name, port) in [("http", ":80"), ("https", ":443")] where scheme == nil || scheme == Substring(name) {
                    if lower.hasSuffix(port) { return String(lower.dropLast(port.count)) }
                }
                return lower
            }
            let parts = origin.split(separator: "://", maxSplits: 1)
            let host = request.head.authority.map { site($0[...], scheme: nil) }
            guard parts.count == 2, let host, site(parts[1], scheme: parts[0]) == host else {
                throw ScreenplayError(
                    .forbidden, code: "crossOrigin",
                    message: "intents are taken from this site's pages only, not from \(ScreenplayError.quoting(origin))",
                    path: "Origin")
            }
        }
    }

    private func intent(_ resolved: RouteTable.Resolved, request: Request) async throws -> Response {
        let wantsPage = request.headers[values: .accept].contains { $0.contains(WebRuntime.fragmentMediaType) }
        let context = try await context(
            for: request, components: resolved.components, parameters: resolved.parameters, format: wantsPage ? .html : .json)
        try Self.checkSameOrigin(request)
        let body = try await request.collectedBody(upTo: maxIntentBytes, code: "intentTooLarge", naming: "an intent")
        let fields = try IntentRequest(decoding: body, limits: limits)
        guard let route = resolved.route.intents[fields.name] else {
            throw ScreenplayError(
                .notFound, code: "noSuchIntent",
                message: "screen \(resolved.route.pattern) has no intent \"\(ScreenplayError.quoting(fields.name))\"", path: "name")
        }
        let verified = try fields.stateToken.map { token throws(ScreenplayError) in
            try signer.verify(token, user: context.user, screen: context.path)
        }
        if route.once {
            guard let verified else {
                throw ScreenplayError(
                    .badRequest, code: "missingState", message: "\"\(fields.name)\" needs the screen's state token; reload the screen",
                    path: "stateToken")
            }
            let ledger = configuration.spentTokenLedger
            try spentTokens.spend(verified, user: context.user, ledgerBehind: ledger != nil)
            if let ledger {
                let first: Bool
                do {
                    first = try await ledger.spend(id: verified.id, expires: verified.expires)
                } catch {
                    spentTokens.forget(verified)
                    throw ScreenplayError(
                        .serviceUnavailable, code: "cannotCheckState",
                        message: "whether this step was already done cannot be checked now; try again shortly",
                        headerFields: [.retryAfter: "5"])
                }
                guard first else { throw SpentTokens.alreadyUsed }
            }
        }
        let signedState = verified?.state ?? [:]
        let handler = route.handler
        let intent = Intent(name: fields.name, payload: fields.payload, state: fields.state, signedState: signedState, context: context)
        let result = try await building(context) { try await handler(intent) }
        sent(context)
        if let goal = route.goal, let user = context.user {
            events.record(Conversion(name: goal, user: user, screen: context.path))
        }
        let screen = result.screen.map { adapt($0, for: context) }
        let effects = adapt(result.effects, for: context)
        let stateToken = result.signedState.map { token(for: $0, in: context) }
        if wantsPage {
            return IntentResponse.page(
                screen: screen, effects: effects, stateToken: stateToken, context: context, renderer: webRenderer,
                intents: "/screens/\(context.path)/intents")
        }
        let base = fields.version.flatMap { version in live.versions[version].map { (version, $0) } }
        return IntentResponse.json(
            screen: screen, effects: effects, stateToken: stateToken, context: context, base: base, versions: live.versions,
            encoder: encoder)
    }
}
