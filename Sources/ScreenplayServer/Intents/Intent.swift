import ScreenplayDSL

/// An intent as a client POSTs it to `/screens/{path}/intents`:
/// `{"name": "refresh", "payload": {…}, "state": {…}, "stateToken": "…"}`.
public struct Intent: Sendable {
    /// The intent's name, as in the `intent` action.
    public let name: String
    /// The action's payload.
    public let payload: [String: JSONValue]
    /// The client state (values of inputs and toggles): untrusted input; validate what you use.
    public let state: [String: JSONValue]
    /// State the server signed earlier, verified: trusted.
    public let signedState: [String: JSONValue]
    /// The screen the intent was sent from.
    public let context: ScreenContext
}

/// What an intent handler answers: a new screen, effects for the client to run (open a screen,
/// open a browser …), and server state to sign for the next intent.
///
/// ```swift
/// routes.intent("refresh", on: "cities") { intent in
///     IntentResult(screen: citiesScreen(query: intent.state["city"]?.stringValue ?? ""))
/// }
/// ```
public struct IntentResult: Sendable {
    public var screen: Screen?
    public var effects: [Action]
    public var signedState: [String: JSONValue]?

    public init(screen: Screen? = nil, effects: [Action] = [], signedState: [String: JSONValue]? = nil) {
        self.screen = screen
        self.effects = effects
        self.signedState = signedState
    }
}
