import Foundation
import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// An experiment's users and conversions day by day (UTC), per variant, counted as its report
/// counts them (a user on the day of their first exposure, a conversion with its user): the
/// running totals of the last day are the report's figures.
///
/// ```swift
/// let timeline = try await control.timeline(experiment: "checkoutOrder")
/// timeline.days.last?.users["cardFirst"]   // the report's users of cardFirst
/// ```
public struct ExperimentTimeline: Sendable, Hashable {
    /// One day's running totals.
    public struct Day: Sendable, Hashable {
        /// Days since 1970-01-01 (UTC).
        public let day: Int
        /// Users exposed up to and including this day, by variant.
        public let users: [String: Int]
        /// Of them, those who converted, by variant.
        public let conversions: [String: Int]

        /// The day as `YYYY-MM-DD`.
        public var date: String { CivilTime(milliseconds: Int64(day) * 86_400_000).date }
    }

    public let variants: [String]
    /// The days with an exposure, in order (at most the last ``maxDays``).
    public let days: [Day]

    /// The most days a timeline keeps (the latest).
    public static let maxDays = 365
}

extension ControlPlane {
    /// The timeline of experiment `name` for `goal` (its own unless given), under its current
    /// bucket version.
    public func timeline(experiment name: String, goal: String? = nil) async throws -> ExperimentTimeline {
        let (experiment, goal) = try measured(name, goal: goal)
        let database = self.database
        let rows = try await guarded {
            try await database.query(
                "SELECT a.variant, a.first_seen / 86400000, COUNT(*), COUNT(c.user_id) \(Self.exposedAndConverted) "
                    + "GROUP BY a.variant, a.first_seen / 86400000",
                [.text(name), .text(goal), .integer(Int64(experiment.bucketVersion))])
        }
        var daily: [Int: [String: (users: Int, conversions: Int)]] = [:]
        for row in rows {
            guard let variant = row.text(0), let day = row.integer(1) else { continue }
            daily[day, default: [:]][variant] = (row.integer(2) ?? 0, row.integer(3) ?? 0)
        }
        let variants = experiment.variants.map(\.name)
        var users: [String: Int] = [:]
        var conversions: [String: Int] = [:]
        var days: [ExperimentTimeline.Day] = []
        for day in daily.keys.sorted() {
            for (variant, counts) in daily[day] ?? [:] {
                users[variant, default: 0] += counts.users
                conversions[variant, default: 0] += counts.conversions
            }
            days.append(ExperimentTimeline.Day(day: day, users: users, conversions: conversions))
        }
        return ExperimentTimeline(variants: variants, days: Array(days.suffix(ExperimentTimeline.maxDays)))
    }
}
