import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ScreenplayDSL
import ScreenplayProtocol

/// The subscribers of screen streams, and how the app tells them something changed.
///
/// Each subscriber's screen is recomputed for its own context (language, experiments,
/// capabilities) and only the patch is sent. Subscribers whose requests are alike form a
/// `StreamGroup`: their screen is rendered once and each event made once. Changes coalesce: a
/// subscriber that cannot keep up is sent the latest version when it can, never a queue.
///
/// ```swift
/// store.add(todaysFigures)
/// routes.live.invalidate("cities")                       // one screen
/// routes.live.invalidate { $0.hasPrefix("requests/") }   // a group
/// ```
///
/// Served with `HTTPServerBuilder.screenplay(limits:live:)`, a stream asked for on a new
/// connection is written by NIO with no task of its own (docs/PERFORMANCE.md, the fan-out).
public final class LiveUpdates: Sendable {
    /// The most streams served at once; one more is refused with a 503 and `Retry-After`.
    public let maxSubscribers: Int
    /// The most streams one client address holds at once (with ``ScreenplayRequestContext``, which
    /// knows addresses; an IPv6 client is its /64); one more is refused with a 429 and `Retry-After`.
    public let maxSubscribersPerAddress: Int
    /// Proxies whose `X-Forwarded-For` says who the client is (nothing is trusted unless listed).
    public let trustedProxies: [AddressRange]
    /// The seconds a refused subscriber is told to wait (`Retry-After`).
    public let retryAfterSeconds = 5
    /// How often an idle stream gets a comment line, so proxies and clients know it is alive.
    public let heartbeat: Duration
    let logger = Logger(label: "screenplay.live")

    /// One stream: counted from the moment it is admitted, sent events once it has a sink and a group.
    final class Subscriber: Sendable {
        let address: String?
        let state = NIOLockedValueBox<State>(State())

        struct State {
            var sink: (any StreamSink)?
            var group: StreamGroup?
            /// The version its client has (nil: none yet); only its group's passes change it.
            var version: String?
        }

        init(address: String?) {
            self.address = address
        }

        var sink: (any StreamSink)? { state.withLockedValue { $0.sink } }
    }

    private struct Subscribers {
        var all: [ObjectIdentifier: Subscriber] = [:]
        var perAddress: [String: Int] = [:]
        var groups: [RenderingVariant: StreamGroup] = [:]
    }

    private let subscribers = NIOLockedValueBox<Subscribers>(Subscribers())
    private let heartbeatTask = NIOLockedValueBox<Task<Void, Never>?>(nil)
    /// The pipeline that opens streams on connections of their own (set when routes are added).
    let opener = NIOLockedValueBox<(any StreamOpener)?>(nil)
    /// Screens by version, so a patch can be made from the version a client holds.
    /// Recently sent screens by version id.
    let versions = BoundedCache<Screen>(capacity: 512)
    /// Bumped by every invalidation: subscribers with the same context share one rendering of it.
    private let generation = NIOLockedValueBox<Int>(0)
    private let renders = NIOLockedValueBox<(tasks: [String: Task<(Screen, String), any Error>], order: [String])>(([:], []))
    private let events = NIOLockedValueBox<(buffers: [String: ByteBuffer], order: [String])>(([:], []))

    var currentGeneration: Int { generation.withLockedValue { $0 } }

