import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// A stream answered by a route's response body, in the connection's task: what a server other
/// than ``HTTPServerBuilder/screenplay(limits:live:)`` runs (Hummingbird's own, its test client),
/// and what a stream asked for on a connection that already served other requests runs.
///
/// ```swift
/// let sink = BodyStreamSink(ready: { live.ready(subscriber) })
/// Response(status: .ok, headers: headers, body: ResponseBody { writer in try await sink.run(&writer, gzip: nil) })
/// ```
final class BodyStreamSink: StreamSink {
    private let events: AsyncStream<ByteBuffer>
    private let continuation: AsyncStream<ByteBuffer>.Continuation
    /// Events sent and not written yet, and whether the sink said it was not ready.
    private let queue = NIOLockedValueBox<(count: Int, congested: Bool)>((0, false))
    private let ready: @Sendable () -> Void

    /// - Parameter ready: called when the client caught up after the sink was not ready.
    init(ready: @escaping @Sendable () -> Void) {
        (events, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
        self.ready = ready
    }

    func send(_ event: ByteBuffer) {
        queue.withLockedValue { queue in
            queue.count += 1
            if queue.count > 1 { queue.congested = true }
        }
        continuation.yield(event)
    }

    func finish() {
        continuation.finish()
    }

    /// One event on its way at most.
    var isReady: Bool { queue.withLockedValue { $0.count < 2 } }

    /// Writes the events until the stream ends: the client leaves, ``finish()`` is called or the
    /// server shuts down (clients reconnect to the next one).
    func run(_ writer: inout any ResponseBodyWriter, gzip: EventCompressor?) async throws {
        try await withGracefulShutdownHandler {
            for await event in events {
                try await writer.write(gzip.map { try $0.compress(event) } ?? event)
                let caughtUp = queue.withLockedValue { queue in
                    queue.count -= 1
                    defer { if queue.count == 0 { queue.congested = false } }
                    return queue.count == 0 && queue.congested
                }
                if caughtUp { ready() }
            }
        } onGracefulShutdown: {
            self.finish()
        }
        if let gzip { try await writer.write(gzip.finish()) }
        try await writer.finish(nil)
    }
}
