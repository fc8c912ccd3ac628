import Foundation
import ScreenplayDSL
import ScreenplayFlags
import ScreenplayServer

/// An experiment's results for one goal: per variant the users exposed, those who converted
/// afterwards, the rate, and against the control (the first variant) the relative lift with its
/// 95% interval and two-sided p-value (Welch's t-test on the delta method's variance) and the
/// chance to beat the control (a flat prior on the lift) — GrowthBook's frequentist and Bayesian
/// engines on proportions — and the sample-ratio-mismatch check.
///
/// ```swift
/// let report = ExperimentReport(experiment: experiment, goal: "checkout_done",
///                               counts: [("signUpFirst", 1000, 100), ("cardFirst", 1000, 130)])
/// report.variants[1].lift          // 0.3
/// report.sampleRatioMismatch       // false
/// ```
public struct ExperimentReport: Sendable, Hashable {
    public struct Variant: Sendable, Hashable {
        public let name: String
        public let weight: Double
        public let users: Int
        public let conversions: Int
        public var rate: Double { users == 0 ? 0 : Double(conversions) / Double(users) }
        /// (rate − control's rate) / control's rate; nil for the control, and when it cannot be
        /// estimated (no users, a control that never converts, a rate of 0 or 1).
        public let lift: Double?
        /// The 95% interval of the lift.
        public let liftInterval: ClosedRange<Double>?
        public let pValue: Double?
        public let chanceToBeatControl: Double?

        public init(
            name: String, weight: Double, users: Int, conversions: Int, lift: Double? = nil, liftInterval: ClosedRange<Double>? = nil,
            pValue: Double? = nil, chanceToBeatControl: Double? = nil
        ) {
            self.name = name
            self.weight = weight
            self.users = users
            self.conversions = conversions
            self.lift = lift
            self.liftInterval = liftInterval
            self.pValue = pValue
            self.chanceToBeatControl = chanceToBeatControl
        }
    }

    public let experiment: String
    public let goal: String
    public let bucketVersion: Int
    public let variants: [Variant]
    /// The chi-square p-value of the observed split against the weights.
    public let sampleRatioPValue: Double
    /// Flagged at p < 0.001: the split is not what the weights say, so the figures are suspect.
    public var sampleRatioMismatch: Bool { sampleRatioPValue < Self.sampleRatioThreshold }
    public static let sampleRatioThreshold = 0.001

    /// A share as people read it in reports, tables and charts alike: one decimal, `–` when
    /// there is none, a sign for changes.
    ///
    /// ```swift
    /// ExperimentReport.percent(0.1234)                 // "12.3%"
    /// ExperimentReport.percent(-0.05, signed: true)    // "-5.0%"
    /// ```
    public static func percent(_ value: Double?, signed: Bool = false) -> String {
        guard let number = value, number.isFinite else { return "–" }
        return (signed && number >= 0 ? "+" : "") + String(format: "%.1f%%", number * 100)
    }

    /// A report as computed elsewhere (read back from the admin API).
    public init(experiment: String, goal: String, bucketVersion: Int, variants: [Variant], sampleRatioPValue: Double) {
        self.experiment = experiment
        self.goal = goal
        self.bucketVersion = bucketVersion
        self.variants = variants
        self.sampleRatioPValue = sampleRatioPValue
    }

    /// - Parameters:
    ///   - experiment: the experiment reported on.
    ///   - goal: the conversion event counted.
    ///   - counts: per variant name, the users exposed and those who converted.
    public init(experiment: Experiment, goal: String, counts: [String: (users: Int, conversions: Int)]) {
        self.experiment = experiment.name
        self.goal = goal
        self.bucketVersion = experiment.bucketVersion
        let control = counts[experiment.control] ?? (0, 0)
        variants = experiment.variants.enumerated().map { index, variant in
            let (users, conversions) = counts[variant.name] ?? (0, 0)
            let comparison = index == 0 ? nil : Self.compare(control: control, variant: (users, conversions))
            return Variant(
                name: variant.name, weight: variant.weight, users: users, conversions: conversions, lift: comparison?.lift,
                liftInterval: comparison?.interval, pValue: comparison?.pValue, chanceToBeatControl: comparison?.chance)
        }
        sampleRatioPValue = Self.sampleRatio(users: variants.map(\.users), weights: variants.map(\.weight))
    }

    private static func compare(
        control: (users: Int, conversions: Int), variant: (users: Int, conversions: Int)
    ) -> (lift: Double, interval: ClosedRange<Double>, pValue: Double, chance: Double)? {
        let (nA, nB) = (Double(control.users), Double(variant.users))
        guard nA > 1, nB > 1 else { return nil }
        let (pA, pB) = (Double(control.conversions) / nA, Double(variant.conversions) / nB)
        let (varA, varB) = (pA * (1 - pA), pB * (1 - pB))
        guard pA > 0, varA > 0, varB > 0 else { return nil }
        let lift = (pB - pA) / pA
        let variance = varB / (pA * pA * nB) + varA * pB * pB / (pA * pA * pA * pA * nA)
        let standardError = variance.squareRoot()
        // Welch–Satterthwaite degrees of freedom.
        let spread: Double = varB / nB + varA / nA
        let spreadB: Double = varB * varB / (nB * nB * (nB - 1))
        let spreadA: Double = varA * varA / (nA * nA * (nA - 1))
        let df = spread * spread / (spreadB + spreadA)
        let t = lift / standardError
        let pValue = 2 * (1 - Statistics.studentTCDF(abs(t), df: df))
        let width = Statistics.studentTQuantile(0.975, df: df) * standardError
        let chance = Statistics.normalCDF(lift / standardError)
        return (lift, (lift - width)...(lift + width), pValue, chance)
    }

