import Crypto
import Foundation
import Logging
import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer
import ServiceLifecycle

/// The capability sets the server sends screens to, counted per platform and app version over a
/// sliding window (7 days by default) and shared by every instance: what the compatibility
/// report weighs each set's losses by (issue 32, item 4).
///
/// Each request adds one to a count in memory (a lock and a dictionary lookup, keyed by the raw
/// capability headers the pipeline already identifies capabilities by); every ``Limits/flushInterval``
/// the counts are added to the control database's `capability_census` rows of the current hour,
/// and rows older than the window are deleted. Reading adds the rows of the window up, so every
/// instance's requests are in one ``Snapshot``.
///
/// **Bounds.** Capability headers are the client's to write: a hostile client can send a new
/// component list with every request. At most ``Limits/maxEntries`` distinct entries (set,
/// platform, app version) are kept, in memory between two writes and in the window's rows; the
/// requests of the others are counted in an "other" bucket that every report shows. In memory,
/// a new entry beyond the bound takes one request from every kept entry and gives them, with its
/// own, to "other" (Misra and Gries's frequent items): counts are exact while there are no more
/// distinct entries than the bound, and an entry with more than 1/(bound + 1) of the requests is
/// always kept. In the window, a new entry beyond the bound replaces the entry with the fewest
/// requests if it has more (that entry's rows go to "other"), so real sets push out a flood of
/// random ones that each came once.
///
/// ```swift
/// configuration.capabilityCounter = control.census     // ControlPlane.open does it
/// application.addServices(control.census)              // writes the counts every 10 s
/// let snapshot = try await control.census.snapshot()   // the window, every instance's requests
/// ```
public final class CapabilityCensus: CapabilityCounter, Service {
    public struct Limits: Sendable {
        /// How far back the census counts: 7 days.
        public var window: Duration
        /// The width of one stored count: an hour. The window slides by it.
        public var bucket: Duration
        /// The most distinct entries (capability set, platform, app version) kept, in memory and
        /// in the window: 200.
        public var maxEntries: Int
        /// How often the counts in memory are written: every 10 s.
        public var flushInterval: Duration

        /// - Parameters:
        ///   - window: how far back the census counts.
        ///   - bucket: the width of one stored count (at least a second, at most the window).
        ///   - maxEntries: the most distinct entries kept (at least 1).
        ///   - flushInterval: how often counts in memory are written.
        public init(
            window: Duration = .seconds(7 * 86_400), bucket: Duration = .seconds(3_600), maxEntries: Int = 200,
            flushInterval: Duration = .seconds(10)
        ) {
            self.window = window
            self.bucket = max(.seconds(1), min(bucket, window))
            self.maxEntries = max(1, maxEntries)
            self.flushInterval = flushInterval
        }

        var windowMilliseconds: Int64 { Self.milliseconds(window) }
        var bucketMilliseconds: Int64 { max(1_000, Self.milliseconds(bucket)) }

        static func milliseconds(_ duration: Duration) -> Int64 {
            let (seconds, attoseconds) = duration.components
            return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        }
    }

    /// What identifies a client in memory: its raw capability headers (bounded by the capability
    /// cache: 64 characters, or their SHA-256) and its app version (at most 32 characters).
    struct Key: Hashable {
        let headers: String
        let appVersion: AppVersion?
    }

    struct Counted {
        var capabilities: ClientCapabilities
        var requests: Int
        /// The users of its requests that named one.
        var users = UserSketch()
    }

    /// The counts since the last write.
    struct Tally {
        var entries: [Key: Counted] = [:]
        var other = 0
        var otherUsers = UserSketch()
    }

    public let limits: Limits
    private let database: any ControlDatabase
    private let clock: ScreenplayClock
    private let logger: Logger
    private let tally = NIOLockedValueBox(Tally())
    /// One write at a time (the service's, a test's, a read's).
    private let writing = AsyncMutex()

    init(database: any ControlDatabase, limits: Limits, clock: ScreenplayClock, logger: Logger) {
        self.database = database
        self.limits = limits
        self.clock = clock
        self.logger = logger
    }