    /// The screen of a variant at the current generation, computed once for all the subscribers
    /// whose requests are alike.
    func render(_ variant: RenderingVariant, _ make: @escaping @Sendable () async throws -> (Screen, String)) async throws -> (
        Screen, String
    ) {
        let fullKey = "\(currentGeneration)\u{0}\(variant.key)"
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

    public init(
        maxSubscribers: Int = 10_000, maxSubscribersPerAddress: Int = 100, heartbeat: Duration = .seconds(15),
        trustedProxies: [AddressRange] = []
    ) {
        self.maxSubscribers = maxSubscribers
        self.maxSubscribersPerAddress = maxSubscribersPerAddress
        self.trustedProxies = trustedProxies
        self.heartbeat = heartbeat
    }

    /// Streams open now.
    public var subscriberCount: Int { subscribers.withLockedValue { $0.all.count } }

    /// The screen at `path` (`"cities"`, `"requests/2"`) changed for everyone who watches it.
    public func invalidate(_ path: String) {
        invalidate { $0 == path }
    }

    /// Every watched screen whose path matches changed.
    public func invalidate(where matches: (String) -> Bool) {
        generation.withLockedValue { $0 += 1 }
        for group in subscribers.withLockedValue({ Array($0.groups.values) }) where matches(group.path) {
            group.sync()
        }
    }

    /// Every watched screen changed (new data everywhere, a deploy).
    public func invalidateAll() {
        invalidate { _ in true }
    }

    /// Admits a subscriber, or the error that refuses it: a 503 when the server streams to as many
    /// as it may, a 429 when the client's address does; both say when to come back. An admitted
    /// subscriber counts until ``unsubscribe(_:)``, and gets events once started (``start(_:sink:variant:resumingFrom:makeGroup:)``).
    func subscribe(address: String?) -> Result<Subscriber, ScreenplayError> {
        let subscriber = Subscriber(address: address)
        let refusal = subscribers.withLockedValue { subscribers -> ScreenplayError? in
            guard subscribers.all.count < maxSubscribers else {
                return ScreenplayError(
                    .serviceUnavailable, code: "tooManySubscribers",
                    message: "this server already streams to \(maxSubscribers) subscribers; try again later or poll",
                    headerFields: [.retryAfter: String(retryAfterSeconds)])
            }
            if let address {
                guard subscribers.perAddress[address, default: 0] < maxSubscribersPerAddress else {
                    return ScreenplayError(
                        .tooManyRequests, code: "tooManyStreams",
                        message: "one address holds at most \(maxSubscribersPerAddress) streams; close one or try again later",
                        headerFields: [.retryAfter: String(retryAfterSeconds)])
                }
                subscribers.perAddress[address, default: 0] += 1
            }
            subscribers.all[ObjectIdentifier(subscriber)] = subscriber
            return nil
        }
        if let refusal { return .failure(refusal) }
        startHeartbeat()
        return .success(subscriber)
    }

    /// Starts sending a subscriber its events through `sink`, in the group of its context (made
    /// with `makeGroup` when it is the first): first what takes it from `lastEventID` — a version
    /// the server still has — to the current screen, or the whole screen.
    func start(
        _ subscriber: Subscriber, sink: any StreamSink, variant: RenderingVariant, resumingFrom lastEventID: String?,
        makeGroup: () -> StreamGroup
    ) {
        let resumed = lastEventID.flatMap { versions[$0] == nil ? nil : $0 }
        let group = subscribers.withLockedValue { subscribers -> StreamGroup? in
            // A client that left before its stream began was already let go.
            guard subscribers.all[ObjectIdentifier(subscriber)] != nil else { return nil }
            let group = subscribers.groups[variant] ?? makeGroup()
            subscribers.groups[variant] = group
            subscriber.state.withLockedValue { state in
                state.sink = sink
                state.group = group
                state.version = resumed
            }
            group.add(subscriber)
            return group
        }
        guard let group else { return sink.finish() }
        group.sync()
    }

    /// A subscriber that was not ready is again: it is brought up to date.
    func ready(_ subscriber: Subscriber) {
        subscriber.state.withLockedValue { $0.group }?.sync()
    }

    /// The subscriber's client left or its stream ended: it no longer counts, and its group is
    /// retired with its last member. Calling it again does nothing.
    func unsubscribe(_ subscriber: Subscriber) {
        let sink = subscriber.state.withLockedValue { state -> (any StreamSink)? in
            defer { state.sink = nil }
            return state.sink
        }
        sink?.finish()
        let empty = subscribers.withLockedValue { subscribers in
            guard subscribers.all.removeValue(forKey: ObjectIdentifier(subscriber)) != nil else { return subscribers.all.isEmpty }
            if let address = subscriber.address {
                let remaining = subscribers.perAddress[address, default: 1] - 1
                subscribers.perAddress[address] = remaining > 0 ? remaining : nil
            }
            if let group = subscriber.state.withLockedValue({ $0.group }), group.remove(subscriber),
                subscribers.groups[group.variant] === group
            {
                subscribers.groups[group.variant] = nil
            }
            return subscribers.all.isEmpty
        }
        if empty {
            heartbeatTask.withLockedValue {
                $0?.cancel()
                $0 = nil
            }
        }
    }

    /// One task beats for every subscriber, while there are any (a subscriber that is not keeping
    /// up is skipped: its connection is not idle).
    private func startHeartbeat() {
        heartbeatTask.withLockedValue { task in
            guard task == nil else { return }
            let interval = heartbeat
            task = Task { [weak self] in
                let beat = ByteBuffer(bytes: ServerSentEvent.heartbeat)
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    guard let self, !Task.isCancelled else { return }
                    for subscriber in self.subscribers.withLockedValue({ Array($0.all.values) }) {
                        if let sink = subscriber.sink, sink.isReady { sink.send(beat) }
                    }
                }
            }
        }
    }
}
