import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayClient
import ScreenplayDSL
import ScreenplayPresentation
import ScreenplayTestHarness
import Testing

/// Intents, navigation and app-defined components, against real servers on loopback.
@MainActor @Suite(.serialized) struct ActionTests {
    /// The Tutu write-up's reducer: the refresh intent brings new figures and keeps what the user typed.
    @Test func theCitiesIntentUpdatesTheFiguresAndKeepsTheField() async throws {
        let server = try await TestServer.demo()
        let runtime = ScreenplayRuntime(configuration: ClientConfiguration(server: server.url))
        let driver = HeadlessDriver(runtime: runtime)
        await runtime.open("/cities")
        let before = try #require(runtime.current?.screen)
        try driver.fill("city", with: "Moscow")
        try await driver.tap("refresh")
        let store = try #require(runtime.current)
        #expect(store.intentError == nil)
        let after = try #require(store.screen)
        #expect(after != before, "the intent's screen replaced the old one")
        #expect(store.values["city"] == "Moscow")
        #expect(driver.outline().contains(#"value="Moscow""#))
        // The figures changed (a new generation), and the runtime sent the signed state back.
        #expect(Self.bars(after) != Self.bars(before))
        try await driver.tap("refresh")
        #expect(Self.bars(try #require(store.screen)) != Self.bars(after))
        await server.stop()
    }

    static func bars(_ screen: Screen) -> [String] {
        OutlineRenderer.render(screen).split(separator: "\n").filter { $0.contains("rectangle") }.map(String.init)
    }

    @Test func navigationChoosesNativeServerOrWeb() async throws {
        let server = try await TestServer.demo()
        let runtime = ScreenplayRuntime(
            configuration: ClientConfiguration(server: server.url, web: URL(string: "https://web.example.com")!))
        let opened = Box<[String]>([])
        runtime.router.register("/cars/:id") { route in opened.value.append("car \(route.parameters["id"] ?? "")") }
        runtime.webFallback = { url in opened.value.append(url.absoluteString) }
        let driver = HeadlessDriver(runtime: runtime)
        await runtime.open("/requests")

        // A server screen: pushed, and back pops it.
        try await driver.tap("Jean-Élie Locataire")
        #expect(runtime.stack.count == 2)
        #expect(runtime.current?.screen?.id == "request")
        await runtime.perform(.back)
        #expect(runtime.stack.count == 1)

        // A path only the web knows: the server says 404, the web fallback opens it.
        try await driver.tap("request.3.claim")
        #expect(opened.value == ["https://web.example.com/requests/3/insurance-claim"])
        #expect(runtime.stack.count == 1)
        #expect(runtime.eventLog.last == .openedWeb(URL(string: "https://web.example.com/requests/3/insurance-claim")!))

        // A native route, through the same router.
        await runtime.perform(.navigate("/cars/42?tab=photos"))
        #expect(opened.value.last == "car 42")
        guard case .openedNative(let route) = runtime.eventLog.last else {
            Issue.record("\(runtime.eventLog)")
            return
        }
        #expect(route.query == ["tab": "photos"])

        // A scheme the app has not allowed is refused and reported; nothing opens.
        for hostile in ["javascript:alert(1)", "data:text/html,<script>", "file:///etc/passwd", "//evil.example.com/x"] {
            await runtime.perform(.navigate(hostile))
            guard case .refused(let target, _) = runtime.eventLog.last else {
                Issue.record("\(hostile) was not refused")
                continue
            }
            #expect(target == hostile)
        }
        #expect(opened.value.count == 2)
        #expect(runtime.stack.count == 1)

        // Present over the stack, then dismiss; `open` goes outside the app.
        await runtime.perform(.present("/requests/2", style: .sheet))
        #expect(runtime.presented?.screen?.id == "request")
        #expect(runtime.current === runtime.presented)
        await runtime.perform(.dismiss)
        #expect(runtime.presented == nil)
        #expect(runtime.current?.screen?.id == "requests")
        let external = Box<[URL]>([])
        runtime.openExternally = { external.value.append($0) }
        await runtime.perform(.open("/help"))
        await runtime.perform(.open("https://example.org/terms"))
        #expect(external.value == [URL(string: "https://web.example.com/help")!, URL(string: "https://example.org/terms")!])
        // An action from a newer server is ignored and reported, not a crash.
        await runtime.perform(.unknown(type: "vibrate", raw: [:]))
        #expect(runtime.eventLog.last == .ignoredAction(type: "vibrate"))
        await server.stop()
    }

