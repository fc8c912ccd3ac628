import HTTPTypes
import ScreenplayDSL
import ScreenplayProtocol

/// Parsed capability headers by their raw text: a client sends the same headers on every request,
/// so they are parsed once, not per request. Keys are bounded: the headers are (see
/// ``ClientCapabilities/maxTypeListBytes``), and a key longer than a digest is kept as its SHA-256,
/// so neither this cache nor the render cache that reuses the key grows with what clients send.
final class CapabilityCache: Sendable {
    private let parsed = BoundedCache<ClientCapabilities>(capacity: 512)

    /// The capabilities the headers declare, and the raw text that identifies them (for cache keys).
    func capabilities(for headers: HTTPFields) throws(ScreenplayError) -> (ClientCapabilities, key: String) {
        var key = ClientCapabilities.headerKey(headers)
        if key.utf8.count > 64 { key = Digest.sha256(Array(key.utf8)) }
        if let cached = parsed[key] { return (cached, key) }
        let capabilities = try ClientCapabilities(headerFields: headers)
        parsed.store(capabilities, for: key)
        return (capabilities, key)
    }
}
