import Foundation

/// When a rule is in effect: from `startsAt` (included) until `endsAt` (excluded), on the
/// evaluator's clock. Screenplay's own extension to GrowthBook's rules (whose backend applies its
/// schedules before publishing the payload); GrowthBook's SDKs ignore the two members.
///
/// ```swift
/// let launch = FlagSchedule(startsAt: Date(timeIntervalSince1970: 1_772_355_600))
/// launch.isInEffect(at: Date())
/// ```
public struct FlagSchedule: Sendable, Hashable {
    /// The first instant the rule is in effect; nil for no start.
    public var startsAt: Date?
    /// The first instant it is no longer in effect; nil for no end.
    public var endsAt: Date?

    /// Always in effect.
    public static let always = FlagSchedule()

    /// - Parameters:
    ///   - startsAt: The first instant the rule is in effect.
    ///   - endsAt: The first instant it is no longer in effect.
    public init(startsAt: Date? = nil, endsAt: Date? = nil) {
        self.startsAt = startsAt
        self.endsAt = endsAt
    }

    /// Reads an instant as `startsAt` and `endsAt` are read: ISO 8601 with its zone
    /// (`2026-03-01T09:00:00Z`, `2026-03-01T10:00+01:00`, fractions of a second allowed).
    ///
    /// ```swift
    /// FlagSchedule.instant("2026-03-01T10:00:00+01:00")   // 2026-03-01 09:00:00 UTC
    /// FlagSchedule.instant("2026-03-01T09:00:00")         // nil: no zone
    /// ```
    /// - Parameter text: The instant's text.
    /// - Returns: The instant, or nil when the text is not one.
    public static func instant(_ text: String) -> Date? {
        FlagInstant.parse(text)
    }

    /// Whether the rule is in effect at `instant`.
    /// - Parameter instant: The evaluator's time.
    /// - Returns: Whether it is at or after the start and before the end.
    public func isInEffect(at instant: Date) -> Bool {
        if let startsAt, instant < startsAt { return false }
        if let endsAt, instant >= endsAt { return false }
        return true
    }
}
