import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayServer
import Testing

/// Routes are fixed once added to a router: a later registration would never be served, so it
/// stops the process instead of being ignored.
@Suite struct RouteRegistrationTests {
    static func routes() -> ScreenplayRoutes {
        var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
        routes.screen("a") { _ in Screen(id: "a") { Text("a") } }
        return routes
    }

    @Test func routesAddedToARouterAreServedAndMounted() async throws {
        let routes = Self.routes()
        #expect(!routes.isMounted)
        let router = Router()
        routes.addRoutes(to: router)
        #expect(routes.isMounted)
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/screens/a", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/screens/b", method: .get) { #expect($0.status == .notFound) }
        }
    }

    @Test func registeringAScreenAfterwardsStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var routes = RouteRegistrationTests.routes()
            routes.addRoutes(to: Router())
            routes.screen("b") { _ in Screen(id: "b") { Text("b") } }
        }
    }

    @Test func configuringAfterwardsStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var routes = RouteRegistrationTests.routes()
            routes.addRoutes(to: Router())
            routes.allowsExperimentOverrides = true
        }
    }

    @Test func addingTheSameRoutesTwiceStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let routes = RouteRegistrationTests.routes()
            routes.addRoutes(to: Router())
            routes.addRoutes(to: Router())
        }
    }
}
