import Foundation
import Logging
import Metrics
import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayServer
import ServiceLifecycle

/// Exposures and conversions on their way to the database, written in batches by one task.
///
/// A batch an app sends is acknowledged only once it is stored: `store(_:)` (of conversions) returns when the
/// transaction that holds it has committed (group commit: batches that arrive together share one
/// transaction, after a wait of at most ``Limits/gatherTime``), so a `202` survives a kill -9.
/// A full queue refuses a batch whole (``Outcome/backedUp``), and so does a database that cannot
/// be written (``Outcome/unavailable``): the app keeps what was not acknowledged and sends it
/// again. Rows the database refuses (whatever got past the checks at the edge) cost only
/// themselves: the batch is written apart, the refused rows are kept aside in `rejected_events`
/// and counted, and the queue goes on. Exposures are as durable: a screen that shows a variant
/// waits for its user's exposure to be committed (`store(_:)` of exposures, in the same group
/// commits), so an exposure sent survives a kill -9 too; only while the database is unreachable
/// do screens go on without waiting, their exposures queued for when it answers. Events carry ids (unique per user) and are written with
/// `ON CONFLICT DO NOTHING`, so a batch sent again counts once.
///
/// ```swift
/// routes.eventSink = control.events
/// application.addServices(control.events)
/// switch await control.events.store(conversions) { case .stored(let rejected): … }
/// ```
public final class EventQueue: EventSink, Service {
    public struct Limits: Sendable {
        /// The most events waiting; past it, new ones are refused (or, recorded by the server, dropped).
        public var capacity: Int
        /// The most events written in one statement.
        public var batchSize: Int
        /// How long a batch waits for others to share its transaction.
        public var gatherTime: Duration

        public init(capacity: Int = 50_000, batchSize: Int = 500, gatherTime: Duration = .milliseconds(5)) {
            self.capacity = capacity
            self.batchSize = batchSize
            self.gatherTime = gatherTime
        }
    }

    /// What became of a batch an app sent.
    public enum Outcome: Sendable, Hashable {
        /// Committed; the events at `rejected` (indices into the batch) were refused by the
        /// database and kept aside.
        case stored(rejected: [Int])
        /// The queue is full: nothing was taken.
        case backedUp
        /// The database could not be written: nothing was stored.
        case unavailable
    }

    /// Conversions from one request (or one server-side record), and who waits for them.
    private struct Group: Sendable {
        let conversions: [Conversion]
        let reply: CheckedContinuation<Outcome, Never>?
    }

    /// An exposure and who waits for it to be committed (nobody, once the database was away).
    private struct QueuedExposure: Sendable {
        let exposure: Exposure
        var reply: CheckedContinuation<Void, Never>?
    }

    private struct Pending {
        var exposures: [QueuedExposure] = []
        var groups: [Group] = []
        var conversionCount = 0
        /// Taken out to be written, not written yet.
        var inFlight = 0
        var count: Int { exposures.count + conversionCount }
    }

    /// One transaction's worth.
    private struct Batch {
        var exposures: [QueuedExposure] = []
        var groups: [Group] = []
        var count: Int { exposures.count + groups.reduce(0) { $0 + $1.conversions.count } }
    }

    public let limits: Limits
    private let database: any ControlDatabase
    private let health: DatabaseHealth
    private let sticky: StickyAssignments
    private let logger: Logger
    private let pending = NIOLockedValueBox(Pending())
    /// Exposures already queued (false) or committed (true), so that a busy screen stores each user once.
    private let seen = NIOLockedValueBox<[String: Bool]>([:])
    private let wake: AsyncStream<Void>.Continuation
    private let wakes: AsyncStream<Void>
    private let dropped = Counter(label: "screenplay_events_dropped_total")
    private let written = Counter(label: "screenplay_events_written_total")
    private let rejected = Counter(label: "screenplay_events_rejected_total")
    private let droppedCount = NIOLockedValueBox(0)
    private let rejectedCount = NIOLockedValueBox(0)

