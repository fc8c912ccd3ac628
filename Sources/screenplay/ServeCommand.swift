import ArgumentParser
import Crypto
import Foundation
import HTTPTypes
import Logging
import Metrics
import Prometheus
import ScreenplayClient
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

    @Option(help: "The folder of the embedded SQLite database (experiments, content, events).")
    var data = ".screenplay"

    @Option(help: "A PostgreSQL URL (postgres://user:password@host:port/database) to share state between instances, instead of --data.")
    var database: String?

    @Flag(help: "Four eyes: a studio change to an experiment or a slot is a request that another admin approves before it applies.")
    var fourEyes = false

    @Option(
        help: """
            The compatibility gate: refuse publishing a slot, or stopping an experiment with a winner, when apps in the field \
            would lose nodes or actions for more than this share of users (of screen requests while no request named a user; \
            0.05: 5%). Off by default.
            """)
    var compatMaxShare: Double?

    @Option(help: "How many days the capability census counts, which the compatibility report and gate read.")
    var censusDays = 7

    @Flag(help: "Log one line per request (method, path, status, duration): the access log. Off by default.")
    var accessLog = false

    @Option(help: "The least severe log level printed: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Option(help: "A PEM file with the P-256 public key that signs users' ES256 tokens (Screenplay-User-Token): only verified users count.")
    var userTokenKey: String?

    @Option(help: "The issuer (iss) users' tokens must name, when verified.")
    var userTokenIssuer: String?

    @Option(help: "The audience (aud) users' tokens must name, when verified.")
    var userTokenAudience: String?

    @Option(help: "The most connections open at once (default: the descriptor limit less 128, at most 16384).")
    var maxConnections: Int?

    @Option(help: "The most connections one client address holds (an IPv6 client is its /64).")
    var maxConnectionsPerAddress = 256

    @Option(help: "A proxy address or network whose connections are not counted per address (repeat for more).")
    var trustedProxy: [String] = []

    @Option(help: "A folder of screen documents: each NAME.json is served at /screens/watch/NAME; a save updates its followers.")
    var watch: String?

    @Option(
        help: """
            A GrowthBook features payload to serve instead of the stored flags: a file, or an http(s) URL             (GrowthBook's /api/features/<client key>); read again every --flags-refresh seconds, a refused one keeping the one in force.
            """)
    var flagsPayload: String?

    @Option(help: "Seconds between two reads of --flags-payload.")
    var flagsRefresh: Double = 30

    @Option(help: "Seconds between two new days of city figures on the live /screens/cities (0: never).")
    var liveInterval: Double = 4

    @Option(help: ArgumentHelp("Also serve this file's bytes at /bench/preencoded (for scripts/loadtest).", visibility: .hidden))
    var benchPreencoded: String?

    @Option(help: ArgumentHelp("The response headers to send with --bench-preencoded, as `curl -D` saved them.", visibility: .hidden))
    var benchHeaders: String?

    func run() async throws {
        var logger = Logger(label: "screenplay.serve")
        logger.logLevel = logLevel
        let signer: StateSigner
        if let encoded = ProcessInfo.processInfo.environment["SCREENPLAY_STATE_KEY"] {
            guard let key = Data(base64Encoded: encoded), key.count >= 32 else {
                throw ValidationError("SCREENPLAY_STATE_KEY must be base64 of at least 32 bytes")
            }
            signer = StateSigner(key: SymmetricKey(data: key))
        } else {
            logger.warning(
                """
                *** SCREENPLAY_STATE_KEY is not set: signing client state with a random development key. \
                State tokens will not survive a restart or work across processes. Do not run this in production. ***
                """)
            signer = .development()
        }
        // First: what is made from here on (the control plane's event counters too) reports to it.
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        let metrics = ScreenplayMetrics(factory: MetricsSystem.factory, registry: registry)
        let adminTokens: AdminTokens
        do {
            adminTokens = try AdminTokens(parsing: ProcessInfo.processInfo.environment["SCREENPLAY_ADMIN_TOKENS"] ?? "")
        } catch {
            throw ValidationError("SCREENPLAY_ADMIN_TOKENS: \(error.message)")
        }
        if adminTokens.isEmpty {
            logger.warning(
                "*** No admin token is configured: the admin API (/admin) is DISABLED. Set SCREENPLAY_ADMIN_TOKENS=name:admin:<24+ characters> to enable it. ***"
            )
        }
        let store: any ControlDatabase
        do {
            if let database {
                store = try PostgresControlDatabase(url: database)
            } else {
                store = try await SQLiteControlDatabase.open(folder: URL(fileURLWithPath: data))
            }
        } catch {
            throw ValidationError("cannot open the database: \(error)")
        }
        let configuration = LiveConfiguration()
        configuration.userTokens = try userTokenVerifier()
        if configuration.userTokens == nil {
            logger.warning(
                "users: Screenplay-User is taken as said (no user token key): anyone can claim any user id in experiments and events")
        } else {
            logger.info("users: only verified Screenplay-User-Token holders count in experiments and events")
        }
        let maxShare =
            try compatMaxShare
            ?? ProcessInfo.processInfo.environment["SCREENPLAY_COMPAT_MAX_SHARE"].map { text in
                guard let share = Double(text) else {
                    throw ValidationError("SCREENPLAY_COMPAT_MAX_SHARE must be a share from 0 to 1, like 0.05")
                }
                return share
            }
        if let maxShare, !(0...1).contains(maxShare) {
            throw ValidationError("the compatibility gate's share is from 0 to 1 (0.05: 5% of users), not \(maxShare)")
        }
        guard (1...90).contains(censusDays) else { throw ValidationError("--census-days is from 1 to 90") }
        let control: ControlPlane
        do {
            control = try await ControlPlane.open(
                database: store, configuration: configuration, census: CapabilityCensus.Limits(window: .seconds(censusDays * 86_400)),
                logger: logger)
            try await DemoApp.seed(control)
            control.fourEyes = fourEyes || ProcessInfo.processInfo.environment["SCREENPLAY_FOUR_EYES"] == "1"
            control.compatibilityMaxShare = maxShare
        } catch {
            throw ValidationError("cannot use the database \(database.map { _ in "(PostgreSQL)" } ?? data): \(error)")
        }
        logger.info(
            """
            control plane: \(database == nil ? "SQLite in \(data)" : "PostgreSQL"), change \(control.changeNumber), \
            four eyes \(control.fourEyes ? "on" : "off"), \
            compatibility gate \(maxShare.map { "at \(ExperimentReport.percent($0)) of users (or requests)" } ?? "off (--compat-max-share)") \
            over a \(censusDays)-day census
            """)
        // Connections: the descriptor limit raised where the system allows, and the bounds said.
        var connectionLimits = ConnectionLimits()
        let descriptors = ConnectionLimits.raiseDescriptorLimit()
        connectionLimits.maxConnections = maxConnections
        connectionLimits.maxConnectionsPerAddress = maxConnectionsPerAddress
        connectionLimits.trustedProxies = try trustedProxy.map { text in
            guard let range = AddressRange(text) else { throw ValidationError("--trusted-proxy \(text) is not an address or a network") }
            return range
        }
        logger.info(
            """
            connections: at most \(connectionLimits.effectiveMaxConnections) open (descriptor limit \(descriptors)), \
            \(connectionLimits.maxConnectionsPerAddress) per client address, first byte within \(connectionLimits.firstByteTimeout), \
            a head incomplete after \(connectionLimits.headEvictableAfter) makes room as an idle connection does
            """)
        logger.info(
            "Screenplay demo: http://\(host):\(port)/screens lists its screens; ready at the next line (listening on …); Ctrl-C stops it"
        )
        var preencoded: (body: [UInt8], headers: HTTPFields)?
        if let path = benchPreencoded {
            guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read \(path)") }
            var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
            if let path = benchHeaders {
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ValidationError("cannot read \(path)") }
                headers = Self.headers(fromDump: text)
            }
            preencoded = ([UInt8](data), headers)
        }
        let flagsSource = try flagsPayload.map { origin in
            guard flagsRefresh >= 1 else { throw ValidationError("--flags-refresh is at least 1 second") }
            return FlagPayloadSource(
                control: control, origin: origin, interval: .milliseconds(Int(flagsRefresh * 1_000)), load: try Self.payloadLoader(origin))
        }
        if let flagsSource {
            // Read before the first request, so that no screen is served without the flags.
            if await flagsSource.refresh()?.value == nil {
                logger.error("the flags payload \(flagsSource.origin) was not read: no flag is on")
            }
        }
        try await DemoApp.application(
            host: host, port: port, signer: signer, metrics: metrics, preencoded: preencoded, logger: logger,
            liveInterval: liveInterval > 0 ? .milliseconds(Int(liveInterval * 1_000)) : nil, connectionLimits: connectionLimits,
            logsRequests: accessLog, control: control, adminTokens: adminTokens,
            watch: try watch.map { folder in
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                    throw ValidationError("--watch \(folder) is not a folder")
                }
                return DocumentFolder(
                    URL(fileURLWithPath: folder), screens: DocumentScreens(prefix: "watch", maxDocuments: 1_000, maxBytes: 1 << 20),
                    logger: logger)
            }, flagsPayload: flagsSource
        ).runService()
        await store.close()
    }

    /// Reads `origin`'s bytes: a file, or an http(s) URL (at most 8 MiB, within 10 seconds).
    static func payloadLoader(_ origin: String) throws -> @Sendable () async throws -> [UInt8] {
        guard origin.hasPrefix("http://") || origin.hasPrefix("https://") else {
            return {
                guard let data = FileManager.default.contents(atPath: origin) else { throw ValidationError("cannot read \(origin)") }
                return [UInt8](data)
            }
        }
        guard let url = URL(string: origin) else { throw ValidationError("--flags-payload \(origin) is not a URL") }
        return {
            let response = try await DefaultTransport.make(maxResponseBytes: 8 << 20).send(
                TransportRequest(url: url, headers: [.accept: "application/json"]))
            guard response.status == .ok else { throw ValidationError("\(origin) answered \(response.status.code)") }
            return response.body
        }
    }

    /// The verifier of users' tokens that the options and environment configure, if any.
    func userTokenVerifier() throws -> UserTokenVerifier? {
        let secret = ProcessInfo.processInfo.environment["SCREENPLAY_USER_TOKEN_SECRET"]
        let key: UserTokenVerifier.Key
        switch (userTokenKey, secret) {
        case (nil, nil): return nil
        case (let path?, nil):
            guard let pem = try? String(contentsOfFile: path, encoding: .utf8) else { throw ValidationError("cannot read \(path)") }
            key = .es256(publicKeyPEM: pem)
        case (nil, let encoded?):
            guard let bytes = Data(base64Encoded: encoded) else { throw ValidationError("SCREENPLAY_USER_TOKEN_SECRET must be base64") }
            key = .hs256(secret: Array(bytes))
        case (_?, _?): throw ValidationError("give --user-token-key or SCREENPLAY_USER_TOKEN_SECRET, not both")
        }
        do {
            return try UserTokenVerifier(key: key, issuer: userTokenIssuer, audience: userTokenAudience)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The headers of a `curl -D` dump, without those the server writes itself.
    static func headers(fromDump text: String) -> HTTPFields {
        var headers = HTTPFields()
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, let name = HTTPField.Name(String(pair[0])) else { continue }
            guard ![.contentLength, .date, .server, .connection].contains(name) else { continue }
            headers.append(HTTPField(name: name, value: pair[1].trimmingCharacters(in: .whitespaces)))
        }
        return headers
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
