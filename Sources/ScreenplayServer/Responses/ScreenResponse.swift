import CompressNIO
import Crypto
import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// The HTTP side of sending a screen: a strong ETag over the exact bytes, `304 Not Modified` when
/// the client has them, caching as the screen's hints say (private: screens are per user), and
/// the headers the answer depends on.
enum ScreenResponse {
    /// Every request header that can change the bytes of a screen.
    static let vary = HTTPField.Name.screenVariesBy.map(\.rawName).joined(separator: ", ")

    /// Bodies smaller than this go uncompressed: gzip's header would eat the saving.
    static let gzipThreshold = 1_024

    static func headers(for screen: Screen, language: String) -> HTTPFields {
        var headers: HTTPFields = [
            .contentType: "application/json; charset=utf-8",
            .contentLanguage: language,
            .vary: vary,
        ]
        if let cache = screen.cache {
            var value = "private, max-age=\(cache.maxAge)"
            if let stale = cache.staleWhileRevalidate { value += ", stale-while-revalidate=\(stale)" }
            headers[.cacheControl] = value
        } else {
            headers[.cacheControl] = "private, no-cache"
        }
        return headers
    }

    /// A strong validator: the tag of the version named by the first 128 bits of the body's SHA-256.
    static func entityTag(for body: [UInt8]) -> String {
        let digest = SHA256.hash(data: body)
        return EntityTag.tag(ofVersion: digest.prefix(16).map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined())
    }

    /// The id of a screen's version on streams: its plain tag's version (same screen, same id).
    static func versionID(of screen: Screen) -> String {
        EntityTag.version(of: entityTag(for: screen.encoded()))
    }

    /// Whether an `If-None-Match` value matches `tag` (weak comparison, as RFC 9110 asks for GET).
    static func ifNoneMatch(_ values: [String], matches tag: String) -> Bool {
        // The common case, a client sending back the one tag it holds, needs no parsing.
        if values.count == 1, values[0] == tag { return true }
        for value in values {
            for candidate in value.split(separator: ",") {
                var candidate = candidate.trimmingWhitespace()
                if candidate == "*" { return true }
                if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
                if candidate == tag { return true }
            }
        }
        return false
    }

    /// Whether an `Accept-Encoding` value accepts gzip (named or `*`, with a q-value above 0).
    static func acceptsGzip(_ values: [String]) -> Bool {
        let codings = WeightedList(values)
        return (codings.quality(of: "gzip") ?? codings.quality(of: "x-gzip") ?? codings.quality(of: "*") ?? 0) > 0
    }

    /// Sends `screen`, or 304 when the client holds it. Both the identity and the gzip representation
    /// have their own strong tag (`"…"`, `"…-gz"`); either one in `If-None-Match` means the client has
    /// the screen.
    static func make(_ screen: EncodedScreen, for request: Request) -> Response {
        var headers = screen.headers
        let held = request.headers[values: .ifNoneMatch]
        let gzipped = screen.gzipped.flatMap { acceptsGzip(request.headers[values: .acceptEncoding]) ? $0 : nil }
        headers[.eTag] = gzipped == nil ? screen.tag : screen.gzipTag
        if !held.isEmpty, ifNoneMatch(held, matches: screen.tag) || ifNoneMatch(held, matches: screen.gzipTag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        if let gzipped {
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: gzipped))
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: screen.body))
    }
}
