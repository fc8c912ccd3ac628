import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Many sockets, from several of this machine's loopback addresses, that each send part of a
/// request head and then nothing more (slowloris): what held every place of a server at its
/// connection limit. One thread holds them all (a thread per socket would be a thousand threads),
/// and counts those the server closed.
final class SlowHeadAttack: @unchecked Sendable {
    /// The part of a head each socket sends: a request line and a header line, never the blank line.
    static let partialHead = Array("GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8)

    private let lock = NSLock()
    private var sockets: [Int32] = []
    private var closedByServer = 0
    private var failedToOpen = 0

    /// Opens `perAddress` sockets from each of `addresses` to `port`, each sending
    /// ``partialHead``; a socket that cannot connect (the server is full) is counted, not retried.
    init(port: Int, addresses: [String], perAddress: Int) {
        for address in addresses {
            for _ in 0..<perAddress {
                guard let socket = Self.open(port: port, from: address) else {
                    failedToOpen += 1
                    continue
                }
                _ = Self.partialHead.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                sockets.append(socket)
            }
        }
    }

    /// As ``init(port:addresses:perAddress:)``, on a thread of its own: a thousand connects must
    /// not hold one of the cooperative pool's two threads, which the server under test needs.
    static func start(port: Int, addresses: [String], perAddress: Int) async -> SlowHeadAttack {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: SlowHeadAttack(port: port, addresses: addresses, perAddress: perAddress))
            }
        }
    }

    deinit {
        for socket in sockets { close(socket) }
    }

    /// How many sockets were opened and sent their partial head.
    var opened: Int { lock.withLock { sockets.count } }

    /// How many of the sockets the server has closed (or answered, then closed) so far.
    func closedCount() -> Int {
        lock.withLock {
            var descriptors = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 0)
            var buffer = [UInt8](repeating: 0, count: 4_096)
            var closed: [Int32] = []
            for descriptor in descriptors where descriptor.revents != 0 {
                // An answer (a 503) then the end, or the end alone: read to see which.
                while true {
                    let count = buffer.withUnsafeMutableBytes { recv(descriptor.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                    if count > 0 { continue }
                    if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { closed.append(descriptor.fd) }
                    break
                }
            }
            for socket in closed { close(socket) }
            sockets.removeAll { closed.contains($0) }
            closedByServer += closed.count
            return closedByServer
        }
    }

    private static func open(port: Int, from source: String) -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        // A full accept queue must not stall the attack: give up on a connect after a second.
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &local) { local in
            withUnsafePointer(to: &address) { remote in
                local.withMemoryRebound(to: sockaddr.self, capacity: 1) { local in
                    remote.withMemoryRebound(to: sockaddr.self, capacity: 1) { remote in
                        bind(socket, local, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                            && connect(socket, remote, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                    }
                }
            }
        }
        guard connected else {
            close(socket)
            return nil
        }
        return socket
    }
}
