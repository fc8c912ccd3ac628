import Screenplay
import ScreenplayFlags
import ScreenplayServer
import Testing

/// A flag rule that follows one of Screenplay's experiments (`screenplayExperiment`): the flag's
/// value is that of the variant the request's own assignment gives — the variant the screens
/// read, with the experiment's one exposure — and a rule that cannot give one passes to the next.
@Suite struct FlagExperimentRuleTests {
    static func payload(_ rules: String, default value: String = "\"old\"") -> FeaturesPayload {
        FeaturesPayload.decode(from: Array(#"{"features": {"checkout": {"defaultValue": \#(value), "rules": [\#(rules)]}}}"#.utf8)).value!
    }

    static let following = payload(
        #"""
        {"id": "follow", "condition": {"platform": "ios"},
         "screenplayExperiment": {"name": "checkoutOrder", "values": {"signUpFirst": "old", "cardFirst": "new"}}},
        {"id": "android", "condition": {"platform": "android"}, "force": "android"}
        """#)

    static let experiment = Experiment("checkoutOrder", variants: [("signUpFirst", 50), ("cardFirst", 50)])

    static func request(_ audience: Audience, experiment: Experiment = experiment) -> (ExperimentAssignments, FlagReads) {
        let assignments = ExperimentAssignments(experiments: [experiment.name: experiment], audience: audience)
        return (assignments, FlagReads(evaluator: FlagEvaluator(payload: following), audience: audience, experiments: assignments))
    }

    @Test func theFlagFollowsTheVariantTheScreensReadWithOneExposure() {
        var values: Set<String> = []
        for index in 0..<200 {
            let (assignments, flags) = Self.request(Audience(user: "user-\(index)", platform: "ios"))
            let result = flags.result("checkout")
            let variant = Self.experiment.variant(for: "user-\(index)")
            #expect(result.value == (variant == "cardFirst" ? "new" : "old"), "user-\(index) in \(variant)")
            #expect(result.source == .screenplayExperiment && result.ruleID == "follow")
            #expect(result.screenplayExperiment == FlagResult.ExperimentVariant(experiment: "checkoutOrder", variant: variant))
            // The screen reads the same variant; the exposure is the experiment's, once.
            #expect(assignments.variant(of: "checkoutOrder") == variant)
            #expect(assignments.exposures.map(\.variant) == [variant])
            #expect(flags.exposures.isEmpty, "the flag adds no exposure of its own")
            values.insert(result.value.stringValue ?? "")
        }
        #expect(values == ["old", "new"], "both variants among 200 users")
    }

    @Test func aRuleThatGivesNoVariantPassesToTheNext() {
        // The condition does not hold: the experiment is not read, and nobody is exposed.
        let (assignments, flags) = Self.request(Audience(user: "u1", platform: "android"))
        #expect(flags.result("checkout").value == "android")
        #expect(assignments.experimentsRead.isEmpty)
        // An experiment the server does not know.
        let unknown = FlagReads(
            evaluator: FlagEvaluator(payload: Self.following), audience: Audience(user: "u1", platform: "ios"),
            experiments: ExperimentAssignments(experiments: [:], audience: Audience(user: "u1", platform: "ios")))
        #expect(unknown.result("checkout").source == .defaultValue)
        // No experiments given (GrowthBook's evaluation, `screenplay flags evaluate`): the rule is passed.
        #expect(FlagEvaluator(payload: Self.following).evaluate("checkout", attributes: ["platform": "ios"]).source == .defaultValue)
        // A variant the rule gives no value: passed.
        let partial = Self.payload(#"{"screenplayExperiment": {"name": "checkoutOrder", "values": {"cardFirst": "new"}}}"#)
        let evaluator = FlagEvaluator(payload: partial)
        #expect(evaluator.evaluate("checkout", attributes: [:]) { _ in "signUpFirst" }.source == .defaultValue)
        #expect(evaluator.evaluate("checkout", attributes: [:]) { _ in "cardFirst" }.value == "new")
    }

    @Test func thePausedTheStoppedAndTheSwitchedOffGetWhatTheExperimentGives() {
        var paused = Self.experiment
        paused.status = .paused
        var stopped = Self.experiment
        stopped.status = .stopped
        stopped.winner = "cardFirst"
        var off = Self.experiment
        off.switchedOff = [KillSwitch(platform: "ios")]
        for index in 0..<20 {
            let audience = Audience(user: "user-\(index)", platform: "ios")
            #expect(Self.request(audience, experiment: paused).1.result("checkout").value == "old")
            #expect(Self.request(audience, experiment: stopped).1.result("checkout").value == "new")
            #expect(Self.request(audience, experiment: off).1.result("checkout").value == "old")
        }
    }

    @Test func aRuleIsReadWithEveryProblemAtItsPath() {
        func errors(_ rule: String) -> [String] {
            FeaturesPayload.decode(from: Array(#"{"features": {"f": {"defaultValue": 1, "rules": [\#(rule)]}}}"#.utf8)).errors.map {
                "\($0.path): \($0.message)"
            }
        }
        #expect(
            errors(#"{"force": 2, "screenplayExperiment": {"name": "e", "values": {"a": 1}}}"#)
                == [
                    "features.f.rules[0].screenplayExperiment: a rule forces a value, runs its own experiment, or follows a Screenplay experiment: not two of them"
                ])
        #expect(errors(#"{"screenplayExperiment": "e"}"#).first?.hasPrefix("features.f.rules[0].screenplayExperiment: ") == true)
        #expect(
            errors(#"{"screenplayExperiment": {"name": "", "values": {"a": 1}}}"#).first?.hasPrefix(
                "features.f.rules[0].screenplayExperiment.name") == true)
        #expect(
            errors(#"{"screenplayExperiment": {"name": "e", "values": {}}}"#).first?.hasPrefix(
                "features.f.rules[0].screenplayExperiment.values") == true)
        #expect(errors(#"{"screenplayExperiment": {"name": "e", "values": {"a": 1}}}"#).isEmpty)
    }
}
