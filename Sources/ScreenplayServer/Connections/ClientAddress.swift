import NIOCore

/// Who a connection counts against: its IPv4 address, or the /64 network of its IPv6 address (one
/// host is handed a whole /64, so counting single IPv6 addresses would give a client 2^64 of
/// them). An IPv4 address mapped into IPv6 counts as the IPv4 address.
///
/// ```swift
/// ClientAddress.key(of: channel.remoteAddress)   // "203.0.113.7", "2001:db8:1:2::/64"
/// ```
package enum ClientAddress {
    package static func key(of address: SocketAddress?) -> String {
        guard let address else { return "unknown" }
        switch address {
        case .v4:
            return address.ipAddress ?? "unknown"
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return bytes[12..<16].map(String.init).joined(separator: ".")
            }
            let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        case .unixDomainSocket:
            return "local"
        }
    }

    /// Whether `address` is one of `ranges` (`"10.0.0.1"`, `"10.0.0.0/8"`, `"2001:db8::/32"`).
    static func isIn(_ address: SocketAddress?, _ ranges: [AddressRange]) -> Bool {
        guard let address, !ranges.isEmpty else { return false }
        return ranges.contains { $0.contains(address) }
    }
}

/// An address or a network in CIDR notation, for the proxies a server trusts.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    let bytes: [UInt8]
    let prefix: Int

    /// `"10.0.0.1"`, `"10.0.0.0/8"`, `"::1"`, `"2001:db8::/32"`; nil when it is none of these.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1)
        guard let first = parts.first, let address = try? SocketAddress(ipAddress: String(first), port: 0) else { return nil }
        let bytes = Self.bytes(of: address)
        let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
        guard let prefix, (0...(bytes.count * 8)).contains(prefix) else { return nil }
        self.bytes = bytes
        self.prefix = prefix
    }

    public var description: String { "\(bytes.count == 4 ? bytes.map(String.init).joined(separator: ".") : "ipv6")/\(prefix)" }

    /// Whether `address` is in this network.
    public func contains(_ address: SocketAddress) -> Bool {
        let other = Self.bytes(of: address)
        guard other.count == bytes.count else { return false }
        var remaining = prefix
        for (mine, theirs) in zip(bytes, other) where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if mine & mask != theirs & mask { return false }
            remaining -= bits
        }
        return true
    }

    static func bytes(of address: SocketAddress) -> [UInt8] {
        switch address {
        case .v4(let v4): withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case .v6(let v6): withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        case .unixDomainSocket: []
        }
    }
}
