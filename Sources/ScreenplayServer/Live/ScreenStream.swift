import Hummingbird
import ScreenplayDSL
import ScreenplayProtocol
import ServiceLifecycle

/// One subscriber's Server-Sent Events stream: its first screen (or the patch from the version it
/// resumes from), then a patch each time the screen really changed for its context, and heartbeats.
/// Renders and events are shared with the subscribers whose requests are alike.
struct ScreenStream: Sendable {
    let live: LiveUpdates
    let subscriber: LiveUpdates.Subscriber
    let wakes: AsyncStream<Void>
    /// What makes two subscribers' screens the same (format, path, query, language, capabilities, user, overrides).
    let contextKey: String
    let events: StreamEvents
    let lastEventID: String?
    /// The subscriber's screen now: the route's handler, adapted to its client.
    let make: @Sendable () async throws -> Screen

    func run(_ writer: inout any ResponseBodyWriter) async throws {
        defer { live.unsubscribe(subscriber) }
        var (screen, version) = try await render()
        if let lastEventID, let base = live.versions[lastEventID] {
            if lastEventID != version {
                try await writer.write(events.patch(from: base, baseVersion: lastEventID, to: screen, version: version))
            }
        } else {
            // Encoded once for every alike subscriber that starts at this version (a reconnect storm
            // costs a write each, not an encoding each).
            try await writer.write(live.event("\(contextKey)\u{0}screen\u{0}\(version)") { events.screen(screen, version: version) })
        }
        // A server shutting down ends its streams (clients reconnect to the next one).
        try await withGracefulShutdownHandler {
            for await _ in wakes {
                let (changed, heartbeat) = subscriber.take()
                if changed {
                    let (next, nextVersion) = try await render()
                    guard nextVersion != version else { continue }
                    let event = live.event("\(contextKey)\u{0}\(version)\u{0}\(nextVersion)") {
                        events.patch(from: screen, baseVersion: version, to: next, version: nextVersion)
                    }
                    try await writer.write(event)
                    (screen, version) = (next, nextVersion)
                } else if heartbeat {
                    try await writer.write(ByteBuffer(bytes: ServerSentEvent.heartbeat))
                }
            }
        } onGracefulShutdown: {
            subscriber.wake.finish()
        }
        try await writer.finish(nil)
    }

    /// The screen and its version id, rendered once per change for all alike subscribers.
    private func render() async throws -> (Screen, String) {
        let live = self.live
        let make = self.make
        return try await live.render(context: contextKey) {
            let screen = try await make()
            let version = ScreenResponse.versionID(of: screen)
            live.versions.store(screen, for: version)
            return (screen, version)
        }
    }
}
