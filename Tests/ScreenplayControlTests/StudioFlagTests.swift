import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayServer
import Testing

/// The studio's flag pages over a real socket, on SQLite and PostgreSQL: the list and one flag's
/// rules, saving from the editor with every problem at its path and nothing typed lost, two admins
/// saving at once, kill switches of flags and experiments, deleting, four eyes, the read role's
/// forged forms refused, and a GrowthBook payload shown read only.
@Suite struct StudioFlagTests {
    static let flag = FlagDefinition(
        key: "newCheckout",
        feature: [
            "defaultValue": false,
            "rules": [
                ["id": "ios-5", "condition": ["platform": "ios"], "force": true, "coverage": 0.05, "hashAttribute": "id"],
                [
                    "id": "exp", "key": "checkoutOrder", "variations": [false, true], "weights": [0.5, 0.5],
                    "meta": [["key": "control"], ["key": "onePage"]],
                ],
            ],
        ], description: "The one-page <checkout>")

    static func document(_ text: String, base: Int, csrf: String, intent: String = "save") -> String {
        StudioSlotTests.form([("csrf", csrf), ("base", "\(base)"), ("intent", intent), ("document", text)])
    }

    @Test(arguments: Backend.available)
    func anAdminReadsTheRulesAndSavesFromTheEditorKeepingWhatWasTyped(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        try await instance.control.save(flag: Self.flag, by: "carol")
        let (cookie, csrf) = try await StudioSlotTests.signedIn(instance)

        let (listed, list) = try await StudioTests.page(instance, "/studio/flags", cookie: cookie)
        #expect(listed.status == .ok)
        #expect(list.contains("href=\"/studio/flags/newCheckout\"") && list.contains("The one-page &lt;checkout&gt;"))
        #expect(list.contains("2 rules: rollout 5 %, experiment checkoutOrder") && list.contains("carol"))
        #expect(list.contains(">Flags</a>") && list.contains("href=\"/studio/new-flag\""))

        let (_, page) = try await StudioTests.page(instance, "/studio/flags/newCheckout", cookie: cookie)
        #expect(page.contains("ios-5") && page.contains("{&quot;platform&quot;:&quot;ios&quot;}") && page.contains("5 %"))
        #expect(page.contains("experiment checkoutOrder: control: false (50 %), onePage: true (50 %)"))
        #expect(page.contains("data-check=\"/studio/flags/newCheckout/check\"") && page.contains("Switch off for"))

        // A broken rule: refused with its path, the typed text back, escaped.
        let broken =
            #"{"key": "newCheckout", "description": "<script>x</script>", "feature": {"defaultValue": false, "rules": [{"condition": {"plan": {"$nope": 1}}, "force": true}]}}"#
        let refused = try await StudioTests.post(
            instance, "/studio/flags/newCheckout", cookie: cookie, form: Self.document(broken, base: 1, csrf: csrf))
        let refusedPage = String(decoding: refused.body, as: UTF8.self)
        #expect(refused.status == .unprocessableContent)
        #expect(refusedPage.contains("feature.rules[0].condition"), "the problem at its path")
        #expect(refusedPage.contains("&lt;script&gt;x&lt;/script&gt;") && !refusedPage.contains("<script>x"))
        #expect(try await instance.control.storedFlag("newCheckout")?.revision == 1)

        // As typed: the check endpoint answers the same problems, nothing saved.
        let checked = try await StudioTests.send(
            instance, .post, "/studio/flags/newCheckout/check", body: broken,
            headers: [.cookie: cookie, .contentType: "application/json", HTTPField.Name("X-CSRF-Token")!: csrf])
        let problems = try JSONParser.parse(checked.body)["problems"]?.arrayValue ?? []
        #expect(problems.contains { $0["path"]?.stringValue?.hasPrefix("feature.rules[0].condition") == true }, "\(problems)")
        let noToken = try await StudioTests.send(
            instance, .post, "/studio/flags/newCheckout/check", body: broken, headers: [.cookie: cookie, .contentType: "application/json"])
        #expect(noToken.status == .forbidden)

        // Saved; then a second admin who started from revision 1 is told, and keeps their text.
        let valid = #"{"key": "newCheckout", "feature": {"defaultValue": true}}"#
        let saved = try await StudioTests.post(
            instance, "/studio/flags/newCheckout", cookie: cookie, form: Self.document(valid, base: 1, csrf: csrf))
        #expect(saved.status == .seeOther)
        let stored = try #require(try await instance.control.storedFlag("newCheckout"))
        #expect(stored.revision == 2 && stored.updatedBy == "alice" && stored.definition.feature["defaultValue"] == true)
        let late = #"{"key": "newCheckout", "feature": {"defaultValue": "late text"}}"#
        let conflict = try await StudioTests.post(
            instance, "/studio/flags/newCheckout", cookie: cookie, form: Self.document(late, base: 1, csrf: csrf))
        let conflictPage = String(decoding: conflict.body, as: UTF8.self)
        #expect(conflict.status == .preconditionFailed)
        #expect(conflictPage.contains("late text") && conflictPage.contains("name=\"base\" value=\"2\""))

        // A new flag from its page; one that exists already is a 412 keeping the text.
        let fresh = #"{"key": "gridColumns", "feature": {"defaultValue": 2}}"#
        let created = try await StudioTests.post(
            instance, "/studio/new-flag", cookie: cookie, form: Self.document(fresh, base: 0, csrf: csrf))
        #expect(created.status == .seeOther && created.headers[.location] == "/studio/flags/gridColumns")
        let again = try await StudioTests.post(
            instance, "/studio/new-flag", cookie: cookie, form: Self.document(fresh, base: 0, csrf: csrf))
        #expect(again.status == .preconditionFailed)

        // Deleted after its confirmation.
        let (_, confirmation) = try await StudioTests.page(instance, "/studio/flags/gridColumns/delete", cookie: cookie)
        #expect(confirmation.contains("action=\"/studio/flags/gridColumns/delete\""))
        let deleted = try await StudioTests.post(
            instance, "/studio/flags/gridColumns/delete", cookie: cookie, form: StudioSlotTests.form([("csrf", csrf), ("base", "1")]))
        #expect(deleted.status == .seeOther)
        #expect(try await instance.control.storedFlag("gridColumns") == nil)
        let audit = try await instance.control.audit(filter: AuditFilter(target: .exactly("flag:gridColumns"), limit: 10))
        #expect(audit.map(\.action).sorted() == ["delete", "save"])
    }

