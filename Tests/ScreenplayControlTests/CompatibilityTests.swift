import Foundation
import HTTPTypes
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayProtocol
import ScreenplayServer
import Testing

@testable import ScreenplayControl

/// The compatibility report and its gate (issue 32): the figures for a known census, written and
/// read back by the same code; the gate refusing a publish and a stop over a real socket with
/// its list, their dry runs, a forced change in the audit log; and the studio's pages of it.
@Suite struct CompatibilityTests {
    static let full: ClientCapabilities = {
        var capabilities = ClientCapabilities.full
        capabilities.platform = "ios"
        return capabilities
    }()

    static let web: ClientCapabilities = {
        var capabilities = ClientCapabilities.full
        capabilities.platform = "web"
        return capabilities
    }()

    /// 500 requests: the base set (20%, two app versions), a full iOS app (60%), browsers (20%).
    static let census = CapabilityCensus.Snapshot(
        from: 1_750_000_000_000, to: 1_750_600_000_000,
        entries: [
            CapabilityCensus.Entry(capabilities: .base, appVersion: AppVersion("4.1"), requests: 60),
            CapabilityCensus.Entry(capabilities: .base, appVersion: AppVersion("4.2"), requests: 40),
            CapabilityCensus.Entry(capabilities: full, appVersion: AppVersion("5.0"), requests: 300),
            CapabilityCensus.Entry(capabilities: web, appVersion: nil, requests: 100),
        ], other: 0, maxEntries: 200)

    /// A slot's document: a text, and a toggle the base set cannot show.
    static let toggle = document(
        VStack(spacing: 4) {
            Text("Notify me")
            Toggle("Notify", key: "notify")
        }.node)
    static let text = document(Text("Free delivery today").node)

    static func document(_ node: Node) -> String {
        String(decoding: JSONWriter.write(.object(["content": node.json])), as: UTF8.self)
    }

    @Test func theReportsFiguresForAKnownCensus() async throws {
        let routes = DemoApp.routes()
        let checker = CompatibilityChecker(routes: routes)
        let content = try PublishedContent.checked(Array(Self.toggle.utf8))
        let report = await checker.report(census: Self.census, slots: ["home.promo": content], maxShare: 0.05)

        #expect(report.total == 500 && report.other == 0 && report.maxShare == 0.05)
        let base = try #require(report.clients.first { $0.capabilities.components == ClientCapabilities.base.components })
        #expect(base.requests == 100 && base.share == 0.2)
        #expect(base.appVersions.map { $0.appVersion?.description ?? "" } == ["4.1", "4.2"])
        #expect(base.set == CapabilityCensus.setID(of: .base))
        #expect(report.clients.first?.capabilities == Self.full && report.clients.first?.share == 0.6, "most requested first")
        #expect(report.clients.count == 3)

        // The slot: the base set loses the toggle, where it stands; the others get it as written.
        let slot = try #require(report.targets.first { $0.kind == .slot })
        #expect(slot.name == "home.promo" && slot.degradedShare == 0.2 && slot.changedShare == 0.2)
        let loss = try #require(slot.losses.first)
        #expect(slot.losses.count == 1 && loss.set == base.set && loss.degrades)
        #expect(loss.report.droppedNodes == ["toggle": 1])
        #expect(loss.report.changes == [AdaptationReport.Change(kind: .droppedNode, type: "toggle", path: "content.children[1]")])
        #expect(loss.appVersions == ["4.1", "4.2"])
        #expect(report.exceeding(0.05).contains { $0.title == "slot home.promo" })
        #expect(!report.exceeding(0.25).contains { $0.title == "slot home.promo" })

        // Every screen without parameters, and each other variant of the experiments it reads.
        let titles = report.targets.filter { $0.kind == .screen }.map(\.title)
        for title in [
            "screen home", "screen home [homeOrder = paymentsFirst]", "screen checkout", "screen checkout [checkoutOrder = cardFirst]",
        ] {
            #expect(titles.contains(title), "\(titles)")
        }
        #expect(!titles.contains { $0.contains(":") }, "screens with parameters are left out")
        // The home: the base set cannot run setState, so its tab buttons go (a degradation); a
        // full client gets the widgets' fallbacks (a change, not a degradation).
        let home = try #require(report.targets.first { $0.title == "screen home" })
        #expect(home.degradedShare == 0.2, "\(home.losses.map { ($0.set, $0.report.droppedNodes) })")
        #expect(home.losses.first { $0.platform == "ios" }.map { !$0.degrades && !$0.report.usedFallback.isEmpty } == true)
        #expect(home.changedShare == 1.0)
        // Each target's figures, recomputed from the routes' own adaptation, client by client.
        for target in report.targets where target.kind == .screen {
            var degraded = 0.0
            for client in report.clients {
                var loses = false
                for language in routes.languages.supported {
                    let variants = target.experiment.map { [$0: target.variant ?? ""] } ?? [:]
                    let adaptation = try await routes.adaptation(
                        ofScreen: target.name, language: language, capabilities: client.capabilities,
                        appVersion: client.appVersions.first?.appVersion, variants: variants)
                    loses = loses || adaptation.report.losesContent
                }
                if loses { degraded += client.share }
            }
            #expect(abs(target.degradedShare - degraded) < 1e-9, "\(target.title)")
        }

        // Written and read by the same code.
        let read = try CompatibilityReport.decode(from: report.encoded()).get()
        #expect(read == report)
        #expect(read.targets.map(\.degradedShare) == report.targets.map(\.degradedShare))
    }

