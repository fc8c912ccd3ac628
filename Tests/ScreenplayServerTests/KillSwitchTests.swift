import Screenplay
import ScreenplayServer
import Testing

/// An experiment switched off for a platform or a range of app versions shows that audience its
/// control at once — before the allow list and whatever its status — and counts none of them;
/// everyone else is untouched.
@Suite struct KillSwitchTests {
    static func experiment(_ switches: [KillSwitch], status: Experiment.Status = .running) -> Experiment {
        var experiment = Experiment("checkoutOrder", variants: [("signUpFirst", 0.0001), ("cardFirst", 100)])
        experiment.status = status
        if status == .stopped { experiment.winner = "cardFirst" }
        experiment.allowList = ["qa-anna": "cardFirst"]
        experiment.switchedOff = switches
        return experiment
    }

    static func variant(_ experiment: Experiment, _ audience: Audience) -> (String, [Exposure]) {
        let assignments = ExperimentAssignments(experiments: [experiment.name: experiment], audience: audience)
        return (assignments.variant(of: experiment.name), assignments.exposures)
    }

    static let broken = KillSwitch(platform: "iOS", minAppVersion: AppVersion("4.2"), maxAppVersion: AppVersion("4.2.3"), reason: "crash")

    @Test(arguments: [
        ("ios", "4.2", true), ("ios", "4.2.3", true), ("ios", "4.2.1.9", true), ("IOS", "4.2.0", true),
        ("ios", "4.1.9", false), ("ios", "4.2.4", false), ("ios", "4.10", false), ("android", "4.2.1", false), ("ios", nil, false),
    ])
    func onlyThePartSwitchedOffSeesTheControl(platform: String, version: String?, off: Bool) {
        let audience = Audience(user: "u-1", platform: platform, appVersion: version.flatMap { AppVersion($0) })
        let (variant, exposures) = Self.variant(Self.experiment([Self.broken]), audience)
        #expect(variant == (off ? "signUpFirst" : "cardFirst"), "\(platform) \(version ?? "no version")")
        #expect(exposures.isEmpty == off, "a user switched off is not counted")
    }

    @Test func aSwitchBeatsTheAllowListAndAStoppedExperimentsWinner() {
        let ios = Audience(user: "qa-anna", platform: "ios", appVersion: AppVersion("4.2.2"))
        #expect(Self.variant(Self.experiment([Self.broken]), ios).0 == "signUpFirst")
        #expect(Self.variant(Self.experiment([Self.broken], status: .stopped), ios).0 == "signUpFirst")
        #expect(Self.variant(Self.experiment([], status: .stopped), ios).0 == "cardFirst", "without the switch, the winner")
        // A switch without platform or versions switches everyone off.
        #expect(Self.variant(Self.experiment([KillSwitch()]), Audience(user: "u-2", platform: "android")).0 == "signUpFirst")
    }

    @Test func aRangeUpsideDownIsAProblemAtItsPath() {
        let upsideDown = KillSwitch(minAppVersion: AppVersion("5"), maxAppVersion: AppVersion("4"))
        let problems = Self.experiment([Self.broken, upsideDown]).problems
        #expect(problems.map { "\($0.path)" } == ["switchedOff[1].maxAppVersion"], "\(problems)")
        #expect(KillSwitch(platform: "ios", maxAppVersion: AppVersion("3.9")).summary == "ios up to 3.9")
        #expect(Self.broken.summary == "ios 4.2 – 4.2.3")
    }
}
