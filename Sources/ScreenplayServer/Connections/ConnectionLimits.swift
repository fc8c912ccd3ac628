/// What one connection may hold, and for how long: the bounds that keep one client from holding
/// file descriptors, memory or a worker with idle sockets, half-sent headers or trickled bodies.
/// Every number is listed in docs/SECURITY.md with the command that checks it.
///
/// ```swift
/// var limits = ConnectionLimits()
/// limits.idleTimeout = .seconds(5)            // close keep-alive connections sooner
/// let app = Application(router: router, server: .screenplay(limits: limits))
/// ```
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

public struct ConnectionLimits: Sendable {
    /// How long a new connection may wait before the first byte of its first request.
    public var firstByteTimeout: Duration = .seconds(10)
    /// How long a connection may wait for the first byte of its next request (keep-alive idle).
    public var idleTimeout: Duration = .seconds(30)
    /// How long a request's head may take, from its first byte to its last header line.
    public var headTimeout: Duration = .seconds(10)
    /// At the connection limit, a connection whose request head is still incomplete this long after
    /// its first byte can make room for a new one, as a connection idle as long can: half-sent
    /// heads (slowloris) cannot hold every place until ``headTimeout`` closes them. A client's
    /// head comes in one or a few packets, well within it.
    public var headEvictableAfter: Duration = .seconds(2)
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
    /// The most connections open at once; nil: the process's descriptor limit less
    /// ``reservedDescriptors``, at most 16,384. At the limit, a new connection takes the place of
    /// the one idle the longest (waiting for a first byte, between requests, or with a head
    /// incomplete for ``headEvictableAfter``), or is refused with a 503 when none is.
    public var maxConnections: Int?
    /// Descriptors kept for everything but connections (the database, files, the event loops).
    public var reservedDescriptors = 128
    /// The most connections one client address holds (an IPv6 client is its /64).
    public var maxConnectionsPerAddress = 256
    /// Proxies whose connections are not counted per address (they carry many clients), as
    /// addresses or networks: `["10.0.0.0/8", "::1"]`. Nothing is trusted unless listed.
    public var trustedProxies: [AddressRange] = []

    public init() {}

    /// ``maxConnections`` as it applies now.
    public var effectiveMaxConnections: Int {
        if let maxConnections { return max(1, maxConnections) }
        return max(16, min(16_384, Self.descriptorLimit.soft - reservedDescriptors))
    }

    /// The process's limit on open descriptors (`RLIMIT_NOFILE`), soft and hard.
    public static var descriptorLimit: (soft: Int, hard: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return (1_024, 1_024) }
        return (Int(clamping: limit.rlim_cur), Int(clamping: limit.rlim_max))
    }

    /// Raises the soft descriptor limit to the hard one (or to `target`, if lower) where the system
    /// allows it, and returns the limit in force: what `screenplay serve` does at start.
    @discardableResult
    public static func raiseDescriptorLimit(to target: Int = 65_536) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return descriptorLimit.soft }
        let wanted = rlim_t(min(Int(clamping: limit.rlim_max), max(target, Int(clamping: limit.rlim_cur))))
        if wanted > limit.rlim_cur {
            limit.rlim_cur = wanted
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return descriptorLimit.soft
    }
}
