import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayServer
import Testing

/// Four eyes over a real socket, on SQLite and PostgreSQL: with the setting on, a studio change
/// to a slot or an experiment is a request; only another admin approves or refuses it; approving
/// applies it from its base or supersedes it; the audit log names who asked and who decided.
@Suite struct StudioRequestTests {
    static let document = #"{"content": {"type": "text", "id": "promo.fourEyes", "text": "Reviewed twice"}}"#

    static func fourEyes(_ backend: Backend) async throws -> Instance {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        instance.control.fourEyes = true
        return instance
    }

    /// The request a studio answer sends the browser to.
    static func requestID(_ response: TransportResponse) throws -> Int {
        let location = try #require(response.headers[.location])
        #expect(location.hasPrefix("/studio/requests/"), "\(location)")
        return try #require(Int(location.dropFirst("/studio/requests/".count)))
    }

    static func publish(_ instance: Instance, cookie: String, csrf: String, base: Int, document: String = document) async throws
        -> TransportResponse
    {
        try await StudioTests.post(
            instance, "/studio/slots/home.promo", cookie: cookie,
            form: StudioSlotTests.form([("csrf", csrf), ("base", "\(base)"), ("intent", "publish"), ("document", document)]))
    }

    @Test(arguments: Backend.available)
    func aPublishWaitsForAnotherAdminAndTheAuditLogNamesBoth(_ backend: Backend) async throws {
        let instance = try await Self.fourEyes(backend)
        defer { Instance.stop(instance) }
        let before = try await instance.control.version(of: "home.promo")?.version ?? 0
        let alice = try await StudioSlotTests.signedIn(instance)
        let asked = try await Self.publish(instance, cookie: alice.cookie, csrf: alice.csrf, base: before)
        #expect(asked.status == .seeOther)
        let id = try Self.requestID(asked)
        #expect(try await instance.control.version(of: "home.promo")?.version ?? 0 == before, "nothing is published yet")

        // The request's page: what it changes as a diff; no button for the one who asked.
        let (shown, page) = try await StudioTests.page(instance, "/studio/requests/\(id)", cookie: alice.cookie)
        #expect(shown.status == .ok)
        #expect(page.contains("Reviewed twice") && page.contains("<ins"), "the diff shows the new text")
        #expect(!page.contains("/approve\""), "no Approve for the one who asked")
        let (_, list) = try await StudioTests.page(instance, "/studio/requests", cookie: alice.cookie)
        #expect(list.contains("/studio/requests/\(id)") && list.contains("pending"))

        // Alice cannot approve her own request, even by forging the form.
        let own = try await StudioTests.post(instance, "/studio/requests/\(id)/approve", cookie: alice.cookie, form: "csrf=\(alice.csrf)")
        #expect(own.status == .forbidden)
        #expect(try await instance.control.version(of: "home.promo")?.version ?? 0 == before)

        // Nor can a cross-site form or one without bob's token.
        let bob = try await StudioSlotTests.signedIn(instance, token: Instance.secondToken)
        let (_, bobsPage) = try await StudioTests.page(instance, "/studio/requests/\(id)", cookie: bob.cookie)
        #expect(bobsPage.contains("/studio/requests/\(id)/approve\""), "bob sees Approve")
        let forged = try await StudioTests.post(instance, "/studio/requests/\(id)/approve", cookie: bob.cookie, form: "csrf=\(alice.csrf)")
        #expect(forged.status == .forbidden)
        let crossSite = try await StudioTests.post(
            instance, "/studio/requests/\(id)/approve", cookie: bob.cookie, form: "csrf=\(bob.csrf)",
            headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
        #expect(crossSite.status == .forbidden)
        #expect(try await instance.control.changeRequest(id: id)?.state == .pending)

        let approved = try await StudioTests.post(instance, "/studio/requests/\(id)/approve", cookie: bob.cookie, form: "csrf=\(bob.csrf)")
        #expect(approved.status == .seeOther)
        let current = try #require(try await instance.control.version(of: "home.promo"))
        #expect(current.version == before + 1 && current.document == Self.document && current.author == "bob")
        let request = try #require(try await instance.control.changeRequest(id: id))
        #expect(request.state == .approved && request.decidedBy == "bob" && request.requestedBy == "alice")

        let audit = try await instance.control.audit(filter: AuditFilter(target: .exactly("slot:home.promo"), limit: 10))
        let actions = audit.reversed().map { "\($0.actor) \($0.action)" }
        #expect(Array(actions.suffix(3)) == ["alice request publish", "bob approve publish", "bob publish"], "\(actions)")

        // Decided once: a second approval is a 409, nothing more is published.
        let again = try await StudioTests.post(instance, "/studio/requests/\(id)/approve", cookie: bob.cookie, form: "csrf=\(bob.csrf)")
        #expect(again.status == .conflict)
        #expect(try await instance.control.version(of: "home.promo")?.version == before + 1)
    }

    @Test(arguments: Backend.available)
    func aRefusalAppliesNothingAndTheReadRoleDecidesNothing(_ backend: Backend) async throws {
        let instance = try await Self.fourEyes(backend)
        defer { Instance.stop(instance) }
        let before = try await instance.control.version(of: "home.promo")?.version ?? 0
        let revision = try await instance.control.storedExperiment(named: "checkoutOrder")?.revision
        let alice = try await StudioSlotTests.signedIn(instance)
        let publish = try Self.requestID(try await Self.publish(instance, cookie: alice.cookie, csrf: alice.csrf, base: before))
        let stop = try Self.requestID(
            try await StudioTests.post(
                instance, "/studio/experiments/checkoutOrder/stop", cookie: alice.cookie, form: "csrf=\(alice.csrf)&winner=cardFirst"))
        let pause = try Self.requestID(
            try await StudioTests.post(
                instance, "/studio/experiments/checkoutOrder/pause", cookie: alice.cookie, form: "csrf=\(alice.csrf)"))
        #expect(try await instance.control.storedExperiment(named: "checkoutOrder")?.revision == revision, "nothing stored")

        // The read role sees the requests and decides none of them.
        let (reader, _) = try await StudioTests.signIn(instance, token: Instance.readToken)
        let (shown, page) = try await StudioTests.page(instance, "/studio/requests/\(stop)", cookie: reader)
        #expect(shown.status == .ok && page.contains("cardFirst") && !page.contains("/approve\""))
        let readCSRF = try #require(StudioTests.csrf(in: page))
        for action in ["approve", "refuse"] {
            let refused = try await StudioTests.post(
                instance, "/studio/requests/\(stop)/\(action)", cookie: reader, form: "csrf=\(readCSRF)")
            #expect(refused.status == .forbidden)
        }
        #expect(try await instance.control.changeRequest(id: stop)?.state == .pending)

        // Bob refuses the publish and the stop, with a note; nothing is applied.
        let bob = try await StudioSlotTests.signedIn(instance, token: Instance.secondToken)
        for id in [publish, stop] {
            let refused = try await StudioTests.post(
                instance, "/studio/requests/\(id)/refuse", cookie: bob.cookie, form: "csrf=\(bob.csrf)&note=not+this+week")
            #expect(refused.status == .seeOther)
            let request = try await instance.control.changeRequest(id: id)
            #expect(request?.state == .refused && request?.decidedBy == "bob" && request?.note == "not this week")
        }
        #expect(try await instance.control.version(of: "home.promo")?.version ?? 0 == before)
        #expect(try await instance.control.storedExperiment(named: "checkoutOrder")?.experiment.status == .running)
        let refusals = try await instance.control.audit(filter: AuditFilter(actor: "bob", limit: 10)).map(\.action)
        #expect(Set(refusals) == ["refuse publish", "refuse stop"])

        // The pause, approved by bob, pauses it.
        let approved = try await StudioTests.post(
            instance, "/studio/requests/\(pause)/approve", cookie: bob.cookie, form: "csrf=\(bob.csrf)")
        #expect(approved.status == .seeOther)
        let stored = try await instance.control.storedExperiment(named: "checkoutOrder")
        #expect(stored?.experiment.status == .paused && stored?.updatedBy == "bob")
        let (_, list) = try await StudioTests.page(instance, "/studio/requests", cookie: bob.cookie)
        #expect(list.contains("approved by bob") && list.contains("refused by bob"))
    }

    @Test(arguments: Backend.available)
    func aRequestWhoseBaseMovedIsSupersededOnApproval(_ backend: Backend) async throws {
        let instance = try await Self.fourEyes(backend)
        defer { Instance.stop(instance) }
        let before = try await instance.control.version(of: "home.promo")?.version ?? 0
        let alice = try await StudioSlotTests.signedIn(instance)
        let id = try Self.requestID(try await Self.publish(instance, cookie: alice.cookie, csrf: alice.csrf, base: before))
        // Meanwhile the slot moves on (through the admin API, which four eyes do not cover).
        let other = #"{"content": {"type": "text", "id": "promo.other", "text": "Published meanwhile"}}"#
        _ = try await instance.control.publish(Array(other.utf8), to: "home.promo", by: "ci")

        let bob = try await StudioSlotTests.signedIn(instance, token: Instance.secondToken)
        let (_, page) = try await StudioTests.page(instance, "/studio/requests/\(id)", cookie: bob.cookie)
        #expect(page.contains("superseded"), "the page warns before the press")
        let refused = try await StudioTests.post(instance, "/studio/requests/\(id)/approve", cookie: bob.cookie, form: "csrf=\(bob.csrf)")
        #expect(refused.status == .preconditionFailed)
        let text = String(decoding: refused.body, as: UTF8.self)
        #expect(text.contains("Changed meanwhile") && text.contains("superseded") && text.contains("nothing was applied"))
        let current = try await instance.control.version(of: "home.promo")
        #expect(current?.version == before + 1 && current?.document == other, "nothing of the request was applied")
        let request = try await instance.control.changeRequest(id: id)
        #expect(request?.state == .superseded && request?.decidedBy == "bob")
        let actions = try await instance.control.audit(filter: AuditFilter(target: .exactly("slot:home.promo"), limit: 3)).map(\.action)
        #expect(actions.first == "supersede publish")
    }

    @Test(arguments: Backend.available)
    func withFourEyesOffTheStudioChangesAtOnce(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let before = try await instance.control.version(of: "home.promo")?.version ?? 0
        let alice = try await StudioSlotTests.signedIn(instance)
        let published = try await Self.publish(instance, cookie: alice.cookie, csrf: alice.csrf, base: before)
        #expect(published.status == .seeOther && published.headers[.location] == "/studio/slots/home.promo")
        #expect(try await instance.control.version(of: "home.promo")?.version == before + 1)
        #expect(try await instance.control.changeRequests().isEmpty)
    }

    @Test(arguments: Backend.available)
    func aRollbackIsARequestToo(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        for text in ["One", "Two"] {
            let document = #"{"content": {"type": "text", "id": "promo.r", "text": "\#(text)"}}"#
            _ = try await instance.control.publish(Array(document.utf8), to: "rollback.slot", by: "ci")
        }
        instance.control.fourEyes = true
        let alice = try await StudioSlotTests.signedIn(instance)
        let asked = try await StudioTests.post(
            instance, "/studio/slots/rollback.slot/rollback", cookie: alice.cookie, form: "csrf=\(alice.csrf)&base=2&version=1")
        let id = try Self.requestID(asked)
        #expect(try await instance.control.version(of: "rollback.slot")?.version == 2)
        try await instance.control.approve(request: id, by: "bob")
        let current = try await instance.control.version(of: "rollback.slot")
        #expect(current?.version == 3 && current?.document.contains("One") == true && current?.note == "rollback to 1")
    }
}
