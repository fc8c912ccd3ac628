import Foundation
import HTTPTypes
import Screenplay

/// The network side of the runtime: builds requests with the client's headers, reads screens and
/// intent answers, and turns every failure into a ``ClientError``.
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
        /// A new body (not decoded yet), with its validator and hints.
        case modified(body: [UInt8], etag: String?, maxAge: Int?, cacheable: Bool, stateToken: String?, language: String?)
        /// The copy the client holds is current; fresh again for `maxAge`.
        case notModified(maxAge: Int?, stateToken: String?)
    }

    /// What an intent gave: a new screen and/or effects to run, and a new state token.
    public struct IntentReply: Sendable {
        public var screen: Screen?
        public var effects: [Action]
        public var stateToken: String?
        public var diagnostics: [Diagnostic]
        /// The server's id of the new screen's version.
        public var version: String?
        /// Whether the screen came as a patch from the version the client showed.
        public var patched = false
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
                body: response.body, etag: response.headers[.eTag], maxAge: control.maxAge, cacheable: !control.noStore,
                stateToken: token, language: response.headers[.contentLanguage])
        default:
            throw Self.failure(response, at: url)
        }
    }

    /// POSTs an intent from the screen whose intents go to `url`. With the `version` the client
    /// shows and that screen (`base`, as the server sent it), the server may answer with a patch,
    /// which is applied here.
    public func send(
        intent name: String, payload: [String: JSONValue], state: [String: JSONValue], stateToken: String?, to url: URL,
        version: String? = nil, base: Screen? = nil
    ) async throws(ClientError) -> IntentReply {
        var body: [String: JSONValue] = ["name": .string(name), "payload": .object(payload), "state": .object(state)]
        if let stateToken { body["stateToken"] = .string(stateToken) }
        if let version, base != nil { body["version"] = .string(version) }
        var headers = configuration.requestHeaders
        headers[.contentType] = "application/json"
        headers[.accept] = "application/json"
        let response = try await send(TransportRequest(method: .post, url: url, headers: headers, body: JSONWriter.write(.object(body))))
        guard (200..<300).contains(response.status.code) else { throw Self.failure(response, at: url) }
        guard case .object(let members)? = try? JSONParser.parse(response.body, limits: configuration.limits) else {
            throw ClientError(.undecodable, "the intent's answer is not a JSON object", target: url.absoluteString)
        }
        var reply = IntentReply(screen: nil, effects: [], stateToken: nil, diagnostics: [], version: members["version"]?.stringValue)
        let options = configuration.decodingOptions
        if case .object(let envelope)? = members["patch"] {
            guard let base, envelope["base"]?.stringValue == version, let patchJSON = envelope["patch"],
                  case .success(let patch) = ScreenPatch.decode(from: JSONWriter.write(patchJSON), options: options),
                  let patched = try? patch.apply(to: base)
            else {
                throw ClientError(.undecodable, "the intent's patch does not apply to the screen shown", target: url.absoluteString)
            }
            reply.screen = patched
            reply.patched = true
        }
        if let screen = members["screen"] {
            let decoded = Screen.decode(from: screen, options: options)
            reply.diagnostics += decoded.diagnostics
            guard let value = decoded.value else {
                throw ClientError(.undecodable, "the intent's screen could not be used: \(decoded.errors.first.map(String.init(describing:)) ?? "")", target: url.absoluteString)
            }
            reply.screen = value
        }
        if case .array(let effects)? = members["effects"] {
            for effect in effects {
                let decoded = Action.decode(from: effect, options: options)
                reply.diagnostics += decoded.diagnostics
                if let action = decoded.value { reply.effects.append(action) }
            }
        }
        if case .string(let token)? = members["stateToken"] { reply.stateToken = token }
        return reply
    }

    /// Opens a screen's Server-Sent Events stream, resuming after `lastEventID` when given.
    public func openStream(_ url: URL, lastEventID: String?) async throws(ClientError) -> StreamingResponse {
        var headers = configuration.requestHeaders
        headers[.accept] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        if let lastEventID { headers[HTTPField.Name("Last-Event-ID")!] = lastEventID }
        let response: StreamingResponse
        do {
            response = try await transport.open(TransportRequest(method: .get, url: url, headers: headers))
        } catch {
            throw ClientError(.network, "\(error)", target: url.absoluteString)
        }
        guard response.status == .ok else {
            throw ClientError(response.status.code == 404 ? .notFound : .http, "the stream answered HTTP \(response.status.code)", target: url.absoluteString, status: response.status.code)
        }
        return response
    }

    private func send(_ request: TransportRequest) async throws(ClientError) -> TransportResponse {
        do {
            return try await transport.send(request)
        } catch let error as ClientError {
            throw error
        } catch {
            throw ClientError(.network, "\(error)", target: request.url.absoluteString)
        }
    }

    /// A ClientError from an error answer, with the server's `{"error": {...}}` message when it sent one.
    static func failure(_ response: TransportResponse, at url: URL) -> ClientError {
        var code: String?
        var message = "HTTP \(response.status.code)"
        if case .object(let members)? = try? JSONParser.parse(response.body, limits: .default),
           case .object(let error)? = members["error"] {
            if case .string(let value)? = error["code"] { code = value }
            if case .string(let value)? = error["message"] { message = value }
        }
        let kind: ClientError.Kind = response.status.code == 404 && (code == nil || code == "noSuchScreen") ? .notFound : .http
        return ClientError(kind, message, target: url.absoluteString, status: response.status.code)
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
