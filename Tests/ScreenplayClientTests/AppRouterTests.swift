import Foundation
import ScreenplayClient
import ScreenplayDSL
import Testing

@MainActor @Suite struct AppRouterTests {
    let configuration = ClientConfiguration(server: URL(string: "https://api.example.com")!, web: URL(string: "https://www.example.com")!)

    func router() -> AppRouter {
        var router = AppRouter()
        router.register("/cars/:id") { _ in }
        router.register("/cars/new") { _ in }
        return router
    }

    @Test func nativeRoutesMatchWithParametersAndTheMostLiteralWins() {
        guard case .native(let route) = router().destination(for: "/cars/42?tab=photos", configuration: configuration) else {
            Issue.record("not native")
            return
        }
        #expect(route.pattern == "/cars/:id")
        #expect(route.parameters == ["id": "42"])
        #expect(route.query == ["tab": "photos"])
        guard case .native(let new) = router().destination(for: "/cars/new", configuration: configuration) else {
            Issue.record("not native")
            return
        }
        #expect(new.pattern == "/cars/new")
    }

    @Test func otherPathsAreServerScreens() {
        #expect(router().destination(for: "/requests/2", configuration: configuration) == .screen(path: "/requests/2"))
        #expect(router().destination(for: "requests", configuration: configuration) == .screen(path: "/requests"))
        #expect(router().destination(for: "/cars/42/photos", configuration: configuration) == .screen(path: "/cars/42/photos"))
        // The server's own screen URLs open natively too.
        #expect(
            router().destination(for: "https://api.example.com/screens/home?x=1", configuration: configuration)
                == .screen(path: "/home?x=1"))
    }

    @Test func webPagesAndRefusals() {
        #expect(
            router().destination(for: "https://www.example.com/help", configuration: configuration)
                == .web(URL(string: "https://www.example.com/help")!))
        #expect(
            router().destination(for: "https://api.example.com/other", configuration: configuration)
                == .web(URL(string: "https://api.example.com/other")!))
        for hostile in [
            "javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "file:///etc/passwd",
            "//evil.example.com", "tel:123", "", "/a\u{0}b", "https://", "vbscript:x",
        ] {
            guard case .refused = router().destination(for: hostile, configuration: configuration) else {
                Issue.record("\(hostile.debugDescription) was not refused")
                continue
            }
        }
        var withTel = configuration
        withTel.allowedSchemes.insert("tel")
        guard case .refused(let reason) = router().destination(for: "tel:123", configuration: withTel) else {
            Issue.record("tel has no host: not something the web view can open")
            return
        }
        #expect(reason.contains("no host"))
    }

    @Test func screenAndWebURLsKeepTheirQuery() {
        let loader = ScreenLoader(configuration: configuration, transport: DefaultTransport.make(maxResponseBytes: 1 << 20))
        #expect(loader.screenURL(for: "/requests/2?sort=date").absoluteString == "https://api.example.com/screens/requests/2?sort=date")
        #expect(loader.screenURL(for: "/").absoluteString == "https://api.example.com/screens")
        #expect(loader.webURL(for: "/requests/3/insurance-claim").absoluteString == "https://www.example.com/requests/3/insurance-claim")
    }

    @Test func acceptLanguageListsEachLanguageThenItsPrimary() {
        var configuration = configuration
        configuration.preferredLanguages = ["fr-CA", "en_GB", "de"]
        #expect(configuration.acceptLanguage == "fr-CA, fr;q=0.9, en-GB;q=0.8, en;q=0.7, de;q=0.6")
    }
}