    @Test(arguments: Backend.available)
    func flagsAndExperimentsAreSwitchedOffAndOnFromTheirPages(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        instance.control.fourEyes = true // an emergency does not wait for a second admin
        try await instance.control.save(flag: Self.flag, by: "carol")
        let (cookie, csrf) = try await StudioSlotTests.signedIn(instance)

        let badVersions = StudioSlotTests.form([
            ("csrf", csrf), ("platform", "ios"), ("minAppVersion", "4.x"), ("maxAppVersion", "4.2.3"), ("reason", "crash"),
        ])
        let refused = try await StudioTests.post(instance, "/studio/flags/newCheckout/switch-off", cookie: cookie, form: badVersions)
        let refusedPage = String(decoding: refused.body, as: UTF8.self)
        #expect(refused.status == .unprocessableContent)
        #expect(refusedPage.contains("id=\"switch-minAppVersion-problem\"") && refusedPage.contains("value=\"4.x\""))
        #expect(try await instance.control.storedFlag("newCheckout")?.definition.switchedOff.isEmpty == true)

        let part = StudioSlotTests.form([
            ("csrf", csrf), ("platform", "ios"), ("minAppVersion", "4.2"), ("maxAppVersion", "4.2.3"), ("reason", "crash <b>"),
        ])
        let off = try await StudioTests.post(instance, "/studio/flags/newCheckout/switch-off", cookie: cookie, form: part)
        #expect(off.status == .seeOther)
        #expect(try await instance.control.storedFlag("newCheckout")?.definition.switchedOff.first?.summary == "ios 4.2 – 4.2.3")
        let (_, page) = try await StudioTests.page(instance, "/studio/flags/newCheckout", cookie: cookie)
        #expect(page.contains("ios 4.2 – 4.2.3") && page.contains("crash &lt;b&gt;") && page.contains("Switch on again"))
        let on = try await StudioTests.post(
            instance, "/studio/flags/newCheckout/switch-on", cookie: cookie,
            form: StudioSlotTests.form([("csrf", csrf), ("platform", "ios"), ("minAppVersion", "4.2"), ("maxAppVersion", "4.2.3")]))
        #expect(on.status == .seeOther)
        #expect(try await instance.control.storedFlag("newCheckout")?.definition.switchedOff.isEmpty == true)

        // An experiment's, the same way.
        let name = try #require(instance.control.configuration.experiments.keys.sorted().first)
        let (_, experimentPage) = try await StudioTests.page(instance, "/studio/experiments/\(name)", cookie: cookie)
        #expect(experimentPage.contains("action=\"/studio/experiments/\(name)/switch-off\""))
        let experimentOff = try await StudioTests.post(instance, "/studio/experiments/\(name)/switch-off", cookie: cookie, form: part)
        #expect(experimentOff.status == .seeOther)
        #expect(try await instance.control.storedExperiment(named: name)?.experiment.switchedOff.count == 1)
        let (_, switchedPage) = try await StudioTests.page(instance, "/studio/experiments/\(name)", cookie: cookie)
        #expect(switchedPage.contains("ios 4.2 – 4.2.3"))
        let experimentOn = try await StudioTests.post(
            instance, "/studio/experiments/\(name)/switch-on", cookie: cookie,
            form: StudioSlotTests.form([("csrf", csrf), ("platform", "ios"), ("minAppVersion", "4.2"), ("maxAppVersion", "4.2.3")]))
        #expect(experimentOn.status == .seeOther)
        #expect(try await instance.control.storedExperiment(named: name)?.experiment.switchedOff.isEmpty == true)
        let audit = try await instance.control.audit(filter: AuditFilter(target: .exactly("flag:newCheckout"), limit: 10))
        #expect(audit.map(\.action).contains("switch off ios 4.2 – 4.2.3"))
    }

