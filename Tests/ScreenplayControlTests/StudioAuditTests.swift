import Foundation
import HTTPTypes
import ScreenplayControlTestSupport
import ScreenplayDemo
import ScreenplayProtocol
import ScreenplayServer
import Testing

@testable import ScreenplayControl

/// The studio's audit log over a real instance, on SQLite and PostgreSQL: changes made through
/// the studio and the admin API by two admins on different days, then filtered by who, what and
/// when; an entry's before and after as a diff; hostile filters answered with a 400 page; and
/// the line diff itself.
@Suite struct StudioAuditTests {
    /// A wall clock a test sets (waits stay on the real clock).
    final class SettableTime: @unchecked Sendable {
        // Safe: every access holds the lock.
        private let lock = NSLock()
        private var date: Date
        init(_ date: Date) { self.date = date }
        var now: Date { lock.withLock { date } }
        func set(_ date: Date) { lock.withLock { self.date = date } }
    }

    /// 2024-03-01T00:00:00Z.
    static let march1: TimeInterval = 1_709_251_200
    static let day: TimeInterval = 86_400

    /// An instance of the demo whose changes are stamped with `time`.
    static func start(_ backend: Backend, time: SettableTime) async throws -> Instance {
        let control = try await ControlPlane.open(
            database: try await backend.makeDatabase(), configuration: LiveConfiguration(), clock: ScreenplayClock(now: { time.now }))
        try await DemoApp.seed(control)
        let instance = Instance(control: control)
        try await instance.start()
        return instance
    }

