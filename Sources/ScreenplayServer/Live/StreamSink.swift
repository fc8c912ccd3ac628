import NIOCore

/// Where a subscriber's events go: its connection, written by NIO without a task
/// (``StreamChannelHandler``), or a route's response body in the connection's task
/// (``BodyStreamSink``). Events arrive whole and in order.
///
/// A sink that is not ready — its client reads slower than the screen changes — is skipped; it
/// calls back when it is ready again and is then brought from the version it has to the latest
/// one in a single event, never sent a queue.
protocol StreamSink: Sendable {
    /// Sends one event (or a heartbeat).
    func send(_ event: ByteBuffer)
    /// Ends the stream: the server is shutting down, or the screen cannot be rendered any more
    /// (the client reconnects and is told why).
    func finish()
    /// Whether the client keeps up with what it was sent.
    var isReady: Bool { get }
}
