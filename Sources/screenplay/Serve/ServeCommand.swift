import ArgumentParser
import Foundation
import Logging
import Metrics
import Prometheus
import ScreenplayControl
import ScreenplayDemo
import ScreenplayServer

/// `screenplay serve`: the demo backend, with no setup.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the demo backend: the screens of the three write-ups in en, fr and de.",
        discussion: """
            Experiments and published content are kept in an embedded SQLite database in --data (default .screenplay), \
            or in PostgreSQL with --database postgres://…, which several instances share.

            Environment:
              SCREENPLAY_STATE_KEY     base64, at least 32 bytes: signs client state (without it, a random development key)
              SCREENPLAY_ADMIN_TOKENS  name:role:token,… (role admin or read; tokens of 24+ characters): enables /admin
              SCREENPLAY_USER_TOKEN_SECRET  base64, at least 32 bytes: verify users' HS256 tokens (Screenplay-User-Token)
              SCREENPLAY_FOUR_EYES     1: as --four-eyes
              SCREENPLAY_COMPAT_MAX_SHARE  as --compat-max-share
            """
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port = 8080

    @OptionGroup var controlPlane: ControlPlaneOptions

    @Flag(help: "Log one line per request (method, path, status, duration): the access log. Off by default.")
    var accessLog = false

    @Option(help: "The least severe log level printed: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @OptionGroup var userTokens: UserTokenOptions

    @OptionGroup var connections: ConnectionOptions

    @Option(help: "A folder of screen documents: each NAME.json is served at /screens/watch/NAME; a save updates its followers.")
    var watch: String?

    @OptionGroup var flags: FlagsPayloadOptions

    @Option(help: "Seconds between two new days of city figures on the live /screens/cities (0: never).")
    var liveInterval: Double = 4

    @OptionGroup var bench: BenchOptions

    func run() async throws {
        var logger = Logger(label: "screenplay.serve")
        logger.logLevel = logLevel
        let environment = ServeEnvironment()
        let signer = try environment.stateSigner(logger: logger)
        // First: what is made from here on (the control plane's event counters too) reports to it.
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        let metrics = ScreenplayMetrics(factory: MetricsSystem.factory, registry: registry)
        let adminTokens = try environment.adminTokens(logger: logger)
        let store = try await controlPlane.openDatabase()
        let configuration = LiveConfiguration()
        configuration.userTokens = try userTokens.verifier(logger: logger)
        let control = try await controlPlane.openControlPlane(on: store, configuration: configuration, logger: logger)
        let connectionLimits = try connections.limits(logger: logger)
        logger.info(
            "Screenplay demo: http://\(host):\(port)/screens lists its screens; ready at the next line (listening on …); Ctrl-C stops it"
        )
        let preencoded = try bench.preencoded()
        let flagsSource = try await flags.source(control: control, logger: logger)
        try await DemoApp.application(
            host: host, port: port, signer: signer, metrics: metrics, preencoded: preencoded, logger: logger,
            liveInterval: liveInterval > 0 ? .milliseconds(Int(liveInterval * 1_000)) : nil, connectionLimits: connectionLimits,
            logsRequests: accessLog, control: control, adminTokens: adminTokens, watch: try watchedFolder(logger: logger),
            flagsPayload: flagsSource
        ).runService()
        await store.close()
    }

    /// The folder `--watch` names, whose documents are served at /screens/watch/NAME, or nil.
    private func watchedFolder(logger: Logger) throws -> DocumentFolder? {
        try watch.map { folder in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--watch \(folder) is not a folder")
            }
            return DocumentFolder(
                URL(fileURLWithPath: folder), screens: DocumentScreens(prefix: "watch", maxDocuments: 1_000, maxBytes: 1 << 20),
                logger: logger)
        }
    }
}
