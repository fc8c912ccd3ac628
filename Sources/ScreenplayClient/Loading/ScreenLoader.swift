import Foundation
import HTTPTypes
import Screenplay
import ScreenplayProtocol

/// The network side of the runtime and the one owner of bytes → values on the client: builds
/// requests with the client's headers, decodes what comes back — screens (from the network or
/// the disk cache), intent answers, stream events — into screens and patches for the store, and
/// turns every failure into a ``ClientError``.
///
/// ```swift
/// let loader = ScreenLoader(configuration: configuration, transport: DefaultTransport.make(maxResponseBytes: 8 << 20))
/// let fetched = try await loader.fetch(loader.screenURL(for: "/requests"), etag: nil)
/// ```
public struct ScreenLoader: Sendable {
    public let configuration: ClientConfiguration
    public let transport: any Transport

    public init(configuration: ClientConfiguration, transport: any Transport) {
        self.configuration = configuration
        self.transport = transport
    }

    /// What a GET gave.
    public enum Fetched: Sendable {
        /// A new screen, decoded (with its diagnostics), the bytes it came as (for the disk
        /// cache), its validator and hints.
        case modified(Received, etag: String?, maxAge: Int?, cacheable: Bool, stateToken: String?, language: String?)
        /// The copy the client holds is current; fresh again for `maxAge`.
        case notModified(maxAge: Int?, stateToken: String?)
    }

    /// A screen as received: decoded as the server sent it, with the problems found and its bytes.
    public struct Received: Sendable {
        /// The screen as the server sent it, before this client adapts it; nil when unusable.
        public var screen: Screen?
        public var diagnostics: [Diagnostic]
        public var body: [UInt8]
    }

    /// What an intent gave: the server's answer, decoded, with the problems found in it.
    public struct IntentReply: Sendable {
        public var answer: IntentAnswer
        public var diagnostics: [Diagnostic]

        /// The new screen when it came whole.
        public var screen: Screen? {
            if case .screen(let screen)? = answer.content { screen } else { nil }
        }
        /// The patch from the version the client showed, when it came as one.
        public var patch: PatchEnvelope? {
            if case .patch(let envelope)? = answer.content { envelope } else { nil }
        }
        /// Whether the screen came as a patch.
        public var patched: Bool { patch != nil }
        public var effects: [Action] { answer.effects }
        public var stateToken: String? { answer.stateToken }
        /// The server's id of the new screen's version.
        public var version: String? { answer.version }
    }

    /// Decodes a screen's bytes (from the network or the disk cache) with the client's options.
    public func decode(_ body: [UInt8]) -> Received {
        let result = Screen.decode(from: body, options: configuration.decodingOptions)
        return Received(screen: result.value, diagnostics: result.diagnostics, body: body)
    }

    /// Decodes one event of a screen stream; nil for events this client does not know, and a
    /// result with its value otherwise (an event whose screen or patch cannot be used throws).
    public func decode(_ event: ServerSentEvent, from url: URL) throws(ClientError) -> DecodeResult<StreamMessage>? {
        do {
            guard let decoded = try StreamMessage.decode(from: event, options: configuration.decodingOptions) else { return nil }
            _ = try decoded.get()
            return decoded
        } catch {
            throw ClientError(.undecodable, error.message, target: url.absoluteString)
        }
    }

    /// The server URL of the screen at an app path: `/requests/2` → `<server>/screens/requests/2`.
    public func screenURL(for path: String) -> URL {
        let (pathPart, query) = Self.split(path)
        var components = URLComponents(url: configuration.server, resolvingAgainstBaseURL: false) ?? URLComponents()
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        let trimmed = pathPart.hasPrefix("/") ? pathPart : "/" + pathPart
        components.percentEncodedPath = base + configuration.screensPath + (trimmed == "/" ? "" : trimmed)
        components.percentEncodedQuery = query
        return components.url ?? configuration.server
    }

    /// The web page for an app path, for the in-app browser.
    public func webURL(for path: String) -> URL {
        let (pathPart, query) = Self.split(path)
        var components = URLComponents(url: configuration.web, resolvingAgainstBaseURL: false) ?? URLComponents()
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = base + (pathPart.hasPrefix("/") ? pathPart : "/" + pathPart)
        components.percentEncodedQuery = query
        return components.url ?? configuration.web
    }

