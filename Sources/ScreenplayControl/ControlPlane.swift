import Foundation
import Logging
import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer

/// What a product team runs its app from: experiments and slot content stored in a database,
/// changed through the admin API with an audit log, applied to the running server's
/// `LiveConfiguration` at once — and on every other instance sharing the database, through
/// PostgreSQL `LISTEN/NOTIFY` and a poll of the change number.
///
/// ```swift
/// let control = try await ControlPlane.open(database: try PostgresControlDatabase(url: url), configuration: routes.configuration)
/// routes.eventSink = control.events
/// control.addRoutes(to: router, tokens: try AdminTokens(parsing: environment["SCREENPLAY_ADMIN_TOKENS"] ?? ""))
/// application.addServices(control.watcher, control.events, control.census)
/// ```
public final class ControlPlane: Sendable {
    public let database: any ControlDatabase
    public let configuration: LiveConfiguration
    /// Exposures and conversions on their way to the database.
    public let events: EventQueue
    /// Keeps this instance in step with the others: run it as a service.
    public var watcher: ChangeWatcher { ChangeWatcher(control: self) }
    let logger: Logger
    /// The newest change applied here.
    let appliedChange = NIOLockedValueBox<Int>(0)
    /// Where it waits, and what stamps its changes.
    let clock: ScreenplayClock
    /// Whether the database answers, as the last statement found.
    let health: DatabaseHealth
    /// Users' stored assignments, read once per user.
    let sticky = StickyAssignments()
    /// Whether studio changes to experiments and slots wait for a second admin (``fourEyes``).
    let fourEyesSetting = NIOLockedValueBox(false)
    /// A GrowthBook payload is in force (``FlagPayloadSource``): the stored flags wait.
    let flagsFromPayload = NIOLockedValueBox(false)
    /// The GrowthBook payload in force, as it was read.
    let externalPayload = NIOLockedValueBox<[UInt8]?>(nil)
    /// The capability sets screens are sent to, counted for the compatibility report: run it as a service.
    public let census: CapabilityCensus
    /// The compatibility gate's bound (``compatibilityMaxShare``) and the screens it builds.
    let compatibility = NIOLockedValueBox(CompatibilitySettings())

    /// How long an admin change or a read may wait for the database before it is a 503.
    static let statementDeadline = Duration.seconds(5)
    /// How long a request waits for a user's stored assignments before it goes on without them.
    static let stickyDeadline = Duration.milliseconds(250)

    private init(
        database: any ControlDatabase, configuration: LiveConfiguration, queue: EventQueue.Limits, census: CapabilityCensus.Limits,
        clock: ScreenplayClock, logger: Logger
    ) {
        self.database = database
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
        self.health = DatabaseHealth(configuration: configuration, logger: logger)
        self.events = EventQueue(database: database, limits: queue, health: health, sticky: sticky, clock: clock, logger: logger)
        self.census = CapabilityCensus(database: database, limits: census, clock: clock, logger: logger)
    }

    /// Migrates the database, loads what is stored into `configuration`, and reads users'
    /// assignments from it from then on.
    ///
    /// - Parameters:
    ///   - database: where experiments, content, events and the audit log are kept.
    ///   - configuration: the routes' live configuration, which the control plane keeps in step.
    ///   - queue: the bounds of the queue of events waiting to be written.
    ///   - census: the window and bounds of the capability census (7 days, 200 entries).
    ///   - clock: where it waits and what stamps its changes; real time unless a test
    ///     gives its own.
    ///   - logger: where it logs migrations, reloads and database trouble.
    public static func open(
        database: any ControlDatabase, configuration: LiveConfiguration, queue: EventQueue.Limits = EventQueue.Limits(),
        census: CapabilityCensus.Limits = CapabilityCensus.Limits(), clock: ScreenplayClock = .live,
        logger: Logger = Logger(label: "screenplay.control")
    ) async throws -> ControlPlane {
        let applied = try await Migrations.run(on: database, now: clock.milliseconds)
        if !applied.isEmpty {
            logger.info("database schema migrated", metadata: ["versions": "\(applied)", "dialect": "\(database.dialect)"])
        }
        let control = ControlPlane(
            database: database, configuration: configuration, queue: queue, census: census, clock: clock, logger: logger)
        try await control.reload()
        do {
            try await control.resumeInterruptedApprovals()
        } catch {
            logger.error("interrupted approvals were not resumed", metadata: ["error": "\(error)"])
        }
        configuration.assignmentStore = control
        configuration.spentTokenLedger = control
        configuration.capabilityCounter = control.census
        return control
    }

    /// Runs a database operation under the statement deadline: an unreachable database is a 503,
    /// and marks the server degraded until a statement succeeds again.
    func guarded<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        do {
            let value = try await withDeadline(Self.statementDeadline, clock: clock.clock, operation)
            health.mark(true)
            return value
        } catch let error as ScreenplayError {
            throw error
        } catch let error as DeadlineExceeded {
            health.mark(false, reason: "no answer within \(error.deadline)")
            throw Self.unavailable
        } catch let error as DatabaseError {
            if error.isConstraintViolation { throw error }
            health.mark(false, reason: error.message)
            throw Self.unavailable
        }
    }

    static let unavailable = ScreenplayError(
        .serviceUnavailable, code: "databaseUnavailable",
        message: "the database cannot be reached; nothing was changed. Screens are served with the last configuration known",
        headerFields: [.retryAfter: "5"])
}
