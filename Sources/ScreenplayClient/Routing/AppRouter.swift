import Foundation
import Screenplay

/// Decides where a URL opens: a native screen the app registered, a server-driven screen, or the
/// web (the Drivy write-up's fallback, so an old app still reaches a new feature). URLs with a scheme the
/// app does not allow are refused.
///
/// ```swift
/// var router = AppRouter()
/// router.register("/cars/:id") { route in CarViewController(id: route.parameters["id"]!) }
/// router.destination(for: "/cars/42", configuration: configuration)   // .native(…)
/// router.destination(for: "/requests/2", configuration: configuration) // .screen(path: "/requests/2")
/// ```
public struct AppRouter: Sendable {
    /// A native screen the app registered, with the parameters of the path that matched.
    public struct NativeRoute: Sendable, Hashable {
        public let pattern: String
        public let path: String
        public let parameters: [String: String]
        public let query: [String: String]
    }

    /// Where a target goes.
    public enum Destination: Sendable, Hashable {
        /// A native route of the app.
        case native(NativeRoute)
        /// A server-driven screen at this app path (the web is the fallback when the server has none).
        case screen(path: String)
        /// A web page (an absolute http(s) URL outside the server's screens).
        case web(URL)
        /// Refused: not a URL, or a scheme the app does not allow.
        case refused(reason: String)
    }

    public typealias Handler = @MainActor @Sendable (NativeRoute) -> Void

    private var routes: [(pattern: PathPattern, text: String, handler: Handler)] = []

    public init() {}

    /// Registers a native screen for paths matching `pattern` (`/cars/:id`). More literal
    /// segments win; among equals, the first registered.
    public mutating func register(_ pattern: String, _ handler: @escaping Handler) {
        routes.append((PathPattern(pattern), pattern, handler))
        routes.sort { $0.pattern.literalCount > $1.pattern.literalCount }
    }

    /// Where `target` (a `navigate`/`present` URL or an app path) goes.
    public func destination(for target: String, configuration: ClientConfiguration) -> Destination {
        guard target.utf8.count <= 8 * 1024 else { return .refused(reason: "the URL is longer than 8 KiB") }
        // The format's own policy, so the app refuses exactly what its decoder refuses.
        switch URLPolicy(allowedSchemes: configuration.allowedSchemes).check(target) {
        case .refused(let reason):
            return .refused(reason: reason)
        case .absolute(let scheme):
            guard let url = URL(string: target), url.host != nil else {
                return .refused(reason: "a \(scheme) URL the app cannot open (it has no host)")
            }
            // The app's own server: a screen URL opens natively.
            if Self.sameOrigin(url, configuration.server) {
                let prefix = configuration.server.path.trimmingSuffix("/") + configuration.screensPath
                if url.path == prefix || url.path.hasPrefix(prefix + "/") {
                    let path = String(url.path.dropFirst(prefix.count))
                    return route(path.isEmpty ? "/" : path, query: url.query)
                }
            }
            return .web(url)
        case .relative:
            let path = target.hasPrefix("/") ? target : "/" + target
            let (pathPart, query) =
                path.firstIndex(of: "?").map { (String(path[..<$0]), String(path[path.index(after: $0)...])) } ?? (path, nil)
            return route(pathPart, query: query)
        }
    }

    private func route(_ path: String, query: String?) -> Destination {
        let fullPath = query.map { path + "?" + $0 } ?? path
        for route in routes {
            if let parameters = route.pattern.match(path: path) {
                return .native(NativeRoute(pattern: route.text, path: path, parameters: parameters, query: Self.queryItems(query)))
            }
        }
        return .screen(path: fullPath)
    }

    /// Runs the handler of a native route.
    @MainActor func open(_ route: NativeRoute) {
        routes.first { $0.text == route.pattern }?.handler(route)
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && a.port == b.port
    }

    static func queryItems(_ query: String?) -> [String: String] {
        guard let query else { return [:] }
        var components = URLComponents()
        components.percentEncodedQuery = query
        var items: [String: String] = [:]
        for item in components.queryItems ?? [] { items[item.name] = item.value ?? "" }
        return items
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
