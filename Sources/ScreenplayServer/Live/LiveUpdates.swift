import Foundation
import NIOConcurrencyHelpers
import NIOCore
import ScreenplayDSL

/// The subscribers of screen streams, and how the app tells them something changed.
///
/// Each subscriber's screen is recomputed for its own context (language, experiments,
/// capabilities) and only the patch is sent. Changes coalesce: a subscriber that cannot keep up
/// is sent the latest version when it can, never a queue.
///
/// ```swift
/// store.add(todaysFigures)
/// routes.live.invalidate("cities")                       // one screen
/// routes.live.invalidate { $0.hasPrefix("requests/") }   // a group
/// ```
public final class LiveUpdates: Sendable {
    /// The most streams served at once; one more is refused with a 503 and `Retry-After`.
    public let maxSubscribers: Int
    /// How often an idle stream gets a comment line, so proxies and clients know it is alive.
    public let heartbeat: Duration

    final class Subscriber: Sendable {
        let path: String
        let wake: AsyncStream<Void>.Continuation
        private let flags = NIOLockedValueBox<(changed: Bool, heartbeat: Bool)>((false, false))

        init(path: String, wake: AsyncStream<Void>.Continuation) {
            self.path = path
            self.wake = wake
        }

        func signal(changed: Bool) {
            flags.withLockedValue { if changed { $0.changed = true } else { $0.heartbeat = true } }
            wake.yield()
        }

        /// What happened since the last call.
        func take() -> (changed: Bool, heartbeat: Bool) {
            flags.withLockedValue { flags in
                defer { flags = (false, false) }
                return flags
            }
        }
    }

    private let subscribers = NIOLockedValueBox<[ObjectIdentifier: Subscriber]>([:])
    private let heartbeatTask = NIOLockedValueBox<Task<Void, Never>?>(nil)
    /// Screens by version, so a patch can be made from the version a client holds.
    /// Recently sent screens by version id.
    let versions = BoundedCache<Screen>(capacity: 512)
    /// Bumped by every invalidation: subscribers with the same context share one rendering of it.
    private let generation = NIOLockedValueBox<Int>(0)
    private let renders = NIOLockedValueBox<(tasks: [String: Task<(Screen, String), any Error>], order: [String])>(([:], []))
    private let events = NIOLockedValueBox<(buffers: [String: ByteBuffer], order: [String])>(([:], []))

    var currentGeneration: Int { generation.withLockedValue { $0 } }

    /// The screen for a context at the current generation, computed once for all the subscribers
    /// whose requests are alike (same path, query, language, capabilities, user, overrides).
    func render(context key: String, _ make: @escaping @Sendable () async throws -> (Screen, String)) async throws -> (Screen, String) {
        let fullKey = "\(currentGeneration)\u{0}\(key)"
        let task = renders.withLockedValue { renders -> Task<(Screen, String), any Error> in
            if let existing = renders.tasks[fullKey] { return existing }
            let task = Task { try await make() }
            renders.tasks[fullKey] = task
            renders.order.append(fullKey)
            while renders.order.count > 4_096 { renders.tasks[renders.order.removeFirst()] = nil }
            return task
        }
        return try await task.value
    }

    /// An event made once for every subscriber going from the same version to the same version.
    func event(_ key: String, _ make: () -> ByteBuffer) -> ByteBuffer {
        if let existing = events.withLockedValue({ $0.buffers[key] }) { return existing }
        let buffer = make()
        events.withLockedValue { events in
            if events.buffers.updateValue(buffer, forKey: key) == nil { events.order.append(key) }
            while events.order.count > 1_024 { events.buffers[events.order.removeFirst()] = nil }
        }
        return buffer
    }

    public init(maxSubscribers: Int = 10_000, heartbeat: Duration = .seconds(15)) {
        self.maxSubscribers = maxSubscribers
        self.heartbeat = heartbeat
    }

    /// Streams open now.
    public var subscriberCount: Int { subscribers.withLockedValue { $0.count } }

    /// The screen at `path` (`"cities"`, `"requests/2"`) changed for everyone who watches it.
    public func invalidate(_ path: String) {
        invalidate { $0 == path }
    }

    /// Every watched screen whose path matches changed.
    public func invalidate(where matches: (String) -> Bool) {
        generation.withLockedValue { $0 += 1 }
        for subscriber in subscribers.withLockedValue({ Array($0.values) }) where matches(subscriber.path) {
            subscriber.signal(changed: true)
        }
    }

    /// Every watched screen changed (new data everywhere, a deploy).
    public func invalidateAll() {
        invalidate { _ in true }
    }

    /// Adds a subscriber, or nil when the limit is reached.
    func subscribe(path: String) -> (Subscriber, AsyncStream<Void>)? {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let subscriber = Subscriber(path: path, wake: continuation)
        let added = subscribers.withLockedValue { subscribers -> Bool in
            guard subscribers.count < maxSubscribers else { return false }
            subscribers[ObjectIdentifier(subscriber)] = subscriber
            return true
        }
        guard added else { return nil }
        startHeartbeat()
        return (subscriber, stream)
    }

    func unsubscribe(_ subscriber: Subscriber) {
        subscriber.wake.finish()
        let empty = subscribers.withLockedValue { subscribers in
            subscribers[ObjectIdentifier(subscriber)] = nil
            return subscribers.isEmpty
        }
        if empty {
            heartbeatTask.withLockedValue {
                $0?.cancel()
                $0 = nil
            }
        }
    }

    /// One task beats for every subscriber, while there are any.
    private func startHeartbeat() {
        heartbeatTask.withLockedValue { task in
            guard task == nil else { return }
            let interval = heartbeat
            task = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    guard let self, !Task.isCancelled else { return }
                    for subscriber in self.subscribers.withLockedValue({ Array($0.values) }) { subscriber.signal(changed: false) }
                }
            }
        }
    }
}
