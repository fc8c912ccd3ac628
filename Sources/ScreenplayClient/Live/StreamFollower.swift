import Foundation
import Screenplay
import ScreenplayProtocol

/// Follows one screen's live stream for its store: reads the Server-Sent Events as they arrive,
/// decodes each once (through the loader) and hands it to the store, which applies it. A dropped
/// stream reconnects with exponential backoff and jitter, resuming from the version the store
/// shows; after three failures in a row the screen is also reloaded before each attempt (polling).
///
/// ```swift
/// following = Task { await StreamFollower(loader: loader, store: self).run() }
/// ```
@MainActor
struct StreamFollower {
    let loader: ScreenLoader
    weak var store: ScreenStore?
    /// Where the wait between two attempts is spent.
    var clock: ScreenplayClock = .live

    /// The longest wait between two attempts, in seconds.
    static let maxBackoff = 30.0

    func run() async {
        var failures = 0
        while !Task.isCancelled {
            guard let stream = store?.screen?.stream, let streamURL = loader.serverURL(stream) else { return }
            do {
                let response = try await loader.openStream(streamURL, lastEventID: store?.version)
                store?.setLive(true)
                failures = 0
                var parser = ServerSentEventParser()
                reading: for try await chunk in response.body {
                    for event in parser.feed(chunk) {
                        // An event the store cannot apply puts it out of step: reconnect for a whole screen.
                        guard let store, try store.receive(loader.decode(event, from: streamURL)) else { break reading }
                    }
                }
            } catch {
                if Task.isCancelled { break }
                failures += 1
            }
            store?.setLive(false)
            if Task.isCancelled { break }
            if failures >= 3 { await store?.reload() }
            let backoff = min(Self.maxBackoff, 0.25 * Double(1 << min(failures, 7)))
            try? await clock.sleep(for: .milliseconds(Int(backoff * Double.random(in: 0.5...1.5) * 1_000)))
        }
        store?.setLive(false)
    }
}
