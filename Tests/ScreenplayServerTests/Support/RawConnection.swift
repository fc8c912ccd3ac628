import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain TCP connection to a loopback port, for what no HTTP client will send: half-sent heads,
/// trickled bodies, two Host headers, HTTP/1.0, a client that writes everything before it reads.
/// Its blocking calls run on a thread of their own, never on the cooperative pool that the server
/// under test needs (two cores: two blocked tests would stop the server answering).
final class RawConnection: @unchecked Sendable {
    private let socket: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// - Parameter from: the source address, another of this machine's (`127.0.0.2`): another client.
    init(port: Int, from source: String? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(socket)
                throw Failure(description: "bind \(source): \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "connect: \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends every byte; false when the server closed the connection (or reset it) first.
    @discardableResult
    func send(_ text: String) async -> Bool {
        let bytes = Array(text.utf8)
        return await offPool { self.sendBlocking(bytes) }
    }

    /// Sends bytes that are not text (a header value that is not UTF-8); false as ``send(_:)``.
    @discardableResult
    func send(bytes: [UInt8]) async -> Bool {
        await offPool { self.sendBlocking(bytes) }
    }

    private func sendBlocking(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Closes the sending side (the client says it will send nothing more).
    func shutdownWrite() { shutdown(socket, Int32(SHUT_WR)) }

    /// What the server sends until it closes the connection or `timeout` passes, and whether it closed.
    func readAll(timeout: Duration) async -> (text: String, closed: Bool) {
        let (bytes, closed) = await readAllBytes(timeout: timeout)
        return (String(decoding: bytes, as: UTF8.self), closed)
    }

    /// The bytes the server sends until it closes the connection or `timeout` passes (a gzip body
    /// is not text).
    func readAllBytes(timeout: Duration) async -> (bytes: [UInt8], closed: Bool) {
        await offPool { self.readAllBlocking(timeout: timeout) }
    }

    private func readAllBlocking(timeout: Duration) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(max(1, left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&descriptor, 1, milliseconds) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (received, true) }
            received += buffer[..<count]
        }
        return (received, false)
    }

    /// Reads until `marker` arrives (or the connection closes, or `timeout` passes).
    func read(until marker: String, timeout: Duration) async -> String {
        await offPool { self.readBlocking(until: marker, timeout: timeout) }
    }

    private func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    private func readBlocking(until marker: String, timeout: Duration) -> String {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline, !String(decoding: received, as: UTF8.self).contains(marker) {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
