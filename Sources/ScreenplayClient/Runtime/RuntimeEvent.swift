import Foundation
import Screenplay

/// Something the runtime did that the host (or a test, or the CLI) may want to show or log.
public enum RuntimeEvent: Sendable, Hashable, CustomStringConvertible {
    /// A server-driven screen was opened: pushed on the stack, or (`presented`) shown in the
    /// presented sheet — its first screen, or one navigated to inside it.
    case openedScreen(path: String, url: URL, presented: Bool)
    /// A native route of the app was chosen.
    case openedNative(AppRouter.NativeRoute)
    /// The web fallback was chosen: the server has no screen there, or the URL is a web page.
    case openedWeb(URL)
    /// An `open` action: the system browser.
    case openedExternally(URL)
    /// A URL was refused.
    case refused(target: String, reason: String)
    case wentBack
    case dismissed
    /// An analytics event went to the sink.
    case tracked(event: String, properties: [String: JSONValue])
    case intentSent(name: String)
    case intentFailed(name: String, error: ClientError)
    /// A screen failed to load (shown as failed, with retry).
    case loadFailed(ClientError)
    /// An action this runtime does not handle (a newer server's), ignored.
    case ignoredAction(type: String)

    public var description: String {
        switch self {
        case .openedScreen(let path, let url, let presented): "\(presented ? "presented" : "opened") screen \(path) (\(url.absoluteString))"
        case .openedNative(let route): "native route \(route.pattern) for \(route.path)"
        case .openedWeb(let url): "web fallback: \(url.absoluteString)"
        case .openedExternally(let url): "opened outside the app: \(url.absoluteString)"
        case .refused(let target, let reason): "refused \(target): \(reason)"
        case .wentBack: "back"
        case .dismissed: "dismissed"
        case .tracked(let event, _): "tracked \(event)"
        case .intentSent(let name): "intent \(name)"
        case .intentFailed(let name, let error): "intent \(name) failed: \(error)"
        case .loadFailed(let error): "failed: \(error)"
        case .ignoredAction(let type): "ignored unknown action \(type)"
        }
    }
}

/// Where `track` actions go: the app's analytics.
public protocol AnalyticsSink: Sendable {
    func track(_ event: String, properties: [String: JSONValue], screen: String?)
}