    /// 90 requests of an app that shows everything, 10 of the base set, each of its own user: 10%
    /// of the census's requests and of its users.
    static func traffic(_ instance: Instance) async throws {
        var full = Instance.allComponents
        full[.screenplayVersion] = FormatVersion.latest.description
        full[.screenplayPlatform] = "ios"
        full[.screenplayAppVersion] = "5.0"
        for index in 0..<90 {
            full[.screenplayUser] = "full-\(index)"
            #expect(try await instance.send(.get, "/screens/requests", headers: full, token: nil).status == .ok)
        }
        for index in 0..<10 {
            let base: HTTPFields = [.screenplayPlatform: "ios", .screenplayAppVersion: "4.1", .screenplayUser: "base-\(index)"]
            #expect(try await instance.send(.get, "/screens/requests", headers: base, token: nil).status == .ok)
        }
    }

    /// One heavy user on an old app (the base set) asks 1,000 screens; 99 users of an app that
    /// shows everything ask one each (none named when `users` is false).
    static func heavyUserTraffic(_ instance: Instance, users: Bool) async throws {
        var base: HTTPFields = [.screenplayPlatform: "ios", .screenplayAppVersion: "4.1"]
        if users { base[.screenplayUser] = "heavy" }
        for _ in 0..<1_000 { #expect(try await instance.send(.get, "/screens/requests", headers: base, token: nil).status == .ok) }
        var full = Instance.allComponents
        full[.screenplayVersion] = FormatVersion.latest.description
        full[.screenplayPlatform] = "ios"
        full[.screenplayAppVersion] = "5.0"
        for index in 0..<99 {
            full[.screenplayUser] = users ? "user-\(index)" : nil
            #expect(try await instance.send(.get, "/screens/requests", headers: full, token: nil).status == .ok)
        }
    }

    /// The gate weighs users, not requests, once the census counts users: one heavy user's 1,000
    /// requests on an old app are 91% of the requests but 1% of the users, and a toggle that app
    /// drops is let through at 5%; the same traffic without users is judged by requests, and
    /// refused, the message saying so.
    @Test(arguments: Backend.available)
    func theGateWeighsUsersNotRequestsWhenTheCensusCountsUsers(_ backend: Backend) async throws {
        for users in [true, false] {
            let instance = try await Instance.start(on: try await backend.makeDatabase())
            defer { Instance.stop(instance) }
            instance.control.compatibilityMaxShare = 0.05
            try await Self.heavyUserTraffic(instance, users: users)

            let dry = try await instance.send(.put, "/admin/slots/home.promo?dryRun=true&force=looking", body: Self.toggle)
            #expect(dry.status == .ok)
            let report = try #require(try SlotVersionDocument.decode(from: dry.body).get().compatibility)
            let old = try #require(report.clients.first { $0.capabilities.components == ClientCapabilities.base.components })
            #expect(report.total == 1_099 && old.requests == 1_000)
            #expect(abs(old.share - 1_000.0 / 1_099) < 1e-6, "\(old.share)")
            let target = try #require(report.targets.first)
            #expect(abs(target.degradedShare - 1_000.0 / 1_099) < 1e-6)
            if users {
                #expect(report.users == 100 && old.users == 1 && report.gateBasis == .users)
                #expect(old.userShare == 0.01 && target.degradedUserShare == 0.01, "\(old.userShare)")
                // Written and read back: the new members beside the old.
                let json = try #require(String(bytes: report.encoded(), encoding: .utf8))
                #expect(json.contains("\"userShare\"") && json.contains("\"degradedUserShare\"") && json.contains("\"gateBasis\""))
                #expect(try CompatibilityReport.decode(from: report.encoded()).get() == report)
                #expect(report.gatedShare(of: target) == 0.01)
                let published = try await instance.send(.put, "/admin/slots/home.promo", body: Self.toggle)
                #expect(published.status == .created, "1% of users is within the 5% allowed")
                // The admin API's report and the studio's page show both shares.
                let live = try CompatibilityReport.decode(
                    from: try await instance.send(.get, "/admin/compat", token: Instance.readToken).body
                ).get()
                let slot = try #require(live.targets.first { $0.title == "slot home.promo" })
                #expect(slot.degradedUserShare == 0.01 && abs(slot.degradedShare - 1_000.0 / 1_099) < 1e-6)
                let (reader, _) = try await StudioTests.signIn(instance, token: Instance.readToken)
                let (_, page) = try await StudioTests.page(instance, "/studio/compat", cookie: reader)
                #expect(page.contains("1099 screen requests of about 100 users"), "\(page)")
                #expect(page.contains("data-user-share=\"\(old.set)\">1.0%</td>") && page.contains("data-share=\"\(old.set)\">91.0%</td>"))
                #expect(page.contains("data-degraded-users=\"slot home.promo\">1.0%</td>"))
            } else {
                #expect(report.users == 0 && old.users == 0 && report.gateBasis == .requests)
                let refused = try await instance.send(.put, "/admin/slots/home.promo", body: Self.toggle)
                #expect(refused.status == .unprocessableContent)
                let error = try #require(ScreenplayError(status: refused.status, body: refused.body))
                #expect(error.message.contains("judged by requests") && error.message.contains("91.0%"), "\(error.message)")
            }
        }
    }

    /// Users counted, but an old client that never names one (a signed-out app): it is weighed by
    /// its requests, not as no one, and the toggle it drops is refused.
    @Test(arguments: Backend.available)
    func aClientThatNamesNoUserIsWeighedByItsRequests(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        instance.control.compatibilityMaxShare = 0.05
        let old: HTTPFields = [.screenplayPlatform: "android", .screenplayAppVersion: "3.9"]
        for _ in 0..<20 { #expect(try await instance.send(.get, "/screens/requests", headers: old, token: nil).status == .ok) }
        var full = Instance.allComponents
        full[.screenplayVersion] = FormatVersion.latest.description
        full[.screenplayPlatform] = "ios"
        for index in 0..<80 {
            full[.screenplayUser] = "user-\(index)"
            #expect(try await instance.send(.get, "/screens/requests", headers: full, token: nil).status == .ok)
        }
        let dry = try await instance.send(.put, "/admin/slots/home.promo?dryRun=true&force=looking", body: Self.toggle)
        let report = try #require(try SlotVersionDocument.decode(from: dry.body).get().compatibility)
        let target = try #require(report.targets.first)
        #expect(report.gateBasis == .users && target.degradedUserShare == 0, "no counted user is on the old app")
        #expect(abs(report.gatedShare(of: target) - 0.2) < 1e-6, "its 20 of 100 requests: \(report.gatedShare(of: target))")
        let refused = try await instance.send(.put, "/admin/slots/home.promo", body: Self.toggle)
        #expect(refused.status == .unprocessableContent)
        let error = try #require(ScreenplayError(status: refused.status, body: refused.body))
        #expect(
            error.message.contains("clients that named no user by their requests") && error.message.contains("20.0%"), "\(error.message)")
    }

    @Test(arguments: Backend.available)
    func theGateRefusesAPublishAndAStopWithItsListAndAForceIsAudited(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        instance.control.compatibilityMaxShare = 0.05
        try await Self.traffic(instance)

        // A toggle the base set drops: 10% of requests, over the 5% allowed.
        let refused = try await instance.send(.put, "/admin/slots/home.promo", body: Self.toggle)
        #expect(refused.status == .unprocessableContent)
        let error = try #require(ScreenplayError(status: refused.status, body: refused.body))
        #expect(error.code == "compatibilityGate")
        #expect(error.message.contains("5.0%") && error.message.contains("10.0%"), "\(error.message)")
        #expect(error.message.contains("of users (judged by users: 100 counted; "), "\(error.message)")
        let problem = try #require(error.problems.first)
        #expect(problem.path.description == "content.children[1]")
        #expect(
            problem.message.contains("toggle") && problem.message.contains("10.0%") && problem.message.contains("ios"), "\(problem.message)"
        )
        #expect(problem.message.contains("app 4.1"))
        #expect(try await instance.control.version(of: "home.promo") == nil, "nothing was published")
        // The dry run shows the same list.
        let dry = try await instance.send(.put, "/admin/slots/home.promo?dryRun=true", body: Self.toggle)
        #expect(dry.status == .unprocessableContent)
        #expect(ScreenplayError(status: dry.status, body: dry.body)?.problems == error.problems)
        // A text everyone shows passes, and its dry run says so with the census.
        let harmless = try await instance.send(.put, "/admin/slots/home.promo?dryRun=true", body: Self.text)
        #expect(harmless.status == .ok)
        let checked = try SlotVersionDocument.decode(from: harmless.body).get()
        #expect(checked.dryRun && checked.compatibility?.total == 100)
        #expect(checked.compatibility?.targets.first?.degradedShare == 0)
        #expect(checked.compatibility?.clients.map(\.share).sorted() == [0.1, 0.9])

        // Forced with a reason: published, and the override is in the audit log.
        let forced = try await instance.send(.put, "/admin/slots/home.promo?force=Old%20apps%20show%20the%20text", body: Self.toggle)
        #expect(forced.status == .created)
        let audit = try await instance.control.audit(target: "slot:home.promo")
        let override = try #require(audit.first { $0.action == "override compatibility gate" })
        #expect(override.actor == "alice")
        #expect(override.after?.contains("Old apps show the text") == true && override.after?.contains("slot home.promo") == true)
        #expect(audit.contains { $0.action == "publish" })
        // A rollback is the way out of an incident: never refused.
        #expect(try await instance.send(.put, "/admin/slots/home.promo", body: Self.text).status == .created)
        #expect(try await instance.send(.post, "/admin/slots/home.promo/rollback", body: #"{"version": 1}"#).status == .created)

        // The report over the admin API (a read token): the published toggle degrades 10%.
        let report = try CompatibilityReport.decode(
            from: try await instance.send(.get, "/admin/compat", token: Instance.readToken).body
        ).get()
        #expect(report.total == 100 && report.maxShare == 0.05)
        #expect(report.targets.first { $0.title == "slot home.promo" }?.degradedShare == 0.1)
        #expect(try await instance.send(.get, "/admin/compat", token: nil).status == .unauthorized)

        // Stopping homeOrder with a winner: the base set loses the home's tab buttons.
        let stop = #"{"winner": "paymentsFirst"}"#
        let stopped = try await instance.send(.post, "/admin/experiments/homeOrder/stop", body: stop)
        #expect(stopped.status == .unprocessableContent)
        let stopError = try #require(ScreenplayError(status: stopped.status, body: stopped.body))
        #expect(stopError.code == "compatibilityGate")
        #expect(
            stopError.problems.contains {
                $0.message.contains("screen home [homeOrder = paymentsFirst]") && $0.path.description.hasPrefix("body")
            })
        #expect(try await instance.control.storedExperiment(named: "homeOrder")?.experiment.status == .running)
        let stopDry = try await instance.send(.post, "/admin/experiments/homeOrder/stop?dryRun=true", body: stop)
        #expect(stopDry.status == .unprocessableContent)
        let forcedDry = try await instance.send(.post, "/admin/experiments/homeOrder/stop?dryRun=true&force=checked", body: stop)
        #expect(forcedDry.status == .ok)
        let stopReport = try CompatibilityReport.decode(from: forcedDry.body).get()
        #expect(stopReport.targets.map(\.title) == ["screen home [homeOrder = paymentsFirst]"])
        #expect(stopReport.targets.first?.degradedShare == 0.1)
        let forcedStop = try await instance.send(.post, "/admin/experiments/homeOrder/stop?force=Tabs%20are%20extra", body: stop)
        #expect(forcedStop.status == .ok)
        #expect(try await instance.control.storedExperiment(named: "homeOrder")?.experiment.winner == "paymentsFirst")
        #expect(try await instance.control.audit(target: "experiment:homeOrder").contains { $0.action == "override compatibility gate" })
        // A reason that is not text is refused, as every stored text.
        let bad = try await instance.send(.put, "/admin/slots/home.promo?force=%01", body: Self.toggle)
        #expect(bad.status == .badRequest)
    }

    @Test(arguments: Backend.available)
    func theStudioShowsTheCensusTheReportAndTheGatesList(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        instance.control.compatibilityMaxShare = 0.05
        try await Self.traffic(instance)

        // The read role sees the census and the report.
        let (reader, _) = try await StudioTests.signIn(instance, token: Instance.readToken)
        let (shown, page) = try await StudioTests.page(instance, "/studio/compat", cookie: reader)
        #expect(shown.status == .ok)
        #expect(page.contains("<a href=\"/studio/compat\" aria-current=\"page\">Compatibility</a>"))
        #expect(page.contains("100 screen requests of about 100 users, 2 capability sets by platform."))
        let base = CapabilityCensus.setID(of: .base)
        #expect(page.contains("data-share=\"\(base)\">10.0%</td>"), "\(page)")
        #expect(page.contains("data-user-share=\"\(base)\">10.0%</td>"), "\(page)")
        #expect(page.contains("data-degraded-users=\"screen checkout\">10.0% <span class=\"problem\">(over the gate)</span>"))
        #expect(page.contains("data-degraded=\"screen checkout\">10.0%</td>"))
        #expect(page.contains("5.0%"))

        // An admin's check of a toggle: refused with the list and a reason field; forced, published.
        let (admin, _) = try await StudioTests.signIn(instance, token: Instance.token)
        let (_, slot) = try await StudioTests.page(instance, "/studio/slots/home.promo", cookie: admin)
        let csrf = try #require(StudioTests.csrf(in: slot))
        let document = Self.toggle.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let check = try await StudioTests.post(
            instance, "/studio/slots/home.promo", cookie: admin, form: "csrf=\(csrf)&base=0&intent=check&document=\(document)")
        #expect(check.status == .unprocessableContent)
        let checked = String(decoding: check.body, as: UTF8.self)
        #expect(checked.contains("content.children[1]") && checked.contains("toggle"))
        #expect(checked.contains("id=\"force\" name=\"force\""))
        let publish = try await StudioTests.post(
            instance, "/studio/slots/home.promo", cookie: admin,
            form: "csrf=\(csrf)&base=0&intent=publish&force=Checked+with+design&document=\(document)")
        #expect(publish.status == .seeOther)
        #expect(try await instance.control.version(of: "home.promo")?.version == 1)
        // A harmless check shows the census's figures.
        let text = Self.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let harmless = try await StudioTests.post(
            instance, "/studio/slots/home.promo", cookie: admin, form: "csrf=\(csrf)&base=1&intent=check&document=\(text)")
        let harmlessPage = String(decoding: harmless.body, as: UTF8.self)
        #expect(harmless.status == .ok)
        #expect(
            harmlessPage.contains(
                "slot home.promo: 0.0% of users (0.0% of screen requests) would lose nodes or actions (the gate allows 5.0%)"))

        // The stop confirmation lists what the winner's screens lose, and refuses without a reason.
        let (_, confirmation) = try await StudioTests.page(
            instance, "/studio/experiments/homeOrder/stop?winner=paymentsFirst", cookie: admin)
        #expect(
            confirmation.contains(
                "screen home [homeOrder = paymentsFirst]: 10.0% of users (10.0% of screen requests) would lose nodes or actions"))
        #expect(confirmation.contains("id=\"force\" name=\"force\""))
        let refused = try await StudioTests.post(
            instance, "/studio/experiments/homeOrder/stop", cookie: admin, form: "csrf=\(csrf)&winner=paymentsFirst")
        #expect(refused.status == .unprocessableContent)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("Not stopped:"))
        let forced = try await StudioTests.post(
            instance, "/studio/experiments/homeOrder/stop", cookie: admin, form: "csrf=\(csrf)&winner=paymentsFirst&force=Tabs+are+extra")
        #expect(forced.status == .seeOther)
        #expect(try await instance.control.storedExperiment(named: "homeOrder")?.experiment.status == .stopped)
    }
}
