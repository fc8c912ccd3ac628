import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Screenplay
import ScreenplayHTML

/// The screens and intents of an app, served under `/screens` by any Hummingbird 2 application.
///
/// ```swift
/// var screens = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en", "fr"], default: "en"))
/// screens.screen("cities") { context in citiesScreen(in: context.locale) }
/// screens.intent("refresh", on: "cities") { intent in IntentResult(screen: citiesScreen(in: intent.context.locale)) }
///
/// let router = Router()
/// screens.addRoutes(to: router)      // GET /screens/**, POST /screens/**/intents, GET /health
/// try await Application(router: router).runService()
/// ```
public struct ScreenplayRoutes: Sendable {
    public typealias ScreenHandler = @Sendable (ScreenContext) async throws -> ScreenReply
    public typealias IntentHandler = @Sendable (Intent) async throws -> IntentResult

    struct ScreenRoute: Sendable {
        let pattern: PathPattern
        let handler: ScreenHandler
        var cacheKey: (@Sendable (ScreenContext) -> String)?
        var intents: [String: IntentHandler] = [:]
    }

    /// Encoded screens of the routes that opted in with a cache key.
    private let renderCache = RenderCache(capacity: 1_024)
    private let encoder = ScreenEncoder()
    private let capabilityCache = CapabilityCache()

    private var routes: [ScreenRoute] = []
    public var languages: LanguageNegotiation
    public var signer: StateSigner
    /// Largest intent body accepted, in bytes (default 256 KiB); larger is a 413.
    public var maxIntentBytes: Int
    /// The limits applied to what clients send.
    public var limits: DocumentLimits
    /// Declared experiments, by name.
    public private(set) var experiments: [String: Experiment] = [:]
    /// Honour `Screenplay-Experiments: name=variant` overrides (for QA; off by default).
    public var allowsExperimentOverrides = false
    /// Where exposures go.
    public var exposureSink: any ExposureSink = LogExposureSink()
    /// Counters and timers; with a registry, `/metrics` serves them in Prometheus text format.
    public var metrics: ScreenplayMetrics?
    /// Live streams of screens (`GET /screens/<path>/stream`) and how the app says what changed.
    public var live = LiveUpdates()
    /// How web pages draw app-defined components, by type; the others show their fallbacks.
    public var webComponents: [String: HTMLRenderer.CustomRenderer] = [:]
    /// Pages only the web has (write-up 1's path an old app opens in its web view), by pattern.
    private var webPages: [(pattern: PathPattern, handler: @Sendable (ScreenContext) async throws -> Screen)] = []

    public init(
        languages: LanguageNegotiation, signer: StateSigner = .development(), maxIntentBytes: Int = 256 * 1024,
        limits: DocumentLimits = .default
    ) {
        self.languages = languages
        self.signer = signer
        self.maxIntentBytes = maxIntentBytes
        self.limits = limits
    }

    /// Serves `GET /screens/<pattern>`.
    public mutating func screen(_ pattern: String, _ handler: @escaping @Sendable (ScreenContext) async throws -> Screen) {
        screen(pattern, reply: { context in ScreenReply(try await handler(context)) })
    }

    /// Serves `GET /screens/<pattern>`, encoding it once per cache key and lifetime: the screen must
    /// depend on nothing but the route, its parameters, the language, the client's capabilities and
    /// what `cacheKey` returns (not on the user, unless the key names them). Entries live for the
    /// screen's `cache.maxAge`.
    public mutating func screen(
        _ pattern: String, cacheKey: @escaping @Sendable (ScreenContext) -> String,
        _ handler: @escaping @Sendable (ScreenContext) async throws -> Screen
    ) {
        screen(pattern, reply: { context in ScreenReply(try await handler(context)) })
        if let index = routes.firstIndex(where: { $0.pattern == PathPattern(pattern) }) { routes[index].cacheKey = cacheKey }
    }

