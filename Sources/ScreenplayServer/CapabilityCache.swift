import Foundation
import HTTPTypes
import Screenplay

/// Parsed capability headers by their raw text: a client sends the same headers on every request,
/// so they are parsed once, not per request.
final class CapabilityCache: @unchecked Sendable {
    // Safe: `parsed` is only touched while `lock` is held.
    private let lock = NSLock()
    private var parsed: [String: ClientCapabilities] = [:]
    private let capacity = 512

    /// The capabilities the headers declare, and the raw text that identifies them (for cache keys).
    func capabilities(for headers: HTTPFields) throws(ScreenplayError) -> (ClientCapabilities, key: String) {
        let key = [
            headers[.screenplayVersion] ?? "", headers[values: .screenplayComponents].joined(separator: ","),
            headers[values: .screenplayActions].joined(separator: ","), headers[.screenplayPlatform] ?? "",
        ].joined(separator: "\u{0}")
        lock.lock()
        let cached = parsed[key]
        lock.unlock()
        if let cached { return (cached, key) }
        let capabilities = try ClientCapabilities(headers: headers)
        lock.lock()
        if parsed.count >= capacity { parsed.removeAll(keepingCapacity: true) }
        parsed[key] = capabilities
        lock.unlock()
        return (capabilities, key)
    }
}
