import Foundation
import HTTPTypes
import Screenplay
import ScreenplayProtocol

/// Everything the runtime needs to know about the app and its server.
///
/// ```swift
/// var configuration = ClientConfiguration(server: URL(string: "https://api.example.com")!)
/// configuration.preferredLanguages = Locale.preferredLanguages     // ["fr-FR", "en"]
/// configuration.customComponents = ["BANNER", "COLLECTION"]
/// let runtime = ScreenplayRuntime(configuration: configuration)
/// ```
public struct ClientConfiguration: Sendable {
    /// The server's origin; screens are read from `server + screensPath + path`.
    public var server: URL
    /// Where screens live on the server (default `/screens`).
    public var screensPath: String
    /// Where paths the server does not serve open in the host's in-app browser (default: `server`).
    public var web: URL
    /// The languages the user reads, best first: sent as `Accept-Language` with decreasing q-values.
    public var preferredLanguages: [String]
    /// The user the requests are for (`Screenplay-User`; a real app adds its auth with `headers`).
    public var user: String?
    /// `ios`, `android`, `web`, `terminal` … sent as `Screenplay-Platform`.
    public var platform: String
    /// Built-in component types the app's renderer draws (default: all of this format version).
    public var components: Set<String>
    /// App-defined component types it registered (``ComponentRegistry/typeNames``).
    public var customComponents: Set<String>
    /// Action types the runtime handles (default: all of this format version).
    public var actions: Set<String>
    /// URL schemes `navigate`, `open` and `present` may use besides relative paths (default http, https).
    public var allowedSchemes: Set<String>
    /// Extra headers on every request (auth, tracing, a QA `Screenplay-Experiments` override).
    public var headers: HTTPFields
    /// The largest screen accepted, in bytes.
    public var maxResponseBytes: Int
    /// The limits applied when decoding what the server sends.
    public var limits: DocumentLimits
    /// How the app reads its app-defined components (``ComponentRegistry/check``).
    public var customComponentCheck: CustomComponentCheck?

    public init(server: URL, web: URL? = nil, preferredLanguages: [String] = ["en"], user: String? = nil, platform: String = "terminal") {
        self.server = server
        self.screensPath = "/screens"
        self.web = web ?? server
        self.preferredLanguages = preferredLanguages
        self.user = user
        self.platform = platform
        self.components = ClientCapabilities.full.components
        self.customComponents = []
        self.actions = Set(ActionKind.allCases.map(\.rawValue))
        self.allowedSchemes = ["http", "https"]
        self.headers = [:]
        self.maxResponseBytes = 8 * 1024 * 1024
        self.limits = .default
    }

    /// How everything the server sends is decoded.
    public var decodingOptions: DecodingOptions {
        var options = DecodingOptions(limits: limits, allowedURLSchemes: allowedSchemes)
        options.customComponentCheck = customComponentCheck
        return options
    }

    /// What the client declares to the server, and what it adapts screens to before showing them.
    public var capabilities: ClientCapabilities {
        ClientCapabilities(components: components.union(customComponents), actions: actions, platform: platform)
    }

    /// `fr-FR, fr;q=0.9, en;q=0.8`: each language in order, with its primary subtag after it.
    public var acceptLanguage: String {
        var ranges: [String] = []
        for language in preferredLanguages {
            let tag = language.replacingOccurrences(of: "_", with: "-")
            if !ranges.contains(tag) { ranges.append(tag) }
            if let primary = tag.split(separator: "-").first.map(String.init), primary != tag, !ranges.contains(primary) {
                ranges.append(primary)
            }
        }
        return WeightedList.header(ranges)
    }

    /// The headers every request carries: capabilities, language, user, platform and `headers`.
    var requestHeaders: HTTPFields {
        var fields = headers
        for field in capabilities.headerFields { fields[field.name] = field.value }
        fields[.acceptLanguage] = acceptLanguage
        if let user { fields[.screenplayUser] = user }
        return fields
    }
}
