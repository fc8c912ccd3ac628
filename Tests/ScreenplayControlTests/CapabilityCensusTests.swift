import Foundation
import HTTPTypes
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayProtocol
import ScreenplayServer
import ScreenplayTestSupport
import Testing

@testable import ScreenplayControl

/// The capability census (issue 32) on SQLite and PostgreSQL, with a clock the test moves:
/// requests counted per set, platform and app version, shared by instances on one database,
/// slid out of the window hour by hour; bounded against hostile clients in memory, in the table
/// and through real requests; and its file read with every problem at its path.
@Suite struct CapabilityCensusTests {
    static let hour: Duration = .seconds(3_600)
    static let day: Duration = .seconds(86_400)

    /// A control plane on `database` whose waits and stamps are `clock`'s.
    static func open(_ database: any ControlDatabase, clock: ManualClock, maxEntries: Int = 200) async throws -> ControlPlane {
        try await ControlPlane.open(
            database: database, configuration: LiveConfiguration(), census: CapabilityCensus.Limits(maxEntries: maxEntries),
            clock: ScreenplayClock(clock: clock, now: { clock.date }))
    }

    static func capabilities(_ components: [String], platform: String?, version: FormatVersion = FormatVersion(1, 0)) -> ClientCapabilities
    {
        ClientCapabilities(version: version, components: Set(components), actions: ClientCapabilities.base.actions, platform: platform)
    }

    static let old = capabilities(["vstack", "text", "image"], platform: "ios")
    static let newer = capabilities(["vstack", "text", "image", "carousel"], platform: "android", version: FormatVersion(1, 2))

    /// The window's entries as (set, platform, app version) → requests.
    static func counts(_ snapshot: CapabilityCensus.Snapshot) -> [String: Int] {
        Dictionary(
            snapshot.entries.map {
                ("\($0.set.prefix(8)) \($0.capabilities.platform ?? "-") \($0.appVersion?.description ?? "-")", $0.requests)
            },
            uniquingKeysWith: +)
    }

    static func key(_ capabilities: ClientCapabilities, _ appVersion: String?) -> String {
        "\(CapabilityCensus.setID(of: capabilities).prefix(8)) \(capabilities.platform ?? "-") \(appVersion ?? "-")"
    }

    @Test(arguments: Backend.available)
    func countsPerSetPlatformAndAppVersionForEveryInstanceAndSlidesOutOfTheWindow(_ backend: Backend) async throws {
        let clock = ManualClock()
        let database = try await backend.makeDatabase()
        let first = try await Self.open(database, clock: clock)
        let second = try await Self.open(database, clock: clock)
        let web = ControlPlaneCapabilities.web
        // Three headers' spellings of one set are one entry; app versions and platforms are apart.
        for _ in 0..<3 { first.census.count(Self.old, key: "old-a", appVersion: AppVersion("4.1")) }
        second.census.count(Self.old, key: "old-b", appVersion: AppVersion("4.1"))
        for _ in 0..<5 { second.census.count(Self.newer, key: "newer", appVersion: AppVersion("5.0.1")) }
        for _ in 0..<2 { first.census.count(web, key: "web", appVersion: nil) }
        try await second.census.flush()
        let snapshot = try await first.census.snapshot()
        #expect(
            Self.counts(snapshot) == [
                Self.key(Self.old, "4.1"): 4, Self.key(Self.newer, "5.0.1"): 5, Self.key(web, nil): 2,
            ], "\(Self.counts(snapshot))")
        #expect(snapshot.total == 11 && snapshot.other == 0)
        #expect(snapshot.entries.first?.capabilities == Self.newer, "most requested first")
        #expect(snapshot.to == Int64(clock.date.timeIntervalSince1970 * 1_000))

        // Three days on: the old set again. The window holds both hours.
        clock.advance(by: Self.day * 3)
        first.census.count(Self.old, key: "old-a", appVersion: AppVersion("4.1"))
        let later = try await first.census.snapshot()
        #expect(Self.counts(later)[Self.key(Self.old, "4.1")] == 5)
        #expect(later.total == 12)