    /// The log keeps the newest 256 events; a reader that remembers `eventCount` gets what came since.
    @Test func eventsSinceACountSurviveTheLogsBound() async {
        let runtime = ScreenplayRuntime(configuration: ClientConfiguration(server: URL(string: "http://127.0.0.1:9")!))
        await runtime.perform(.unknown(type: "first", raw: [:]))
        let mark = runtime.eventCount
        for index in 0..<300 { await runtime.perform(.unknown(type: "t\(index)", raw: [:])) }
        #expect(runtime.eventCount == mark + 300)
        #expect(runtime.eventLog.count == 256)
        let since = runtime.events(since: mark)
        #expect(since.count == 256)
        #expect(since.last == .ignoredAction(type: "t299"))
        #expect(
            runtime.events(since: runtime.eventCount - 2).map(\.description) == [
                "ignored unknown action t298", "ignored unknown action t299",
            ])
    }

    /// The Movile write-up's payment flow, where the server is the navigator, under both variants.
    @Test(arguments: [("signUpFirst", ["checkout.signUp", "checkout.addCard"]), ("cardFirst", ["checkout.addCard", "checkout.signUp"])])
    func thePaymentFlowWalksToItsEnd(variant: String, firstSteps: [String]) async throws {
        let server = try await TestServer.demo()
        var configuration = ClientConfiguration(server: server.url)
        configuration.headers[.screenplayExperiments] = "checkoutOrder=\(variant)"
        let runtime = ScreenplayRuntime(configuration: configuration)
        let analytics = RecordingAnalytics()
        runtime.analytics = analytics
        let driver = HeadlessDriver(runtime: runtime)
        await runtime.open("/checkout")
        var visited = [runtime.current?.screen?.id ?? "none"]
        for _ in 0..<3 {
            switch runtime.current?.screen?.id {
            case "checkout.signUp":
                try driver.fill("name", with: "Ana")
                try driver.fill("email", with: "ana@example.com")
            case "checkout.addCard":
                try driver.fill("cardNumber", with: "4242 4242 4242 4242")
                try driver.fill("expiry", with: "12/29")
            default: break
            }
            try await driver.tap("continue")
            #expect(runtime.current?.intentError == nil)
            visited.append(runtime.current?.screen?.id ?? "none")
        }
        #expect(visited == firstSteps + ["checkout.confirm", "checkout.done"])
        // The last step's button navigates home through the same router.
        try await driver.tap("home")
        #expect(runtime.current?.screen?.id == "home")
        #expect(runtime.stack.count == 2)
        // The effects of the last answer ran: the server's track reached the app's analytics.
        #expect(analytics.events.contains { $0.event == "checkout_done" && $0.properties["variant"] == .string(variant) })
        await server.stop()
    }

    /// One broken node costs that node; a registered component whose properties do not decode shows its fallback.
    @Test func aScreenWithOneBrokenNodeShowsAllTheOthers() async throws {
        let document = #"""
            {"version": "1.0", "id": "broken", "body": {"type": "vstack", "children": [
                {"type": "text", "text": "first"},
                {"type": "image", "width": "wide"},
                {"type": "BANNER", "title": 42, "fallback": {"type": "text", "text": "banner fallback"}},
                {"type": "BANNER", "title": "A real banner", "image": "https://images.example.com/b.jpg"},
                {"type": "text", "text": "last"}
            ]}}
            """#
        let server = try await TestServer.serving {
            let router = Router()
            router.get("/screens/broken") { _, _ in
                Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: document)))
            }
            return router
        }
        var components = ComponentRegistry<String>()
        components.register(Banner.self) { banner in "banner \"\(banner.title)\"" }
        let recorder = Recorder()
        let runtime = ScreenplayRuntime(
            configuration: ClientConfiguration(server: server.url), components: components,
            diagnostics: { diagnostics, _ in recorder.append(diagnostics) })
        await runtime.open("/broken")
        let outline = HeadlessDriver(runtime: runtime, components: components).outline()
        #expect(outline.contains(#"text "first""#))
        #expect(outline.contains(#"text "banner fallback""#))
        #expect(outline.contains(#"banner "A real banner""#))
        #expect(outline.contains(#"text "last""#))
        #expect(!outline.contains("image"))
        // Each problem is reported where it is in the document the server sent.
        let paths = recorder.all.map(\.path.description)
        #expect(paths.contains { $0.hasPrefix("body.children[1]") }, "\(recorder.all)")
        #expect(recorder.all.contains { $0.path.description.hasPrefix("body.children[2]") && $0.code == .usedFallback }, "\(recorder.all)")
        await server.stop()
    }

    /// Registered components are declared to the server, which then sends them instead of their fallbacks.
    @Test func registeredComponentsAreDeclaredAndDrawn() async throws {
        let server = try await TestServer.demo()
        var components = ComponentRegistry<String>()
        components.register(Banner.self) { banner in "banner \"\(banner.title)\"" }
        let transport = CountingTransport()
        let runtime = ScreenplayRuntime(
            configuration: ClientConfiguration(server: server.url), components: components, transport: transport)
        await runtime.open("/home")
        #expect(transport.exchanges.first?.request.headers[.screenplayComponents]?.contains("BANNER") == true)
        let outline = HeadlessDriver(runtime: runtime, components: components).outline()
        #expect(outline.contains("BANNER #widget.pay-banner banner"), "\(outline)")
        // COLLECTION is not registered: the server sent its fallback, a carousel.
        #expect(!outline.contains("COLLECTION"))
        #expect(outline.contains("carousel"))
        await server.stop()
    }
}

struct Banner: ScreenplayComponent {
    static let type = "BANNER"
    var title: String
    var image: String
    var highlighted: Bool?
}

final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

final class RecordingAnalytics: AnalyticsSink, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(event: String, properties: [String: JSONValue])] = []
    func track(_ event: String, properties: [String: JSONValue], screen: String?) {
        lock.withLock { recorded.append((event, properties)) }
    }
    var events: [(event: String, properties: [String: JSONValue])] { lock.withLock { recorded } }
}