    /// The entries a list page links to, in its order.
    static func ids(in html: String) -> [Int] {
        html.components(separatedBy: "<a href=\"/studio/audit/").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    /// The rows of a diff of one change.
    static func rows(_ html: String, _ change: String) -> [String] {
        html.components(separatedBy: "<tr class=\"\(change)\">").dropFirst().map { String($0.prefix { $0 != "\n" }) }
    }

    @Test(arguments: Backend.available)
    func filtersByWhoWhatAndWhenShowExactlyTheMatchingEntries(_ backend: Backend) async throws {
        let time = SettableTime(Date(timeIntervalSince1970: Self.march1 + 10 * 3_600))
        let instance = try await Self.start(backend, time: time)
        defer { Instance.stop(instance) }

        // 1 March: alice pauses checkoutOrder in the studio (the seed saved both experiments that day).
        let (alice, _) = try await StudioTests.signIn(instance, token: Instance.token)
        let (_, experiment) = try await StudioTests.page(instance, "/studio/experiments/checkoutOrder", cookie: alice)
        let csrf = try #require(StudioTests.csrf(in: experiment))
        #expect(
            try await StudioTests.post(instance, "/studio/experiments/checkoutOrder/pause", cookie: alice, form: "csrf=\(csrf)").status
                == .seeOther)
        // 3 March: bob publishes the promo twice through the admin API.
        time.set(Date(timeIntervalSince1970: Self.march1 + 2 * Self.day + 12 * 3_600))
        let first = #"{"content": {"type": "text", "text": "Free <b>\"delivery\"</b> & more"}}"#
        let second = #"{"content": {"type": "text", "text": "Free delivery today"}}"#
        #expect(try await instance.send(.put, "/admin/slots/home.promo", body: first, token: Instance.secondToken).status == .created)
        #expect(try await instance.send(.put, "/admin/slots/home.promo", body: second, token: Instance.secondToken).status == .created)
        // 5 March: alice pauses homeOrder through the admin API.
        time.set(Date(timeIntervalSince1970: Self.march1 + 4 * Self.day + 9 * 3_600))
        #expect(try await instance.send(.post, "/admin/experiments/homeOrder/pause", token: Instance.token).status == .ok)

        let all = try await instance.control.audit(limit: 100)
        // The demo's seed wrote three: its two experiments and its flag.
        #expect(all.map(\.actor) == ["alice", "bob", "bob", "alice", "demo-seed", "demo-seed", "demo-seed"], "\(all.map(\.actor))")

        // The read role reads the log.
        let (reader, _) = try await StudioTests.signIn(instance, token: Instance.readToken)
        let cases: [(String, (AuditEntry) -> Bool)] = [
            ("", { _ in true }),
            ("actor=bob", { $0.actor == "bob" }),
            ("actor=alice&target=experiment", { $0.actor == "alice" && $0.target.hasPrefix("experiment:") }),
            ("target=slot", { $0.target.hasPrefix("slot:") }),
            ("target=Slot", { $0.target.hasPrefix("slot:") }),
            ("target=experiment%3AcheckoutOrder", { $0.target == "experiment:checkoutOrder" }),
            ("target=experiment:homeOrder&actor=alice", { $0.target == "experiment:homeOrder" && $0.actor == "alice" }),
            ("from=2024-03-02&to=2024-03-04", { $0.actor == "bob" }),
            ("from=2024-03-05", { $0.target == "experiment:homeOrder" && $0.actor == "alice" }),
            ("to=2024-03-01", { $0.at < Int64((Self.march1 + Self.day) * 1_000) }),
            ("from=2024-03-01&to=2024-03-01&actor=alice", { $0.actor == "alice" && $0.target == "experiment:checkoutOrder" }),
            ("actor=%27+OR+1%3D1+--", { _ in false }),
            ("target=slot%3A%25", { _ in false }),
            ("from=2024-03-06", { _ in false }),
        ]
        for (query, matches) in cases {
            let (response, html) = try await StudioTests.page(instance, "/studio/audit?\(query)", cookie: reader)
            #expect(response.status == .ok, "\(query)")
            #expect(Self.ids(in: html) == all.filter(matches).map(\.id), "\(query)")
        }
        let (_, listed) = try await StudioTests.page(instance, "/studio/audit?actor=bob", cookie: reader)
        #expect(listed.contains("<td><time datetime=\"2024-03-03T12:00:00Z\">2024-03-03 12:00:00</time></td><td>bob</td><td>publish</td>"))
        #expect(listed.contains("value=\"bob\""), "the form keeps the filter")

        // Bob's second publish: the text member, the one line that changed, removed then added, escaped.
        let entry = try #require(all.first { $0.actor == "bob" })
        let (shown, page) = try await StudioTests.page(instance, "/studio/audit/\(entry.id)", cookie: reader)
        #expect(shown.status == .ok)
        let removed = Self.rows(page, "removed")
        let added = Self.rows(page, "added")
        #expect(removed.count == 1 && added.count == 1, "\(removed) \(added)")
        #expect(removed.first?.contains("<del><span class=\"sr-only\">removed: </span>") == true)
        #expect(
            removed.first?.contains("&quot;text&quot;: &quot;Free &lt;b&gt;\\&quot;delivery\\&quot;&lt;/b&gt; &amp; more&quot;") == true)
        #expect(added.first?.contains("<ins><span class=\"sr-only\">added: </span>") == true)
        #expect(added.first?.contains("&quot;text&quot;: &quot;Free delivery today&quot;") == true)
        #expect(!page.contains("<b>"), "nothing stored is markup on the page")