        // Four days and 23 hours later the first hour is the oldest in the window; an hour on it is out.
        clock.advance(by: Self.day * 4 - Self.hour)
        #expect(try await first.census.snapshot().total == 12)
        clock.advance(by: Self.hour)
        let slid = try await second.census.snapshot()
        #expect(Self.counts(slid) == [Self.key(Self.old, "4.1"): 1], "\(Self.counts(slid))")
        // The rows and sets that left the window are deleted, not only left out.
        #expect(try await database.query("SELECT COUNT(*) FROM capability_census").first?.integer(0) == 1)
        #expect(try await database.query("SELECT COUNT(*) FROM capability_sets").first?.integer(0) == 1)
        // Seven days without a request: nothing.
        clock.advance(by: Self.day * 7)
        #expect(try await first.census.snapshot().total == 0)
        #expect(try await database.query("SELECT COUNT(*) FROM capability_sets").first?.integer(0) == 0)
    }

    /// Distinct users, per entry and day, in the transaction that writes the requests: two
    /// instances on one database count a user seen by both once (register-wise max, not a sum);
    /// a request without a user counts a request only; an entry's users are its app versions'
    /// merged in the report; rows of days before the window are deleted.
    @Test(arguments: Backend.available)
    func usersSeenByTwoInstancesAreCountedOnce(_ backend: Backend) async throws {
        let clock = ManualClock()
        let database = try await backend.makeDatabase()
        let first = try await Self.open(database, clock: clock)
        let second = try await Self.open(database, clock: clock)
        // "shared" on both instances, and on both app versions of the old set; 300 users on the
        // newer set, half of them on each instance (past the exact hashes: registers merged).
        first.census.count(Self.old, key: "old", appVersion: AppVersion("4.1"), user: "shared")
        second.census.count(Self.old, key: "old", appVersion: AppVersion("4.1"), user: "shared")
        second.census.count(Self.old, key: "old", appVersion: AppVersion("4.2"), user: "shared")
        first.census.count(Self.old, key: "old", appVersion: AppVersion("4.1"), user: "another")
        for _ in 0..<5 { first.census.count(Self.old, key: "old", appVersion: AppVersion("4.1"), user: nil) }
        for index in 0..<300 {
            let census = index % 2 == 0 ? first.census : second.census
            census.count(Self.newer, key: "newer", appVersion: AppVersion("5.0.1"), user: "n\(index)")
            // Every user twice, each time on the other instance.
            (index % 2 == 0 ? second.census : first.census).count(
                Self.newer, key: "newer", appVersion: AppVersion("5.0.1"), user: "n\(index)")
        }
        try await first.census.flush()
        try await second.census.flush()
        // Flushed again with the same users: nothing is added.
        first.census.count(Self.old, key: "old", appVersion: AppVersion("4.1"), user: "shared")
        try await first.census.flush()
        let snapshot = try await second.census.snapshot()
        let byEntry = Dictionary(
            snapshot.entries.map { ("\($0.set.prefix(8)) \($0.appVersion?.description ?? "-")", $0) }, uniquingKeysWith: { a, _ in a })
        let old41 = try #require(byEntry["\(CapabilityCensus.setID(of: Self.old).prefix(8)) 4.1"])
        #expect(old41.requests == 9 && old41.users == 2, "\(old41)")
        #expect(byEntry["\(CapabilityCensus.setID(of: Self.old).prefix(8)) 4.2"]?.users == 1)
        let newer = try #require(byEntry["\(CapabilityCensus.setID(of: Self.newer).prefix(8)) 5.0.1"])
        #expect(newer.requests == 600)
        // Exactly the estimate of one sketch that saw each user once (300 users: an estimate, 284).
        var once = UserSketch()
        for index in 0..<300 { once.insert("n\(index)") }
        #expect(newer.users == once.estimate && abs(newer.users - 300) <= 30, "300 users seen twice each, on two instances: \(newer.users)")
        once.insert("shared")
        once.insert("another")
        #expect(snapshot.users == once.estimate, "\(snapshot.users)")
        // One row per entry and day, whatever the instances.
        #expect(try await database.query("SELECT COUNT(*) FROM capability_users").first?.integer(0) == 3)

        // The report: the old set's two app versions are one client of 2 users, not 3.
        let report = await CompatibilityChecker(routes: nil).report(census: snapshot, slots: [:], maxShare: 0.05)
        let client = try #require(report.clients.first { $0.capabilities == Self.old })
        #expect(client.users == 2 && client.requests == 10)
        #expect(abs(client.userShare - 2.0 / Double(snapshot.users)) < 1e-9 && report.gateBasis == .users)

        // A day later, the same users again: one more row per entry, still counted once.
        clock.advance(by: Self.day)
        first.census.count(Self.old, key: "old", appVersion: AppVersion("4.1"), user: "shared")
        let nextDay = try await first.census.snapshot()
        #expect(nextDay.entries.first { $0.capabilities == Self.old && $0.appVersion == AppVersion("4.1") }?.users == 2)
        #expect(try await database.query("SELECT COUNT(*) FROM capability_users").first?.integer(0) == 4)
        // Past the window, the days go as the hours do.
        clock.advance(by: Self.day * 8)
        #expect(try await first.census.snapshot().users == 0)
        #expect(try await database.query("SELECT COUNT(*) FROM capability_users").first?.integer(0) == 0)
    }

    /// An entry the bound pushes out gives its users to "other" with its requests: the users of
    /// the census stay counted, and the table holds a sketch per kept entry and "other".
    @Test(arguments: Backend.available)
    func anEntryPushedOutGivesItsUsersToOther(_ backend: Backend) async throws {
        let clock = ManualClock()
        let database = try await backend.makeDatabase()
        let control = try await Self.open(database, clock: clock, maxEntries: 2)
        // Two entries fill the bound in the table; a third with more requests replaces the smaller.
        for index in 0..<3 { control.census.count(Self.old, key: "old", appVersion: AppVersion("4.1"), user: "old-\(index)") }
        control.census.count(Self.newer, key: "newer", appVersion: AppVersion("5.0"), user: "small")
        try await control.census.flush()
        let third = Self.capabilities(["vstack", "text"], platform: "web")
        for index in 0..<5 { control.census.count(third, key: "third", appVersion: nil, user: "third-\(index)") }
        let snapshot = try await control.census.snapshot()
        #expect(snapshot.entries.count == 2 && snapshot.other == 1)
        #expect(!snapshot.entries.contains { $0.capabilities == Self.newer })
        #expect(snapshot.users == 9, "the pushed-out entry's user is in other's sketch")
        #expect(snapshot.entries.map(\.users).sorted() == [3, 5])
        let rows = try await database.query("SELECT set_id FROM capability_users ORDER BY set_id")
        #expect(rows.count == 3 && rows.first?.text(0) == "", "two entries and other")

        // In memory too (Misra–Gries): an entry that drops out gives its users to "other".
        let small = try await Self.open(try await backend.makeDatabase(), clock: clock, maxEntries: 1)
        small.census.count(Self.old, key: "old", appVersion: nil, user: "a")
        small.census.count(Self.newer, key: "newer", appVersion: nil, user: "b") // "old" drops to 0: out
        small.census.count(Self.newer, key: "newer", appVersion: nil, user: "c")
        let memory = try await small.census.snapshot()
        #expect(memory.total == 3 && memory.users == 3, "\(memory)")
    }

    /// A sketch stored by another version, or broken, is not read: it is left out of the
    /// figures, and the next write replaces it.
    @Test func aStoredSketchThisBuildCannotReadIsReplaced() async throws {
        let clock = ManualClock()
        let database = try await Backend.sqlite.makeDatabase()
        let control = try await Self.open(database, clock: clock)
        control.census.count(Self.old, key: "old", appVersion: nil, user: "a")
        try await control.census.flush()
        try await database.query("UPDATE capability_users SET sketch = $1", [.text("AgA=")]) // version 2
        #expect(try await control.census.snapshot().users == 0)
        control.census.count(Self.old, key: "old", appVersion: nil, user: "b")
        #expect(try await control.census.snapshot().users == 1)
        #expect(CapabilityCensus.sketch("not base64!") == nil && CapabilityCensus.sketch(String(repeating: "A", count: 5_000)) == nil)
    }

    @Test(arguments: Backend.available)
    func aFloodOfRandomSetsStaysInItsBoundAndRealSetsPushItOut(_ backend: Backend) async throws {
        let clock = ManualClock()
        let database = try await backend.makeDatabase()
        let control = try await Self.open(database, clock: clock, maxEntries: 20)
        var random = SplitMix64(seed: 32)
        func flood(_ count: Int, legit: Int) {
            var legitLeft = legit
            for index in 0..<count {
                let names = (0..<8).map { _ in "T\(random.next() % 1_000_000)" } + ["text"]
                let capabilities = Self.capabilities(names, platform: "p\(random.next() % 50)")
                control.census.count(capabilities, key: names.joined(separator: ","), appVersion: AppVersion("\(random.next() % 1_000)"))
                if index % (count / legit) == 0, legitLeft > 0 {
                    control.census.count(Self.old, key: "old", appVersion: AppVersion("4.1"))
                    legitLeft -= 1
                }
                #expect(control.census.entriesInMemory <= 20)
            }
        }
        // First a few random sets alone fill the table's bound; then the flood and a real set.
        flood(20, legit: 1)
        try await control.census.flush()
        flood(5_000, legit: 1_000)
        #expect(control.census.entriesInMemory <= 20)
        let snapshot = try await control.census.snapshot()
        #expect(snapshot.total == 5_020 + 1_001, "every request is counted, in an entry or in other")
        #expect(snapshot.entries.count <= 20)
        // Misra–Gries: a set with more than 1/21 of the requests is kept, short by at most that.
        let old = snapshot.entries.filter { $0.capabilities == Self.old }.reduce(0) { $0 + $1.requests }
        #expect(old >= 1_000 - 6_000 / 21, "the real set is kept: \(old)")
        #expect(snapshot.other >= 5_000 - 20, "the flood is in other: \(snapshot.other)")
        // The table stays in its bound too: 20 entries and "other" in this hour.
        #expect(try await database.query("SELECT COUNT(*) FROM capability_census").first?.integer(0) ?? 99 <= 21)
        #expect(try await database.query("SELECT COUNT(*) FROM capability_sets").first?.integer(0) ?? 99 <= 21)

        // The report says how much it could not judge.
        let report = await CompatibilityChecker(routes: nil).report(census: snapshot, slots: [:], maxShare: 0.05)
        #expect(report.other == snapshot.other && report.otherShare > 0.8)
    }

    @Test(arguments: Backend.available)
    func hostileCapabilityHeadersOverRealRequestsAreBounded(_ backend: Backend) async throws {
        let clock = ManualClock()
        let control = try await Self.open(try await backend.makeDatabase(), clock: clock, maxEntries: 16)
        try await DemoApp.seed(control)
        let instance = Instance(control: control)
        try await instance.start()
        defer { Instance.stop(instance) }
        var random = SplitMix64(seed: 7)
        for index in 0..<120 {
            let names = (0..<30).map { _ in "W\(random.next())" } + ["vstack", "text"]
            let headers: HTTPFields = [
                .screenplayComponents: names.joined(separator: ","), .screenplayPlatform: "evil\(index)",
                .screenplayAppVersion: "\(index).0",
            ]
            let response = try await instance.send(.get, "/screens/requests", headers: headers, token: nil)
            #expect(response.status == .ok)
        }
        // Headers the server refuses (too long, no known component) are not counted: not screens sent.
        let long = String(repeating: "x,", count: 3_000)
        #expect(
            try await instance.send(.get, "/screens/requests", headers: [.screenplayComponents: long], token: nil).status == .badRequest)
        #expect(control.census.entriesInMemory <= 16)
        let snapshot = try await control.census.snapshot()
        #expect(snapshot.total == 120)
        #expect(snapshot.entries.count <= 16 && snapshot.other >= 120 - 16)
        // The admin API's census says the same, bounded.
        let answer = try await instance.send(.get, "/admin/compat/census")
        let read = try CapabilityCensus.Snapshot.decode(from: answer.body).get()
        #expect(read.entries.count == snapshot.entries.count && read.other == snapshot.other && read.total == 120)
    }

    @Test func aCensusFileIsReadWithEveryProblemAtItsPath() throws {
        let good = CapabilityCensus.Snapshot(
            from: 1_750_000_000_000, to: 1_750_600_000_000,
            entries: [CapabilityCensus.Entry(capabilities: Self.old, appVersion: AppVersion("4.1"), requests: 3)], other: 2, maxEntries: 200
        )
        let read = try CapabilityCensus.Snapshot.decode(from: good.encoded()).get()
        #expect(read == good)
        #expect(read.total == 5)

        let cases: [(String, String)] = [
            (#"{"entries": [{"version": "2.0", "components": ["text"], "actions": [], "requests": 1}]}"#, "entries[0].version"),
            (#"{"entries": [{"version": "1.0", "components": ["te xt"], "actions": [], "requests": 1}]}"#, "entries[0].components[0]"),
            (#"{"entries": [{"version": "1.0", "components": ["a,b"], "actions": [], "requests": 1}]}"#, "entries[0].components[0]"),
            (#"{"entries": [{"version": "1.0", "components": [7], "actions": [], "requests": 1}]}"#, "entries[0].components[0]"),
            (#"{"entries": [{"version": "1.0", "components": ["text"], "actions": [], "requests": -1}]}"#, "entries[0].requests"),
            (#"{"entries": [{"version": "1.0", "components": ["text"], "actions": [], "requests": 1.5}]}"#, "entries[0].requests"),
            (#"{"entries": [{"version": "1.0", "components": ["text"], "actions": [], "requests": 1e300}]}"#, "entries[0].requests"),
            (
                #"{"entries": [{"version": "1.0", "components": ["text"], "actions": [], "requests": 1, "appVersion": "x.y"}]}"#,
                "entries[0].appVersion"
            ),
            (
                #"{"entries": [{"version": "1.0", "components": ["text"], "actions": [], "requests": 1, "platform": ""}]}"#,
                "entries[0].platform"
            ),
            (#"{"entries": [{"version": "1.0", "components": "text", "actions": [], "requests": 1}]}"#, "entries[0].components"),
            (#"{"entries": [{"version": "1.0", "actions": [], "requests": 1}]}"#, "entries[0].components"),
            (#"{"entries": {}}"#, "entries"),
            (#"{"entries": [], "other": -4}"#, "other"),
            (#"{"entries": [7]}"#, "entries[0]"),
        ]
        for (text, path) in cases {
            let result = try CapabilityCensus.Snapshot.decode(from: Array(text.utf8))
            #expect(result.value == nil, "\(text)")
            #expect(result.diagnostics.contains { $0.path.description == path }, "\(text): \(result.diagnostics.map(\.path.description))")
        }
        // Too many names, too many entries: refused, said where.
        let names = (0..<300).map { "\"C\($0)\"" }.joined(separator: ",")
        let many = try CapabilityCensus.Snapshot.decode(
            from: Array(#"{"entries": [{"version": "1.0", "components": [\#(names)], "actions": [], "requests": 1}]}"#.utf8))
        #expect(many.value == nil && many.diagnostics.contains { $0.path.description == "entries[0].components" })
        let entry = #"{"version": "1.0", "components": ["text"], "actions": [], "requests": 1}"#
        let crowd = try CapabilityCensus.Snapshot.decode(
            from: Array(#"{"entries": [\#(Array(repeating: entry, count: 1_001).joined(separator: ","))]}"#.utf8))
        #expect(crowd.value == nil && crowd.diagnostics.contains { $0.path.description == "entries" })
        // Not an object, not JSON: a 400.
        #expect(throws: ScreenplayError.self) { try CapabilityCensus.Snapshot.decode(from: Array("[1]".utf8)) }
        #expect(throws: ScreenplayError.self) { try CapabilityCensus.Snapshot.decode(from: Array("{".utf8)) }
    }
}

/// The web renderer's capabilities, as the pipeline counts a browser.
enum ControlPlaneCapabilities {
    static var web: ClientCapabilities {
        var capabilities = ClientCapabilities.full
        capabilities.platform = "web"
        return capabilities
    }
}
