import Foundation
import Hummingbird

/// A submitted form (`application/x-www-form-urlencoded`): names to values, the first of each.
///
/// ```swift
/// let form = try await StudioForm(request)   // token=abc%20def → form["token"] == "abc def"
/// ```
struct StudioForm {
    /// The largest form the studio reads.
    static let maxBytes = 16 * 1024

    private(set) var values: [String: String] = [:]

    init(_ text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), !name.isEmpty, values[name] == nil else { continue }
            values[name] = parts.count > 1 ? (Self.decode(parts[1]) ?? "") : ""
        }
    }

    init(_ request: Request, maxBytes: Int = Self.maxBytes) async throws {
        let body = try await request.collectedBody(upTo: maxBytes)
        self.init(String(decoding: body, as: UTF8.self))
    }

    subscript(name: String) -> String? { values[name] }

    private static func decode(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