    @Test(arguments: Backend.available)
    func withFourEyesSavingAndDeletingAFlagWaitForAnotherAdmin(_ backend: Backend) async throws {
        let instance = try await StudioRequestTests.fourEyes(backend)
        defer { Instance.stop(instance) }
        try await instance.control.save(flag: Self.flag, by: "carol")
        let alice = try await StudioSlotTests.signedIn(instance)
        let bob = try await StudioSlotTests.signedIn(instance, token: Instance.secondToken)

        let valid = #"{"key": "newCheckout", "feature": {"defaultValue": true}}"#
        let asked = try await StudioTests.post(
            instance, "/studio/flags/newCheckout", cookie: alice.cookie, form: Self.document(valid, base: 1, csrf: alice.csrf))
        let id = try StudioRequestTests.requestID(asked)
        #expect(try await instance.control.storedFlag("newCheckout")?.revision == 1, "nothing saved yet")
        let (_, requestPage) = try await StudioTests.page(instance, "/studio/requests/\(id)", cookie: bob.cookie)
        #expect(requestPage.contains("Save flag newCheckout") && requestPage.contains("href=\"/studio/flags/newCheckout\""))
        let approved = try await StudioTests.post(instance, "/studio/requests/\(id)/approve", cookie: bob.cookie, form: "csrf=\(bob.csrf)")
        #expect(approved.status == .seeOther)
        let stored = try #require(try await instance.control.storedFlag("newCheckout"))
        #expect(stored.revision == 2 && stored.updatedBy == "bob")

        let askedDelete = try await StudioTests.post(
            instance, "/studio/flags/newCheckout/delete", cookie: alice.cookie,
            form: StudioSlotTests.form([("csrf", alice.csrf), ("base", "2")]))
        let deleteID = try StudioRequestTests.requestID(askedDelete)
        #expect(try await instance.control.storedFlag("newCheckout") != nil)
        _ = try await StudioTests.post(instance, "/studio/requests/\(deleteID)/approve", cookie: bob.cookie, form: "csrf=\(bob.csrf)")
        #expect(try await instance.control.storedFlag("newCheckout") == nil)
        let audit = try await instance.control.audit(filter: AuditFilter(target: .exactly("flag:newCheckout"), limit: 20))
        let actions = audit.reversed().map { "\($0.actor) \($0.action)" }
        for action in ["alice request save flag", "bob approve save flag", "alice request delete flag", "bob approve delete flag"] {
            #expect(actions.contains(action), "\(actions)")
        }
    }

