import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayServer
import Testing

/// Creating and editing experiments in the studio, over a real socket: every problem at its field
/// before anything is saved, nothing typed lost, a save on top of another admin's refused.
@Suite struct StudioExperimentFormTests {
    @Test(arguments: Backend.available)
    func aNewExperimentIsSavedOnlyWhenEveryFieldHolds(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, csrf) = try await StudioSlotTests.signedIn(instance)
        let (shown, empty) = try await StudioTests.page(instance, "/studio/new-experiment", cookie: cookie)
        #expect(shown.status == .ok && empty.contains("<label for=\"variant.0.name\">"))

        let broken = StudioSlotTests.form([
            ("csrf", csrf), ("name", "bannerColour"), ("variant.0.name", "blue"), ("variant.0.weight", "50"),
            ("variant.1.name", "<b>red</b>"), ("variant.1.weight", "lots"), ("goal", "banner_tap"), ("bucketVersion", "1"),
            ("minAppVersion", "not.a.version"), ("allowList", "qa-anna = green"),
        ])
        let refused = try await StudioTests.post(instance, "/studio/new-experiment", cookie: cookie, form: broken)
        let page = String(decoding: refused.body, as: UTF8.self)
        #expect(refused.status == .unprocessableContent)
        #expect(
            page.contains(
                "id=\"variant.1.weight\" name=\"variant.1.weight\" value=\"lots\" aria-describedby=\"variant.1.weight.problem\" aria-invalid=\"true\""
            ), "the weight's problem at the weight")
        #expect(page.contains("value=\"&lt;b&gt;red&lt;/b&gt;\""), "what was typed comes back, escaped")
        #expect(try await instance.control.storedExperiment(named: "bannerColour") == nil, "nothing saved")

        // Once the weight is a number, the reader's own problems come back at their fields.
        let stillBroken = broken.replacingOccurrences(of: "variant.1.weight=lots", with: "variant.1.weight=50")
        let second = try await StudioTests.post(instance, "/studio/new-experiment", cookie: cookie, form: stillBroken)
        let secondPage = String(decoding: second.body, as: UTF8.self)
        #expect(second.status == .unprocessableContent)
        #expect(secondPage.contains("id=\"minAppVersion.problem\""), "the version's problem at its field")
        let third = try await StudioTests.post(
            instance, "/studio/new-experiment", cookie: cookie,
            form: stillBroken.replacingOccurrences(of: StudioSlotTests.form([("v", "not.a.version")]).dropFirst(2), with: "4%2E2"))
        #expect(third.status == .unprocessableContent)
        #expect(
            String(decoding: third.body, as: UTF8.self).contains("id=\"allowList.problem\""),
            "a user forced into a variant that does not exist, at the allow list")

        let valid = StudioSlotTests.form([
            ("csrf", csrf), ("name", "bannerColour"), ("variant.0.name", "blue"), ("variant.0.weight", "50"),
            ("variant.1.name", "red"), ("variant.1.weight", "50"), ("goal", "banner_tap"), ("bucketVersion", "1"),
            ("platform.ios", "on"), ("languages", "fr, de"), ("minAppVersion", "4.2"), ("attributes", "plan = pro, team"),
            ("allowList", "qa-anna = red"),
        ])
        let created = try await StudioTests.post(instance, "/studio/new-experiment", cookie: cookie, form: valid)
        #expect(created.status == .seeOther)
        let stored = try #require(try await instance.control.storedExperiment(named: "bannerColour"))
        #expect(stored.experiment.variants.map(\.name) == ["blue", "red"])
        #expect(stored.experiment.targeting.platforms == ["ios"] && stored.experiment.targeting.languages == ["fr", "de"])
        #expect(stored.experiment.targeting.attributes == ["plan": ["pro", "team"]])
        #expect(stored.experiment.allowList == ["qa-anna": "red"])
        #expect(stored.experiment.goal == "banner_tap")

        // The edit form shows what is stored; a save from an old revision is refused, values kept.
        let (_, editPage) = try await StudioTests.page(instance, "/studio/experiments/bannerColour/edit", cookie: cookie)
        #expect(editPage.contains("value=\"qa-anna = red\"") || editPage.contains(">qa-anna = red</textarea>"))
        let edit = valid.replacingOccurrences(of: "variant.1.weight=50", with: "variant.1.weight=30") + "&base=\(stored.revision)"
        let saved = try await StudioTests.post(instance, "/studio/experiments/bannerColour/edit", cookie: cookie, form: edit)
        #expect(saved.status == .seeOther)
        #expect(try await instance.control.storedExperiment(named: "bannerColour")?.experiment.variants.last?.weight == 30)
        let late = valid.replacingOccurrences(of: "variant.1.weight=50", with: "variant.1.weight=10") + "&base=\(stored.revision)"
        let conflict = try await StudioTests.post(instance, "/studio/experiments/bannerColour/edit", cookie: cookie, form: late)
        #expect(conflict.status == .preconditionFailed)
        #expect(String(decoding: conflict.body, as: UTF8.self).contains("value=\"10\""), "the late admin's values are kept")
        #expect(try await instance.control.storedExperiment(named: "bannerColour")?.experiment.variants.last?.weight == 30)
    }

    @Test func withFourEyesAnEditIsARequestASecondAdminApproves() async throws {
        let instance = try await StudioRequestTests.fourEyes(.sqlite)
        defer { Instance.stop(instance) }
        let alice = try await StudioSlotTests.signedIn(instance)
        let stored = try await instance.control.storedExperiment(named: "checkoutOrder")
        let edit = StudioSlotTests.form([
            ("csrf", alice.csrf), ("variant.0.name", "signUpFirst"), ("variant.0.weight", "70"), ("variant.1.name", "cardFirst"),
            ("variant.1.weight", "30"), ("goal", "checkout_done"), ("bucketVersion", "1"), ("base", "\(stored?.revision ?? 0)"),
        ])
        let asked = try await StudioTests.post(instance, "/studio/experiments/checkoutOrder/edit", cookie: alice.cookie, form: edit)
        let id = try StudioRequestTests.requestID(asked)
        #expect(try await instance.control.storedExperiment(named: "checkoutOrder")?.revision == stored?.revision, "nothing saved yet")
        let (_, page) = try await StudioTests.page(instance, "/studio/requests/\(id)", cookie: alice.cookie)
        #expect(page.contains("Change checkoutOrder") && page.contains("<ins"), "the request shows the new definition as a diff")
        let bob = try await StudioSlotTests.signedIn(instance, token: Instance.secondToken)
        let approved = try await StudioTests.post(instance, "/studio/requests/\(id)/approve", cookie: bob.cookie, form: "csrf=\(bob.csrf)")
        #expect(approved.status == .seeOther)
        let after = try await instance.control.storedExperiment(named: "checkoutOrder")
        #expect(after?.experiment.variants.map(\.weight) == [70, 30] && after?.updatedBy == "bob")
    }

    @Test func theReadRoleGetsNoForm() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, csrf) = try await StudioSlotTests.signedIn(instance, token: Instance.readToken)
        let (form, _) = try await StudioTests.page(instance, "/studio/new-experiment", cookie: cookie)
        #expect(form.status == .forbidden)
        let posted = try await StudioTests.post(
            instance, "/studio/new-experiment", cookie: cookie,
            form: StudioSlotTests.form([("csrf", csrf), ("name", "sneaky"), ("variant.0.name", "a"), ("variant.0.weight", "1")]))
        #expect(posted.status == .forbidden)
        #expect(try await instance.control.storedExperiment(named: "sneaky") == nil)
    }
}
