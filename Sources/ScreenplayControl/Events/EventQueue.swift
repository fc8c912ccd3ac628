import Foundation
import Logging
import Metrics
import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayServer
import ServiceLifecycle

/// Exposures and conversions on their way to the database: a bounded queue, written in batches
/// by one task. A full queue drops (and counts the drops in `screenplay_events_dropped_total`);
/// an unreachable database keeps them queued and retried; a graceful shutdown writes what is left.
/// Events carry ids, and are written with `ON CONFLICT DO NOTHING`, so a retried batch counts once.
///
/// ```swift
/// routes.eventSink = control.events
/// application.addServices(control.events)
/// ```
public final class EventQueue: EventSink, Service {
    public struct Limits: Sendable {
        /// The most events waiting; past it, new ones are dropped.
        public var capacity: Int
        /// The most events written in one statement.
        public var batchSize: Int
        /// How long a few events wait for others to share their batch.
        public var gatherTime: Duration

        public init(capacity: Int = 50_000, batchSize: Int = 500, gatherTime: Duration = .milliseconds(100)) {
            self.capacity = capacity
            self.batchSize = batchSize
            self.gatherTime = gatherTime
        }
    }

    private struct Pending {
        var exposures: [Exposure] = []
        var conversions: [Conversion] = []
        /// Taken out to be written, not written yet.
        var inFlight = 0
        var count: Int { exposures.count + conversions.count }
    }

    public let limits: Limits
    private let database: any ControlDatabase
    private let health: DatabaseHealth
    private let sticky: StickyAssignments
    private let logger: Logger
    private let pending = NIOLockedValueBox(Pending())
    /// Exposures already queued, so that a busy screen queues each user once.
    private let seen = NIOLockedValueBox<Set<String>>([])
    private let wake: AsyncStream<Void>.Continuation
    private let wakes: AsyncStream<Void>
    private let dropped = Counter(label: "screenplay_events_dropped_total")
    private let written = Counter(label: "screenplay_events_written_total")
    private let droppedCount = NIOLockedValueBox(0)

