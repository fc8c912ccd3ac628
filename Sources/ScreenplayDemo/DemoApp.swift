import Hummingbird
import Logging
import ScreenplayControl
import ScreenplayDSL
import ScreenplayServer
import ServiceLifecycle

/// The demo backend: every screen of the three write-ups, in English, French and German.
///
/// ```swift
/// try await DemoApp.application(host: "127.0.0.1", port: 8080).runService()
/// ```
public enum DemoApp {
    /// The demo's screens and intents.
    /// - Parameter allowsExperimentOverrides: honour `Screenplay-Experiments` (QA); on in the demo.
    public static func routes(
        signer: StateSigner = .development(), allowsExperimentOverrides: Bool = true, metrics: ScreenplayMetrics? = nil,
        feed: CityFeed = CityFeed(), configuration: LiveConfiguration = LiveConfiguration(), live: LiveUpdates = LiveUpdates()
    ) -> ScreenplayRoutes {
        var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: Strings.supported, default: "en"), signer: signer)
        routes.configuration = configuration
        // Before the screens are registered: the city feed tells this instance what changed.
        routes.live = live
        routes.metrics = metrics
        routes.allowsExperimentOverrides = allowsExperimentOverrides
        routes.servesIndex = true
        routes.screen("requests") { RequestScreens.list(language: $0.language) }
        routes.screen("requests/:id") { try RequestScreens.detail($0) }
        routes.intent("accept", on: "requests/:id") { intent in
            IntentResult(effects: [.navigate("/requests")])
        }
        routes.intent("decline", on: "requests/:id") { intent in
            IntentResult(effects: [.back])
        }
        routes.screen("messages") { RequestScreens.messages($0) }
        // Only the web has the claim: apps that do not know it open it in their web fallback.
        routes.webPage("requests/:id/insurance-claim") { try RequestScreens.claim($0) }
        CityScreens.register(on: &routes, feed: feed)
        routes.experiment(HomeScreen.experiment)
        // The home depends on the language, the client, the variant and its flag only: encoded once for each.
        routes.screen(
            "home",
            cacheKey: { "\($0.experiments.variant(of: HomeScreen.experiment.name))|\($0.flags.isOn(HomeScreen.badgeFlag.key))" }
        ) { context in
            HomeScreen.screen(
                language: context.language, variant: context.experiments.variant(of: HomeScreen.experiment.name),
                badge: context.flags.isOn(HomeScreen.badgeFlag.key), flags: context.flags.variables([HomeScreen.badgeFlag.key]))
        }
        CheckoutFlow.register(on: &routes)
        return routes
    }

    /// The demo's experiments, declared in code.
    public static let experiments = [HomeScreen.experiment, CheckoutFlow.experiment]

    /// Stores the demo's experiments (and its flag) where nothing is stored under their names yet, so that the
    /// home's section order and the checkout's step order are data the admin API changes.
    public static func seed(_ control: ControlPlane) async throws {
        for experiment in experiments where try await control.storedExperiment(named: experiment.name) == nil {
            _ = try await control.save(experiment, by: "demo-seed", ifRevision: 0)
        }
        if try await control.storedFlag(HomeScreen.badgeFlag.key) == nil {
            _ = try await control.save(flag: HomeScreen.badgeFlag, by: "demo-seed", ifRevision: 0)
        }
    }

    /// A Hummingbird application serving the demo on `host:port`, holding every connection to
    /// `connectionLimits`, and logging one line per request when `logsRequests` (the access log;
    /// off by default: under load it grows by hundreds of megabytes).
    /// - Parameter preencoded: a response to answer `/bench/preencoded` with, as it is: the load test
    ///   compares the full pipeline with this limit of the same server sending the same bytes.
    public static func application(
        host: String, port: Int, signer: StateSigner, metrics: ScreenplayMetrics? = nil,
        preencoded: (body: [UInt8], headers: HTTPFields)? = nil,
        logger: Logger = Logger(label: "screenplay.demo"),
        feed: CityFeed = CityFeed(), liveInterval: Duration? = nil, connectionLimits: ConnectionLimits = ConnectionLimits(),
        logsRequests: Bool = false, control: ControlPlane? = nil, adminTokens: AdminTokens = .none, watch: DocumentFolder? = nil,
        flagsPayload: FlagPayloadSource? = nil,
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router(context: ScreenplayRequestContext.self)
        if preencoded == nil, logsRequests { router.add(middleware: RequestLogMiddleware()) }
        // The proxies trusted for connections are trusted to say who a stream's client is too.
        var routes = routes(
            signer: signer, metrics: metrics, feed: feed, configuration: control?.configuration ?? LiveConfiguration(),
            live: LiveUpdates(trustedProxies: connectionLimits.trustedProxies))
        // A watched folder's documents at /screens/watch/NAME, each save pushed to their streams.
        if let watch { watch.screens.register(on: &routes) }
        if let control {
            routes.eventSink = control.events
            control.addRoutes(to: router, tokens: adminTokens, screens: &routes, watched: watch?.screens)
        }
        routes.addRoutes(to: router)
        // The demo's own pictures, which its screens refer to by relative URL.
        DemoImages.addRoutes(to: router)
        // The demo's front door: its index of screens.
        router.get("/") { _, _ in Response(status: .seeOther, headers: [.location: "/screens"]) }
        if let preencoded {
            let body = ByteBuffer(bytes: preencoded.body)
            router.get("/bench/preencoded") { _, _ in
                Response(status: .ok, headers: preencoded.headers, body: ResponseBody(byteBuffer: body))
            }
        }
        var application = Application(
            router: router, server: .screenplay(limits: connectionLimits, live: routes.live),
            // A deep accept queue: a flood of connections (opened and aborted) must not crowd out real clients.
            configuration: .init(address: .hostname(host, port: port), serverName: "Screenplay", backlog: 4_096),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) }, logger: logger)
        if let liveInterval { application.addServices(NewDayTicker(feed: feed, interval: liveInterval)) }
        if let watch { application.addServices(watch) }
        if let flagsPayload { application.addServices(flagsPayload) }
        // Other instances' changes arrive; events and the capability census reach the database,
        // and are flushed at shutdown.
        if let control { application.addServices(control.watcher, control.events, control.census, control.rolloutGuard) }
        // After a burst, freed memory goes back to the system instead of staying in the allocator.
        application.addServices(MemoryTrimmer())
        return application
    }
}

/// Gives a city a new day every `interval`, for as long as the application runs.
struct NewDayTicker: Service {
    let feed: CityFeed
    let interval: Duration

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                feed.newDay()
            }
        }
    }
}