    // MARK: Counting

    /// Counts one screen sent to a client with `capabilities`, of no user.
    public func count(_ capabilities: ClientCapabilities, key: String, appVersion: AppVersion?) {
        count(capabilities, key: key, appVersion: appVersion, user: nil)
    }

    /// Counts one screen sent to `user` (nil: a request without one counts a request only) on a
    /// client with `capabilities`.
    public func count(_ capabilities: ClientCapabilities, key: String, appVersion: AppVersion?, user: String?) {
        let key = Key(headers: key, appVersion: appVersion)
        let hash = user.map(UserSketch.hash)
        let bound = limits.maxEntries
        tally.withLockedValue { tally in
            if let index = tally.entries.index(forKey: key) {
                tally.entries.values[index].requests += 1
                if let hash { tally.entries.values[index].users.insert(hash: hash) }
            } else if tally.entries.count < bound {
                var counted = Counted(capabilities: capabilities, requests: 1)
                if let hash { counted.users.insert(hash: hash) }
                tally.entries[key] = counted
            } else {
                // Full: every kept entry gives one request to "other", with this one (Misra–Gries);
                // the entries left with none go (a flood's go together, every `bound` new ones),
                // their users to "other"'s.
                tally.other += 1 + tally.entries.count
                if let hash { tally.otherUsers.insert(hash: hash) }
                var emptied = false
                for index in tally.entries.indices {
                    tally.entries.values[index].requests -= 1
                    emptied = emptied || tally.entries.values[index].requests == 0
                }
                if emptied {
                    for counted in tally.entries.values where counted.requests == 0 { tally.otherUsers.merge(counted.users) }
                    tally.entries = tally.entries.filter { $0.value.requests > 0 }
                }
            }
        }
    }

    /// How many distinct entries are counted in memory now (at most ``Limits/maxEntries``).
    public var entriesInMemory: Int { tally.withLockedValue { $0.entries.count } }

    // MARK: Writing

