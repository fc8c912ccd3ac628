import CompressNIO
import Crypto
import HTTPTypes
import Hummingbird
import Screenplay
import ScreenplayHTML

/// The HTTP side of sending a screen: a strong ETag over the exact bytes, `304 Not Modified` when
/// the client has them, caching as the screen's hints say (private: screens are per user), and
/// the headers the answer depends on.
enum ScreenResponse {
    /// Every request header that can change the bytes of a screen.
    static let vary = "Accept, Accept-Encoding, Accept-Language, Screenplay-Version, Screenplay-Components, Screenplay-Actions, Screenplay-Platform, Screenplay-User, Screenplay-Experiments"

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

    /// A strong validator: the first 128 bits of the body's SHA-256, quoted.
    static func entityTag(for body: [UInt8]) -> String {
        let digest = SHA256.hash(data: body)
        let hex = digest.prefix(16).map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        return "\"\(hex)\""
    }

    /// The id of a screen's version on streams: its tag without quotes (same screen, same id).
    static func versionID(of screen: Screen) -> String {
        versionID(fromTag: entityTag(for: screen.encoded()))
    }

    /// The tag of a screen's templated form: its plain tag marked `-t`, so that both forms name
    /// the same version (`"<version>"`, `"<version>-t"`) yet differ as representations.
    static func templatedTag(_ plainTag: String) -> String {
        String(plainTag.dropLast()) + "-t\""
    }

    /// The version id a strong tag names: the tag without quotes and without the `-t` / `-gz`
    /// marks of other representations of the same version.
    static func versionID(fromTag tag: String) -> String {
        let unquoted = tag.dropFirst().dropLast()
        return String(unquoted.prefix { $0 != "-" })
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
        var gzip: Double?
        var any: Double?
        for value in values {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingWhitespace() }
                guard let coding = parts.first?.lowercased() else { continue }
                var quality = 1.0
                for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                    quality = Double(parameter.dropFirst(2)) ?? 0
                }
                if coding == "gzip" || coding == "x-gzip" { gzip = quality } else if coding == "*" { any = quality }
            }
        }
        return (gzip ?? any ?? 0) > 0
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

/// Encoded bytes with their strong tag: the bytes' hash, or for a templated screen the plain
/// form's tag marked `-t` (both name the same version).
struct ScreenBody {
    let bytes: [UInt8]
    let tag: String

    init(bytes: [UInt8], tag: String? = nil) {
        self.bytes = bytes
        self.tag = tag ?? ScreenResponse.entityTag(for: bytes)
    }
}

/// A screen ready to send: its bytes, their tags, a gzip copy when it pays, and the headers.
/// Built once per request, or once per render-cache entry and then shared by every hit.
struct EncodedScreen: Sendable {
    let body: ByteBuffer
    let tag: String
    let gzipTag: String
    /// The body gzipped; nil below the threshold, when not asked for, or when compression failed.
    let gzipped: ByteBuffer?
    let headers: HTTPFields

    /// - Parameter compressing: whether to prepare the gzip form (when the body is large enough).
    init(body screen: ScreenBody, headers: HTTPFields, compressing: Bool) {
        body = ByteBuffer(bytes: screen.bytes)
        tag = screen.tag
        gzipTag = String(tag.dropLast()) + "-gz\""
        if compressing, screen.bytes.count >= ScreenResponse.gzipThreshold {
            var input = body
            gzipped = try? input.compress(with: .gzip())
        } else {
            gzipped = nil
        }
        self.headers = headers
    }
}

extension IntentResponse {
    /// The answer to an intent from a web page: the new screen's content and CSS for the runtime to
    /// swap in, with its title, id, state and intents URL, plus effects and the state token.
    static func page(_ result: IntentResult, context: ScreenContext, signer: StateSigner, renderer: HTMLRenderer, intents: String) -> Response {
        var answer: [String: JSONValue] = [:]
        let effects = result.effects.compactMap { $0.adapted(to: context.capabilities) }
        if !effects.isEmpty {
            answer["effects"] = .array(effects.compactMap { try? JSONParser.parse($0.encoded(), limits: .unlimited) })
        }
        if let screen = result.screen {
            let adapted = screen.adapted(to: context.capabilities).screen
            let fragment = HTMLPage.fragment(for: adapted, link: renderer.link, customRenderers: renderer.customRenderers)
            answer["content"] = .string(fragment.content)
            answer["css"] = .string(fragment.css)
            answer["screen"] = .string(adapted.id)
            answer["state"] = .object(adapted.state)
            answer["intents"] = .string(adapted.intents ?? intents)
            if let title = adapted.title { answer["title"] = .string(title) }
        }
        if let state = result.signedState { answer["stateToken"] = .string(signer.token(for: state)) }
        return Response(
            status: .ok,
            headers: [.contentType: "\(WebRuntime.fragmentMediaType); charset=utf-8", .cacheControl: "no-store", .contentLanguage: context.language],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONWriter.write(.object(answer)))))
    }
}

/// The answer to an intent: `{"effects": [...], "screen": {...}, "stateToken": "..."}`, each member
/// present when the handler gave it, the screen and effects adapted to the client.
enum IntentResponse {
    /// - Parameter base: the version the client shows and that screen, when the server still has
    ///   it: the new screen is then sent as a patch from it (`{"patch": {...}, "version": "..."}`)
    ///   when that is smaller.
    static func make(
        _ result: IntentResult, context: ScreenContext, signer: StateSigner, base: (version: String, screen: Screen)? = nil,
        versions: BoundedCache<Screen>? = nil, encoder: ScreenEncoder
    ) -> Response {
        let effects = result.effects.compactMap { $0.adapted(to: context.capabilities)?.encoded() }
        var body: [UInt8] = Array("{".utf8)
        var first = true
        func member(_ name: String, _ bytes: [UInt8]) {
            if !first { body.append(UInt8(ascii: ",")) }
            first = false
            body.append(contentsOf: JSONWriter.write(.string(name)))
            body.append(UInt8(ascii: ":"))
            body.append(contentsOf: bytes)
        }
        if !effects.isEmpty {
            member("effects", Array("[".utf8) + effects.joined(separator: Array(",".utf8)) + Array("]".utf8))
        }
        var version: String?
        if let screen = result.screen {
            let adapted = screen.adapted(to: context.capabilities).screen
            let body = encoder.body(for: adapted, readBy: context.capabilities.version)
            version = ScreenResponse.versionID(fromTag: body.tag)
            let patch = base.map { ScreenPatch(from: $0.screen, to: adapted) }
            if let base, let patch, case .operations = patch.content {
                member("patch", Array(#"{"base":"#.utf8) + JSONWriter.write(.string(base.version)) + Array(#","patch":"#.utf8) + patch.encoded() + [UInt8(ascii: "}")])
            } else {
                member("screen", body.bytes)
            }
            versions?.store(adapted, for: version!)
        }
        if let state = result.signedState {
            member("stateToken", JSONWriter.write(.string(signer.token(for: state))))
        }
        if let version { member("version", JSONWriter.write(.string(version))) }
        body.append(UInt8(ascii: "}"))
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store", .contentLanguage: context.language],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
