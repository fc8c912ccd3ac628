import Foundation

/// The time the control plane lives by: a clock for its waits (the event queue's gathering and
/// backoff, the change watcher's poll, statement deadlines) and a wall clock for its stamps (an
/// audit entry's time, a published version's, an experiment's last change, a refused event's).
/// Real time unless given otherwise — a test passes a clock it sets itself, as it does to the
/// runtime's `ClientClock`.
///
/// ```swift
/// let clock = ManualClock()   // ScreenplayTestSupport
/// let control = try await ControlPlane.open(
///     database: database, configuration: configuration, clock: ControlClock(clock: clock, now: { clock.date }))
/// ```
public struct ControlClock: Sendable {
    /// Where the control plane waits.
    public var clock: any Clock<Duration>
    /// The wall-clock time now, for stamps.
    public var now: @Sendable () -> Date

    public init(clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
        self.now = now
    }

    /// Real time: `ContinuousClock` and `Date()`.
    public static var live: ControlClock { ControlClock() }

    /// Now, in Unix milliseconds: what the database stores.
    var milliseconds: Int64 { Self.milliseconds(now()) }

    /// `date` in Unix milliseconds, rounded to the nearest.
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000).rounded()) }

    /// Waits `duration` on ``clock``; throws when the task is cancelled.
    func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
