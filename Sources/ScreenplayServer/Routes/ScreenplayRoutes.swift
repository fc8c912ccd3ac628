import Hummingbird
import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// The screens and intents of an app, served under `/screens` by any Hummingbird 2 application.
/// Register everything first, then add the routes to a router: from then on the routes are
/// fixed, and registering or configuring more is a programming error that stops the process
/// (it would otherwise be silently ignored).
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

    private var table = RouteTable()
    /// Set once the routes were added to a router; shared by every copy of these routes.
    private let mounted = NIOLockedValueBox(false)
    /// What serves the screens once mounted, for ``response(to:screen:)``.
    private let pipelineBox = NIOLockedValueBox<ScreenPipeline?>(nil)

    public var languages: LanguageNegotiation {
        didSet { checkNotMounted("set languages") }
    }
    public var signer: StateSigner {
        didSet { checkNotMounted("set the signer") }
    }
    /// Largest intent body accepted, in bytes (default 256 KiB); larger is a 413.
    public var maxIntentBytes: Int {
        didSet { checkNotMounted("set maxIntentBytes") }
    }
    /// The limits applied to what clients send.
    public var limits: DocumentLimits {
        didSet { checkNotMounted("set limits") }
    }
    /// Experiments declared in code, by name: defaults that stored ones replace.
    public private(set) var experiments: [String: Experiment] = [:]
    /// What changes while the server runs: experiments in force, published slots, health. The
    /// control plane keeps it in step with its database.
    public var configuration = LiveConfiguration() {
        didSet { checkNotMounted("replace the configuration") }
    }
    /// Honour `Screenplay-Experiments: name=variant` overrides (for QA; off by default).
    public var allowsExperimentOverrides = false {
        didSet { checkNotMounted("set allowsExperimentOverrides") }
    }
    /// Where exposures and conversions go.
    public var eventSink: any EventSink = LogEventSink() {
        didSet { checkNotMounted("set the event sink") }
    }
    /// Counters and timers; with a registry, `/metrics` serves them in Prometheus text format.
    public var metrics: ScreenplayMetrics? {
        didSet { checkNotMounted("set metrics") }
    }
    /// Live streams of screens (`GET /screens/<path>/stream`) and how the app says what changed.
    public var live = LiveUpdates() {
        didSet { checkNotMounted("replace live updates") }
    }
    /// Serve `GET /screens`: a screen linking every screen without parameters (a document to apps,
    /// a page to browsers). Off by default: it tells anyone which screens there are.
    public var servesIndex = false {
        didSet { checkNotMounted("set servesIndex") }
    }
    /// How web pages draw app-defined components, by type; the others show their fallbacks.
    public var webComponents: [String: HTMLRenderer.CustomRenderer] = [:] {
        didSet { checkNotMounted("set webComponents") }
    }

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
        table.setCacheKey(cacheKey, for: PathPattern(pattern))
    }

    /// Serves `GET /screens/<pattern>` with signed server state.
    public mutating func screen(_ pattern: String, reply handler: @escaping ScreenHandler) {
        checkNotMounted("register the screen \(pattern)")
        table.setScreen(PathPattern(pattern), handler: handler)
    }

    /// Serves a page that only the web has at `/<pattern>` (not under `/screens`): apps that do not
    /// know the feature open it in their web fallback. The handler gets the same context as a screen's.
    ///
    /// ```swift
    /// routes.webPage("requests/:id/insurance-claim") { context in claimScreen(context) }
    /// ```
    public mutating func webPage(_ pattern: String, _ handler: @escaping @Sendable (ScreenContext) async throws -> Screen) {
        checkNotMounted("register the web page \(pattern)")
        table.addWebPage(WebPageRoute(pattern: PathPattern(pattern), handler: handler))
    }

    /// Declares an experiment that handlers read with `context.experiments.variant(of:)`.
    public mutating func experiment(_ experiment: Experiment) {
        checkNotMounted("declare the experiment \(experiment.name)")
        experiments[experiment.name] = experiment
    }

    /// Handles the intent `name` POSTed from the screen at `pattern` (register the screen first).
    ///
    /// - Parameters:
    ///   - name: the intent's name, as the screen's action sends it (`.intent("pay")`).
    ///   - pattern: the screen's path pattern, as registered with `screen(_:_:)`.
    ///   - once: the intent must happen once per state token (paying, confirming): it needs a
    ///     token, and a second use of the same token is refused with 409 before the handler runs.
    ///     Give each answer a new `signedState` so that the next step has a token of its own.
    ///   - goal: a conversion recorded for the user each time the handler succeeds
    ///     (`checkout_done`), which experiment reports count.
    ///   - validatingFields: the screen's text fields' rules are checked on the intent's values
    ///     before the handler runs — the same rules the device checked, since a client is never
    ///     trusted; a field that breaks one is a 422 listing each at `state.<field>`, which apps
    ///     and pages show under their fields.
    ///   - handler: answers the intent with a screen, effects or both.
    ///
    /// ```swift
    /// routes.intent("pay", on: "checkout", once: true, goal: "checkout_done", validatingFields: true) { intent in try await pay(intent) }
    /// ```
    public mutating func intent(
        _ name: String, on pattern: String, once: Bool = false, goal: String? = nil, validatingFields: Bool = false,
        _ handler: @escaping IntentHandler
    ) {
        checkNotMounted("register the intent \(name)")
        var route = IntentRoute(handler: handler, once: once, goal: goal)
        route.validatesFields = validatingFields
        guard table.addIntent(name, on: PathPattern(pattern), route) else {
            preconditionFailure("intent \"\(name)\" registered on \(pattern), which has no screen; register the screen first")
        }
    }

    /// Whether the routes were added to a router (and can no longer change).
    public var isMounted: Bool { mounted.withLockedValue { $0 } }

    /// The patterns of the registered screens (`home`, `requests/:id`), most specific first: what
    /// `/screens/<pattern>` serves (the studio's gallery draws them).
    public var screenPatterns: [String] { table.screens.map(\.pattern.description) }

    /// Answers `request` for the screen at `path` (`home`, `requests/2`) as `GET /screens/<path>`
    /// would, its headers (`Accept`, `Accept-Language`) included: for a page that draws a screen
    /// for another language than its own request's (the studio's previews). A 503 before the
    /// routes are added to a router.
    public func response(to request: Request, screen path: String) async throws -> Response {
        guard let pipeline = pipelineBox.withLockedValue({ $0 }) else {
            throw ScreenplayError(.serviceUnavailable, code: "notMounted", message: "the screens are not served yet")
        }
        return try await pipeline.get(
            request, path: path.split(separator: "/", omittingEmptySubsequences: false),
            connection: ClientConnection(peer: nil, closed: nil))
    }

    /// What the screen at `path` (`home`) loses for a client with `capabilities`: built as
    /// `GET /screens/<path>` builds it for an anonymous user (its handler, the slots' published
    /// content, the experiments in force, the variants in `variants` forced), then adapted with
    /// every change's path recorded. Nothing is sent, so nothing is counted: no exposure, no
    /// metric, no census. A 404 when no screen route matches, a 503 before the routes are added
    /// to a router; the handler's own errors as it throws them.
    ///
    /// - Parameters:
    ///   - path: the screen's path without `/screens` (`home`, `requests/2`).
    ///   - language: the language it is built in (one of ``languages``).
    ///   - capabilities: what the client declares; its platform is the audience's too.
    ///   - appVersion: the app's version, as experiments' targeting reads it.
    ///   - variants: experiments' variants to force, by experiment (a winner, before it is one).
    ///
    /// ```swift
    /// let home = try await routes.adaptation(ofScreen: "home", language: "en", capabilities: .base)
    /// home.report.droppedNodes          // ["button": 5]: the base set runs no setState or set
    /// ```
    public func adaptation(
        ofScreen path: String, language: String, capabilities: ClientCapabilities, appVersion: AppVersion? = nil,
        variants: [String: String] = [:]
    ) async throws -> ScreenAdaptation {
        guard let pipeline = pipelineBox.withLockedValue({ $0 }) else {
            throw ScreenplayError(.serviceUnavailable, code: "notMounted", message: "the screens are not served yet")
        }
        return try await pipeline.adaptation(
            of: path, language: language, capabilities: capabilities, appVersion: appVersion, variants: variants)
    }

    /// Adds the Screenplay routes to a Hummingbird router; the routes are fixed from then on.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        let wasMounted = mounted.withLockedValue { mounted in
            defer { mounted = true }
            return mounted
        }
        precondition(!wasMounted, "these ScreenplayRoutes were already added to a router; make a new ScreenplayRoutes for another")
        let pipeline = ScreenPipeline(
            table: table, languages: languages, signer: signer, maxIntentBytes: maxIntentBytes, limits: limits,
            configuration: configuration, allowsExperimentOverrides: allowsExperimentOverrides, events: eventSink,
            metrics: metrics, live: live,
            webRenderer: HTMLRenderer(link: { [table] path in table.webLink(path) }, customRenderers: webComponents),
            renderCache: RenderCache(capacity: 1_024), spentTokens: SpentTokens(),
            encoder: ScreenEncoder(), capabilityCache: CapabilityCache())
        // A server made with `.screenplay(live:)` opens these routes' streams on their connections.
        live.opener.withLockedValue { $0 = pipeline }
        pipelineBox.withLockedValue { $0 = pipeline }
        for experiment in experiments.values { configuration.declare(experiment) }
        // A publish or an experiment change reaches the live subscribers of the screens that used it.
        configuration.onChange { [live] paths in
            if let paths { live.invalidate { paths.contains($0) } } else { live.invalidateAll() }
        }
        router.add(middleware: ErrorPageMiddleware(renderer: pipeline.webRenderer))
        if servesIndex {
            let index = ServerPages.index(of: table)
            Self.serve("/screens", on: router) { request, _ in try await pipeline.serverPage(index, request: request) }
        }
        let screens = RouterPath(stringLiteral: "/screens/**")
        Self.serve(screens, on: router, allowing: [.post]) { request, context in
            try await pipeline.get(
                request, path: context.parameters.getCatchAll(), connection: ScreenplayRequestContext.connection(of: context),
                headOnly: request.method == .head)
        }
        router.post(screens) { request, context in
            try await pipeline.post(request, path: context.parameters.getCatchAll())
        }
        // The page's scripts, under names that carry their hashes: cached for a year, never stale.
        for (path, source) in [
            (WebRuntime.path, WebRuntime.source), (ExpressionScript.path, ExpressionScript.source), (InputScript.path, InputScript.source),
            (BehaviourScript.path, BehaviourScript.source),
        ] {
            let body = ByteBuffer(string: source)
            Self.serve(RouterPath(stringLiteral: path), on: router) { _, _ in
                Response(
                    status: .ok,
                    headers: [
                        .contentType: "text/javascript; charset=utf-8", .cacheControl: "public, max-age=31536000, immutable",
                        .xContentTypeOptions: "nosniff",
                    ],
                    body: ResponseBody(byteBuffer: body))
            }
        }
        for page in table.webPages {
            Self.serve(RouterPath(stringLiteral: "/" + page.pattern.description), on: router) { request, _ in
                try await pipeline.webPage(page, request: request)
            }
        }
        Self.serve("/health", on: router) { [configuration] _, _ in
            var writer = JSONWriter()
            writer.beginObject()
            if let degradation = configuration.degradation {
                writer.member(HealthKey.status, "degraded")
                writer.member(HealthKey.reason, degradation)
            } else {
                writer.member(HealthKey.status, "ok")
            }
            writer.endObject()
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: writer.bytes)))
        }
        if let registry = metrics?.registry {
            Self.serve("/metrics", on: router) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
            }
        }
    }

    /// Serves `path` with GET and HEAD (the same headers, no body), answers OPTIONS with the
    /// methods it allows, and refuses the other usual methods with 405 and `Allow` (Hummingbird
    /// alone would say 404: no route for that method).
    private static func serve<Context: RequestContext>(
        _ path: RouterPath, on router: Router<Context>, allowing others: [HTTPRequest.Method] = [],
        _ get: @escaping @Sendable (Request, Context) async throws -> Response
    ) {
        router.getWithHead(path, use: get)
        let allowed = ([.get, .head] + others + [.options]).map(\.rawValue).joined(separator: ", ")
        router.on(path, method: .options) { _, _ in Response(status: .noContent, headers: [.allow: allowed]) }
        for method in [HTTPRequest.Method.put, .delete, .patch, .post] where !others.contains(method) {
            router.on(path, method: method) { request, _ -> Response in throw MethodTable.notAllowed(request.method, allow: allowed) }
        }
    }

    private enum HealthKey: String, JSONKey {
        case status, reason
    }

    /// Stops the process when the routes were already added to a router: the change would never
    /// reach the requests.
    private func checkNotMounted(_ change: @autoclosure () -> String) {
        precondition(
            !mounted.withLockedValue { $0 },
            "cannot \(change()) after the ScreenplayRoutes were added to a router; register everything before addRoutes(to:)")
    }
}
