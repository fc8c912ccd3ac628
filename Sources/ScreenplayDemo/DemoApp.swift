import Hummingbird
import Logging
import Screenplay
import ScreenplayServer

/// The demo backend: every screen of the three write-ups, in English, French and German.
///
/// ```swift
/// try await DemoApp.application(host: "127.0.0.1", port: 8080).runService()
/// ```
public enum DemoApp {
    /// The demo's screens and intents.
    public static func routes(signer: StateSigner = .development()) -> ScreenplayRoutes {
        var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: Strings.supported, default: "en"), signer: signer)
        routes.screen("requests") { RequestScreens.list($0) }
        routes.screen("requests/:id") { try RequestScreens.detail($0) }
        routes.intent("accept", on: "requests/:id") { intent in
            IntentResult(effects: [.navigate("/requests")])
        }
        routes.intent("decline", on: "requests/:id") { intent in
            IntentResult(effects: [.back])
        }
        routes.screen("messages") { RequestScreens.messages($0) }
        CityScreens.register(on: &routes)
        return routes
    }

    /// A Hummingbird application serving the demo on `host:port`, logging one line per request.
    public static func application(
        host: String, port: Int, signer: StateSigner, logger: Logger = Logger(label: "screenplay.demo")
    ) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: RequestLogMiddleware())
        routes(signer: signer).addRoutes(to: router)
        return Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: "Screenplay"), logger: logger)
    }
}
