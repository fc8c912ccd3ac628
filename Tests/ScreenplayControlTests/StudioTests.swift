import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayServer
import Testing

/// The studio over a real socket, on SQLite and PostgreSQL: signing in, the session cookie,
/// CSRF, the read role enforced by the server, signing out everywhere, and an experiment's page
/// showing the report's figures.
@Suite struct StudioTests {
    /// A client that, like a test of a browser's first answer, does not follow redirects.
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))

    /// One request, its answer as it came.
    static func send(_ instance: Instance, _ method: HTTPRequest.Method, _ path: String, body: String?, headers: HTTPFields)
        async throws -> TransportResponse
    {
        var request = HTTPClientRequest(url: instance.url.absoluteString + path)
        request.method = .init(rawValue: method.rawValue)
        for field in headers { request.headers.add(name: field.name.rawName, value: field.value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await client.execute(request, timeout: .seconds(30))
        var fields = HTTPFields()
        for (name, value) in response.headers { if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) } }
        let bytes = try await response.body.collect(upTo: 8 << 20)
        return TransportResponse(
            status: HTTPResponse.Status(code: Int(response.status.code)), headers: fields, body: Array(bytes.readableBytesView))
    }

    /// Signs in with `token`: the session cookie (`name=value`) and the answer.
    static func signIn(_ instance: Instance, token: String, headers: HTTPFields = [:]) async throws -> (cookie: String?, TransportResponse)
    {
        var fields = headers
        fields[.contentType] = "application/x-www-form-urlencoded"
        let body = "token=" + (token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let response = try await send(instance, .post, "/studio/sign-in", body: body, headers: fields)
        let cookie = response.headers[.setCookie]?.split(separator: ";").first.map(String.init)
        return (cookie, response)
    }

    /// A page's HTML with a cookie.
    static func page(_ instance: Instance, _ path: String, cookie: String?) async throws -> (TransportResponse, String) {
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = cookie }
        let response = try await send(instance, .get, path, body: nil, headers: headers)
        return (response, String(decoding: response.body, as: UTF8.self))
    }

    /// Posts a form with a cookie.
    static func post(_ instance: Instance, _ path: String, cookie: String?, form: String, headers: HTTPFields = [:]) async throws
        -> TransportResponse
    {
        var fields = headers
        fields[.contentType] = "application/x-www-form-urlencoded"
        if let cookie { fields[.cookie] = cookie }
        return try await send(instance, .post, path, body: form, headers: fields)
    }

    /// The CSRF token a page's forms carry.
    static func csrf(in html: String) -> String? {
        guard let range = html.range(of: "name=\"csrf\" value=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test(arguments: Backend.available)
    func anAdminSignsInWithAStrictCookieAndChangesOnlyWithTheSessionsToken(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, signedIn) = try await Self.signIn(instance, token: Instance.token)
        #expect(signedIn.status == .seeOther)
        #expect(signedIn.headers[.location] == "/studio/experiments")
        let setCookie = try #require(signedIn.headers[.setCookie])
        for attribute in ["HttpOnly", "SameSite=Strict", "Path=/studio", "Max-Age=28800"] {
            #expect(setCookie.contains(attribute), "\(setCookie)")
        }
        #expect(!setCookie.contains("Secure"), "plain HTTP on loopback: a Secure cookie would never come back")
        let (_, behindTLS) = try await Self.signIn(
            instance, token: Instance.token, headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
        #expect(behindTLS.headers[.setCookie]?.contains("; Secure") == true)

        let (listed, list) = try await Self.page(instance, "/studio/experiments", cookie: cookie)
        #expect(listed.status == .ok)
        #expect(listed.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
        #expect(list.contains("checkoutOrder") && list.contains("homeOrder"))
        let (_, page) = try await Self.page(instance, "/studio/experiments/checkoutOrder", cookie: cookie)
        let csrf = try #require(Self.csrf(in: page))

        // Without the token, with another, or posted from another site: refused, nothing changed.
        for (form, headers) in [
            ("", HTTPFields()), ("csrf=forged", HTTPFields()), ("csrf=\(csrf)", [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]),
            ("csrf=\(csrf)", [HTTPField.Name("Origin")!: "https://evil.example"]),
        ] {
            let refused = try await Self.post(
                instance, "/studio/experiments/checkoutOrder/pause", cookie: cookie, form: form, headers: headers)
            #expect(refused.status == .forbidden, "\(form) \(headers)")
        }
        #expect(try await instance.control.storedExperiment(named: "checkoutOrder")?.experiment.status != .paused)

        let paused = try await Self.post(instance, "/studio/experiments/checkoutOrder/pause", cookie: cookie, form: "csrf=\(csrf)")
        #expect(paused.status == .seeOther)
        #expect(try await instance.control.storedExperiment(named: "checkoutOrder")?.experiment.status == .paused)
        let audit = try await instance.control.audit(target: "experiment:checkoutOrder", limit: 1)
        #expect(audit.first?.actor == "alice", "the change is in the audit log under the session's holder")

        // Stopping asks first, saying how many users it affects, then shows the winner to everyone.
        let (_, confirmation) = try await Self.page(instance, "/studio/experiments/checkoutOrder/stop?winner=cardFirst", cookie: cookie)
        #expect(confirmation.contains("users exposed so far"))
        let stopped = try await Self.post(
            instance, "/studio/experiments/checkoutOrder/stop", cookie: cookie, form: "csrf=\(csrf)&winner=cardFirst")
        #expect(stopped.status == .seeOther)
        let experiment = try await instance.control.storedExperiment(named: "checkoutOrder")?.experiment
        #expect(experiment?.status == .stopped && experiment?.winner == "cardFirst")
        let bad = try await Self.post(instance, "/studio/experiments/homeOrder/stop", cookie: cookie, form: "csrf=\(csrf)&winner=nobody")
        #expect(bad.status == .unprocessableContent)
    }

    @Test(arguments: Backend.available)
    func theReadRoleSeesEverythingAndTheServerRefusesItsChanges(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let revision = try await instance.control.storedExperiment(named: "checkoutOrder")?.revision
        let (cookie, _) = try await Self.signIn(instance, token: Instance.readToken)
        let (shown, page) = try await Self.page(instance, "/studio/experiments/checkoutOrder", cookie: cookie)
        #expect(shown.status == .ok)
        #expect(page.contains("read only"))
        #expect(!page.contains("/pause\""), "no button it may not press")
        let csrf = try #require(Self.csrf(in: page), "its sign-out form carries the session's token")
        for action in ["pause", "resume"] {
            let refused = try await Self.post(instance, "/studio/experiments/checkoutOrder/\(action)", cookie: cookie, form: "csrf=\(csrf)")
            #expect(refused.status == .forbidden)
        }
        let stop = try await Self.post(
            instance, "/studio/experiments/checkoutOrder/stop", cookie: cookie, form: "csrf=\(csrf)&winner=cardFirst")
        #expect(stop.status == .forbidden)
        let stored = try await instance.control.storedExperiment(named: "checkoutOrder")
        #expect(stored?.revision == revision && stored?.experiment.status == .running, "nothing was stored")
    }

    @Test(arguments: Backend.available)
    func aWrongOrEndedSessionSignsNobodyIn(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let (none, _) = try await Self.page(instance, "/studio/experiments", cookie: nil)
        #expect(none.status == .seeOther && none.headers[.location] == "/studio")
        let (forged, _) = try await Self.page(instance, "/studio/experiments", cookie: "screenplay_studio=made-up")
        #expect(forged.status == .seeOther)
        let (wrong, answer) = try await Self.signIn(instance, token: "not-a-token-of-this-server-at-all")
        #expect(wrong == nil)
        #expect(answer.status == .unauthorized)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("role=\"alert\""))

        // An expired session is refused, whatever its cookie.
        let (expiring, _) = try await Self.signIn(instance, token: Instance.token)
        try await instance.control.database.query("UPDATE studio_sessions SET expires = 1")
        let (expired, _) = try await Self.page(instance, "/studio/experiments", cookie: expiring)
        #expect(expired.status == .seeOther && expired.headers[.location] == "/studio")

        let (cookie, _) = try await Self.signIn(instance, token: Instance.token)
        let (_, page) = try await Self.page(instance, "/studio/experiments", cookie: cookie)
        let csrf = try #require(Self.csrf(in: page))
        let signedOut = try await Self.post(instance, "/studio/sign-out", cookie: cookie, form: "csrf=\(csrf)")
        #expect(signedOut.status == .seeOther)
        #expect(signedOut.headers[.setCookie]?.contains("Max-Age=0") == true)
        let (after, _) = try await Self.page(instance, "/studio/experiments", cookie: cookie)
        #expect(after.status == .seeOther, "the server ended the session: a copy of the cookie is worth nothing")
    }

    @Test func signingOutOnOneInstanceEndsTheSessionOnEvery() async throws {
        guard Backend.available.contains(.postgres) else { return }
        let (first, second) = try await Instance.pairOnPostgres()
        defer { Instance.stop(first, second) }
        let (cookie, _) = try await Self.signIn(first, token: Instance.token)
        let (onSecond, page) = try await Self.page(second, "/studio/experiments", cookie: cookie)
        #expect(onSecond.status == .ok, "a session is known to every instance")
        let csrf = try #require(Self.csrf(in: page))
        _ = try await Self.post(second, "/studio/sign-out", cookie: cookie, form: "csrf=\(csrf)")
        let (onFirst, _) = try await Self.page(first, "/studio/experiments", cookie: cookie)
        #expect(onFirst.status == .seeOther)
    }

    @Test func anExperimentsPageShowsTheReportsFigures() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let control = instance.control
        for index in 0..<400 {
            let user = "s-\(index)"
            let variant = await ControlPlaneTests.assign(control, user, "checkoutOrder")
            if index % (variant == "cardFirst" ? 3 : 4) == 0 {
                control.events.record(Conversion(id: "c-\(index)", name: "checkout_done", user: user))
            }
        }
        #expect(await control.events.writeWaiting())
        let report = try await control.report(experiment: "checkoutOrder")
        let (cookie, _) = try await Self.signIn(instance, token: Instance.readToken)
        let (_, page) = try await Self.page(instance, "/studio/experiments/checkoutOrder", cookie: cookie)
        for variant in report.variants {
            #expect(
                page.contains("<td class=\"number\" data-figure=\"rate\">\(ExperimentReport.percent(variant.rate))</td>"), "\(variant.name)"
            )
            #expect(page.contains("<td class=\"number\">\(variant.users)</td>"))
        }
        let challenger = try #require(report.variants.last)
        #expect(page.contains("data-figure=\"lift\">\(ExperimentReport.percent(challenger.lift, signed: true))<"))
        #expect(page.contains("data-figure=\"chance\">\(ExperimentReport.percent(challenger.chanceToBeatControl))<"))
        #expect(page.contains("<svg") && page.contains("role=\"img\""), "drawn, with a label")
        // Every exposure is today's, the experiment's first day: its totals are markers, not an empty line.
        #expect(page.matches(of: /<circle class="point/).count == 2 * report.variants.count, "one day, drawn")
        // Over time, the running totals of the last day are the report's figures.
        let timeline = try await control.timeline(experiment: "checkoutOrder")
        let last = try #require(timeline.days.last)
        for variant in report.variants {
            #expect(last.users[variant.name] == variant.users && last.conversions[variant.name] == variant.conversions)
        }
        let row = report.variants.map {
            "<td class=\"number\" data-series=\"users\">\($0.users)</td><td class=\"number\" data-series=\"conversions\">\($0.conversions)</td>"
        }
        #expect(page.contains("<tr><th scope=\"row\">\(last.date)</th>" + row.joined() + "</tr>"), "the table beside the chart")
    }

    /// Stopping shows the results the decision rests on, and warns when the chosen winner converts
    /// less than another variant; once stopped, the page still shows them, above the kill switches.
    @Test func stoppingShowsTheResultsAndWarnsWhenTheWinnerIsBehind() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let control = instance.control
        for index in 0..<400 {
            let user = "w-\(index)"
            let variant = await ControlPlaneTests.assign(control, user, "checkoutOrder")
            // The challenger converts one in two, the control one in five.
            if index % (variant == "cardFirst" ? 2 : 5) == 0 {
                control.events.record(Conversion(id: "w-\(index)", name: "checkout_done", user: user))
            }
        }
        #expect(await control.events.writeWaiting())
        let report = try await control.report(experiment: "checkoutOrder")
        let control0 = try #require(report.variants.first).name
        let (cookie, _) = try await Self.signIn(instance, token: Instance.token)
        let (_, confirmation) = try await Self.page(instance, "/studio/experiments/checkoutOrder/stop?winner=\(control0)", cookie: cookie)
        #expect(confirmation.contains("role=\"alert\" id=\"losing\"") && confirmation.contains("converts less than cardFirst"))
        #expect(confirmation.contains("data-figure=\"rate\"") && confirmation.contains("<svg"), "the results are on the confirmation")
        let (_, winning) = try await Self.page(instance, "/studio/experiments/checkoutOrder/stop?winner=cardFirst", cookie: cookie)
        #expect(!winning.contains("id=\"losing\"") && winning.contains("data-figure=\"rate\""), "no warning for the better variant")
        let csrf = try #require(Self.csrf(in: confirmation))
        let stopped = try await Self.post(
            instance, "/studio/experiments/checkoutOrder/stop", cookie: cookie, form: "csrf=\(csrf)&winner=\(control0)")
        #expect(stopped.status == .seeOther)
        let (_, page) = try await Self.page(instance, "/studio/experiments/checkoutOrder", cookie: cookie)
        #expect(page.contains("stopped, winner \(control0)") && page.contains("data-figure=\"rate\""), "stopped, its results still shown")
        #expect(page.contains("Stopped with \(control0), which converts less than cardFirst"))
        let results = try #require(page.range(of: "<h2>Results</h2>")).lowerBound
        let switches = try #require(page.range(of: "Switched off</h2>")).lowerBound
        #expect(results < switches, "the results come before the kill switches")
    }
}
