import Foundation

/// A clock that moves only when a test moves it, for code that waits or stamps time: sleepers on
/// it wake when ``advance(by:)`` passes their deadline, and ``date`` (its wall-clock reading,
/// for stamps) moves with it. Nothing waits for real time.
///
/// ```swift
/// let clock = ManualClock()
/// let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
/// await clock.waitForSleepers(1)   // the task is asleep on the clock
/// clock.advance(by: .seconds(5))   // and wakes, at once
/// ```
public final class ManualClock: Clock, @unchecked Sendable {
    /// A point on the clock: how far it was advanced from its start.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        public let offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    // Guards everything below: the clock is read and advanced from any task.
    private let lock = NSLock()
    private var offset = Duration.zero
    private var sleepers: [UInt64: Sleeper] = [:]
    /// Sleepers cancelled before they were registered.
    private var cancelled: Set<UInt64> = []
    private var nextID: UInt64 = 0
    private let start: Date

    /// A clock at its start, whose ``date`` begins at `start`.
    public init(start: Date = Date(timeIntervalSince1970: 1_750_000_000)) {
        self.start = start
    }

    public var now: Instant { lock.withLock { Instant(offset: offset) } }
    public var minimumResolution: Duration { .zero }

    /// The wall-clock time on this clock: its start plus how far it was advanced.
    public var date: Date {
        let offset = lock.withLock { self.offset }
        let (seconds, attoseconds) = offset.components
        return start.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// How many tasks sleep on the clock now.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id: UInt64 = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline.offset <= offset { return .success(()) }
                    sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let sleeper = sleepers.removeValue(forKey: id) else {
                    cancelled.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        // Cancelled after it woke, or never registered: nothing is left behind.
        lock.withLock { _ = cancelled.remove(id) }
    }

    /// Moves the clock on; every sleeper whose deadline is passed wakes, earliest first.
    public func advance(by duration: Duration) {
        let woken: [Sleeper] = lock.withLock {
            offset += duration
            let due = sleepers.filter { $0.value.deadline.offset <= offset }.sorted { $0.value.deadline < $1.value.deadline }
            for (id, _) in due { sleepers[id] = nil }
            return due.map(\.value)
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks sleep on the clock (yielding, never waiting for time),
    /// or after `maxYields` yields; the caller checks ``sleeperCount`` when it matters.
    public func waitForSleepers(_ count: Int = 1, maxYields: Int = 1_000_000) async {
        var yields = 0
        while sleeperCount < count, yields < maxYields {
            await Task.yield()
            yields += 1
        }
    }
}

/// Waits, yielding (never sleeping), until `condition` holds or `maxYields` yields pass; returns
/// whether it holds. For tests whose other tasks run on a ``ManualClock``.
public func yieldUntil(
    isolation: isolated (any Actor)? = #isolation, maxYields: Int = 1_000_000, _ condition: () async -> Bool
) async -> Bool {
    for _ in 0..<maxYields {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}
