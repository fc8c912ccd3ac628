/// The names of the HTTP headers of the Screenplay protocol, defined once for the server and the
/// client (docs/FORMAT.md, "HTTP protocol").
///
/// ```swift
/// request.setValue("vstack,text", forHTTPHeaderField: ProtocolHeader.components)
/// ```
public enum ProtocolHeader {
    /// The format version the client reads (`1.0`).
    public static let version = "Screenplay-Version"
    /// Comma-separated component types the client renders.
    public static let components = "Screenplay-Components"
    /// Comma-separated action types the client handles.
    public static let actions = "Screenplay-Actions"
    /// `ios`, `android`, `web`, `terminal` …
    public static let platform = "Screenplay-Platform"
    /// The user id (the demo's stand-in for authentication).
    public static let user = "Screenplay-User"
    /// Signed server state that the client sends back with intents.
    public static let stateToken = "Screenplay-State-Token"
    /// `name=variant,…`: a QA override of experiment assignments.
    public static let experiments = "Screenplay-Experiments"
}
