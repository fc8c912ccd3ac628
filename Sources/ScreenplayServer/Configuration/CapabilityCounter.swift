import ScreenplayDSL

/// Where the capability sets of the screens served are counted: the control plane's census, which
/// the compatibility report reads to say how many requests, and users, a change would degrade.
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

    /// One screen was sent to `user` (nil: the request named none), on a client with
    /// `capabilities`, named by `key`, of `appVersion` when it said: a counter that counts
    /// distinct users too implements this; by default the user is not counted.
    func count(_ capabilities: ClientCapabilities, key: String, appVersion: AppVersion?, user: String?)
}

extension CapabilityCounter {
    public func count(_ capabilities: ClientCapabilities, key: String, appVersion: AppVersion?, user: String?) {
        count(capabilities, key: key, appVersion: appVersion)
    }
}
