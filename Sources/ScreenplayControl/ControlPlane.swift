import Foundation
import Logging
import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer

/// What a product team runs its app from: experiments and slot content stored in a database,
/// changed through the admin API with an audit log, applied to the running server's
/// ``LiveConfiguration`` at once — and on every other instance sharing the database, through
/// PostgreSQL `LISTEN/NOTIFY` and a poll of the change number.
///
/// ```swift
/// let control = try await ControlPlane.open(database: try PostgresControlDatabase(url: url), configuration: routes.configuration)
/// routes.eventSink = control.events
/// control.addRoutes(to: router, tokens: AdminTokens(from: environment))
/// application.addServices(control.watcher, control.events)
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
    private let appliedChange = NIOLockedValueBox<Int>(0)
    /// Whether the database answers, as the last statement found.
    let health: DatabaseHealth
    /// Users' stored assignments, read once per user.
    let sticky = StickyAssignments()

    /// How long an admin change or a read may wait for the database before it is a 503.
    static let statementDeadline = Duration.seconds(5)
    /// How long a request waits for a user's stored assignments before it goes on without them.
    static let stickyDeadline = Duration.milliseconds(250)

    private init(database: any ControlDatabase, configuration: LiveConfiguration, queue: EventQueue.Limits, logger: Logger) {
        self.database = database
        self.configuration = configuration
        self.logger = logger
        self.health = DatabaseHealth(configuration: configuration, logger: logger)
        self.events = EventQueue(database: database, limits: queue, health: health, sticky: sticky, logger: logger)
    }

    /// Migrates the database, loads what is stored into `configuration`, and reads users'
    /// assignments from it from then on.
    public static func open(
        database: any ControlDatabase, configuration: LiveConfiguration, queue: EventQueue.Limits = EventQueue.Limits(),
        logger: Logger = Logger(label: "screenplay.control")
    ) async throws -> ControlPlane {
        let applied = try await Migrations.run(on: database, now: Self.now())
        if !applied.isEmpty {
            logger.info("database schema migrated", metadata: ["versions": "\(applied)", "dialect": "\(database.dialect)"])
        }
        let control = ControlPlane(database: database, configuration: configuration, queue: queue, logger: logger)
        try await control.reload()
        configuration.assignmentStore = control
        configuration.spentTokenLedger = control
        return control
    }

    static func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1_000).rounded()) }

    // MARK: Keeping in step

    /// Reads every stored experiment and the current version of every slot into the configuration.
    func reload() async throws {
        let (change, experiments, slots) = try await database.transaction { tx in
            let change = try await tx.query("SELECT COALESCE(MAX(id), 0) FROM changes").first?.integer(0) ?? 0
            let experiments = try await tx.query("SELECT definition FROM experiments ORDER BY name")
            let slots = try await tx.query(
                """
                SELECT v.slot, v.version, v.document FROM slot_versions v
                JOIN (SELECT slot, MAX(version) AS version FROM slot_versions GROUP BY slot) c
                  ON c.slot = v.slot AND c.version = v.version
                """)
            return (change, experiments, slots)
        }
        var loaded: [Experiment] = []
        for row in experiments {
            guard let text = row.text(0), let json = try? JSONParser.parse(Array(text.utf8)),
                let experiment = try? Experiment(document: json)
            else {
                logger.error(
                    "a stored experiment could not be read; it is skipped", metadata: ["definition": "\(row.text(0)?.prefix(200) ?? "")"])
                continue
            }
            loaded.append(experiment)
        }
        var contents: [String: PublishedContent] = [:]
        for row in slots {
            guard let slot = row.text(0), let version = row.integer(1), let document = row.text(2) else { continue }
            do {
                contents[slot] = try PublishedContent(document: Array(document.utf8), version: version)
            } catch {
                logger.error("stored content could not be read; the slot shows its fallback", metadata: ["slot": "\(slot)"])
            }
        }
        configuration.replace(experiments: loaded, slots: contents)
        appliedChange.withLockedValue { $0 = max($0, change) }
    }

    /// Reloads when another instance changed something since the last load.
    func catchUp() async throws {
        let newest = try await database.query("SELECT COALESCE(MAX(id), 0) FROM changes").first?.integer(0) ?? 0
        health.mark(true)
        guard newest > appliedChange.withLockedValue({ $0 }) else { return }
        try await reload()
    }

    /// The newest change this instance has applied.
    public var changeNumber: Int { appliedChange.withLockedValue { $0 } }

    /// Runs a change in one transaction: the write, its audit entry, a change row and the
    /// notification; then applies it here.
    func change<Value: Sendable>(
        kind: String, name: String, actor: String, action: String,
        _ body: @escaping @Sendable (any SQLExecutor) async throws -> (value: Value, before: String?, after: String?)
    ) async throws -> Value {
        let database = self.database
        let value = try await guarded {
            try await database.transaction { tx in
                let (value, before, after) = try await body(tx)
                let now = Self.now()
                try await tx.query(
                    "INSERT INTO audit_log (at, actor, action, target, before_value, after_value) VALUES ($1, $2, $3, $4, $5, $6)",
                    [.integer(now), .text(actor), .text(action), .text("\(kind):\(name)"), SQLValue(before), SQLValue(after)])
                try await tx.query("INSERT INTO changes (kind, name, at) VALUES ($1, $2, $3)", [.text(kind), .text(name), .integer(now)])
                try await database.notifyChange(in: tx)
                return value
            }
        }
        try? await reload()
        return value
    }

    /// Runs a database operation under the statement deadline: an unreachable database is a 503,
    /// and marks the server degraded until a statement succeeds again.
    func guarded<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        do {
            let value = try await withDeadline(Self.statementDeadline, operation)
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

extension ControlPlane: AssignmentStore {
    /// The user's stored assignments: from memory after the first read; nothing (the hash decides)
    /// when the database does not answer in time.
    public func assignments(of user: String) async -> [String: String] {
        if let known = sticky.cache[user] { return known }
        guard health.isReachable else { return [:] }
        let database = self.database
        do {
            let rows = try await withDeadline(Self.stickyDeadline) {
                try await database.query(
                    "SELECT experiment, bucket_version, variant FROM assignments WHERE user_id = $1", [.text(user)])
            }
            var assignments: [String: String] = [:]
            for row in rows {
                guard let experiment = row.text(0), let bucket = row.integer(1), let variant = row.text(2) else { continue }
                assignments[ExperimentAssignments.stickyKey(experiment, bucketVersion: bucket)] = variant
            }
            sticky.cache.store(assignments, for: user)
            return assignments
        } catch {
            return [:]
        }
    }
}

extension ControlPlane: SpentTokenLedger {
    /// Spends a state token for every instance: the first insert of its id wins.
    public func spend(id: String, expires: Int) async throws -> Bool {
        let database = self.database
        let rows = try await guarded {
            try await database.query(
                "INSERT INTO spent_tokens (id, expires) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id",
                [.text(id), .integer(Int64(expires))])
        }
        return !rows.isEmpty
    }

    /// Forgets the ids of tokens that have expired (they can no longer be used anyway).
    func forgetExpiredTokens() async throws {
        try await database.query("DELETE FROM spent_tokens WHERE expires < $1", [.integer(Self.now() / 1_000)])
    }
}

extension DatabaseError {
    /// A unique key or other constraint refused the statement (someone else wrote first).
    var isConstraintViolation: Bool {
        let text = message.lowercased()
        return text.contains("unique") || text.contains("duplicate key") || text.contains("constraint")
    }
}
