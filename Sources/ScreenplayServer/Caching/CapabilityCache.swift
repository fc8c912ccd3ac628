import HTTPTypes
import ScreenplayDSL
import ScreenplayProtocol

/// Parsed capability headers by their raw text: a client sends the same headers on every request,
/// so they are parsed once, not per request.
final class CapabilityCache: Sendable {
    private let parsed = BoundedCache<ClientCapabilities>(capacity: 512)

    /// The capabilities the headers declare, and the raw text that identifies them (for cache keys).
    func capabilities(for headers: HTTPFields) throws(ScreenplayError) -> (ClientCapabilities, key: String) {
        let key = ClientCapabilities.headerKey(headers)
        if let cached = parsed[key] { return (cached, key) }
        let capabilities = try ClientCapabilities(headerFields: headers)
        parsed.store(capabilities, for: key)
        return (capabilities, key)
    }
}
