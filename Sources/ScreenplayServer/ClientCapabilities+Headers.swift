import HTTPTypes
import Hummingbird
import Screenplay

extension HTTPField.Name {
    /// `Screenplay-Version`: the format version the client reads (`1.0`).
    public static let screenplayVersion = HTTPField.Name(ProtocolHeader.version)!
    /// `Screenplay-Components`: comma-separated component types the client renders.
    public static let screenplayComponents = HTTPField.Name(ProtocolHeader.components)!
    /// `Screenplay-Actions`: comma-separated action types the client handles.
    public static let screenplayActions = HTTPField.Name(ProtocolHeader.actions)!
    /// `Screenplay-Platform`: `ios`, `android`, `web`, `terminal` …
    public static let screenplayPlatform = HTTPField.Name(ProtocolHeader.platform)!
    /// `Screenplay-User`: the demo's user id (real apps plug in their authentication).
    public static let screenplayUser = HTTPField.Name(ProtocolHeader.user)!
    /// `Screenplay-State-Token`: signed server state that the client sends back with intents.
    public static let screenplayStateToken = HTTPField.Name(ProtocolHeader.stateToken)!
}

extension ClientCapabilities {
    /// What a request says the client can show. Without capability headers: the base set. A
    /// version the server cannot parse, or a newer major version, is a 400.
    ///
    /// ```swift
    /// let capabilities = try ClientCapabilities(headers: request.headers)
    /// ```
    public init(headers: HTTPFields) throws(ScreenplayError) {
        var capabilities = ClientCapabilities.base
        if let version = headers[.screenplayVersion] {
            guard let parsed = FormatVersion(version.trimmingWhitespace()) else {
                throw ScreenplayError(.badRequest, code: "badVersion", message: "Screenplay-Version \"\(version.prefix(40))\" is not MAJOR.MINOR", path: "Screenplay-Version")
            }
            guard parsed.major == FormatVersion.current.major else {
                throw ScreenplayError(.badRequest, code: "unsupportedVersion", message: "this server writes format \(FormatVersion.current.major).x, the client reads \(parsed)", path: "Screenplay-Version")
            }
            capabilities.version = parsed
        }
        if let components = headers[values: .screenplayComponents].nonEmptyJoined {
            capabilities.components = ClientCapabilities.typeNames(fromHeader: components)
        }
        if let actions = headers[values: .screenplayActions].nonEmptyJoined {
            capabilities.actions = ClientCapabilities.typeNames(fromHeader: actions)
        }
        capabilities.platform = headers[.screenplayPlatform].map { String($0.prefix(40)) }
        self = capabilities
    }
}

extension Array where Element == String {
    /// Repeated header fields joined as one comma-separated value, nil when there are none.
    var nonEmptyJoined: String? { isEmpty ? nil : joined(separator: ",") }
}
