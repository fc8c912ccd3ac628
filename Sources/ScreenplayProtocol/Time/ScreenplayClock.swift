import Foundation

/// The time a part of Screenplay lives by: a clock for its waits and a wall clock for its stamps.
/// The app's runtime waits on it for a stream's reconnection delay and the event uploader's batch
/// interval and backoff, and stamps events and cached screens with it; the server's control plane
/// waits on it for the event queue, the change watcher, statement deadlines and the sign-in
/// throttle, and stamps audit entries, published versions and stored experiments with it.
///
/// Real time unless given otherwise: a test passes a clock it advances itself, and nothing waits
/// for real.
///
/// ```swift
/// let clock = ManualClock()   // ScreenplayTestSupport
/// let uploader = EventUploader(configuration: configuration, clock: ScreenplayClock(clock: clock, now: { clock.date }))
/// try await clock.sleep(for: .seconds(1))   // in the code under test: returns when the test advances
/// ```
public struct ScreenplayClock: Sendable {
    /// Where waits happen.
    public var clock: any Clock<Duration>
    /// The wall-clock time now, for stamps.
    public var now: @Sendable () -> Date

    /// - Parameters:
    ///   - clock: Where waits happen; `ContinuousClock` by default.
    ///   - now: The wall-clock time for stamps; `Date()` by default.
    public init(clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
        self.now = now
    }

    /// Real time: `ContinuousClock` and `Date()`.
    public static var live: ScreenplayClock { ScreenplayClock() }

    /// Waits `duration` on ``clock``; throws when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
