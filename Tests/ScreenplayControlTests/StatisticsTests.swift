import Foundation
import ScreenplayServer
import ScreenplayTestHarness
import Testing

@testable import ScreenplayControl

/// The report's figures against GrowthBook's own stats engine (`gbstats` 0.8.0 in the venv) on
/// the same counts: lift, its 95% interval and p-value (frequentist), chance to beat control
/// (Bayesian), and the sample-ratio p-value.
@Suite(.enabled("needs the venv with gbstats: run scripts/test") { await GBStats.availableOrRequired() })
struct StatisticsTests {
    static let cases: [(control: (Int, Int), variant: (Int, Int), weights: [Double])] = [
        ((1_000, 100), (1_000, 130), [50, 50]),
        ((5_000, 400), (4_800, 420), [50, 50]),
        ((120, 9), (95, 14), [50, 50]),
        ((20_000, 1_500), (10_500, 760), [66, 34]),
        ((1_000, 100), (1_300, 100), [50, 50]),
        ((40, 2), (35, 3), [1, 1]),
    ]

    @Test func theReportAgreesWithGrowthBooksEngine() async throws {
        let python = try #require(await GBStats.python(), "no .venv with gbstats; run scripts/test")
        var input: [[String: Any]] = []
        var ours: [ExperimentReport] = []
        for (control, variant, weights) in Self.cases {
            let experiment = Experiment("e", variants: [("a", weights[0]), ("b", weights[1])])
            ours.append(ExperimentReport(experiment: experiment, goal: "g", counts: ["a": control, "b": variant]))
            input.append(["control": [control.0, control.1], "variant": [variant.0, variant.1], "weights": weights])
        }
        let script = """
            import json, sys
            from gbstats.models.statistics import ProportionStatistic
            from gbstats.frequentist.tests import TwoSidedTTest
            from gbstats.bayesian.tests import EffectBayesianABTest
            from gbstats.utils import check_srm
            out = []
            for case in json.load(sys.stdin):
                a = ProportionStatistic(n=case["control"][0], sum=case["control"][1])
                b = ProportionStatistic(n=case["variant"][0], sum=case["variant"][1])
                f = TwoSidedTTest(a, b).compute_result()
                bayes = EffectBayesianABTest(a, b).compute_result()
                out.append({"lift": f.expected, "ci": f.ci, "p": f.p_value, "ctw": bayes.chance_to_win,
                            "srm": check_srm([case["control"][0], case["variant"][0]], case["weights"])})
            print(json.dumps(out))
            """
        // The cases are written while the answer is read: neither side can block on a full pipe.
        let run = try await ChildProcess.run(python, ["-c", script], input: [UInt8](try JSONSerialization.data(withJSONObject: input)))
        #expect(run.status == 0, "\(run.standardError)")
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        #expect(theirs.count == ours.count)
        for (report, expected) in zip(ours, theirs) {
            let variant = report.variants[1]
            func close(_ mine: Double?, _ key: String, tolerance: Double = 1e-6) {
                let value = expected[key] as? Double
                #expect(
                    mine != nil && value != nil && abs(mine! - value!) <= tolerance * max(1, abs(value!)),
                    "\(key): \(String(describing: mine)) vs \(String(describing: value))")
            }
            close(variant.lift, "lift")
            close(variant.pValue, "p")
            close(variant.chanceToBeatControl, "ctw")
            close(report.sampleRatioPValue, "srm")
            let interval = try #require(expected["ci"] as? [Double])
            #expect(abs((variant.liftInterval?.lowerBound ?? .nan) - interval[0]) < 1e-6)
            #expect(abs((variant.liftInterval?.upperBound ?? .nan) - interval[1]) < 1e-6)
        }
    }

    @Test func aSkewedSplitIsFlagged() {
        let experiment = Experiment("e", variants: [("a", 50), ("b", 50)])
        let skewed = ExperimentReport(experiment: experiment, goal: "g", counts: ["a": (1_000, 10), "b": (1_200, 10)])
        #expect(skewed.sampleRatioMismatch)
        let fair = ExperimentReport(experiment: experiment, goal: "g", counts: ["a": (1_000, 10), "b": (1_030, 10)])
        #expect(!fair.sampleRatioMismatch)
    }
}

enum GBStats {
    /// The venv's python when it has gbstats (asked within 30 seconds), else nil.
    static func python() async -> String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let check = try? await ChildProcess.run(path, ["-c", "import gbstats"], within: .seconds(30))
        return check?.status == 0 ? path : nil
    }

    static func availableOrRequired() async -> Bool {
        await python() != nil || ProcessInfo.processInfo.environment["SCREENPLAY_REQUIRE_PYTHON"] != nil
    }
}
