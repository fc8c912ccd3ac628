import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayServer
import Testing

/// The studio's content pages over a real socket, on SQLite and PostgreSQL: publishing from the
/// editor with every problem at its path and nothing typed lost, two admins publishing at once,
/// hostile text shown escaped, the read role refused, rollback, diff and preview.
@Suite struct StudioSlotTests {
    static func form(_ fields: [(String, String)]) -> String {
        fields.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
    }

    static func signedIn(_ instance: Instance, token: String = Instance.token) async throws -> (cookie: String, csrf: String) {
        let (cookie, _) = try await StudioTests.signIn(instance, token: token)
        let (_, page) = try await StudioTests.page(instance, "/studio/slots", cookie: cookie)
        return (try #require(cookie), try #require(StudioTests.csrf(in: page)))
    }

    @Test(arguments: Backend.available)
    func anAdminPublishesFromTheEditorAndARefusalKeepsWhatWasTyped(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, csrf) = try await Self.signedIn(instance)
        let before = try await instance.control.version(of: "home.promo")?.version ?? 0

        let broken = #"{"content": {"type": "text", "txt": "<script>alert(1)</script>"}}"#
        let refused = try await StudioTests.post(
            instance, "/studio/slots/home.promo", cookie: cookie,
            form: Self.form([("csrf", csrf), ("base", "\(before)"), ("intent", "publish"), ("document", broken)]))
        let page = String(decoding: refused.body, as: UTF8.self)
        #expect(refused.status == .unprocessableContent)
        #expect(page.contains("content"), "the problem names its path")
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the typed text is back, escaped")
        #expect(!page.contains("<script>alert"), "never as markup")
        #expect(try await instance.control.version(of: "home.promo")?.version ?? 0 == before, "nothing published")

        let valid = #"{"content": {"type": "text", "id": "promo.studio", "text": "Free delivery today"}}"#
        let checked = try await StudioTests.post(
            instance, "/studio/slots/home.promo", cookie: cookie,
            form: Self.form([("csrf", csrf), ("base", "\(before)"), ("intent", "check"), ("document", valid)]))
        #expect(checked.status == .ok)
        #expect(String(decoding: checked.body, as: UTF8.self).contains("would make version \(before + 1)"))
        #expect(try await instance.control.version(of: "home.promo")?.version ?? 0 == before, "a check publishes nothing")

        let published = try await StudioTests.post(
            instance, "/studio/slots/home.promo", cookie: cookie,
            form: Self.form([("csrf", csrf), ("base", "\(before)"), ("intent", "publish"), ("document", valid)]))
        #expect(published.status == .seeOther)
        let current = try #require(try await instance.control.version(of: "home.promo"))
        #expect(current.version == before + 1 && current.author == "alice")

        // A second admin who started from the same version is told, and keeps their text.
        let late = #"{"content": {"type": "text", "id": "promo.late", "text": "Two for one"}}"#
        let conflict = try await StudioTests.post(
            instance, "/studio/slots/home.promo", cookie: cookie,
            form: Self.form([("csrf", csrf), ("base", "\(before)"), ("intent", "publish"), ("document", late)]))
        #expect(conflict.status == .preconditionFailed)
        let conflictPage = String(decoding: conflict.body, as: UTF8.self)
        #expect(conflictPage.contains("Two for one") && conflictPage.contains("published version \(before + 1)"))
        #expect(conflictPage.contains("name=\"base\" value=\"\(before + 1)\""), "a second press publishes on top, knowingly")

        // The preview draws the published content with the web renderer, framed by the studio only.
        let (preview, previewHTML) = try await StudioTests.page(
            instance, "/studio/slots/home.promo/preview?version=\(before + 1)&language=default", cookie: cookie)
        #expect(preview.status == .ok)
        #expect(previewHTML.contains("Free delivery today"))
        #expect(preview.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'self'") == true)
        // Forced dark: the dark rules always apply, and the policy allows the style as changed.
        let (dark, darkHTML) = try await StudioTests.page(
            instance, "/studio/slots/home.promo/preview?version=\(before + 1)&language=default&scheme=dark", cookie: cookie)
        #expect(darkHTML.contains("@media all") && !darkHTML.contains("prefers-color-scheme:dark"))
        #expect(darkHTML.contains("<meta name=\"color-scheme\" content=\"dark\">"))
        let policy = dark.headers[.contentSecurityPolicy] ?? ""
        #expect(policy != preview.headers[.contentSecurityPolicy], "the style's hash follows the forced style")
        let (_, slotPage) = try await StudioTests.page(instance, "/studio/slots/home.promo", cookie: cookie)
        #expect(slotPage.contains("<iframe") && slotPage.contains("frame-phone") && slotPage.contains("frame-tablet"))

        // The diff of the two versions shows the changed member.
        if before > 0 {
            let (_, diff) = try await StudioTests.page(
                instance, "/studio/slots/home.promo/diff?from=\(before)&to=\(before + 1)", cookie: cookie)
            #expect(diff.contains("<ins>") && diff.contains("Free delivery today"))
        }
        // Roll back to the version before, as a new version.
        if before > 0 {
            let rolledBack = try await StudioTests.post(
                instance, "/studio/slots/home.promo/rollback", cookie: cookie,
                form: Self.form([("csrf", csrf), ("base", "\(before + 1)"), ("version", "\(before)")]))
            #expect(rolledBack.status == .seeOther)
            #expect(try await instance.control.version(of: "home.promo")?.version == before + 2)
        }
    }

