import CompressNIO
import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// The HTTP side of sending a screen: a strong ETag over the exact bytes, `304 Not Modified` when
/// the client has them, caching as the screen's hints say (private: screens are per user), and
/// the headers the answer depends on.
enum ScreenResponse {
    /// Every request header that can change the bytes of a screen (``RenderingVariant/varyingHeaders``).
    static let vary = RenderingVariant.varyingHeaders.map(\.rawName).joined(separator: ", ")

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
        EntityTag.tag(ofVersion: Digest.sha256(body, bytes: 16))
    }

    /// The id of a screen's version on streams: its plain tag's version (same screen, same id).
    static func versionID(of screen: Screen) -> String {
        EntityTag.version(of: entityTag(for: screen.encoded()))
    }

    /// The most entity tags read from one `If-None-Match`: a client holds one version of a screen;
    /// past this many the header is ignored and the screen sent whole, which is always correct.
    static let maxHeldTags = 16

    /// Whether an `If-None-Match` value matches one of `tags` (weak comparison, as RFC 9110 asks for
    /// GET), in one pass over at most ``maxHeldTags`` entries.
    static func ifNoneMatch(_ values: [String], matchesAnyOf tags: [String]) -> Bool {
        // The common case, a client sending back the one tag it holds, needs no parsing.
        if values.count == 1, tags.contains(values[0]) { return true }
        var seen = 0
        for value in values {
            for entry in HeaderListEntries(value) {
                var candidate = entry.trimmingWhitespace()[...]
                guard !candidate.isEmpty else { continue }
                seen += 1
                guard seen <= maxHeldTags else { return false }
                if candidate == "*" { return true }
                if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
                if tags.contains(where: { $0 == candidate }) { return true }
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
        if !held.isEmpty, ifNoneMatch(held, matchesAnyOf: [screen.tag, screen.gzipTag]) {
            // A 304 carries the validators and caching headers a 200 would have (RFC 9110 15.4.5),
            // none that describe a body it does not have.
            let kept: Set<HTTPField.Name> = [.eTag, .vary, .cacheControl, .expires, .date, .contentLocation]
            return Response(status: .notModified, headers: HTTPFields(headers.filter { kept.contains($0.name) }))
        }
        if let gzipped {
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: gzipped))
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: screen.body))
    }
}