        // Alice's pause of homeOrder: its status, running then paused.
        let pause = try #require(all.first)
        let (_, paused) = try await StudioTests.page(instance, "/studio/audit/\(pause.id)", cookie: reader)
        #expect(Self.rows(paused, "removed").contains { $0.contains("&quot;status&quot;: &quot;running&quot;") }, "\(paused)")
        #expect(Self.rows(paused, "added").contains { $0.contains("&quot;status&quot;: &quot;paused&quot;") })
        // The first publish created the slot: nothing before.
        let (_, created) = try await StudioTests.page(instance, "/studio/audit/\(all[2].id)", cookie: reader)
        #expect(created.contains("Nothing was there before"))
        #expect(Self.rows(created, "removed").isEmpty)
    }

    @Test(arguments: Backend.available)
    func hostileFiltersAreA400PageThatSaysWhatAndWhere(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, _) = try await StudioTests.signIn(instance, token: Instance.readToken)
        let long = String(repeating: "x", count: 3_000)
        let cases: [(query: String, field: String)] = [
            ("from=2024-13-01", "filter-from-problem"),
            ("from=yesterday", "filter-from-problem"),
            ("to=2024-02-30", "filter-to-problem"),
            ("from=0001-01-01", "filter-from-problem"),
            ("from=2024-03-05&to=2024-03-04", "filter-to-problem"),
            ("before=99999999999999999999999999", "<code>before</code>"),
            ("before=-1", "<code>before</code>"),
            ("target=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "filter-target-problem"),
            ("target=%27%3B+DROP+TABLE+audit_log%3B--", "filter-target-problem"),
            ("actor=a%00b", "query parameter &quot;actor&quot; holds the control character U+0000"), // the studio's one edge
            ("actor=%E2%80%AEevil", "filter-actor-problem"),
            ("actor=" + String(repeating: "y", count: 201), "filter-actor-problem"),
            ("actor=" + long, "longer than"),
        ]
        for (query, field) in cases {
            let (response, html) = try await StudioTests.page(instance, "/studio/audit?\(query)", cookie: cookie)
            #expect(response.status == .badRequest, "\(query.prefix(80))")
            #expect(html.contains("role=\"alert\""), "\(query.prefix(80))")
            #expect(html.contains(field), "\(query.prefix(80))")
            #expect(!html.contains("<script>"), "\(query.prefix(80))")
        }
        // Broken percent-encoding (which the HTTP client here would mend before sending).
        #expect(StudioAuditQuery("actor=%ZZ&target=slot").problems[.actor] == "This is not valid percent-encoding.")
        let (_, invalid) = try await StudioTests.page(instance, "/studio/audit?from=2024-13-01", cookie: cookie)
        #expect(invalid.contains("<p class=\"problem\" id=\"filter-from-problem\">“2024-13-01” is not a day written YYYY-MM-DD"))
        #expect(invalid.contains("aria-describedby=\"filter-from-hint filter-from-problem\" aria-invalid=\"true\""))
        #expect(try await instance.control.audit(limit: 10).count == 3, "the table is still there (the seed's three entries)")

        for (path, status) in [
            ("/studio/audit/abc", HTTPResponse.Status.badRequest), ("/studio/audit/99999999999999999999", .badRequest),
            ("/studio/audit/999999", .notFound),
        ] {
            let (response, html) = try await StudioTests.page(instance, path, cookie: cookie)
            #expect(response.status == status, "\(path)")
            #expect(html.contains("role=\"alert\""))
        }
        let (signedOut, _) = try await StudioTests.page(instance, "/studio/audit", cookie: nil)
        #expect(signedOut.status == .seeOther, "the log needs a session")
        let posted = try await StudioTests.post(instance, "/studio/audit", cookie: cookie, form: "")
        #expect(posted.status == .methodNotAllowed)
    }

    @Test func pagesHoldFiftyEntriesAndLeadToTheOlderOnes() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        for index in 0..<60 {
            _ = try await instance.control.publish(
                Array(#"{"content": {"type": "text", "text": "Version \#(index)"}}"#.utf8), to: "home.promo", by: "carol")
        }
        let all = try await instance.control.audit(filter: AuditFilter(actor: "carol", limit: 1_000))
        #expect(all.count == 60)
        let (cookie, _) = try await StudioTests.signIn(instance, token: Instance.token)
        let (_, first) = try await StudioTests.page(instance, "/studio/audit?actor=carol", cookie: cookie)
        #expect(Self.ids(in: first) == all.prefix(50).map(\.id))
        let next = "/studio/audit?actor=carol&amp;before=\(all[49].id)"
        #expect(first.contains("<a href=\"\(next)\" rel=\"next\">Older entries</a>"))
        let (_, second) = try await StudioTests.page(instance, next.replacingOccurrences(of: "&amp;", with: "&"), cookie: cookie)
        #expect(Self.ids(in: second) == all.suffix(10).map(\.id))
        #expect(!second.contains("rel=\"next\""))
        #expect(second.contains("Newest entries"))
    }

    // MARK: The line diff

    @Test func aDiffTagsEachLineAndNumbersIt() {
        let diff = TextDiff("a\nb\nc\nd\n", "a\nB\nc\nd\ne")
        #expect(diff.lines.map(\.change) == [.same, .removed, .added, .same, .same, .added])
        #expect(diff.lines.map(\.text) == ["a", "b", "B", "c", "d", "e"])
        #expect(diff.lines[1].before == 2 && diff.lines[1].after == nil)
        #expect(diff.lines[2].before == nil && diff.lines[2].after == 2)
        #expect(diff.lines[5].after == 5)
        #expect(!diff.replacedWhole)
        #expect(TextDiff("", "").lines.isEmpty)
        #expect(TextDiff("x", "").lines.map(\.change) == [.removed])
        #expect(TextDiff("same\n", "same\n").html.text.contains("no line changed"))
        // The shortest script: one line moved among many is one removal and one addition.
        let many = (0..<200).map { "line \($0)" }
        var moved = many
        moved.append(moved.remove(at: 10))
        let move = TextDiff(many.joined(separator: "\n"), moved.joined(separator: "\n"))
        #expect(move.counts.removed == 1 && move.counts.added == 1)
    }

    @Test func aDiffIsEscapedAndSaysRemovedAndAddedInWords() {
        let html = TextDiff("<script>alert('x')</script>\nkeep", "keep\n\"quoted\" & more").html(caption: "A <caption>").text
        #expect(!html.contains("<script>") && !html.contains("<caption>A <caption>"))
        #expect(html.contains("<caption>A &lt;caption&gt;: 1 line removed, 1 added</caption>"))
        #expect(
            html.contains(
                "<del><span class=\"sr-only\">removed: </span><span class=\"mark\" aria-hidden=\"true\">−</span>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</del>"
            ))
        #expect(
            html.contains(
                "<ins><span class=\"sr-only\">added: </span><span class=\"mark\" aria-hidden=\"true\">+</span>&quot;quoted&quot; &amp; more</ins>"
            ))
    }

    @Test func jsonIsComparedMemberByMember() {
        let diff = TextDiff.json(#"{"b": 1, "a": {"y": [1, 2], "x": "s"}}"#, #"{"a":{"x":"s","y":[1,3]},"b":1}"#)
        let changed = diff.lines.filter { $0.change != .same }
        #expect(changed.map(\.change) == [.removed, .added])
        #expect(changed.map { $0.text.trimmingCharacters(in: .whitespaces) } == ["2", "3"])
        #expect(TextDiff.readableJSON("not json {") == "not json {")
        #expect(TextDiff.readableJSON(nil) == "")
    }

    @Test func theWorkIsBoundedAndSaysSoWhenItGivesUp() {
        let before = (0..<100).map { "old \($0)" }.joined(separator: "\n")
        let after = (0..<100).map { "new \($0)" }.joined(separator: "\n")
        let bounded = TextDiff("top\n" + before + "\nbottom", "top\n" + after + "\nbottom", maxEdits: 50)
        #expect(bounded.replacedWhole)
        #expect(
            bounded.lines.map(\.change) == [.same] + Array(repeating: .removed, count: 100) + Array(repeating: .added, count: 100) + [.same]
        )
        #expect(bounded.html.text.contains("Too different to compare line by line"))
        let exact = TextDiff("top\n" + before + "\nbottom", "top\n" + after + "\nbottom")
        #expect(!exact.replacedWhole && exact.counts.removed == 100 && exact.counts.added == 100)
        // Huge texts are not compared line by line at all, and quickly.
        let lines = TextDiff.maxLines + 1
        let start = ContinuousClock.now
        let huge = TextDiff(
            (0..<lines).map { "a\($0)" }.joined(separator: "\n"), (0..<lines).map { "b\($0)" }.joined(separator: "\n"))
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(huge.replacedWhole && huge.counts.removed == lines && huge.counts.added == lines)
    }

    /// Filtering by who or by when reads an index, not the whole log (SQLite's plan, which a small
    /// table does not change; PostgreSQL's planner may scan a small table whatever the indexes).
    @Test(arguments: [
        (AuditFilter(actor: "alice"), "audit_log_actor"), (AuditFilter(from: 1_700_000_000_000, until: 1_700_086_400_000), "audit_log_at"),
        (AuditFilter(target: .exactly("slot:home.promo")), "audit_log_target"),
    ])
    func eachFilterReadsItsIndex(_ filter: AuditFilter, index: String) async throws {
        let database = try await Backend.sqlite.makeDatabase()
        _ = try await ControlPlane.open(database: database, configuration: LiveConfiguration())
        let (sql, binds) = filter.statement
        let plan = try await database.query("EXPLAIN QUERY PLAN " + sql, binds).compactMap { $0.text(3) }.joined(separator: "; ")
        #expect(plan.contains("USING INDEX \(index)") || plan.contains("USING COVERING INDEX \(index)"), "\(plan)")
        await database.close()
    }
}
