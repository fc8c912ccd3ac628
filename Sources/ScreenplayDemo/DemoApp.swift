import ScreenplayControl
import ScreenplayDSL
import ScreenplayServer

/// The demo backend: every screen of the three write-ups, in English, French and German.
///
/// ```swift
/// try await DemoApp.application(host: "127.0.0.1", port: 8080).runService()
/// ```
public enum DemoApp {
    /// The demo's screens and intents.
    /// - Parameter allowsExperimentOverrides: honour `Screenplay-Experiments` (QA); on in the demo.
    public static func routes(
        signer: StateSigner = .development(), allowsExperimentOverrides: Bool = true, metrics: ScreenplayMetrics? = nil,
        feed: CityFeed = CityFeed(), configuration: LiveConfiguration = LiveConfiguration(), live: LiveUpdates = LiveUpdates()
    ) -> ScreenplayRoutes {
        var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: Strings.supported, default: "en"), signer: signer)
        routes.configuration = configuration
        // Before the screens are registered: the city feed tells this instance what changed.
        routes.live = live
        routes.metrics = metrics
        routes.allowsExperimentOverrides = allowsExperimentOverrides
        routes.servesIndex = true
        routes.screen("requests") { RequestScreens.list(language: $0.language) }
        routes.screen("requests/:id") { try RequestScreens.detail($0) }
        routes.intent("accept", on: "requests/:id") { intent in
            IntentResult(effects: [.navigate("/requests")])
        }
        routes.intent("decline", on: "requests/:id") { intent in
            IntentResult(effects: [.back])
        }
        routes.screen("messages") { RequestScreens.messages($0) }
        // Only the web has the claim: apps that do not know it open it in their web fallback.
        routes.webPage("requests/:id/insurance-claim") { try RequestScreens.claim($0) }
        CityScreens.register(on: &routes, feed: feed)
        routes.experiment(HomeScreen.experiment)
        // The home depends on the language, the client, the variant and its flag only: encoded once for each.
        routes.screen(
            "home",
            cacheKey: { "\($0.experiments.variant(of: HomeScreen.experiment.name))|\($0.flags.isOn(HomeScreen.badgeFlag.key))" }
        ) { context in
            HomeScreen.screen(
                language: context.language, variant: context.experiments.variant(of: HomeScreen.experiment.name),
                badge: context.flags.isOn(HomeScreen.badgeFlag.key), flags: context.flags.variables([HomeScreen.badgeFlag.key]))
        }
        CheckoutFlow.register(on: &routes)
        return routes
    }

    /// The demo's experiments, declared in code.
    public static let experiments = [HomeScreen.experiment, CheckoutFlow.experiment]

    /// Stores the demo's experiments (and its flag) where nothing is stored under their names yet, so that the
    /// home's section order and the checkout's step order are data the admin API changes.
    public static func seed(_ control: ControlPlane) async throws {
        for experiment in experiments where try await control.storedExperiment(named: experiment.name) == nil {
            _ = try await control.save(experiment, by: "demo-seed", ifRevision: 0)
        }
        if try await control.storedFlag(HomeScreen.badgeFlag.key) == nil {
            _ = try await control.save(flag: HomeScreen.badgeFlag, by: "demo-seed", ifRevision: 0)
        }
    }
}