    /// A server-relative URL (`/screens/checkout/intents`) made absolute against the server.
    public func serverURL(_ reference: String) -> URL? {
        URL(string: reference, relativeTo: configuration.server)?.absoluteURL
    }

    private static func split(_ path: String) -> (String, String?) {
        guard let mark = path.firstIndex(of: "?") else { return (path, nil) }
        return (String(path[..<mark]), String(path[path.index(after: mark)...]))
    }

    /// GETs a screen, revalidating `etag` when given.
    public func fetch(_ url: URL, etag: String?) async throws(ClientError) -> Fetched {
        var headers = configuration.requestHeaders
        headers[.accept] = "application/json"
        if let etag { headers[.ifNoneMatch] = etag }
        let response = try await send(TransportRequest(method: .get, url: url, headers: headers))
        let control = CacheControl(response.headers[.cacheControl])
        let token = response.headers[.screenplayStateToken]
        switch response.status.code {
        case 304:
            return .notModified(maxAge: control.maxAge, stateToken: token)
        case 200..<300:
            return .modified(
                decode(response.body), etag: response.headers[.eTag], maxAge: control.maxAge, cacheable: !control.noStore,
                stateToken: token, language: response.headers[.contentLanguage])
        default:
            throw Self.failure(response, at: url)
        }
    }

    /// POSTs an intent from the screen whose intents go to `url`. With the `version` of the
    /// screen the client shows, the server may answer with a patch from it.
    public func send(
        intent name: String, payload: [String: JSONValue], state: [String: JSONValue], stateToken: String?, to url: URL,
        version: String? = nil
    ) async throws(ClientError) -> IntentReply {
        let request = IntentRequest(name: name, payload: payload, state: state, stateToken: stateToken, version: version)
        var headers = configuration.requestHeaders
        headers[.contentType] = "application/json"
        headers[.accept] = "application/json"
        let response = try await send(TransportRequest(method: .post, url: url, headers: headers, body: request.encoded()))
        guard (200..<300).contains(response.status.code) else { throw Self.failure(response, at: url) }
        do {
            let decoded = try IntentAnswer.decode(from: response.body, options: configuration.decodingOptions)
            return IntentReply(answer: try decoded.get(), diagnostics: decoded.diagnostics)
        } catch {
            throw ClientError(.undecodable, error.message, target: url.absoluteString)
        }
    }

    /// Opens a screen's Server-Sent Events stream, resuming after `lastEventID` when given.
    public func openStream(_ url: URL, lastEventID: String?) async throws(ClientError) -> StreamingResponse {
        var headers = configuration.requestHeaders
        headers[.accept] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        if let lastEventID { headers[.lastEventID] = lastEventID }
        let response: StreamingResponse
        do {
            response = try await transport.open(TransportRequest(method: .get, url: url, headers: headers))
        } catch {
            throw ClientError.network(error, target: url.absoluteString)
        }
        guard response.status == .ok else {
            throw ClientError(
                response.status.code == 404 ? .notFound : .http, "the stream answered HTTP \(response.status.code)",
                target: url.absoluteString, status: response.status.code)
        }
        return response
    }

    private func send(_ request: TransportRequest) async throws(ClientError) -> TransportResponse {
        do {
            return try await transport.send(request)
        } catch let error as ClientError {
            throw error
        } catch {
            throw ClientError.network(error, target: request.url.absoluteString)
        }
    }

    /// A ClientError from an error answer, with the server's message when it sent an error body.
    static func failure(_ response: TransportResponse, at url: URL) -> ClientError {
        let error = ScreenplayError(status: response.status, body: response.body)
        let kind: ClientError.Kind = response.status.code == 404 && (error == nil || error?.code == "noSuchScreen") ? .notFound : .http
        return ClientError(
            kind, error?.message ?? "HTTP \(response.status.code)", target: url.absoluteString, status: response.status.code,
            problems: error?.problems ?? [])
    }
}

/// The parts of `Cache-Control` the runtime obeys.
struct CacheControl {
    var maxAge: Int?
    var noStore = false

    init(_ value: String?) {
        guard let value else { return }
        for directive in value.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch parts.first {
            case "max-age": maxAge = parts.count == 2 ? Int(parts[1]).map { max(0, $0) } : nil
            case "no-store": noStore = true
            default: break
            }
        }
    }
}