    @Test(arguments: Backend.available)
    func theReadRolesForgedFormsAreRefused(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        try await instance.control.save(flag: Self.flag, by: "carol")
        let reader = try await StudioSlotTests.signedIn(instance, token: Instance.readToken)
        let (_, page) = try await StudioTests.page(instance, "/studio/flags/newCheckout", cookie: reader.cookie)
        #expect(page.contains("ios-5") && !page.contains("<textarea") && !page.contains("/switch-off\""))
        let name = try #require(instance.control.configuration.experiments.keys.sorted().first)
        let part = StudioSlotTests.form([("csrf", reader.csrf), ("platform", "ios")])
        for (path, form) in [
            (
                "/studio/flags/newCheckout",
                Self.document(#"{"key": "newCheckout", "feature": {"defaultValue": 1}}"#, base: 1, csrf: reader.csrf)
            ),
            ("/studio/new-flag", Self.document(#"{"key": "other", "feature": {"defaultValue": 1}}"#, base: 0, csrf: reader.csrf)),
            ("/studio/flags/newCheckout/delete", StudioSlotTests.form([("csrf", reader.csrf)])),
            ("/studio/flags/newCheckout/switch-off", part), ("/studio/flags/newCheckout/switch-on", part),
            ("/studio/experiments/\(name)/switch-off", part), ("/studio/experiments/\(name)/switch-on", part),
        ] {
            let response = try await StudioTests.post(instance, path, cookie: reader.cookie, form: form)
            #expect(response.status == .forbidden, "\(path)")
        }
        let check = try await StudioTests.send(
            instance, .post, "/studio/flags/newCheckout/check", body: "{}",
            headers: [.cookie: reader.cookie, HTTPField.Name("X-CSRF-Token")!: reader.csrf])
        #expect(check.status == .forbidden)
        // An admin's form from another site is refused too.
        let admin = try await StudioSlotTests.signedIn(instance)
        let crossSite = try await StudioTests.post(
            instance, "/studio/flags/newCheckout/switch-off", cookie: admin.cookie, form: StudioSlotTests.form([("csrf", admin.csrf)]),
            headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
        #expect(crossSite.status == .forbidden)
        let stored = try #require(try await instance.control.storedFlag("newCheckout"))
        #expect(stored.revision == 1 && stored.definition.switchedOff.isEmpty)
        #expect(try await instance.control.storedFlag("other") == nil)
    }

    @Test func aGrowthBookPayloadInForceIsShownReadOnly() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        try await instance.control.save(flag: Self.flag, by: "carol")
        let payload = #"{"features": {"payBadge": {"defaultValue": true, "rules": [{"id": "r1", "force": false, "coverage": 0.25}]}}}"#
        let source = FlagPayloadSource(control: instance.control, origin: "test") { Array(payload.utf8) }
        #expect(await source.refresh()?.value != nil)
        let (cookie, csrf) = try await StudioSlotTests.signedIn(instance)
        let (_, list) = try await StudioTests.page(instance, "/studio/flags", cookie: cookie)
        #expect(list.contains("GrowthBook payload") && list.contains("payBadge") && !list.contains("newCheckout"))
        let (_, page) = try await StudioTests.page(instance, "/studio/flags/payBadge", cookie: cookie)
        #expect(page.contains("r1") && page.contains("25 %") && !page.contains("<textarea"))
        let refused = try await StudioTests.post(
            instance, "/studio/flags/newCheckout/switch-off", cookie: cookie,
            form: StudioSlotTests.form([("csrf", csrf), ("platform", "ios")]))
        #expect(refused.status == .conflict)
    }
}