    @Test func aDocumentIsCheckedAsItIsTypedWithTheSessionsToken() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, csrf) = try await Self.signedIn(instance)
        let (_, page) = try await StudioTests.page(instance, "/studio/slots/home.promo", cookie: cookie)
        #expect(page.contains("data-check=\"/studio/slots/home.promo/check\"") && page.contains("aria-live=\"polite\""))
        let broken = #"{"content": {"type": "text"}}"#
        let checked = try await StudioTests.send(
            instance, .post, "/studio/slots/home.promo/check", body: broken,
            headers: [.cookie: cookie, .contentType: "application/json", HTTPField.Name("X-CSRF-Token")!: csrf])
        #expect(checked.status == .ok)
        let answer = try JSONParser.parse(checked.body)
        let problems = answer["problems"]?.arrayValue ?? []
        #expect(!problems.isEmpty, "\(answer)")
        #expect(problems.first?["path"]?.stringValue?.hasPrefix("content") == true, "a problem at its path: \(problems)")
        let valid = try await StudioTests.send(
            instance, .post, "/studio/slots/home.promo/check", body: #"{"content": {"type": "text", "text": "Hi"}}"#,
            headers: [.cookie: cookie, .contentType: "application/json", HTTPField.Name("X-CSRF-Token")!: csrf])
        #expect(try JSONParser.parse(valid.body)["problems"]?.arrayValue?.isEmpty == true)
        let forged = try await StudioTests.send(
            instance, .post, "/studio/slots/home.promo/check", body: broken, headers: [.cookie: cookie, .contentType: "application/json"])
        #expect(forged.status == .forbidden, "no token, no answer")
    }

    @Test func theReadRoleSeesContentAndCannotPublish() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, csrf) = try await Self.signedIn(instance, token: Instance.readToken)
        let before = try await instance.control.version(of: "home.promo")?.version ?? 0
        let (_, page) = try await StudioTests.page(instance, "/studio/slots/home.promo", cookie: cookie)
        #expect(!page.contains("<textarea"), "no editor for a read session")
        let refused = try await StudioTests.post(
            instance, "/studio/slots/home.promo", cookie: cookie,
            form: Self.form([("csrf", csrf), ("intent", "publish"), ("document", #"{"content": {"type": "text", "text": "x"}}"#)]))
        #expect(refused.status == .forbidden)
        #expect(try await instance.control.version(of: "home.promo")?.version ?? 0 == before)
    }

    /// The version numbers in a history page's table, top to bottom, and its older and newer links.
    static func history(_ page: String) -> (versions: [Int], older: String?, newer: String?) {
        let versions = page.matches(of: /<tr><th scope="row">(\d+)<\/th>/).compactMap { Int($0.output.1) }
        let older = page.firstMatch(of: /<a href="([^"]+)" rel="next">Older versions<\/a>/).map { String($0.output.1) }
        let newer = page.firstMatch(of: /<a href="([^"]+)" rel="prev">Newer versions<\/a>/).map { String($0.output.1) }
        return (versions, older, newer)
    }

    /// A slot with 10,000 versions: its page says how many, shows the newest 50, and pages through
    /// every one of them (older, then newer again) on the version number; a bad page is a 400.
    @Test(arguments: Backend.available)
    func aHistoryOfTenThousandVersionsIsCountedAndPaged(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        // Rows as a publish writes them, in one statement (10,000 publishes would take minutes).
        _ = try await instance.control.database.query(
            """
            INSERT INTO slot_versions (slot, version, document, author, published_at)
            WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < 10000)
            SELECT 'history.long', v, '{"content": {"type": "text", "text": "v' || v || '"}}', 'ci', 1700000000000 + v FROM n
            """)
        let (cookie, _) = try await Self.signedIn(instance)
        let (first, firstPage) = try await StudioTests.page(instance, "/studio/slots/history.long", cookie: cookie)
        #expect(first.status == .ok)
        #expect(firstPage.contains("10,000 versions, the first version 1, the newest 10000: versions 10000 to 9951, newest first."))
        var page = Self.history(firstPage)
        #expect(page.versions == Array((9_951...10_000).reversed()))
        #expect(page.newer == nil, "the newest page has nothing newer")
        // Every version, once, walking older.
        var seen = page.versions
        var pages = 1
        while let older = page.older {
            let (response, html) = try await StudioTests.page(instance, older, cookie: cookie)
            #expect(response.status == .ok)
            page = Self.history(html)
            #expect(page.newer != nil, "an older page links back")
            seen += page.versions
            pages += 1
            if pages > 250 { break }
        }
        #expect(seen == Array((1...10_000).reversed()), "every version once, newest first")
        #expect(pages == 200)
        // The oldest page, then newer from it.
        let (_, oldestPage) = try await StudioTests.page(instance, "/studio/slots/history.long?after=0", cookie: cookie)
        #expect(oldestPage.contains("versions 50 to 1, newest first."))
        let oldest = Self.history(oldestPage)
        #expect(oldest.versions == Array((1...50).reversed()) && oldest.older == nil)
        let (_, newerPage) = try await StudioTests.page(instance, try #require(oldest.newer), cookie: cookie)
        #expect(Self.history(newerPage).versions == Array((51...100).reversed()))
        // Only the versions shown are offered to roll back to, never the current one.
        #expect(newerPage.contains("<option value=\"51\">") && !newerPage.contains("<option value=\"10000\">"))
        // Past either end: the count and a way back, no table.
        let (_, beyond) = try await StudioTests.page(instance, "/studio/slots/history.long?after=10000", cookie: cookie)
        #expect(beyond.contains("none on this page") && beyond.contains("rel=\"next\">Older versions"))
        // A page that is not one is a 400 that says why.
        for query in ["before=abc", "before=0", "after=-1", "before=5&after=3", "before=99999999999999999999"] {
            let (refused, html) = try await StudioTests.page(instance, "/studio/slots/history.long?" + query, cookie: cookie)
            #expect(refused.status == .badRequest, "\(query)")
            #expect(html.contains("version") || html.contains("not both"), "\(query): \(html.prefix(300))")
        }
    }
}
