/// What one connection may hold, and for how long: the bounds that keep one client from holding
/// file descriptors, memory or a worker with idle sockets, half-sent headers or trickled bodies.
/// Every number is listed in docs/SECURITY.md with the command that checks it.
///
/// ```swift
/// var limits = ConnectionLimits()
/// limits.idleTimeout = .seconds(5)            // close keep-alive connections sooner
/// let app = Application(router: router, server: .screenplay(limits: limits))
/// ```
public struct ConnectionLimits: Sendable {
    /// How long a connection may wait for the first byte of its next request (keep-alive idle).
    public var idleTimeout: Duration = .seconds(30)
    /// How long a request's head may take, from its first byte to its last header line.
    public var headTimeout: Duration = .seconds(10)
    /// How long a request's body may take, from its head to its last byte.
    public var bodyTimeout: Duration = .seconds(30)
    /// After an early answer (a 413 before the whole body came), how long the rest of the body is
    /// read and dropped so that a client that writes before it reads sees the answer, not a reset.
    public var lingerTimeout: Duration = .seconds(5)
    /// The most bytes read and dropped while lingering.
    public var maxLingerBytes = 64 * 1024 * 1024
    /// The most bytes of one request's head: its request line and every header line (431 past it).
    public var maxHeadBytes = 32 * 1024
    /// The most header fields in one request (431 past it).
    public var maxHeaderFields = 100
    /// The most body bytes a client may announce with `Expect: 100-continue` before it is told 413
    /// instead of 100 Continue (routes apply their own, smaller bounds as the body arrives).
    public var maxBodyBytes = 1024 * 1024

    public init() {}
}
