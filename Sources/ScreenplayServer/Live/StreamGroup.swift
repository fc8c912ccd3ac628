import Logging
import NIOConcurrencyHelpers
import NIOCore
import ScreenplayDSL
import ScreenplayProtocol

/// The subscribers whose requests are alike (the same ``RenderingVariant``: format, path, query,
/// language, capabilities, user, audience, overrides): they see the same screen, so it is rendered once for all of them and each
/// event is made once for all who are at the same version.
///
/// A group is brought up to date by ``sync()``, one pass at a time: when a subscriber joins, when
/// its screen may have changed, when a slow subscriber is ready again. A pass renders the screen
/// at the current generation and sends each member what takes it from the version it has there:
/// nothing, a patch, or the whole screen.
///
/// ```swift
/// group.add(subscriber)
/// group.sync()    // the newcomer gets its first event; the others, nothing new
/// ```
final class StreamGroup: Sendable {
    /// What makes two subscribers' screens the same.
    let variant: RenderingVariant
    /// The screen's path, which invalidations match.
    let path: String
    private let events: StreamEvents
    /// The group's screen now: its first subscriber's route handler, adapted to its client.
    private let make: @Sendable () async throws -> Screen
    private let live: LiveUpdates
    private let state = NIOLockedValueBox<State>(State())

    private struct State {
        var members: [ObjectIdentifier: LiveUpdates.Subscriber] = [:]
        /// A pass is running; another is wanted after it.
        var syncing = false
        var again = false
    }

    init(
        variant: RenderingVariant, path: String, events: StreamEvents, live: LiveUpdates,
        make: @escaping @Sendable () async throws -> Screen
    ) {
        self.variant = variant
        self.path = path
        self.events = events
        self.live = live
        self.make = make
    }

    /// Adds a member (``LiveUpdates`` adds and removes members under its own lock, so that a group
    /// is retired only while empty).
    func add(_ subscriber: LiveUpdates.Subscriber) {
        state.withLockedValue { $0.members[ObjectIdentifier(subscriber)] = subscriber }
    }

    /// Removes a member; returns whether none is left.
    func remove(_ subscriber: LiveUpdates.Subscriber) -> Bool {
        state.withLockedValue { state in
            state.members[ObjectIdentifier(subscriber)] = nil
            return state.members.isEmpty
        }
    }

    /// The screen and its version id, rendered once per generation for every alike subscriber.
    func render() async throws -> (Screen, String) {
        let (live, make) = (self.live, self.make)
        return try await live.render(variant) {
            let screen = try await make()
            let version = ScreenResponse.versionID(of: screen)
            live.versions.store(screen, for: version)
            return (screen, version)
        }
    }

    /// Brings every member to the current screen: one pass at a time, and one more after it when
    /// asked again meanwhile (changes coalesce; a member gets the latest, not each step).
    func sync() {
        let start = state.withLockedValue { state -> Bool in
            guard !state.syncing else {
                state.again = true
                return false
            }
            state.syncing = true
            return true
        }
        guard start else { return }
        Task { await passes() }
    }

    private func passes() async {
        repeat {
            state.withLockedValue { $0.again = false }
            do {
                try await pass()
            } catch {
                // The screen cannot be made for these subscribers now: their streams end, and each
                // reconnect asks afresh (and is answered with the error).
                live.logger.error("live stream of \(path) ended: \(error)")
                for member in state.withLockedValue({ Array($0.members.values) }) { member.sink?.finish() }
            }
        } while state.withLockedValue { state in
            if state.again { return true }
            state.syncing = false
            return false
        }
    }

    private func pass() async throws {
        let (screen, version) = try await render()
        var made: [String: ByteBuffer] = [:]
        for member in state.withLockedValue({ Array($0.members.values) }) {
            let (sink, from) = member.state.withLockedValue { ($0.sink, $0.version) }
            guard let sink, sink.isReady, from != version else { continue }
            let event: ByteBuffer
            if let cached = made[from ?? ""] {
                event = cached
            } else {
                event = self.event(from: from, to: screen, version: version)
                made[from ?? ""] = event
            }
            member.state.withLockedValue { $0.version = version }
            sink.send(event)
        }
    }

    /// What takes a client from the version it has (nil: none) to `version`: a patch when the
    /// server still has its version, else the whole screen. Made once for every alike subscriber
    /// that takes the same step (a reconnect storm costs a write each, not an encoding each).
    private func event(from base: String?, to screen: Screen, version: String) -> ByteBuffer {
        if let base, let old = live.versions[base] {
            return live.event("\(variant.key)\u{0}\(base)\u{0}\(version)") {
                events.patch(from: old, baseVersion: base, to: screen, version: version)
            }
        }
        return live.event("\(variant.key)\u{0}screen\u{0}\(version)") { events.screen(screen, version: version) }
    }
}