    /// Serves `GET /screens/<pattern>` with signed server state.
    public mutating func screen(_ pattern: String, reply handler: @escaping ScreenHandler) {
        let parsed = PathPattern(pattern)
        if let index = routes.firstIndex(where: { $0.pattern == parsed }) {
            routes[index] = ScreenRoute(pattern: parsed, handler: handler, intents: routes[index].intents)
        } else {
            routes.append(ScreenRoute(pattern: parsed, handler: handler))
            routes.sort { $0.pattern.literalCount > $1.pattern.literalCount }
        }
    }

    /// Serves a page that only the web has at `/<pattern>` (not under `/screens`): apps that do not
    /// know the feature open it in their web fallback. The handler gets the same context as a screen's.
    ///
    /// ```swift
    /// routes.webPage("requests/:id/insurance-claim") { context in claimScreen(context) }
    /// ```
    public mutating func webPage(_ pattern: String, _ handler: @escaping @Sendable (ScreenContext) async throws -> Screen) {
        webPages.append((PathPattern(pattern), handler))
    }

    /// Declares an experiment that handlers read with `context.experiments.variant(of:)`.
    public mutating func experiment(_ experiment: Experiment) {
        experiments[experiment.name] = experiment
    }

    /// Handles the intent `name` POSTed from the screen at `pattern` (register the screen first).
    public mutating func intent(_ name: String, on pattern: String, _ handler: @escaping IntentHandler) {
        let parsed = PathPattern(pattern)
        guard let index = routes.firstIndex(where: { $0.pattern == parsed }) else {
            preconditionFailure("intent \"\(name)\" registered on \(pattern), which has no screen; register the screen first")
        }
        routes[index].intents[name] = handler
    }