    init(database: any ControlDatabase, limits: Limits, health: DatabaseHealth, sticky: StickyAssignments, logger: Logger) {
        self.database = database
        self.limits = limits
        self.health = health
        self.sticky = sticky
        self.logger = logger
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Events not written yet: queued, or being written now.
    public var waiting: Int { pending.withLockedValue { $0.count + $0.inFlight } }

    /// Events dropped because the queue was full, since start.
    public var droppedEvents: Int { droppedCount.withLockedValue { $0 } }

    // MARK: EventSink

    /// Queues an exposure of a user in a running experiment (QA overrides are not counted).
    public func record(_ exposure: Exposure) {
        guard let user = exposure.user, !exposure.overridden else { return }
        sticky.remember(exposure)
        let key = "\(exposure.experiment)\u{0}\(exposure.bucketVersion)\u{0}\(user)"
        let fresh = seen.withLockedValue { seen in
            if seen.count > 200_000 { seen.removeAll(keepingCapacity: true) }
            return seen.insert(key).inserted
        }
        guard fresh else { return }
        enqueue(exposures: [exposure], conversions: [])
    }

    public func record(_ conversion: Conversion) {
        enqueue(exposures: [], conversions: [conversion])
    }

    /// Queues a batch whole, or (false) none of it when it does not fit: the app keeps it and
    /// sends it again later.
    public func accept(_ conversions: [Conversion]) -> Bool {
        let fits = pending.withLockedValue { pending in
            guard pending.count + conversions.count <= limits.capacity else { return false }
            pending.conversions.append(contentsOf: conversions)
            return true
        }
        if fits { wake.yield() } else { drop(conversions.count) }
        return fits
    }

    private func enqueue(exposures: [Exposure], conversions: [Conversion]) {
        let fits = pending.withLockedValue { pending in
            guard pending.count < limits.capacity else { return false }
            pending.exposures.append(contentsOf: exposures)
            pending.conversions.append(contentsOf: conversions)
            return true
        }
        if fits { wake.yield() } else { drop(exposures.count + conversions.count) }
    }

    private func drop(_ count: Int) {
        dropped.increment(by: Int64(count))
        droppedCount.withLockedValue { $0 += count }
    }

    // MARK: Writing

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var failures = 0
            for await _ in self.wakes {
                try? await Task.sleep(for: self.limits.gatherTime)
                if await self.writeWaiting() {
                    failures = 0
                } else {
                    failures += 1
                    // The database is away: try again, less and less often (up to every 5 s).
                    try? await Task.sleep(for: .milliseconds(min(5_000, 250 * (1 << min(failures, 5)))))
                    self.wake.yield()
                }
                if Task.isCancelled { break }
            }
        }
        // Shutting down: what is queued is written, if the database lets it within 10 s.
        _ = try? await withDeadline(.seconds(10)) { await self.writeWaiting() }
    }

    /// Writes everything waiting now, batch by batch; false when the database refused (the events
    /// stay queued).
    @discardableResult
    public func writeWaiting() async -> Bool {
        while true {
            let batch = pending.withLockedValue { pending -> Pending in
                var batch = Pending()
                let exposures = min(pending.exposures.count, limits.batchSize)
                batch.exposures = Array(pending.exposures.prefix(exposures))
                pending.exposures.removeFirst(exposures)
                let conversions = min(pending.conversions.count, limits.batchSize - exposures)
                batch.conversions = Array(pending.conversions.prefix(conversions))
                pending.conversions.removeFirst(conversions)
                pending.inFlight += batch.count
                return batch
            }
            guard batch.count > 0 else { return true }
            do {
                try await write(batch)
                pending.withLockedValue { $0.inFlight -= batch.count }
                health.mark(true)
                written.increment(by: Int64(batch.count))
            } catch {
                health.mark(false, reason: "\(error)")
                pending.withLockedValue { pending in
                    pending.exposures.insert(contentsOf: batch.exposures, at: 0)
                    pending.conversions.insert(contentsOf: batch.conversions, at: 0)
                    pending.inFlight -= batch.count
                }
                return false
            }
        }
    }

    private func write(_ batch: Pending) async throws {
        let exposures = batch.exposures
        let conversions = batch.conversions
        try await withDeadline(ControlPlane.statementDeadline) { [database] in
            try await database.transaction { tx in
                try await Self.insert(
                    into: "assignments (experiment, bucket_version, user_id, variant, first_seen)",
                    exposures.map {
                        [
                            .text($0.experiment), .integer(Int64($0.bucketVersion)), .text($0.user ?? ""), .text($0.variant),
                            .integer(Self.milliseconds($0.time)),
                        ]
                    }, on: tx)
                try await Self.insert(
                    into: "events (id, name, user_id, at, screen, properties)",
                    conversions.map { conversion in
                        let properties =
                            conversion.properties.isEmpty
                            ? nil : String(decoding: JSONWriter.write(.object(conversion.properties)), as: UTF8.self)
                        return [
                            .text(conversion.id), .text(conversion.name), .text(conversion.user),
                            .integer(Self.milliseconds(conversion.time)), SQLValue(conversion.screen),
                            SQLValue(properties),
                        ]
                    }, on: tx)
            }
        }
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000).rounded(.down)) }

    /// One multi-row `INSERT … ON CONFLICT DO NOTHING` (a row already there, by its key, is kept).
    private static func insert(into table: String, _ rows: [[SQLValue]], on executor: any SQLExecutor) async throws {
        guard let width = rows.first?.count else { return }
        let placeholders = rows.indices.map { row in
            "(" + (1...width).map { "$\(row * width + $0)" }.joined(separator: ", ") + ")"
        }
        try await executor.query(
            "INSERT INTO \(table) VALUES \(placeholders.joined(separator: ", ")) ON CONFLICT DO NOTHING", rows.flatMap { $0 })
    }
}
