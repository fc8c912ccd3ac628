import NIOCore

/// The state of one connection that its two guard handlers share: where the current request is
/// (idle, head, body, answering), the one deadline of that phase, and whether the connection is
/// lingering after an early answer. Lives on the connection's event loop only.
///
/// The byte handler (first in the pipeline) sees raw bytes: the first byte of a request, the
/// client's half-close, the lingering. The request handler (after the HTTP decoder) sees the
/// request head and end and the response head and end. Each phase has one deadline; when it
/// passes, the connection is closed.
final class ConnectionGuard {
    enum Phase {
        /// Between requests: waiting for the first byte of the next one.
        case idle
        /// The first bytes came; the head is not complete yet.
        case head
        /// The head was passed on; its body is arriving.
        case body
        /// The whole request was read; the answer is being written.
        case answering
    }

    let limits: ConnectionLimits
    /// The connection's entry in the server's registry: told each phase, so that the connection
    /// idle the longest (or with a head incomplete too long) can make room for a new one.
    let record: ConnectionRecord?
    private(set) var phase: Phase = .idle
    /// Whether a request was answered: before that, a connection waits for its first byte only
    /// ``ConnectionLimits/firstByteTimeout``.
    var hasAnswered = false
    private var deadline: Scheduled<Void>?
    private var lingerDeadline: Scheduled<Void>?
    /// Bytes of a next request that came while the current one was answered (pipelining).
    var nextRequestStarted = false
    /// The client half-closed: it will send nothing more.
    var inputClosed = false
    /// The answer is an event stream: it ends only when the client leaves.
    var streaming = false
    /// Reading and dropping what the client still sends, after the last answer was written.
    private(set) var lingering = false
    var lingeredBytes = 0

    init(limits: ConnectionLimits, record: ConnectionRecord?) {
        self.limits = limits
        self.record = record
    }

    /// Moves to `phase` and starts its deadline (none while answering: answers take what they take).
    func enter(_ phase: Phase, context: ChannelHandlerContext) {
        self.phase = phase
        record?.entered(phase)
        deadline?.cancel()
        deadline = nil
        let timeout: Duration? =
            switch phase {
            case .idle: hasAnswered ? limits.idleTimeout : limits.firstByteTimeout
            case .head: limits.headTimeout
            case .body: limits.bodyTimeout
            case .answering: nil
            }
        guard let timeout else { return }
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: TimeAmount(timeout)) { channel.close(promise: nil) }
    }

    /// After the last answer: read and drop what the client still sends for a while, then close.
    func startLingering(context: ChannelHandlerContext) {
        guard !lingering else { return }
        lingering = true
        deadline?.cancel()
        deadline = nil
        let channel = context.channel
        lingerDeadline = context.eventLoop.scheduleTask(in: TimeAmount(limits.lingerTimeout)) { channel.close(promise: nil) }
        context.read()
    }

    func stop() {
        deadline?.cancel()
        lingerDeadline?.cancel()
        deadline = nil
        lingerDeadline = nil
    }
}