    /// Adds the Screenplay routes to a Hummingbird router.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/screens/**") { request, context in
            try await observed("GET") { route in
                let components = Self.components(context.parameters.getCatchAll())
                if components.last == "stream", (try? self.route(for: components)) == nil {
                    return try await respondWithStream(to: request, components: Array(components.dropLast()), route: &route)
                }
                return try await respondWithScreen(to: request, components: components, route: &route)
            }
        }
        router.post("/screens/**") { request, context in
            try await observed("POST") { route in
                var components = Self.components(context.parameters.getCatchAll())
                guard components.last == "intents" else {
                    throw ScreenplayError(.methodNotAllowed, code: "methodNotAllowed", message: "screens are read with GET; intents go to /screens/<path>/intents")
                }
                components.removeLast()
                return try await respondToIntent(request, components: components, route: &route)
            }
        }
        router.get(RouterPath(stringLiteral: WebRuntime.path)) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "public, max-age=31536000, immutable", .xContentTypeOptions: "nosniff"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: WebRuntime.source)))
        }
        for page in webPages {
            router.get(RouterPath(stringLiteral: "/" + page.pattern.description)) { request, _ in
                try await observed("GET") { route in
                    route = page.pattern.description
                    let components = Self.components(request.uri.path.split(separator: "/", omittingEmptySubsequences: true))
                    let parameters = page.pattern.match(components) ?? [:]
                    let context = try context(for: request, components: components, parameters: parameters, format: .html)
                    let screen = try await page.handler(context)
                    return try webResponse(ScreenReply(screen), context: context, request: request, cacheKey: nil)
                }
            }
        }
        router.get("/health") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
        }
        if let registry = metrics?.registry {
            router.get("/metrics") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
            }
        }
    }

    /// Runs a screen or intent request, counting it by method, route pattern and status.
    private func observed(_ method: String, _ body: (inout String) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var route = "unknown"
        do {
            let response = try await body(&route)
            metrics?.request(method: method, route: route, status: response.status.code, duration: .now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics?.request(method: method, route: route, status: status, duration: .now - start)
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

    private func route(for components: [String]) throws(ScreenplayError) -> (ScreenRoute, [String: String]) {
        for route in routes {
            if let parameters = route.pattern.match(components) { return (route, parameters) }
        }
        throw ScreenplayError(.notFound, code: "noSuchScreen", message: "no screen at /screens/\(components.joined(separator: "/"))")
    }

    private func context(
        for request: Request, components: [String], parameters: [String: String], format: ScreenFormat = .json
    ) throws(ScreenplayError) -> ScreenContext {
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
        let user = request.headers[.screenplayUser].map { String($0.prefix(128)) }
        var (capabilities, capabilitiesKey) = try capabilityCache.capabilities(for: request.headers)
        if format == .html, request.headers[.screenplayComponents] == nil {
            // A browser says nothing: it gets what the web renderer draws.
            capabilities = webRenderer.capabilities
            capabilitiesKey = "web"
        }
        let overrides = allowsExperimentOverrides ? ExperimentAssignments.overrides(fromHeader: request.headers[.screenplayExperiments]) : [:]
        return ScreenContext(
            path: components.joined(separator: "/"), parameters: parameters, query: query,
            language: languages.language(for: request.headers[values: .acceptLanguage].nonEmptyJoined),
            user: user, capabilities: capabilities, capabilitiesKey: capabilitiesKey,
            experiments: ExperimentAssignments(experiments: experiments, user: user, overrides: overrides, sink: exposureSink),
            headers: request.headers)
    }

    private func respondWithScreen(to request: Request, components: [String], route label: inout String) async throws -> Response {
        let (route, parameters) = try route(for: components)
        label = "screens/" + route.pattern.description
        let format = ScreenFormat(accept: request.headers[values: .accept])
        let context = try context(for: request, components: components, parameters: parameters, format: format)
        let cacheKey = route.cacheKey.map { key in
            format.rawValue + "\u{0}" + context.path + "\u{0}" + context.language + "\u{0}" + context.capabilitiesKey + "\u{0}" + key(context)
        }
        if let cacheKey, let entry = renderCache.entry(for: cacheKey) {
            return ScreenResponse.make(entry.screen, for: request)
        }
        let reply = try await route.handler(context)
        if format == .html { return try webResponse(reply, context: context, request: request, cacheKey: cacheKey) }
        let (screen, report) = reply.screen.adapted(to: context.capabilities)
        metrics?.adaptation(report)
        var headers = ScreenResponse.headers(for: screen, language: context.language)
        if let state = reply.signedState { headers[.screenplayStateToken] = signer.token(for: state) }
        // The plain bytes' hash names the version whichever form this client reads; clients of
        // format 1.1 get repeated nodes as templates, under a tag of their own.
        let body = encoder.body(for: screen, readBy: context.capabilities.version)
        // A screen with intents is remembered by version, so an intent from it can be answered with a patch.
        return respond(
            body: body, headers: headers, maxAge: screen.cache?.maxAge, cacheKey: cacheKey, request: request,
            remembering: route.intents.isEmpty ? nil : screen)
    }

    /// Server-Sent Events for one subscriber: the screen (or, with `Last-Event-ID` naming a version
    /// the server still has, the patch from it), then a patch whenever the app invalidates the
    /// screen and it really changed for this subscriber's context, and a comment as heartbeat.
    private func respondWithStream(to request: Request, components: [String], route label: inout String) async throws -> Response {
        let (route, parameters) = try route(for: components)
        label = "screens/" + route.pattern.description + "/stream"
        let format: ScreenFormat = request.uri.queryParameters["format"] == "html" ? .html : .json
        let context = try context(for: request, components: components, parameters: parameters, format: format)
        guard let (subscriber, wakes) = live.subscribe(path: context.path) else {
            throw ScreenplayError(.serviceUnavailable, code: "tooManySubscribers", message: "this server already streams to \(live.maxSubscribers) subscribers; try again later or poll")
        }
        let lastEventID = request.headers[.lastEventID]
        // Requests alike get the same screen from a pure handler: render once for all of them.
        let query = context.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let contextKey = [
            format.rawValue, context.path, query, context.language, context.capabilitiesKey, context.user ?? "",
            request.headers[.screenplayExperiments] ?? "",
        ].joined(separator: "\u{0}")
        let stream = ScreenStream(
            live: live, subscriber: subscriber, wakes: wakes, contextKey: contextKey,
            events: StreamEvents(format: format, renderer: webRenderer), lastEventID: lastEventID,
            make: { try await route.handler(context).screen.adapted(to: context.capabilities).screen })
        let body = ResponseBody { writer in try await stream.run(&writer) }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", .contentLanguage: context.language, .xAccelBuffering: "no"],
            body: body)
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
        if let screen { live.versions.store(screen, for: ScreenResponse.versionID(fromTag: encoded.tag)) }
        if cached, let cacheKey, let maxAge {
            renderCache.store(RenderCache.Entry(screen: encoded, expires: .now + .seconds(maxAge)), for: cacheKey)
        }
        return ScreenResponse.make(encoded, for: request)
    }

    /// The renderer of web pages, with the app's components and its links.
    private var webRenderer: HTMLRenderer {
        let routes = self.routes
        return HTMLRenderer(link: { path in Self.webLink(path, routes: routes) }, customRenderers: webComponents)
    }

    /// Where an app path leads on the web: its screen page when a screen route matches, else the
    /// path itself (a page only the web has, or another part of the site).
    static func webLink(_ path: String, routes: [ScreenRoute]) -> String {
        let pathPart = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        let components = pathPart.split(separator: "/").map(String.init)
        guard path.hasPrefix("/"), routes.contains(where: { $0.pattern.match(components) != nil }) else { return path }
        return "/screens" + path
    }

    /// A screen as a web page: adapted to the web renderer (or to the capabilities the request
    /// declared), rendered with its signed state, sent with its Content-Security-Policy.
    private func webResponse(_ reply: ScreenReply, context: ScreenContext, request: Request, cacheKey: String?) throws -> Response {
        let (screen, report) = reply.screen.adapted(to: context.capabilities)
        metrics?.adaptation(report)
        let renderer = webRenderer
        let page = HTMLPage(
            screen: screen, language: context.language, runtimeScript: WebRuntime.path,
            intents: screen.intents ?? "/screens/\(context.path)/intents",
            stateToken: reply.signedState.map { signer.token(for: $0) }, link: renderer.link, customRenderers: webComponents)
        var headers = ScreenResponse.headers(for: screen, language: context.language)
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] = page.contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "same-origin"
        // A signed state token is in the page: never keep it in the render cache.
        let cacheable = reply.signedState == nil ? cacheKey : nil
        return respond(body: ScreenBody(bytes: Array(page.html.utf8)), headers: headers, maxAge: screen.cache?.maxAge, cacheKey: cacheable, request: request)
    }

    private func respondToIntent(_ request: Request, components: [String], route label: inout String) async throws -> Response {
        let (route, parameters) = try route(for: components)
        label = "screens/" + route.pattern.description + "/intents"
        let wantsPage = request.headers[values: .accept].contains { $0.contains(WebRuntime.fragmentMediaType) }
        let context = try context(for: request, components: components, parameters: parameters, format: wantsPage ? .html : .json)
        let body = request.body
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: maxIntentBytes)
        } catch {
            throw ScreenplayError(.contentTooLarge, code: "intentTooLarge", message: "an intent is at most \(maxIntentBytes) bytes")
        }
        let fields = try IntentBody(bytes: Array(buffer.readableBytesView), limits: limits)
        guard let handler = route.intents[fields.name] else {
            throw ScreenplayError(.notFound, code: "noSuchIntent", message: "screen \(route.pattern) has no intent \"\(fields.name)\"", path: "name")
        }
        let signedState = try fields.stateToken.map { token throws(ScreenplayError) in try signer.verify(token) } ?? [:]
        let result = try await handler(Intent(name: fields.name, payload: fields.payload, state: fields.state, signedState: signedState, context: context))
        if wantsPage {
            return IntentResponse.page(result, context: context, signer: signer, renderer: webRenderer, intents: "/screens/\(context.path)/intents")
        }
        return IntentResponse.make(result, context: context, signer: signer, base: fields.version.flatMap { version in
            live.versions[version].map { (version, $0) }
        }, versions: live.versions, encoder: encoder)
    }
}
