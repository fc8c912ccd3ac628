import NIOConcurrencyHelpers
import NIOCore

/// Every open connection of one server, counted in total and per client address
/// (``ClientAddress``), so that one client holding thousands of sockets cannot stop another from
/// getting a screen:
///
/// - a client address holds at most ``ConnectionLimits/maxConnectionsPerAddress`` connections
///   (proxies the server trusts are not counted per address);
/// - at ``ConnectionLimits/maxConnections`` in all — kept below the descriptor limit, so `accept`
///   never fails with `EMFILE` — a new connection takes the place of the one idle the longest
///   (waiting for its first byte, or between requests); when none is idle, it is refused;
/// - a refused connection gets a short `503` with `Retry-After`, then is closed.
final class ConnectionRegistry: Sendable {
    let maxConnections: Int
    let maxPerAddress: Int
    let trustedProxies: [AddressRange]

    private struct State {
        var records: [ObjectIdentifier: ConnectionRecord] = [:]
        var perAddress: [String: Int] = [:]
    }

    private let state = NIOLockedValueBox(State())

    init(limits: ConnectionLimits) {
        maxConnections = limits.effectiveMaxConnections
        maxPerAddress = limits.maxConnectionsPerAddress
        trustedProxies = limits.trustedProxies
    }

    /// Open connections now.
    var count: Int { state.withLockedValue { $0.records.count } }

    /// Counts `channel` in, or refuses it (answered and closed here; nil).
    func admit(_ channel: any Channel) -> ConnectionRecord? {
        let address = ClientAddress.key(of: channel.remoteAddress)
        let counted = !ClientAddress.isIn(channel.remoteAddress, trustedProxies)
        let record = ConnectionRecord(channel: channel)
        var evicted: ConnectionRecord?
        let admitted = state.withLockedValue { state -> Bool in
            if counted, state.perAddress[address, default: 0] >= maxPerAddress { return false }
            if state.records.count >= maxConnections {
                guard
                    let idle = state.records.values.compactMap({ record in record.idleSince.map { (record, $0) } }).min(by: { $0.1 < $1.1 })
                else { return false }
                evicted = idle.0
                idle.0.evicted()
            }
            state.records[ObjectIdentifier(record)] = record
            if counted { state.perAddress[address, default: 0] += 1 }
            return true
        }
        evicted?.channel.close(promise: nil)
        guard admitted else {
            Self.refuse(channel)
            return nil
        }
        channel.closeFuture.whenComplete { [self] _ in
            state.withLockedValue { state in
                guard state.records.removeValue(forKey: ObjectIdentifier(record)) != nil else { return }
                if counted {
                    let left = state.perAddress[address, default: 1] - 1
                    state.perAddress[address] = left > 0 ? left : nil
                }
            }
        }
        return record
    }

    private static let refusal = """
        HTTP/1.1 503 Service Unavailable\r
        Content-Type: application/json\r
        Retry-After: 5\r
        Connection: close\r
        Content-Length: 109\r
        \r
        {"error":{"code":"tooManyConnections","message":"too many connections are open; try again in a few seconds"}}
        """

    /// A short 503 (the client may be a browser that shows it), then the connection is closed.
    private static func refuse(_ channel: any Channel) {
        var buffer = channel.allocator.buffer(capacity: refusal.utf8.count)
        buffer.writeString(refusal)
        channel.writeAndFlush(buffer).whenComplete { _ in channel.close(promise: nil) }
    }
}

/// One counted connection: when it went idle (nil while it reads a request or answers), written by
/// its event loop and read by the registry when a place is needed.
final class ConnectionRecord: Sendable {
    let channel: any Channel
    private let idle = NIOLockedValueBox<NIODeadline?>(.now())

    init(channel: any Channel) {
        self.channel = channel
    }

    var idleSince: NIODeadline? { idle.withLockedValue { $0 } }

    func setIdle(_ isIdle: Bool) {
        idle.withLockedValue { $0 = isIdle ? ($0 ?? .now()) : nil }
    }

    /// Chosen to make room: no longer a candidate.
    fileprivate func evicted() { idle.withLockedValue { $0 = nil } }
}
