import ScreenplayDSL

/// Where the capability sets of the screens served are counted: the control plane's census, which
/// the compatibility report reads to say how many requests a change would degrade.
///
/// Called once per screen sent (a document or a web page, from the render cache or not), on the
/// request's task: it must be cheap and must not wait.
///
/// ```swift
/// configuration.capabilityCounter = census      // what `ControlPlane.open` does
/// ```
public protocol CapabilityCounter: Sendable {
    /// One screen was sent to a client with `capabilities`, named by `key` (the raw capability
    /// headers, or their SHA-256 when long; `web` for a browser that declared nothing), of
    /// `appVersion` when it said.
    func count(_ capabilities: ClientCapabilities, key: String, appVersion: AppVersion?)
}