    /// Where the queue waits (gathering a batch, backing off) and what stamps a refused row.
    private let clock: ScreenplayClock

    init(
        database: any ControlDatabase, limits: Limits, health: DatabaseHealth, sticky: StickyAssignments, clock: ScreenplayClock,
        logger: Logger
    ) {
        self.database = database
        self.clock = clock
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

    /// Rows the database refused and that were kept aside, since start.
    public var rejectedEvents: Int { rejectedCount.withLockedValue { $0 } }

    // MARK: Storing

    /// Stores `conversions` (an app's batch) and returns once they are committed, or refused.
    /// Needs the queue to run (``run()``), as the server runs it.
    public func store(_ conversions: [Conversion]) async -> Outcome {
        guard !conversions.isEmpty else { return .stored(rejected: []) }
        return await withCheckedContinuation { continuation in
            let fits = pending.withLockedValue { pending in
                guard pending.count + conversions.count <= limits.capacity else { return false }
                pending.groups.append(Group(conversions: conversions, reply: continuation))
                pending.conversionCount += conversions.count
                return true
            }
            if fits {
                wake.yield()
            } else {
                drop(conversions.count)
                continuation.resume(returning: .backedUp)
            }
        }
    }

    // MARK: EventSink

    /// Queues an exposure of a user in a running experiment (QA overrides are not counted), without
    /// waiting for it to be stored.
    public func record(_ exposure: Exposure) {
        _ = enqueue(exposure, waiting: nil)
    }

    /// Stores exposures of users in running experiments and returns once they are committed (those
    /// committed before return at once), as `store(_:)` does for an app's batch, so a
    /// screen showing a variant is sent only when its exposure would survive a crash. While the
    /// database is unreachable they are queued without waiting: screens do not wait for it.
    public func store(_ exposures: [Exposure]) async {
        for exposure in exposures {
            guard health.isReachable else {
                record(exposure)
                continue
            }
            await withCheckedContinuation { continuation in
                if !enqueue(exposure, waiting: continuation) { continuation.resume() }
            }
        }
    }

    /// Queues an exposure with its waiter; false when there is nothing to wait for (counted already,
    /// not counted at all, or dropped from a full queue).
    private func enqueue(_ exposure: Exposure, waiting reply: CheckedContinuation<Void, Never>?) -> Bool {
        guard exposure.user != nil, !exposure.overridden else { return false }
        sticky.remember(exposure)
        let key = Self.key(of: exposure)
        let fresh = seen.withLockedValue { seen -> Bool in
            if seen.count > 200_000 { seen.removeAll(keepingCapacity: true) }
            switch seen[key] {
            case true?: return false // committed
            case false?: return reply != nil // queued: one that waits queues it again (the row is written once)
            case nil:
                seen[key] = false
                return true
            }
        }
        guard fresh else { return false }
        let fits = pending.withLockedValue { pending in
            guard pending.count < limits.capacity else { return false }
            pending.exposures.append(QueuedExposure(exposure: exposure, reply: reply))
            return true
        }
        if fits {
            wake.yield()
        } else {
            seen.withLockedValue { _ = $0.removeValue(forKey: key) }
            drop(1)
        }
        return fits
    }

    private static func key(of exposure: Exposure) -> String {
        "\(exposure.experiment)\u{0}\(exposure.bucketVersion)\u{0}\(exposure.user ?? "")"
    }

    /// Queues a conversion the server saw itself (an intent declared as a goal); nobody waits for it.
    public func record(_ conversion: Conversion) {
        let fits = pending.withLockedValue { pending in
            guard pending.count < limits.capacity else { return false }
            pending.groups.append(Group(conversions: [conversion], reply: nil))
            pending.conversionCount += 1
            return true
        }
        if fits { wake.yield() } else { drop(1) }
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
                try? await self.clock.sleep(for: self.limits.gatherTime)
                if await self.writeWaiting() {
                    failures = 0
                } else {
                    failures += 1
                    // The database is away: try again, less and less often (up to every 5 s).
                    try? await self.clock.sleep(for: .milliseconds(min(5_000, 250 * (1 << min(failures, 5)))))
                    self.wake.yield()
                }
                if Task.isCancelled { break }
            }
        }
        // Shutting down: what is queued is written, if the database lets it within 10 s; whoever
        // still waits is told it was not stored.
        _ = try? await withDeadline(.seconds(10), clock: self.clock.clock) { await self.writeWaiting() }
        let left = pending.withLockedValue { pending -> [Group] in
            defer {
                pending.groups = []
                pending.conversionCount = 0
            }
            return pending.groups
        }
        for group in left { group.reply?.resume(returning: .unavailable) }
        let waiting = pending.withLockedValue { pending -> [CheckedContinuation<Void, Never>] in
            defer { for index in pending.exposures.indices { pending.exposures[index].reply = nil } }
            return pending.exposures.compactMap(\.reply)
        }
        for reply in waiting { reply.resume() }
    }

    /// Writes everything waiting now, batch by batch, and waits for the batch the writer has in
    /// flight: when it answers true, every event recorded before the call is in the database.
    /// False when the database cannot be written (exposures stay queued; waiting batches are
    /// answered ``Outcome/unavailable``).
    @discardableResult
    public func writeWaiting() async -> Bool {
        while true {
            let batch = take()
            guard batch.count > 0 else {
                // The writer's batch ends within a statement's deadline: written, or back in the queue.
                if pending.withLockedValue({ $0.inFlight }) == 0 { return true }
                if Task.isCancelled { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(5)) }
                continue
            }
            do {
                try await write(exposures: batch.exposures.map(\.exposure), conversions: batch.groups.flatMap(\.conversions))
                finish(batch, rejected: [:])
            } catch {
                guard await databaseAnswers() else {
                    unavailable(batch, error)
                    return false
                }
                // The database answers, so it refused rows: write the batch apart.
                do {
                    try await writeApart(batch)
                } catch {
                    unavailable(batch, error)
                    return false
                }
            }
        }
    }

    /// The next transaction's worth: exposures first, then whole groups, up to ``Limits/batchSize``
    /// events (a group larger than that goes alone).
    private func take() -> Batch {
        pending.withLockedValue { pending -> Batch in
            var batch = Batch()
            let exposures = min(pending.exposures.count, limits.batchSize)
            batch.exposures = Array(pending.exposures.prefix(exposures))
            pending.exposures.removeFirst(exposures)
            var size = exposures
            var taken = 0
            for group in pending.groups {
                if size > 0, size + group.conversions.count > limits.batchSize { break }
                batch.groups.append(group)
                size += group.conversions.count
                taken += 1
            }
            pending.groups.removeFirst(taken)
            pending.conversionCount -= size - exposures
            pending.inFlight += size
            return batch
        }
    }

    /// Answers the batch's waiters (`rejected`: refused rows by group index) and counts it.
    private func finish(_ batch: Batch, rejected: [Int: [Int]]) {
        pending.withLockedValue { $0.inFlight -= batch.count }
        seen.withLockedValue { seen in for queued in batch.exposures { seen[Self.key(of: queued.exposure)] = true } }
        for queued in batch.exposures { queued.reply?.resume() }
        health.mark(true)
        written.increment(by: Int64(batch.count))
        for (index, group) in batch.groups.enumerated() {
            group.reply?.resume(returning: .stored(rejected: rejected[index] ?? []))
        }
    }

    /// The database is away: exposures go back to the head of the queue, waiters are told.
    private func unavailable(_ batch: Batch, _ error: any Error) {
        health.mark(false, reason: "\(error)")
        // Their screens go on (the database is away); the exposures are written when it answers.
        pending.withLockedValue { pending in
            pending.exposures.insert(contentsOf: batch.exposures.map { QueuedExposure(exposure: $0.exposure, reply: nil) }, at: 0)
            pending.inFlight -= batch.count
        }
        for queued in batch.exposures { queued.reply?.resume() }
        // Server-side conversions nobody waits for go back too; an app's batches are its to resend.
        let kept = batch.groups.filter { $0.reply == nil }
        if !kept.isEmpty {
            pending.withLockedValue { pending in
                pending.groups.insert(contentsOf: kept, at: 0)
                pending.conversionCount += kept.reduce(0) { $0 + $1.conversions.count }
            }
        }
        for group in batch.groups { group.reply?.resume(returning: .unavailable) }
    }

    /// Whether the database answers at all (so that a refused statement was refused for its rows).
    private func databaseAnswers() async -> Bool {
        (try? await withDeadline(.seconds(2), clock: clock.clock) { [database] in _ = try await database.query("SELECT 1") }) != nil
    }

    /// Writes a batch the database refused whole, part by part: exposures and each group halved
    /// until the refused rows are alone; those are kept aside. Throws when the database stops
    /// answering meanwhile.
    private func writeApart(_ batch: Batch) async throws {
        let badExposures = try await bisect(batch.exposures.map(\.exposure)) { try await self.write(exposures: $0, conversions: []) }
        for index in badExposures { await keepAside(exposure: batch.exposures[index].exposure) }
        var rejectedByGroup: [Int: [Int]] = [:]
        for (index, group) in batch.groups.enumerated() {
            let bad = try await bisect(group.conversions) { try await self.write(exposures: [], conversions: $0) }
            for row in bad { await keepAside(conversion: group.conversions[row]) }
            if !bad.isEmpty { rejectedByGroup[index] = bad }
        }
        finish(batch, rejected: rejectedByGroup)
    }

    /// The indices of the rows of `rows` that `write` refuses on their own.
    private func bisect<Row>(_ rows: [Row], offset: Int = 0, _ write: ([Row]) async throws -> Void) async throws -> [Int] {
        guard !rows.isEmpty else { return [] }
        do {
            try await write(rows)
            return []
        } catch {
            if rows.count == 1 {
                guard await databaseAnswers() else { throw error }
                return [offset]
            }
            let half = rows.count / 2
            let left = try await bisect(Array(rows[..<half]), offset: offset, write)
            let right = try await bisect(Array(rows[half...]), offset: offset + half, write)
            return left + right
        }
    }

    private func keepAside(conversion: Conversion) async {
        let event: JSONValue = .object([
            "id": .string(conversion.id), "name": .string(conversion.name), "screen": conversion.screen.map(JSONValue.string) ?? .null,
            "properties": .object(conversion.properties),
        ])
        await keepAside(kind: "event", user: conversion.user, row: event)
    }

    private func keepAside(exposure: Exposure) async {
        let row: JSONValue = .object([
            "experiment": .string(exposure.experiment), "variant": .string(exposure.variant),
            "bucketVersion": .number(Double(exposure.bucketVersion)),
        ])
        await keepAside(kind: "exposure", user: exposure.user ?? "", row: row)
    }

    /// A refused row, as JSON (control characters escaped), for inspection.
    private func keepAside(kind: String, user: String, row: JSONValue) async {
        rejected.increment()
        rejectedCount.withLockedValue { $0 += 1 }
        let escapedUser = String(decoding: JSONWriter.write(.string(user)), as: UTF8.self)
        let text = String(decoding: JSONWriter.write(row), as: UTF8.self)
        logger.warning(
            "the database refused a row; kept aside in rejected_events", metadata: ["kind": "\(kind)", "user": "\(escapedUser)"])
        let at = Self.milliseconds(clock.now())
        _ = try? await withDeadline(.seconds(2), clock: clock.clock) { [database] in
            try await database.query(
                "INSERT INTO rejected_events (at, kind, user_json, row_json) VALUES ($1, $2, $3, $4)",
                [.integer(at), .text(kind), .text(escapedUser), .text(text)])
        }
    }

    private func write(exposures: [Exposure], conversions: [Conversion]) async throws {
        try await withDeadline(ControlPlane.statementDeadline, clock: clock.clock) { [database] in
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