    /// Writes the counts every ``Limits/flushInterval``, and once more at shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await self.clock.sleep(for: self.limits.flushInterval)
                do {
                    try await self.flush()
                } catch {
                    guard !Task.isCancelled else { break }
                    self.logger.warning(
                        "the capability census was not written; it is kept for the next try", metadata: ["error": "\(error)"])
                }
            }
        }
        try? await withDeadline(.seconds(5), clock: clock.clock) { try await self.flush() }
    }

    /// Adds the counts in memory to the current hour's rows (admitting new entries within the
    /// bound), and deletes rows older than the window. Counts that could not be written are
    /// kept for the next write.
    public func flush() async throws {
        try await writing.run {
            let taken = self.tally.withLockedValue { tally -> Tally in
                defer { tally = Tally() }
                return tally
            }
            guard !taken.entries.isEmpty || taken.other > 0 || !taken.otherUsers.isEmpty else {
                try await self.prune()
                return
            }
            do {
                try await self.write(taken)
            } catch {
                // Back into memory, within the bound: what does not fit is "other".
                self.tally.withLockedValue { tally in
                    tally.other += taken.other
                    tally.otherUsers.merge(taken.otherUsers)
                    for (key, counted) in taken.entries {
                        if let index = tally.entries.index(forKey: key) {
                            tally.entries.values[index].requests += counted.requests
                            tally.entries.values[index].users.merge(counted.users)
                        } else if tally.entries.count < self.limits.maxEntries {
                            tally.entries[key] = counted
                        } else {
                            tally.other += counted.requests
                            tally.otherUsers.merge(counted.users)
                        }
                    }
                }
                throw error
            }
        }
    }

    /// One entry as stored: its set's id and columns.
    private struct Row: Hashable {
        let set: String
        let platform: String
        let appVersion: String

        /// Entries past the bound.
        static let other = Row(set: "", platform: "", appVersion: "")
    }

    private func write(_ taken: Tally) async throws {
        let now = clock.milliseconds
        let bucket = bucketStart(now)
        let day = Self.dayStart(now)
        let cutoff = windowStart(now)
        let firstDay = Self.dayStart(cutoff)
        let maxEntries = limits.maxEntries
        // Entries in memory by their stored row (two header spellings of one set are one row).
        var counts: [Row: (capabilities: ClientCapabilities, requests: Int, users: UserSketch)] = [:]
        for (key, counted) in taken.entries {
            let row = Row(
                set: Self.setID(of: counted.capabilities), platform: counted.capabilities.platform ?? "",
                appVersion: key.appVersion?.description ?? "")
            counts[row, default: (counted.capabilities, 0, UserSketch())].requests += counted.requests
            counts[row]?.users.merge(counted.users)
        }
        let dialect = database.dialect
        try await withDeadline(ControlPlane.statementDeadline, clock: clock.clock) { [database, counts] in
            try await database.transaction { tx in
                // Instances write one at a time, so that the bound holds across them.
                if dialect == .postgres { try await tx.query("SELECT pg_advisory_xact_lock(7243102)") }
                try await tx.query("DELETE FROM capability_census WHERE bucket < $1", [.integer(cutoff)])
                try await tx.query("DELETE FROM capability_users WHERE day < $1", [.integer(firstDay)])
                try await tx.query("DELETE FROM capability_sets WHERE last_seen < $1", [.integer(cutoff)])
                var kept: [Row: Int] = [:]
                for row in try await tx.query(
                    """
                    SELECT set_id, platform, app_version, CAST(SUM(requests) AS BIGINT) FROM capability_census
                    WHERE set_id <> '' GROUP BY set_id, platform, app_version
                    """)
                {
                    kept[Row(set: row.text(0) ?? "", platform: row.text(1) ?? "", appVersion: row.text(2) ?? "")] = row.integer(3) ?? 0
                }
                var other = taken.other
                var otherUsers = taken.otherUsers
                var admitted: [(Row, ClientCapabilities, Int, UserSketch)] = []
                // New entries, the most requested first, while the bound allows; past it, one
                // replaces the kept entry with the fewest requests when it has more.
                for (row, value) in counts.sorted(by: { $0.value.requests > $1.value.requests }) {
                    if kept[row] != nil {
                        kept[row, default: 0] += value.requests
                        admitted.append((row, value.capabilities, value.requests, value.users))
                    } else if kept.count < maxEntries {
                        kept[row] = value.requests
                        admitted.append((row, value.capabilities, value.requests, value.users))
                    } else if let smallest = kept.min(by: { $0.value < $1.value }), smallest.value < value.requests,
                        !admitted.contains(where: { $0.0 == smallest.key })
                    {
                        try await Self.fold(smallest.key, on: tx)
                        kept[smallest.key] = nil
                        kept[row] = value.requests
                        admitted.append((row, value.capabilities, value.requests, value.users))
                    } else {
                        other += value.requests
                        otherUsers.merge(value.users)
                    }
                }
                for (row, capabilities, requests, users) in admitted {
                    try await tx.query(
                        """
                        INSERT INTO capability_sets (id, version, components, actions, last_seen) VALUES ($1, $2, $3, $4, $5)
                        ON CONFLICT (id) DO UPDATE SET last_seen = excluded.last_seen
                        """,
                        [
                            .text(row.set), .text(capabilities.version.description),
                            .text(capabilities.components.sorted().joined(separator: ",")),
                            .text(capabilities.actions.sorted().joined(separator: ",")), .integer(now),
                        ])
                    try await Self.add(requests, to: row, bucket: bucket, on: tx)
                    if !users.isEmpty { try await Self.add(users, to: row, day: day, on: tx) }
                }
                if other > 0 { try await Self.add(other, to: .other, bucket: bucket, on: tx) }
                if !otherUsers.isEmpty { try await Self.add(otherUsers, to: .other, day: day, on: tx) }
            }
        }
    }

    private static func add(_ requests: Int, to row: Row, bucket: Int64, on tx: any SQLExecutor) async throws {
        try await tx.query(
            """
            INSERT INTO capability_census (bucket, set_id, platform, app_version, requests) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (bucket, set_id, platform, app_version) DO UPDATE SET requests = capability_census.requests + excluded.requests
            """, [.integer(bucket), .text(row.set), .text(row.platform), .text(row.appVersion), .integer(Int64(requests))])
    }

    /// Merges `users` into the entry's sketch of `day` (read, merged register by register,
    /// written: instances write one at a time). A stored sketch this build cannot read is
    /// replaced.
    private static func add(_ users: UserSketch, to row: Row, day: Int64, on tx: any SQLExecutor) async throws {
        let binds: [SQLValue] = [.integer(day), .text(row.set), .text(row.platform), .text(row.appVersion)]
        var merged = users
        if let stored = try await tx.query(
            "SELECT sketch FROM capability_users WHERE day = $1 AND set_id = $2 AND platform = $3 AND app_version = $4", binds
        ).first?.text(0), let sketch = sketch(stored) {
            merged.merge(sketch)
        }
        try await tx.query(
            """
            INSERT INTO capability_users (day, set_id, platform, app_version, sketch) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (day, set_id, platform, app_version) DO UPDATE SET sketch = excluded.sketch
            """, binds + [.text(text(merged))])
    }

    /// A sketch as stored: its bytes in base64.
    static func text(_ sketch: UserSketch) -> String { Data(sketch.bytes).base64EncodedString() }

    /// A stored sketch, or nil when it is not one this build reads.
    static func sketch(_ text: String) -> UserSketch? {
        guard text.utf8.count <= (UserSketch.maxBytes + 2) / 3 * 4, let data = Data(base64Encoded: text) else { return nil }
        return UserSketch(bytes: Array(data))
    }

    /// Moves an entry's rows to "other", bucket by bucket (its users day by day).
    private static func fold(_ row: Row, on tx: any SQLExecutor) async throws {
        let binds: [SQLValue] = [.text(row.set), .text(row.platform), .text(row.appVersion)]
        try await tx.query(
            """
            INSERT INTO capability_census (bucket, set_id, platform, app_version, requests)
            SELECT bucket, '', '', '', requests FROM capability_census WHERE set_id = $1 AND platform = $2 AND app_version = $3
            ON CONFLICT (bucket, set_id, platform, app_version) DO UPDATE SET requests = capability_census.requests + excluded.requests
            """, binds)
        try await tx.query("DELETE FROM capability_census WHERE set_id = $1 AND platform = $2 AND app_version = $3", binds)
        for stored in try await tx.query(
            "SELECT day, sketch FROM capability_users WHERE set_id = $1 AND platform = $2 AND app_version = $3", binds)
        {
            guard let day = stored.integer(0), let users = stored.text(1).flatMap(sketch) else { continue }
            try await add(users, to: .other, day: Int64(day), on: tx)
        }
        try await tx.query("DELETE FROM capability_users WHERE set_id = $1 AND platform = $2 AND app_version = $3", binds)
        // Its set too, unless another entry (another platform or app version) still counts it.
        try await tx.query(
            "DELETE FROM capability_sets WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM capability_census WHERE set_id = $1)", [.text(row.set)]
        )
    }

    /// Deletes rows older than the window.
    private func prune() async throws {
        let cutoff = windowStart(clock.milliseconds)
        try await withDeadline(ControlPlane.statementDeadline, clock: clock.clock) { [database] in
            try await database.transaction { tx in
                try await tx.query("DELETE FROM capability_census WHERE bucket < $1", [.integer(cutoff)])
                try await tx.query("DELETE FROM capability_users WHERE day < $1", [.integer(Self.dayStart(cutoff))])
                try await tx.query("DELETE FROM capability_sets WHERE last_seen < $1", [.integer(cutoff)])
            }
        }
    }

    // MARK: Reading

    /// The window as every instance wrote it (this one's counts written first): each entry and
    /// its requests, and the "other" bucket.
    public func snapshot() async throws -> Snapshot {
        try await flush()
        let now = clock.milliseconds
        let cutoff = windowStart(now)
        let (rows, userRows) = try await withDeadline(ControlPlane.statementDeadline, clock: clock.clock) { [database] in
            try await database.transaction { tx in
                let rows = try await tx.query(
                    """
                    SELECT c.set_id, c.platform, c.app_version, CAST(SUM(c.requests) AS BIGINT), s.version, s.components, s.actions
                    FROM capability_census c LEFT JOIN capability_sets s ON s.id = c.set_id
                    WHERE c.bucket >= $1 GROUP BY c.set_id, c.platform, c.app_version, s.version, s.components, s.actions
                    """, [.integer(cutoff)])
                let users = try await tx.query(
                    "SELECT set_id, platform, app_version, sketch FROM capability_users WHERE day >= $1", [.integer(Self.dayStart(cutoff))])
                return (rows, users)
            }
        }
        // Each entry's users over the days the window touches, and everyone's.
        var sketches: [Row: UserSketch] = [:]
        var everyone = UserSketch()
        for row in userRows {
            guard let users = row.text(3).flatMap(Self.sketch) else { continue }
            sketches[Row(set: row.text(0) ?? "", platform: row.text(1) ?? "", appVersion: row.text(2) ?? ""), default: UserSketch()].merge(
                users)
            everyone.merge(users)
        }
        var entries: [Entry] = []
        var other = 0
        for row in rows {
            let requests = max(0, row.integer(3) ?? 0)
            guard let set = row.text(0), !set.isEmpty, let version = row.text(4).flatMap(FormatVersion.init) else {
                other += requests
                continue
            }
            let users = sketches[Row(set: set, platform: row.text(1) ?? "", appVersion: row.text(2) ?? "")]
            let capabilities = ClientCapabilities(
                version: version, components: ClientCapabilities.typeNames(fromHeader: row.text(5) ?? ""),
                actions: ClientCapabilities.typeNames(fromHeader: row.text(6) ?? ""),
                platform: row.text(1).flatMap { $0.isEmpty ? nil : $0 })
            var entry = Entry(
                capabilities: capabilities, appVersion: row.text(2).flatMap { AppVersion($0) }, requests: requests,
                users: users?.estimate ?? 0)
            entry.sketch = users
            entries.append(entry)
        }
        var snapshot = Snapshot(from: cutoff, to: now, entries: entries, other: other, maxEntries: limits.maxEntries)
        snapshot.users = everyone.estimate
        return snapshot.sorted()
    }

    // MARK: Time

    /// The UTC day a sketch of users is kept for: its first millisecond.
    static func dayStart(_ milliseconds: Int64) -> Int64 {
        let width: Int64 = 86_400_000
        return milliseconds >= 0 ? milliseconds / width * width : (milliseconds - width + 1) / width * width
    }

    func bucketStart(_ milliseconds: Int64) -> Int64 {
        let width = limits.bucketMilliseconds
        return milliseconds >= 0 ? milliseconds / width * width : (milliseconds - width + 1) / width * width
    }

    /// The first bucket in the window that ends at `now`'s bucket.
    func windowStart(_ now: Int64) -> Int64 {
        bucketStart(now) - limits.windowMilliseconds + limits.bucketMilliseconds
    }

    // MARK: Sets

    /// A set's id: the first 128 bits of the SHA-256 of its version and sorted type lists, in hex.
    /// Platform and app version are not part of a set; they are the entry's.
    ///
    /// ```swift
    /// CapabilityCensus.setID(of: .base)   // "5b0d…" (32 hex digits)
    /// ```
    public static func setID(of capabilities: ClientCapabilities) -> String {
        let text =
            capabilities.version.description + "\n" + capabilities.components.sorted().joined(separator: ",") + "\n"
            + capabilities.actions.sorted().joined(separator: ",")
        return SHA256.hash(data: Array(text.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
