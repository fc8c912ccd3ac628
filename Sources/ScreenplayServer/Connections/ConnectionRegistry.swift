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
///   (waiting for its first byte, between requests, or with a request head still incomplete
///   ``ConnectionLimits/headEvictableAfter`` after its first byte, idle from then on); when none
///   is, it is refused;
/// - a refused connection gets a short `503` with `Retry-After`, then is closed.
final class ConnectionRegistry: Sendable {
    let maxConnections: Int
    let maxPerAddress: Int
    let trustedProxies: [AddressRange]
    let headEvictableAfter: TimeAmount

    private struct State {
        var records: [ObjectIdentifier: ConnectionRecord] = [:]
        var perAddress: [String: Int] = [:]
    }

    private let state = NIOLockedValueBox(State())

    init(limits: ConnectionLimits) {
        maxConnections = limits.effectiveMaxConnections
        maxPerAddress = limits.maxConnectionsPerAddress
        trustedProxies = limits.trustedProxies
        headEvictableAfter = TimeAmount(limits.headEvictableAfter)
    }

    /// Open connections now.
    var count: Int { state.withLockedValue { $0.records.count } }

    /// Open connections now from the client address whose key is `address` (``ClientAddress``).
    func count(from address: String) -> Int { state.withLockedValue { $0.perAddress[address, default: 0] } }

    /// Counts `channel` in, or refuses it (answered and closed here; nil).
    func admit(_ channel: any Channel) -> ConnectionRecord? {
        let address = ClientAddress.key(of: channel.remoteAddress)
        let counted = !ClientAddress.isIn(channel.remoteAddress, trustedProxies)
        let record = ConnectionRecord(channel: channel, headEvictableAfter: headEvictableAfter)
        var evicted: ConnectionRecord?
        let admitted = state.withLockedValue { state -> Bool in
            if counted, state.perAddress[address, default: 0] >= maxPerAddress { return false }
            if state.records.count >= maxConnections {
                let now = NIODeadline.now()
                var oldest: (record: ConnectionRecord, since: NIODeadline)?
                for candidate in state.records.values {
                    guard let since = candidate.idleSince, since <= now else { continue }
                    if oldest.map({ since < $0.since }) ?? true { oldest = (candidate, since) }
                }
                guard let oldest else { return false }
                evicted = oldest.record
                oldest.record.evicted()
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

/// One counted connection: since when it is idle — may make room for another — written by its
/// event loop and read by the registry when a place is needed. A connection waiting for a first
/// byte is idle; one whose request head is arriving is idle from ``ConnectionLimits/headEvictableAfter``
/// after its first byte (a half-sent head holds its place no longer than an idle connection);
/// one reading a body or answering is not idle (nil).
final class ConnectionRecord: Sendable {
    let channel: any Channel
    let headEvictableAfter: TimeAmount
    private let idle = NIOLockedValueBox<NIODeadline?>(.now())

    init(channel: any Channel, headEvictableAfter: TimeAmount) {
        self.channel = channel
        self.headEvictableAfter = headEvictableAfter
    }

    /// Since when the connection is idle; a time still to come is not idle yet.
    var idleSince: NIODeadline? { idle.withLockedValue { $0 } }

    /// The connection entered `phase` (``ConnectionGuard/enter(_:context:)``).
    func entered(_ phase: ConnectionGuard.Phase) {
        idle.withLockedValue { idle in
            switch phase {
            case .idle: idle = idle.flatMap { $0 <= .now() ? $0 : nil } ?? .now()
            case .head: idle = .now() + headEvictableAfter
            case .body, .answering: idle = nil
            }
        }
    }

    /// Chosen to make room: no longer a candidate.
    fileprivate func evicted() { idle.withLockedValue { $0 = nil } }
}
