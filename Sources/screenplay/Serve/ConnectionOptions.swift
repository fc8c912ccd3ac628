import ArgumentParser
import Logging
import ScreenplayServer

/// How many connections `screenplay serve` holds, in all and per client address, and which proxies
/// are not counted per address.
///
/// ```swift
/// let limits = try options.limits(logger: logger)   // raises the descriptor limit, says the bounds
/// ```
struct ConnectionOptions: ParsableArguments {
    @Option(help: "The most connections open at once (default: the descriptor limit less 128, at most 16384).")
    var maxConnections: Int?

    @Option(help: "The most connections one client address holds (an IPv6 client is its /64).")
    var maxConnectionsPerAddress = 256

    @Option(help: "A proxy address or network whose connections are not counted per address (repeat for more).")
    var trustedProxy: [String] = []

    /// The limits: the descriptor limit raised where the system allows, and the bounds said in the log.
    func limits(logger: Logger) throws -> ConnectionLimits {
        var limits = ConnectionLimits()
        let descriptors = ConnectionLimits.raiseDescriptorLimit()
        limits.maxConnections = maxConnections
        limits.maxConnectionsPerAddress = maxConnectionsPerAddress
        limits.trustedProxies = try trustedProxy.map { text in
            guard let range = AddressRange(text) else { throw ValidationError("--trusted-proxy \(text) is not an address or a network") }
            return range
        }
        logger.info(
            """
            connections: at most \(limits.effectiveMaxConnections) open (descriptor limit \(descriptors)), \
            \(limits.maxConnectionsPerAddress) per client address, first byte within \(limits.firstByteTimeout), \
            a head incomplete after \(limits.headEvictableAfter) makes room as an idle connection does
            """)
        return limits
    }
}
