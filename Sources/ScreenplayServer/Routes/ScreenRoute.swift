import ScreenplayDSL

/// One screen the app serves: its pattern, its handler, its intents and, when it opted into the
/// render cache, what else its content depends on.
struct ScreenRoute: Sendable {
    let pattern: PathPattern
    let handler: ScreenplayRoutes.ScreenHandler
    var cacheKey: (@Sendable (ScreenContext) -> String)?
    var intents: [String: IntentRoute] = [:]

    /// The label of the route in metrics: its pattern, not the path (a bounded set).
    var label: String { "screens/" + pattern.description }
}

/// An intent of a screen: its handler, whether each state token may be used for it once only, and
/// the conversion it counts as.
struct IntentRoute: Sendable {
    let handler: ScreenplayRoutes.IntentHandler
    let once: Bool
    var goal: String?
    /// Whether the screen's field rules are checked on the intent's values before the handler runs.
    var validatesFields = false
}

/// A page only the web has (the Drivy write-up's path that an old app opens in its web view).
struct WebPageRoute: Sendable {
    let pattern: PathPattern
    let handler: @Sendable (ScreenContext) async throws -> Screen
}

/// The routes of an app, most specific first, and what a request path under `/screens` asks for.
struct RouteTable: Sendable {
    private(set) var screens: [ScreenRoute] = []
    private(set) var webPages: [WebPageRoute] = []

    /// What a path under `/screens` names: a screen, its live stream or its intents.
    enum Target {
        case screen, stream, intents
    }

    /// A request resolved once: the route, the screen's path components and their parameters.
    struct Resolved {
        let route: ScreenRoute
        let target: Target
        let components: [String]
        let parameters: [String: String]

        var label: String {
            switch target {
            case .screen: route.label
            case .stream: route.label + "/stream"
            case .intents: route.label + "/intents"
            }
        }
    }

    /// Resolves a GET path (a screen, or a screen's live stream when it ends in `stream` and no
    /// screen is called so) or a POST path (a screen's intents).
    func resolve(_ components: [String], method: Method) throws(ScreenplayError) -> Resolved {
        var target: Target = .screen
        var screenComponents = components
        switch method {
        case .get:
            if components.last == "stream", match(components) == nil {
                target = .stream
                screenComponents.removeLast()
            }
        case .post:
            guard components.last == "intents" else {
                throw ScreenplayError(
                    .methodNotAllowed, code: "methodNotAllowed",
                    message: "screens are read with GET; intents go to /screens/<path>/intents",
                    headerFields: [.allow: "GET, HEAD, OPTIONS"])
            }
            target = .intents
            screenComponents.removeLast()
        }
        guard let match = match(screenComponents) else {
            throw ScreenplayError(
                .notFound, code: "noSuchScreen",
                message: "no screen at /screens/\(ScreenplayError.quoting(screenComponents.joined(separator: "/")))")
        }
        return Resolved(route: match.route, target: target, components: screenComponents, parameters: match.parameters)
    }

    enum Method {
        case get, post
    }

    private func match(_ components: [String]) -> (route: ScreenRoute, parameters: [String: String])? {
        for route in screens {
            if let parameters = route.pattern.match(components) { return (route, parameters) }
        }
        return nil
    }

    /// Where an app path leads on the web: its screen page when a screen route matches, else the
    /// path itself (a page only the web has, or another part of the site).
    func webLink(_ path: String) -> String {
        let pathPart = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        let components = pathPart.split(separator: "/").map(String.init)
        guard path.hasPrefix("/"), match(components) != nil else { return path }
        return "/screens" + path
    }

    /// Adds or replaces the screen at `pattern`, keeping the intents registered on it.
    mutating func setScreen(_ pattern: PathPattern, handler: @escaping ScreenplayRoutes.ScreenHandler) {
        if let index = screens.firstIndex(where: { $0.pattern == pattern }) {
            screens[index] = ScreenRoute(pattern: pattern, handler: handler, cacheKey: nil, intents: screens[index].intents)
        } else {
            screens.append(ScreenRoute(pattern: pattern, handler: handler))
            screens.sort { $0.pattern.literalCount > $1.pattern.literalCount }
        }
    }

    mutating func setCacheKey(_ key: @escaping @Sendable (ScreenContext) -> String, for pattern: PathPattern) {
        if let index = screens.firstIndex(where: { $0.pattern == pattern }) { screens[index].cacheKey = key }
    }

    /// Adds an intent to the screen at `pattern`; false when there is no such screen.
    mutating func addIntent(_ name: String, on pattern: PathPattern, _ intent: IntentRoute) -> Bool {
        guard let index = screens.firstIndex(where: { $0.pattern == pattern }) else { return false }
        screens[index].intents[name] = intent
        return true
    }

    mutating func addWebPage(_ page: WebPageRoute) {
        webPages.append(page)
    }
}