    /// The chi-square test of the users per variant against the weights.
    static func sampleRatio(users: [Int], weights: [Double]) -> Double {
        let total = Double(users.reduce(0, +))
        let totalWeight = weights.reduce(0, +)
        guard total > 0, users.count > 1 else { return 1 }
        var x = 0.0
        for (observed, weight) in zip(users, weights) where weight > 0 {
            let expected = weight / totalWeight * total
            let difference = Double(observed) - expected
            x += difference * difference / expected
        }
        return Statistics.chiSquareSurvival(x, k: Double(users.count - 1))
    }
}

extension ControlPlane {
    /// The report of experiment `name` (stored or declared) for `goal` (its own goal unless given):
    /// users exposed under its current bucket version, and those of them with a `goal` event at or
    /// after their first exposure. QA exposures are not counted.
    public func report(experiment name: String, goal: String? = nil) async throws -> ExperimentReport {
        let (experiment, goal) = try measured(name, goal: goal)
        let database = self.database
        let rows = try await guarded {
            try await database.query(
                "SELECT a.variant, COUNT(*), COUNT(c.user_id) \(Self.exposedAndConverted) GROUP BY a.variant",
                [.text(name), .text(goal), .integer(Int64(experiment.bucketVersion))])
        }
        var counts: [String: (users: Int, conversions: Int)] = [:]
        for row in rows {
            guard let variant = row.text(0) else { continue }
            counts[variant] = (row.integer(1) ?? 0, row.integer(2) ?? 0)
        }
        return ExperimentReport(experiment: experiment, goal: goal, counts: counts)
    }

    /// A flag's experiment rule keyed `name`, as an experiment its report can read: its
    /// variations by the keys exposures record (`meta[i].key`, else the index), with its weights;
    /// or, for `rollout:KEY`, flag KEY's first partial rollout: `heldBack` (the control) and
    /// `included`, weighted by its coverage.
    func flagExperiment(named name: String) -> Experiment? {
        // A flag's first partial rollout: the users held back against those included.
        if name.hasPrefix(FlagReads.rolloutName("")),
            let flag = configuration.flags?.payload.features[String(name.dropFirst(FlagReads.rolloutName("").count))]
        {
            for rule in flag.rules {
                guard case .force(_, let rollout) = rule.action, rollout.coverage != nil || rollout.range != nil else { continue }
                let share = rollout.range.map { $0.upper - $0.lower } ?? rollout.coverage ?? 1
                return Experiment(name, variants: [("heldBack", max(1 - share, 1e-6)), ("included", max(share, 1e-6))])
            }
            return nil
        }
        for flag in configuration.flags?.payload.features.values.sorted(by: { $0.key < $1.key }) ?? [] {
            for rule in flag.rules {
                guard case .experiment(let experiment) = rule.action, experiment.key == name, !experiment.variations.isEmpty else {
                    continue
                }
                let count = experiment.variations.count
                let weights =
                    experiment.weights.flatMap { $0.count == count ? $0 : nil } ?? Array(repeating: 1.0 / Double(count), count: count)
                let variants = (0..<count).map { index -> (String, Double) in
                    let key = experiment.meta.flatMap { $0.indices.contains(index) ? $0[index].key : nil }.flatMap { $0.isEmpty ? nil : $0 }
                    return (key ?? String(index), weights[index])
                }
                return Experiment(name, variants: variants)
            }
        }
        return nil
    }

    /// Experiment `name` and the goal it is measured by (its own unless `goal` is given).
    func measured(_ name: String, goal: String?) throws(ScreenplayError) -> (Experiment, String) {
        guard let experiment = configuration.experiments[name] ?? flagExperiment(named: name) else { throw Self.noSuchExperiment(name) }
        guard let goal = goal ?? experiment.goal else {
            throw ScreenplayError(
                .badRequest, code: "noGoal", message: "experiment \"\(ScreenplayError.quoting(name))\" has no goal; name one (goal=…)",
                path: "goal")
        }
        return (experiment, goal)
    }

    /// Users exposed under the current bucket version (`a`), each with their last `goal` event
    /// at or after their first exposure (`c`, when there is one): what reports and timelines count.
    /// Parameters: $1 the experiment, $2 the goal, $3 the bucket version.
    static let exposedAndConverted = """
        FROM assignments a
        LEFT JOIN (SELECT user_id, MAX(at) AS last_at FROM events WHERE name = $2 GROUP BY user_id) c
          ON c.user_id = a.user_id AND c.last_at >= a.first_seen
        WHERE a.experiment = $1 AND a.bucket_version = $3
        """
}
