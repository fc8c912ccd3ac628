import Foundation
import ScreenplayControl
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer
import Testing

/// The admin API's documents: what the server writes, `screenplay admin` reads back, member by
/// member, with the same types.
@Suite struct AdminMessageTests {
    static let experiment: Experiment = {
        var experiment = Experiment("homeOrder", variants: [("servicesFirst", 50), ("paymentsFirst", 50)], goal: "checkout_done")
        experiment.targeting.platforms = ["ios"]
        experiment.targeting.minAppVersion = AppVersion("2.3")
        experiment.targeting.attributes = ["group": ["beta"]]
        experiment.allowList = ["qa-anna": "paymentsFirst"]
        experiment.switchedOff = [
            KillSwitch(platform: "ios", minAppVersion: AppVersion("4.2"), maxAppVersion: AppVersion("4.2.3"), reason: "crash"),
            KillSwitch(platform: "android"),
        ]
        return experiment
    }()

    @Test func anExperimentReadsBackAsItWasWritten() throws {
        let read = try Experiment.decode(from: Self.experiment.encoded())
        #expect(read.diagnostics.isEmpty)
        #expect(read.value == Self.experiment)
        // Every member the document writes is one of its keys.
        let members = try #require(Self.experiment.document.objectValue)
        #expect(Set(members.keys).isSubset(of: Experiment.Key.allCases.map(\.rawValue)))
    }

    @Test func aBadExperimentIsEveryProblemWithItsPathNotAThrow() throws {
        let bad = Array(#"{"name": "x", "variants": [{"name": "a", "weight": "heavy", "colour": 1}], "targeting": {"os": []}}"#.utf8)
        let result = try Experiment.decode(from: bad)
        #expect(result.value == nil)
        #expect(
            Set(result.diagnostics.map(\.path)) == ["variants[0].weight", "variants[0].colour", "targeting.os"], "\(result.diagnostics)")
        // A part switched off is read member by member, each problem at its path.
        let switches = Array(
            #"{"name": "x", "variants": [{"name": "a", "weight": 1}], "switchedOff": [{"platform": "ios", "maxAppVersion": "four", "when": 1}, 3]}"#
                .utf8)
        let switched = try Experiment.decode(from: switches)
        #expect(
            Set(switched.diagnostics.map(\.path)) == ["switchedOff[0].maxAppVersion", "switchedOff[0].when", "switchedOff[1]"],
            "\(switched.diagnostics)")
        // What the members say together is reported beside what each says alone, each path once.
        let both = Array(
            #"{"name": "x", "status": "stopped", "winner": "c", "variants": [{"name": "a", "weight": 1}, {"name": "b"}], "targeting": 3}"#
                .utf8)
        let together = try Experiment.decode(from: both)
        #expect(
            Set(together.diagnostics.map(\.path)) == ["variants[1].weight", "targeting", "winner"], "\(together.diagnostics)")
        #expect(together.diagnostics.count == 3, "each path once: \(together.diagnostics)")
        // Bytes that are not an experiment at all throw.
        #expect(throws: ScreenplayError.self) { try Experiment.decode(from: Array("[1]".utf8)) }
        #expect(throws: ScreenplayError.self) { try Experiment.decode(from: Array("{".utf8)) }
    }

    @Test func aStoredExperimentCarriesItsRevisionAndIsAcceptedBack() throws {
        let stored = StoredExperiment(experiment: Self.experiment, revision: 3, updatedAt: 1_750_000_000_000, updatedBy: "alice")
        let document = ExperimentDocument(Self.experiment, stored: stored)
        let read = try #require(try ExperimentDocument.decode(from: document.encoded(layout: .pretty)).value)
        #expect(read == document)
        #expect(read.source == .stored && read.revision == 3 && read.updatedAt == 1_750_000_000_000 && read.updatedBy == "alice")
        // What the API adds is left out of the definition a PUT reads.
        let definition = try #require(ExperimentDocument.definition(document.document).objectValue)
        #expect(ExperimentDocument.Key.allCases.allSatisfy { definition[$0.rawValue] == nil })
        let list = ExperimentList(experiments: [document, ExperimentDocument(Self.experiment, stored: nil)])
        #expect(try ExperimentList.decode(from: list.encoded()).value == list)
    }

    @Test func slotVersionsAuditEntriesAndRequestsReadBack() throws {
        let version = SlotVersion(
            slot: "home.promo", version: 2, document: #"{"content":{"text":"Hi","type":"text"}}"#, author: "alice",
            publishedAt: 1_750_000_000_000, note: "rollback to 1")
        let full = SlotVersionDocument(version, includesContent: true)
        #expect(try SlotVersionDocument.decode(from: full.encoded()).value == full)
        let history = SlotList(.versions, [version])
        let readHistory = try #require(try SlotList.decode(from: history.encoded()).value)
        #expect(readHistory.key == .versions && readHistory.versions.map(\.version.version) == [2])
        let entry = AuditEntry(
            id: 7, at: 1_750_000_000_000, actor: "ci", action: "publish", target: "slot:home.promo", before: nil,
            after: #"{"content":{"text":"Hi","type":"text"}}"#)
        #expect(try AuditLog.decode(from: AuditLog(entries: [entry]).encoded()).value?.entries == [entry])
        #expect(try StopRequest.decode(from: StopRequest(winner: "cardFirst").encoded()).value?.winner == "cardFirst")
        #expect(try RollbackRequest.decode(from: RollbackRequest(version: 3).encoded()).value?.version == 3)
        // A request without its member is a diagnostic at its path.
        #expect(try RollbackRequest.decode(from: Array(#"{"version": "3"}"#.utf8)).diagnostics.map(\.path) == ["version"])
    }

    @Test func aReportReadsBackFigureByFigure() throws {
        let experiment = Experiment("checkoutOrder", variants: [("signUpFirst", 50), ("cardFirst", 50)])
        let report = ExperimentReport(
            experiment: experiment, goal: "checkout_done", counts: ["signUpFirst": (1_000, 100), "cardFirst": (1_000, 130)])
        let read = try #require(try ExperimentReport.decode(from: report.encoded()).value)
        #expect(read == report)
        #expect(read.variants[1].lift == report.variants[1].lift && read.sampleRatioMismatch == false)
    }

    @Test func adminPathsAreSaidOnceForTheRouterAndTheRequests() {
        #expect(AdminPath.pause.pattern == "/admin/experiments/:name/pause")
        #expect(AdminPath.pause.path(name: "homeOrder") == "/admin/experiments/homeOrder/pause")
        #expect(AdminPath.version.path(name: "home/promo", version: "3") == "/admin/slots/home%2Fpromo/versions/3")
        #expect(AdminPath.report.path(name: "x", query: [.goal: "a&b"]) == "/admin/experiments/x/report?goal=a%26b")
        #expect(AdminPath.audit.path(query: [.target: "slot:home.promo"]) == "/admin/audit?target=slot:home.promo")
    }
}
