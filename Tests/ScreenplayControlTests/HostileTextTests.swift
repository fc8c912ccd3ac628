import Foundation
import HTTPTypes
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayProtocol
import ScreenplayServer
import Testing

/// Text that would poison storage is refused at the edge, the same on SQLite and PostgreSQL, and a
/// row a database refuses all the same costs only itself.
@Suite struct HostileTextTests {
    @Test func storedTextRefusesControlCharactersAndLengthButNotWords() {
        let name = StoredText.name(maxLength: 8)
        #expect(name.problem(in: "checkout") == nil)
        #expect(name.problem(in: "çà 日本") == nil)
        #expect(name.problem(in: "a\u{0}b")?.contains("U+0000") == true)
        #expect(name.problem(in: "a\u{1B}[31m")?.contains("U+001B") == true)
        #expect(name.problem(in: "a\u{85}")?.contains("U+0085") == true)
        #expect(name.problem(in: "tab\there") != nil)
        #expect(name.problem(in: "ninechars")?.contains("longer than 8") == true)
        #expect(StoredText.freeText(maxLength: 20).problem(in: "two\nlines\tand tab") == nil)
        #expect(StoredText.freeText(maxLength: 20).problem(in: "nul\u{0}") != nil)
        let nested: JSONValue = .object(["ok": .string("fine"), "list": .array([.string("x"), .string("bad\u{0}")])])
        #expect(StoredText.freeText(maxLength: 100).problem(in: nested, at: "events[0].properties")?.path == "events[0].properties.list[1]")
        #expect(StoredText.freeText(maxLength: 100).problem(in: .object(["k\u{0}": .string("v")]), at: "p") != nil)
    }

