import Hummingbird
import Logging
import ScreenplayControl
import ScreenplayServer

extension DemoApp {
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
