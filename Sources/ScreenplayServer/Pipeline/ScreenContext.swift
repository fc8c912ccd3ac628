import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayDSL

/// Everything a screen handler knows about the request it answers, already negotiated and checked.
///
/// ```swift
/// routes.screen("requests/:id") { context in
///     let request = try store.request(id: context.parameters["id"] ?? "")
///     return requestScreen(request, in: context.locale)
/// }
/// ```
public struct ScreenContext: Sendable {
    /// The screen path without the `/screens` prefix: `requests/42`.
    public let path: String
    /// The pattern's parameters: `["id": "42"]`.
    public let parameters: [String: String]
    /// The query items of the request URL.
    public let query: [String: String]
    /// The negotiated language, one of the app's supported languages.
    public let language: String
    /// A locale for the negotiated language, for format styles.
    public var locale: Locale { Locale(identifier: language) }
    /// The user the request is for (the demo reads `Screenplay-User`; apps plug in their auth).
    public let user: String?
    /// Who the request is for, as experiments target it: user, platform, app version, language,
    /// attributes (`Screenplay-Attributes`).
    public let audience: Audience
    /// What the client can show; the screen is adapted to it before it is sent.
    public let capabilities: ClientCapabilities
    /// The raw capability headers, which identify `capabilities` in cache keys.
    let capabilitiesKey: String
    /// Whether the screen leaves as a web page or a document.
    let format: ScreenFormat
    /// The user's experiment variants.
    public let experiments: ExperimentAssignments
    /// The request's feature flags, evaluated for its audience.
    public let flags: FlagReads
    /// The request's headers.
    public let headers: HTTPFields
    /// When the server builds the screen an intent came from, to check its fields again
    /// (`validatingFields`): the intent's signed state, verified, so that a screen that is one
    /// step of a flow builds the step the user was shown. Empty for a request for the screen.
    public internal(set) var signedState: [String: JSONValue] = [:]
}

/// A screen plus server state that the client must send back, signed, with its intents.
public struct ScreenReply: Sendable {
    public var screen: Screen
    /// Signed (HMAC-SHA256) and sent as `Screenplay-State-Token`; verified when it comes back.
    public var signedState: [String: JSONValue]?

    public init(_ screen: Screen, signedState: [String: JSONValue]? = nil) {
        self.screen = screen
        self.signedState = signedState
    }
}