    @Test(arguments: Backend.available)
    func eventsWithControlCharactersCostThemselvesAndTheQueueGoesOn(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let batch = #"""
            {"events": [{"id": "ok-1", "name": "tap"}, {"id": "nul\u0000id", "name": "tap"}, {"id": "ok-2", "name": "tap", "screen": "a\u0007b"},
            {"id": "ok-3", "name": "tap", "properties": {"note": "x\u0000y"}}, {"id": "ok-4", "name": "tap", "properties": {"note": "two\nlines"}}]}
            """#
        let answer = try await instance.send(.post, "/events", body: batch, headers: [.screenplayUser: "hostile"], token: nil)
        #expect(answer.status == .accepted)
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(text.contains(#""accepted":2"#) || text.contains(#""accepted": 2"#), "\(text)")
        for path in ["events[1].id", "events[2].screen", "events[3].properties.note"] { #expect(text.contains(path), "\(path) in \(text)") }
        // Acknowledged means stored: the rows are there when the answer arrives.
        let rows = try await instance.control.database.query("SELECT id FROM events WHERE user_id = $1 ORDER BY id", [.text("hostile")])
        #expect(rows.compactMap { $0.text(0) } == ["ok-1", "ok-4"])
        // The next batch is stored too: nothing is stuck behind the refused ones.
        let next = try await instance.send(
            .post, "/events", body: #"{"events": [{"id": "ok-5", "name": "tap"}]}"#, headers: [.screenplayUser: "hostile"], token: nil)
        #expect(next.status == .accepted)
        #expect(instance.control.events.waiting == 0)
    }

    @Test(arguments: Backend.available)
    func userIdsAreNeverCutAndEventIdsAreUniquePerUser(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let long = String(repeating: "u", count: 129)
        let refused = try await instance.send(
            .post, "/events", body: #"{"events": [{"id": "e", "name": "tap"}]}"#, headers: [.screenplayUser: long], token: nil)
        #expect(refused.status == .badRequest)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("longer than 128"))
        let screen = try await instance.send(.get, "/screens/home", headers: [.screenplayUser: long], token: nil)
        #expect(screen.status == .badRequest, "a screen request with a user id too long is refused, not cut")
        // Two users' apps pick the same event id: both events are stored.
        for user in ["alice", "bob"] {
            let sent = try await instance.send(
                .post, "/events", body: #"{"events": [{"id": "same-id", "name": "tap"}]}"#, headers: [.screenplayUser: user], token: nil)
            #expect(sent.status == .accepted)
        }
        let rows = try await instance.control.database.query("SELECT COUNT(*) FROM events WHERE id = $1", [.text("same-id")])
        #expect(rows.first?.integer(0) == 2)
    }

    @Test(arguments: Backend.available)
    func namesWithControlCharactersAreRefusedAlikeOnBothDatabases(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let slot = try await instance.send(.put, "/admin/slots/home.promo%00shadow", body: #"{"content": {"type": "text", "text": "x"}}"#)
        #expect(slot.status == .badRequest, "\(String(decoding: slot.body, as: UTF8.self))")
        #expect(String(decoding: slot.body, as: UTF8.self).contains("U+0000"))
        #expect(try await instance.control.versions(of: "home.promo", limit: 10).isEmpty, "no shadow of the real slot")
        let experiment = try await instance.send(
            .put, "/admin/experiments/trial", body: #"{"variants": [{"name": "a\u0000b", "weight": 1}, {"name": "c", "weight": 1}]}"#)
        #expect(experiment.status == .unprocessableContent)
        #expect(ScreenplayError(status: experiment.status, body: experiment.body)?.problems.map(\.path) == ["variants[0].name"])
        let overflow = try await instance.send(
            .put, "/admin/experiments/trial", body: #"{"variants": [{"name": "a", "weight": 1e308}, {"name": "b", "weight": 1e308}]}"#)
        #expect(overflow.status == .unprocessableContent)
        #expect(String(decoding: overflow.body, as: UTF8.self).contains("add up"))
        let health = try await instance.send(.get, "/health", token: nil)
        #expect(String(decoding: health.body, as: UTF8.self).contains(#""ok""#), "input never marks the database degraded")
    }

    /// Past the checks at the edge (a server-side bug, a database stricter than expected), a row
    /// PostgreSQL refuses is kept aside; its batch's other rows are stored and the queue goes on.
    @Test(.enabled(if: PostgresServer.availableOrRequired, "needs PostgreSQL: apt-get install postgresql"))
    func aRowTheDatabaseRefusesIsKeptAsideAndTheQueueGoesOn() async throws {
        let control = try await ControlPlane.open(database: try await Backend.postgres.makeDatabase(), configuration: LiveConfiguration())
        let writer = Task { try await control.events.run() }
        defer { writer.cancel() }
        let batch = [
            Conversion(id: "good-1", name: "tap", user: "u"), Conversion(id: "bad\u{0}", name: "tap", user: "u"),
            Conversion(id: "good-2", name: "tap", user: "u"),
        ]
        #expect(await control.events.store(batch) == .stored(rejected: [1]))
        #expect(await control.events.store([Conversion(id: "good-3", name: "tap", user: "u")]) == .stored(rejected: []))
        let stored = try await control.database.query("SELECT id FROM events ORDER BY id").compactMap { $0.text(0) }
        #expect(stored == ["good-1", "good-2", "good-3"])
        let kept = try await control.database.query("SELECT kind, row_json FROM rejected_events")
        #expect(kept.count == 1 && kept.first?.text(0) == "event")
        #expect(kept.first?.text(1)?.contains(#"bad\u0000"#) == true, "\(kept.first?.text(1) ?? "")")
        #expect(control.events.rejectedEvents == 1)
        await control.database.close()
    }
}

/// The admin API and `/events` say what they do: methods, bounded answers, and tokens that cannot
/// be guessed or reused.
@Suite struct AdminSurfaceTests {
    @Test func wrongMethodsAre405WithAllowAndHeadAndOptionsAreAnswered() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let events = try await instance.send(.get, "/events", token: nil)
        #expect(events.status == .methodNotAllowed)
        #expect(events.headers[.allow] == "POST, OPTIONS")
        let options = try await instance.send(.options, "/admin/slots/home.promo", token: nil)
        #expect(options.status == .noContent)
        #expect(options.headers[.allow] == "GET, HEAD, PUT, OPTIONS")
        let patch = try await instance.send(.patch, "/admin/experiments/homeOrder")
        #expect(patch.status == .methodNotAllowed)
        #expect(patch.headers[.allow] == "GET, HEAD, PUT, DELETE, OPTIONS")
        let head = try await instance.send(.head, "/admin/experiments")
        #expect(head.status == .ok && head.body.isEmpty, "\(head.status) \(String(decoding: head.body, as: UTF8.self))")
        #expect(try await instance.send(.get, "/admin/nowhere").status == .notFound)
    }

    @Test func problemsAreBoundedWhateverTheInputQuotes() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let hostile = String(repeating: "x", count: 1_900)
        let children = (0..<120).map { _ in #"{"type": "image", "url": "javascript:\#(hostile)"}"# }.joined(separator: ",")
        let answer = try await instance.send(
            .put, "/admin/slots/home.promo", body: #"{"content": {"type": "vstack", "children": [\#(children)]}}"#)
        #expect(answer.status == .unprocessableContent || answer.status == .contentTooLarge)
        #expect(answer.body.count < 40_000, "a \(answer.body.count)-byte answer")
        let problems = ScreenplayError(status: answer.status, body: answer.body)?.problems ?? []
        #expect(problems.count == ScreenplayError.maxListedProblems + 1, "\(problems.count) problems listed for 120")
        #expect(problems.last?.message == "and 70 more problems")
    }

    @Test func guessableOrSharedTokensAreRefusedAndWrongOnesSlowedAndCounted() async throws {
        #expect(throws: ScreenplayError.self) { try AdminTokens([("a", .admin, String(repeating: "a", count: 40))]) }
        #expect(throws: ScreenplayError.self) { try AdminTokens([("a", .admin, "2024-01-01-2024-01-01-2024-01-01")]) }
        let shared = "0f3a9c1e7b2d4f6a8c0e1b3d5f7a9c2e"
        #expect(throws: ScreenplayError.self) { try AdminTokens([("a", .admin, shared), ("b", .read, shared)]) }
        #expect(throws: Never.self) { try AdminTokens([("a", .admin, shared)]) }
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        var statuses: [Int] = []
        let start = ContinuousClock.now
        for attempt in 0..<8 {
            statuses.append(try await instance.send(.get, "/admin/experiments", token: "guess-\(attempt)-0123456789abcdef").status.code)
        }
        #expect(Set(statuses) == [401])
        #expect(ContinuousClock.now - start > .milliseconds(1_500), "each wrong guess from an address is answered slower")
    }

    /// Slot content placed in a screen cannot repeat an id of that screen's own nodes (the page
    /// would have two elements with one id); its fallback's ids are the slot's to take over.
    @Test func slotContentCannotRepeatAnIdOfTheScreensItIsPlacedIn() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        #expect(try await instance.send(.get, "/screens/home", headers: Instance.allComponents, token: nil).status == .ok)
        let clash = try await instance.send(
            .put, "/admin/slots/home.promo", body: #"{"content": {"type": "text", "id": "widget.services", "text": "x"}}"#)
        #expect(clash.status == .unprocessableContent)
        #expect(String(decoding: clash.body, as: UTF8.self).contains("/home"), "\(String(decoding: clash.body, as: UTF8.self))")
        let translated = try await instance.send(
            .put, "/admin/slots/home.promo",
            body:
                #"{"content": {"type": "text", "text": "x"}, "translations": {"fr": {"type": "text", "id": "widget.offers", "text": "y"}}}"#
        )
        #expect(translated.status == .unprocessableContent, "every language is checked")
        let fine = try await instance.send(
            .put, "/admin/slots/home.promo", body: #"{"content": {"type": "text", "id": "promo.today", "text": "x"}}"#)
        #expect(fine.status == .created)
    }

    /// Publishes racing without `If-Match` on PostgreSQL (where instances race for the next
    /// version; SQLite's one connection takes them in turn) all land, one version each: a 412 is
    /// only ever the answer to a precondition the client sent.
    @Test(.enabled(if: PostgresServer.availableOrRequired, "needs PostgreSQL: apt-get install postgresql"))
    func racingPublishesWithoutIfMatchAllLand() async throws {
        let control = try await ControlPlane.open(database: try await Backend.postgres.makeDatabase(), configuration: LiveConfiguration())
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<10 {
                group.addTask {
                    // Ten publishes queue on one advisory lock; on a loaded machine one may pass the
                    // database deadline and be answered 503 "nothing was changed", which a client
                    // retries (as Retry-After says): what must hold is one version each, no 412.
                    for attempt in 1...5 {
                        do {
                            return try await control.publish(
                                Array(#"{"content": {"type": "text", "text": "v\#(index)"}}"#.utf8), to: "race", by: "ci"
                            ).version
                        } catch let error as ScreenplayError where error.status == .serviceUnavailable && attempt < 5 {
                            // Kept: the client's back-off before a retry, as Retry-After asks.
                            try await Task.sleep(for: .milliseconds(200 * attempt))
                        }
                    }
                    return 0
                }
            }
            var versions: [Int] = []
            for try await version in group { versions.append(version) }
            #expect(versions.sorted() == Array(1...10))
        }
        await control.database.close()
    }
}
