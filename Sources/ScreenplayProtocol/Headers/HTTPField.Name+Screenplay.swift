import HTTPTypes

/// Every header name of the Screenplay protocol, and the other non-standard names the server and
/// the client use, spelt once. (The standard ones come from HTTPTypes: `.accept`, `.eTag` …)
///
/// ```swift
/// request.headerFields[.screenplayComponents] = "vstack,text,BANNER"
/// ```
extension HTTPField.Name {
    /// `Screenplay-Version`: the format version the client reads (`1.1`).
    public static let screenplayVersion = Self("Screenplay-Version")!
    /// `Screenplay-Components`: comma-separated component types the client renders.
    public static let screenplayComponents = Self("Screenplay-Components")!
    /// `Screenplay-Actions`: comma-separated action types the client handles.
    public static let screenplayActions = Self("Screenplay-Actions")!
    /// `Screenplay-Platform`: `ios`, `android`, `web`, `terminal` …
    public static let screenplayPlatform = Self("Screenplay-Platform")!
    /// `Screenplay-App-Version`: the app's version (`2.3.1`), which experiments may target.
    public static let screenplayAppVersion = Self("Screenplay-App-Version")!
    /// `Screenplay-Attributes: group=beta, plan=pro`: what the app knows of its user, which
    /// experiments may target (the demo's stand-in for attributes an app's auth would give).
    public static let screenplayAttributes = Self("Screenplay-Attributes")!
    /// `Screenplay-User`: the user id (the demo's stand-in for authentication).
    public static let screenplayUser = Self("Screenplay-User")!
    /// `Screenplay-User-Token`: a JSON Web Token from the app's sign-in whose `sub` is the user,
    /// for a server that verifies who users are.
    public static let screenplayUserToken = Self("Screenplay-User-Token")!
    /// `Screenplay-State-Token`: signed server state that the client sends back with intents.
    public static let screenplayStateToken = Self("Screenplay-State-Token")!
    /// `Screenplay-Experiments: name=variant,…`: a QA override of experiment assignments.
    public static let screenplayExperiments = Self("Screenplay-Experiments")!
    /// `Last-Event-ID`: the version a reconnecting stream resumes from (Server-Sent Events).
    public static let lastEventID = Self("Last-Event-ID")!
    /// `X-Forwarded-For`: the clients a proxy forwarded for, nearest last; read only from proxies
    /// the server trusts.
    public static let xForwardedFor = Self("X-Forwarded-For")!
    /// `X-Accel-Buffering: no` keeps proxies such as nginx from holding back stream events.
    public static let xAccelBuffering = Self("X-Accel-Buffering")!
    /// `Sec-Fetch-Site`: which site a browser's request comes from (`same-origin`, `cross-site` …).
    public static let secFetchSite = Self("Sec-Fetch-Site")!
    /// `Referrer-Policy` on web pages.
    public static let referrerPolicy = Self("Referrer-Policy")!
    /// `X-Forwarded-Proto: https`: a proxy says the browser came over TLS (the studio's cookie is then `Secure`).
    public static let xForwardedProto = Self("X-Forwarded-Proto")!
    /// `X-CSRF-Token`: the studio session's token on a request its script makes.
    public static let xCSRFToken = Self("X-CSRF-Token")!

    /// Every request header that can change the bytes of a screen: what a screen's `Vary` names.
    public static let screenVariesBy: [HTTPField.Name] = [
        .accept, .acceptEncoding, .acceptLanguage, .screenplayVersion, .screenplayComponents, .screenplayActions,
        .screenplayPlatform, .screenplayAppVersion, .screenplayUser, .screenplayUserToken, .screenplayAttributes,
        .screenplayExperiments,
    ]
}
