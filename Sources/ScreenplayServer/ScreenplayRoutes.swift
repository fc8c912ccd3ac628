import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Screenplay

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
                try await respondWithScreen(to: request, components: Self.components(context.parameters.getCatchAll()), route: &route)
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

    private func context(for request: Request, components: [String], parameters: [String: String]) throws(ScreenplayError) -> ScreenContext {
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
        let user = request.headers[.screenplayUser].map { String($0.prefix(128)) }
        let (capabilities, capabilitiesKey) = try capabilityCache.capabilities(for: request.headers)
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
        let context = try context(for: request, components: components, parameters: parameters)
        let cacheKey = route.cacheKey.map { key in
            context.path + "\u{0}" + context.language + "\u{0}" + context.capabilitiesKey + "\u{0}" + key(context)
        }
        if let cacheKey, let entry = renderCache.entry(for: cacheKey) {
            return ScreenResponse.make(entry.screen, for: request)
        }
        let reply = try await route.handler(context)
        let (screen, report) = reply.screen.adapted(to: context.capabilities)
        metrics?.adaptation(report)
        var headers = ScreenResponse.headers(for: screen, language: context.language)
        if let state = reply.signedState { headers[.screenplayStateToken] = signer.token(for: state) }
        if let cacheKey, let maxAge = screen.cache?.maxAge, maxAge > 0 {
            // Shared by every hit: prepare the gzip form now, whether or not this client wants it.
            let encoded = EncodedScreen(body: screen.encoded(), headers: headers, compressing: true)
            renderCache.store(RenderCache.Entry(screen: encoded, expires: .now + .seconds(maxAge)), for: cacheKey)
            return ScreenResponse.make(encoded, for: request)
        }
        let compressing = ScreenResponse.acceptsGzip(request.headers[values: .acceptEncoding])
        return ScreenResponse.make(EncodedScreen(body: screen.encoded(), headers: headers, compressing: compressing), for: request)
    }

    private func respondToIntent(_ request: Request, components: [String], route label: inout String) async throws -> Response {
        let (route, parameters) = try route(for: components)
        label = "screens/" + route.pattern.description + "/intents"
        let context = try context(for: request, components: components, parameters: parameters)
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
        return IntentResponse.make(result, context: context, signer: signer)
    }
}
