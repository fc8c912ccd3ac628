import Foundation

/// The time the runtime lives by: a clock for its waits (a stream's reconnection delay, the event
/// uploader's batch interval and retry backoff) and a wall clock for its stamps (an event's time,
/// when a cached screen was stored and last used, whether it is still fresh). Real time unless
/// given otherwise — a test passes a clock it advances itself, and nothing waits for real.
///
/// ```swift
/// let clock = ManualClock()   // ScreenplayTestSupport
/// let uploader = EventUploader(configuration: configuration, clock: ClientClock(clock: clock, now: { clock.date }))
/// ```
public struct ClientClock: Sendable {
    /// Where the runtime waits.
    public var clock: any Clock<Duration>
    /// The wall-clock time now, for stamps.
    public var now: @Sendable () -> Date

    public init(clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
        self.now = now
    }

    /// Real time: `ContinuousClock` and `Date()`.
    public static var live: ClientClock { ClientClock() }

    /// Waits `duration` on ``clock``; throws when the task is cancelled.
    func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
