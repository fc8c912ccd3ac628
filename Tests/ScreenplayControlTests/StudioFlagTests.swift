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
/// forged forms refused, a GrowthBook payload shown read only, a flag's results (its rollout's and
/// experiment rules', from recorded exposures and events) and its guarded rollout's form.
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
            ("/studio/flags/newCheckout/guarded-rollout", Self.guardForm(csrf: reader.csrf, base: 1)),
            (
                "/studio/flags/newCheckout/guarded-rollout",
                StudioSlotTests.form([("csrf", reader.csrf), ("base", "1"), ("intent", "stop")])
            ),
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

    /// A flag with a guarded rollout and an experiment rule, as the results and guard tests use it.
    static let measuredFlag = #"""
        {"key": "payBadge", "feature": {"defaultValue": false, "rules": [
           {"id": "ios-half", "condition": {"platform": "ios"}, "force": true, "coverage": 0.5},
           {"id": "exp", "key": "badgeTest", "variations": [false, true], "weights": [0.5, 0.5], "meta": [{"key": "control"}, {"key": "bold"}]}]},
         "guardedRollout": {"rule": "ios-half", "steps": [0.5, 1], "every": 86400,
                            "watch": {"event": "client_error", "worseWhen": "higher", "threshold": 0.05, "minimumUsers": 20}}}
        """#

    /// The row of `variant` in a conversion-rate table: its users, conversions and rate.
    static func rateRow(_ variant: String, users: Int, conversions: Int, rate: String) -> String {
        "<tr><th scope=\"row\">\(variant)</th><td class=\"number\">\(users)</td><td class=\"number\">\(conversions)</td>"
            + "<td class=\"number\" data-figure=\"rate\">\(rate)</td>"
    }

    @Test(arguments: Backend.available)
    func aFlagsPageShowsItsRolloutsAndExperimentRulesResultsAndTheGuardsRollBack(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let control = instance.control
        try await control.save(flag: try GuardedRolloutTests.definition(Self.measuredFlag), by: "carol")
        // The rollout: 30 users included, 12 of them with a client error and 9 checking out; 30 held
        // back, 3 with an error. The experiment rule: 20 users each, 5 and 10 checking out.
        for index in 0..<30 {
            for (group, errors, checkouts) in [("included", 12, 9), ("heldBack", 3, 0)] {
                let user = "\(group)-\(index)"
                control.events.record(Exposure(experiment: "rollout:payBadge", variant: group, user: user, overridden: false))
                if index < errors { control.events.record(Conversion(name: "client_error", user: user)) }
                if index < checkouts { control.events.record(Conversion(name: "checkout_done", user: user)) }
            }
        }
        for index in 0..<20 {
            for (variant, checkouts) in [("control", 5), ("bold", 10)] {
                let user = "\(variant)-\(index)"
                control.events.record(Exposure(experiment: "badgeTest", variant: variant, user: user, overridden: false))
                if index < checkouts { control.events.record(Conversion(name: "checkout_done", user: user)) }
            }
        }
        #expect(await control.events.writeWaiting())
        let reader = try await StudioSlotTests.signedIn(instance, token: Instance.readToken)

        // No goal named: the guarded rollout's watched event measures it.
        let (response, page) = try await StudioTests.page(instance, "/studio/flags/payBadge", cookie: reader.cookie)
        #expect(response.status == .ok)
        #expect(page.contains("<h2 id=\"results\">Results</h2>") && page.contains("the event the guarded rollout watches"))
        #expect(page.contains("Rollout (rule ios-half): included against held back") && page.contains("Experiment rule badgeTest"))
        #expect(page.contains(Self.rateRow("heldBack", users: 30, conversions: 3, rate: "10.0%")), "\(page)")
        #expect(page.contains(Self.rateRow("included", users: 30, conversions: 12, rate: "40.0%")))
        #expect(page.contains(Self.rateRow("control", users: 20, conversions: 0, rate: "0.0%")), "no client error in the experiment")
        #expect(page.contains("aria-label=\"Rollout (rule ios-half): included against held back: Conversion rate, figures\""))
        #expect(page.contains("<input type=\"text\" id=\"goal\" name=\"goal\" value=\"client_error\""))

        // A goal chosen: each part counted by it, as the admin API's report counts it.
        let (_, checkout) = try await StudioTests.page(instance, "/studio/flags/payBadge?goal=checkout_done", cookie: reader.cookie)
        #expect(checkout.contains(Self.rateRow("included", users: 30, conversions: 9, rate: "30.0%")))
        #expect(checkout.contains(Self.rateRow("heldBack", users: 30, conversions: 0, rate: "0.0%")))
        #expect(checkout.contains(Self.rateRow("control", users: 20, conversions: 5, rate: "25.0%")))
        #expect(checkout.contains(Self.rateRow("bold", users: 20, conversions: 10, rate: "50.0%")))
        #expect(checkout.contains("data-figure=\"lift\">+100.0%"), "bold against control")
        let api = try await instance.send(.get, "/admin/experiments/badgeTest/report?goal=checkout_done", token: Instance.readToken)
        let report = try #require(ExperimentReport.decode(from: api.body).value)
        #expect(report.variants.map(\.conversions) == [5, 10])

        // The guarded rollout as it stands, then rolled back by the guard, with its audit entry.
        #expect(page.contains("<dt>Coverage now</dt><dd>50 %</dd>") && page.contains("100 % due at"))
        #expect(page.contains("rolling: stepping on its schedule"))
        #expect(try await control.rolloutGuard.check().first?.hasPrefix("payBadge: roll back rollout") == true)
        let (_, rolledBack) = try await StudioTests.page(instance, "/studio/flags/payBadge", cookie: reader.cookie)
        #expect(rolledBack.contains("<strong>Rolled back</strong> by rollout guard at"))
        #expect(rolledBack.contains("client_error 40.0% of 30 included against 10.0% of 30 held back (threshold 5.0%)"))
        #expect(rolledBack.contains("<dt>Coverage now</dt><dd>0 %</dd>") && rolledBack.contains("href=\"/studio/audit/"))
        #expect(!rolledBack.contains("action=\"/studio/flags/payBadge/guarded-rollout\""), "a read session gets no form")

        // A flag that measures something, with no goal named and nothing watched: how to choose one.
        try await control.save(flag: Self.flag, by: "carol")
        let (_, unmeasured) = try await StudioTests.page(instance, "/studio/flags/newCheckout", cookie: reader.cookie)
        #expect(unmeasured.contains("No goal is chosen") && unmeasured.contains("?goal=EVENT"))
        #expect(!unmeasured.contains("data-figure=\"rate\""))
    }

    static func guardForm(csrf: String, base: Int, _ fields: [(String, String)] = []) -> String {
        var values = [
            ("csrf", csrf), ("base", "\(base)"), ("intent", "start"), ("rule", "ios-5"), ("steps", "5, 25, 100"), ("every", "2"),
            ("unit", "hours"), ("event", "client_error"), ("worseWhen", "higher"), ("threshold", "2"), ("minimumUsers", "200"),
        ]
        for (name, value) in fields { values = values.map { $0.0 == name ? (name, value) : $0 } }
        return StudioSlotTests.form(values)
    }

    @Test(arguments: Backend.available)
    func theGuardFormSavesTheRolloutItSaysAndRefusesBadInput(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        try await instance.control.save(flag: Self.flag, by: "carol")
        let (cookie, csrf) = try await StudioSlotTests.signedIn(instance)
        let (_, page) = try await StudioTests.page(instance, "/studio/flags/newCheckout", cookie: cookie)
        #expect(page.contains("action=\"/studio/flags/newCheckout/guarded-rollout\"") && page.contains("<option selected>ios-5</option>"))

        // Bad input: the page again with the problem at its field, the values as typed, nothing saved.
        for (field, value, problem) in [
            ("threshold", "-1", "from 0 to 100"), ("steps", "", "at least one step"), ("steps", "5, 150", "150 % is not"),
            ("steps", "50, 25", "more than the one before"), ("every", "0", "above 0"), ("minimumUsers", "many", "whole number"),
            ("worseWhen", "sideways", "higher or lower"), ("event", "", "Name the event"),
        ] {
            let refused = try await StudioTests.post(
                instance, "/studio/flags/newCheckout/guarded-rollout", cookie: cookie,
                form: Self.guardForm(csrf: csrf, base: 1, [(field, value)]))
            let text = String(decoding: refused.body, as: UTF8.self)
            #expect(refused.status == .unprocessableContent, "\(field)=\(value)")
            #expect(text.contains("id=\"guard-\(field)-problem\"") && text.contains(problem), "\(field)=\(value)")
            #expect(text.contains("aria-invalid=\"true\" aria-describedby=") && text.contains("id=\"guard-problems\""))
            if !value.isEmpty, field != "worseWhen" { #expect(text.contains("value=\"\(value)\""), "\(field) kept as typed") }
        }
        #expect(try await instance.control.storedFlag("newCheckout")?.revision == 1)
        #expect(try await instance.control.storedFlag("newCheckout")?.definition.guardedRollout == nil)

        // Saved: the stored definition's guardedRollout is what the form said, through the flag's save.
        let saved = try await StudioTests.post(
            instance, "/studio/flags/newCheckout/guarded-rollout", cookie: cookie, form: Self.guardForm(csrf: csrf, base: 1))
        #expect(saved.status == .seeOther && saved.headers[.location] == "/studio/flags/newCheckout")
        let stored = try #require(try await instance.control.storedFlag("newCheckout"))
        var expected = GuardedRollout(
            rule: "ios-5", steps: [0.05, 0.25, 1], every: 7_200, event: "client_error", worseWhen: .higher, threshold: 0.02,
            minimumUsers: 200)
        expected.startedAt = try #require(stored.definition.guardedRollout?.startedAt)
        #expect(stored.revision == 2 && stored.updatedBy == "alice")
        #expect(stored.definition.guardedRollout == expected)
        var edited = Self.flag
        edited.guardedRollout = expected
        #expect(stored.definition == edited, "only the guarded rollout changed, as editing the JSON would")
        #expect(try await instance.control.audit(target: "flag:newCheckout").first?.action == "save")
        let (_, guarded) = try await StudioTests.page(instance, "/studio/flags/newCheckout", cookie: cookie)
        #expect(guarded.contains("<dt>Rule</dt><dd>ios-5</dd>") && guarded.contains("<dt>Coverage now</dt><dd>5 %</dd>"))
        #expect(guarded.contains("25 % due at") && guarded.contains("value=\"5, 25, 100\""))

        // A form from a page read before: someone saved since.
        let late = try await StudioTests.post(
            instance, "/studio/flags/newCheckout/guarded-rollout", cookie: cookie,
            form: Self.guardForm(csrf: csrf, base: 1, [("threshold", "3")]))
        #expect(late.status == .preconditionFailed)
        #expect(String(decoding: late.body, as: UTF8.self).contains("Someone saved revision 2"))

        // Stopped: the rollout goes, the rule's coverage stays.
        let stopped = try await StudioTests.post(
            instance, "/studio/flags/newCheckout/guarded-rollout", cookie: cookie,
            form: StudioSlotTests.form([("csrf", csrf), ("base", "2"), ("intent", "stop")]))
        #expect(stopped.status == .seeOther)
        let after = try #require(try await instance.control.storedFlag("newCheckout"))
        #expect(after.revision == 3 && after.definition == Self.flag)
        // Stopping what is not guarded (the button sent twice) saves nothing.
        let twice = try await StudioTests.post(
            instance, "/studio/flags/newCheckout/guarded-rollout", cookie: cookie,
            form: StudioSlotTests.form([("csrf", csrf), ("base", "3"), ("intent", "stop")]))
        #expect(twice.status == .seeOther)
        #expect(try await instance.control.storedFlag("newCheckout")?.revision == 3)
    }

    @Test(arguments: Backend.available)
    func withFourEyesAGuardedRolloutIsAskedForAndSavedWhenApproved(_ backend: Backend) async throws {
        let instance = try await StudioRequestTests.fourEyes(backend)
        defer { Instance.stop(instance) }
        try await instance.control.save(flag: Self.flag, by: "carol")
        let alice = try await StudioSlotTests.signedIn(instance)
        let bob = try await StudioSlotTests.signedIn(instance, token: Instance.secondToken)
        let asked = try await StudioTests.post(
            instance, "/studio/flags/newCheckout/guarded-rollout", cookie: alice.cookie, form: Self.guardForm(csrf: alice.csrf, base: 1))
        let id = try StudioRequestTests.requestID(asked)
        #expect(try await instance.control.storedFlag("newCheckout")?.definition.guardedRollout == nil, "nothing saved yet")
        let (_, requestPage) = try await StudioTests.page(instance, "/studio/requests/\(id)", cookie: bob.cookie)
        #expect(requestPage.contains("Save flag newCheckout") && requestPage.contains("guardedRollout"))
        _ = try await StudioTests.post(instance, "/studio/requests/\(id)/approve", cookie: bob.cookie, form: "csrf=\(bob.csrf)")
        let stored = try #require(try await instance.control.storedFlag("newCheckout"))
        #expect(stored.revision == 2 && stored.updatedBy == "bob")
        #expect(stored.definition.guardedRollout?.steps == [0.05, 0.25, 1] && stored.definition.guardedRollout?.every == 7_200)
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

    /// A rule that follows the demo's `checkoutOrder` experiment, saved from the editor: shown as
    /// the variant's values; one naming a variant the experiment lacks is refused at its path.
    @Test func aRuleFollowingAnExperimentIsShownAndCheckedAgainstIt() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, csrf) = try await StudioSlotTests.signedIn(instance)
        func document(_ values: String) -> String {
            #"{"key": "cardFirstUI", "feature": {"defaultValue": false, "rules": [{"id": "follow", "screenplayExperiment": {"name": "checkoutOrder", "values": \#(values)}}]}}"#
        }
        let refused = try await StudioTests.post(
            instance, "/studio/new-flag", cookie: cookie,
            form: Self.document(document(#"{"signUpFirst": false, "cardFirst": true, "cardLast": true}"#), base: 0, csrf: csrf))
        #expect(refused.status == .unprocessableContent)
        let refusedPage = String(decoding: refused.body, as: UTF8.self)
        #expect(refusedPage.contains("feature.rules[0].screenplayExperiment.values.cardLast"), "\(refusedPage)")
        #expect(try await instance.control.storedFlag("cardFirstUI") == nil)

        let created = try await StudioTests.post(
            instance, "/studio/new-flag", cookie: cookie,
            form: Self.document(document(#"{"signUpFirst": false, "cardFirst": true}"#), base: 0, csrf: csrf))
        #expect(created.status == .seeOther)
        let (_, list) = try await StudioTests.page(instance, "/studio/flags", cookie: cookie)
        #expect(list.contains("1 rule: follows checkoutOrder"))
        let (_, page) = try await StudioTests.page(instance, "/studio/flags/cardFirstUI", cookie: cookie)
        #expect(page.contains("the variant of Screenplay experiment checkoutOrder: cardFirst: true, signUpFirst: false"))
        // The experiment's page names the flags that follow it; the list, what flags measure.
        let (_, experiment) = try await StudioTests.page(instance, "/studio/experiments/checkoutOrder", cookie: cookie)
        #expect(
            experiment.contains(
                "Flags that follow it (their values by its variants): <a href=\"/studio/flags/cardFirstUI\">cardFirstUI</a>"))
        let (_, experiments) = try await StudioTests.page(instance, "/studio/experiments", cookie: cookie)
        #expect(
            experiments.contains(
                "<th scope=\"row\">rollout:payBadge</th><td><a href=\"/studio/flags/payBadge\">payBadge</a></td><td>partial rollout</td>"))
    }
}
