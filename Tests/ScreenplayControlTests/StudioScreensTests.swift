import Crypto
import Foundation
import HTTPTypes
import Logging
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayProtocol
import ScreenplayServer
import ScreenplayTestHarness
import ServiceLifecycle
import Testing

/// The studio's developer pages over a real socket: the gallery of every registered screen, the
/// playground pushed to the subscribers of its screen, a watched folder's saves pushed to theirs,
/// hostile documents shown escaped and bounded, and the read role refused.
@Suite struct StudioScreensTests {
    /// A live stream's events as they come, each with when it came.
    final class Follower: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [(at: ContinuousClock.Instant, text: String)] = []
        private var task: Task<Void, Never>?

        init(_ url: URL) async throws {
            let response = try await DefaultTransport.make(maxResponseBytes: 64 << 20).open(
                TransportRequest(url: url, headers: Instance.allComponents))
            #expect(response.status == .ok)
            task = Task {
                var parser = ServerSentEventParser()
                do {
                    for try await chunk in response.body {
                        for event in parser.feed(chunk) {
                            let now = ContinuousClock.now
                            self.lock.withLock { self.received.append((now, "\(event.type)\n\(event.data)")) }
                        }
                    }
                } catch {}
            }
        }

        var events: [(at: ContinuousClock.Instant, text: String)] { lock.withLock { received } }
        func cancel() { task?.cancel() }
    }

    static func newPlayground(_ instance: Instance, cookie: String, csrf: String) async throws -> String {
        let created = try await StudioTests.post(
            instance, "/studio/playground", cookie: cookie, form: StudioSlotTests.form([("csrf", csrf)]))
        #expect(created.status == .seeOther)
        let location = try #require(created.headers[.location])
        #expect(location.hasPrefix("/studio/playground/"))
        return String(location.dropFirst("/studio/playground/".count))
    }

    static func document(_ text: String) -> String {
        #"{"version": "1.0", "id": "pg", "title": "Playground", "body": {"type": "text", "text": "\#(text)"}}"#
    }

    @Test func theGalleryDrawsEveryRegisteredScreenInEachLanguageLightAndDark() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, _) = try await StudioSlotTests.signedIn(instance, token: Instance.readToken)
        let (response, page) = try await StudioTests.page(instance, "/studio/screens", cookie: cookie)
        #expect(response.status == .ok)
        for path in ["home", "cities", "requests", "messages"] {
            #expect(page.contains("href=\"/screens/\(path)\""), "\(path) is listed")
            for language in ["en", "fr", "de"] {
                for scheme in ["light", "dark"] {
                    #expect(page.contains("/studio/screens/preview?path=\(path)&amp;language=\(language)&amp;scheme=\(scheme)"))
                }
            }
        }
        #expect(page.contains("/screens/requests/:id"), "a screen with parameters is listed")
        // A preview is the screen's own page in that language, its dark rules forced, framed by the studio only.
        let (preview, html) = try await StudioTests.page(
            instance, "/studio/screens/preview?path=requests&language=fr&scheme=dark", cookie: cookie)
        #expect(preview.status == .ok)
        #expect(html.contains("<html lang=\"fr\"") && html.contains("@media all{") && !html.contains("prefers-color-scheme:dark"))
        let policy = try #require(preview.headers[.contentSecurityPolicy])
        #expect(policy.contains("frame-ancestors 'self'") && !policy.contains("'none'; frame"))
        let style = try #require(
            html.range(of: "<style>").flatMap { open in html.range(of: "</style>").map { html[open.upperBound..<$0.lowerBound] } })
        #expect(policy.contains(Self.hash(String(style))), "the policy allows the forced style")
        let (signedOut, _) = try await StudioTests.page(instance, "/studio/screens", cookie: nil)
        #expect(signedOut.status == .seeOther, "a session is needed")
    }

    static func hash(_ text: String) -> String {
        Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }

    @Test func aPlaygroundEditReachesTheSubscribersOfItsScreen() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, csrf) = try await StudioSlotTests.signedIn(instance)
        let id = try await Self.newPlayground(instance, cookie: cookie, csrf: csrf)
        let follower = try await Follower(URL(string: instance.url.absoluteString + "/screens/playground/\(id)/stream")!)
        defer { follower.cancel() }
        try await eventually("the playground's screen on the follower") {
            follower.events.contains { $0.text.contains("Hello from the playground") }
        }

        // As it is typed (the page's script): the document shown, outline and diagnostics back.
        let typed = try await StudioTests.send(
            instance, .post, "/studio/playground/\(id)/document", body: Self.document("Typed in the studio"),
            headers: [.cookie: cookie, .contentType: "application/json", HTTPField.Name("X-CSRF-Token")!: csrf])
        #expect(typed.status == .ok)
        let answer = try JSONParser.parse(typed.body)
        #expect(answer["outline"]?.stringValue?.contains("text \"Typed in the studio\"") == true, "\(answer)")
        try await eventually("the text typed in the studio patched on the follower") {
            follower.events.contains { $0.text.hasPrefix("patch") && $0.text.contains("Typed in the studio") }
        }

        // With the form: the same, and an app loading the screen gets it.
        let shown = try await StudioTests.post(
            instance, "/studio/playground/\(id)", cookie: cookie,
            form: StudioSlotTests.form([("csrf", csrf), ("document", Self.document("Shown with the form"))]))
        #expect(shown.status == .seeOther)
        try await eventually("the form's screen on the follower") { follower.events.contains { $0.text.contains("Shown with the form") } }
        let app = try await instance.send(.get, "/screens/playground/\(id)", headers: Instance.allComponents, token: nil)
        #expect(Screen.decode(from: app.body).value?.stream == "/screens/playground/\(id)/stream")

        // A document that does not decode keeps the page; its diagnostics are listed at their paths.
        _ = try await StudioTests.post(
            instance, "/studio/playground/\(id)", cookie: cookie,
            form: StudioSlotTests.form([("csrf", csrf), ("document", #"{"version": "1.0", "id": 3}"#)]))
        let (_, page) = try await StudioTests.page(instance, "/studio/playground/\(id)", cookie: cookie)
        #expect(page.contains("not shown") && page.contains("<code>id</code>"), "the problem at its path")
        #expect(page.contains("Shown with the form"), "the outline keeps the last good version")
        #expect(page.contains("src=\"/studio/screens/preview?path=playground/\(id)\""))
    }

    @Test func aHostileDocumentIsShownEscapedAndBounded() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, csrf) = try await StudioSlotTests.signedIn(instance)
        let id = try await Self.newPlayground(instance, cookie: cookie, csrf: csrf)
        let hostile =
            #"{"version": "1.0", "id": "x", "body": {"type": "text", "text": "</textarea><script>alert(1)</script>", "<img src=x onerror=alert(2)>": 1}}"#
        _ = try await StudioTests.post(
            instance, "/studio/playground/\(id)", cookie: cookie, form: StudioSlotTests.form([("csrf", csrf), ("document", hostile)]))
        let (_, page) = try await StudioTests.page(instance, "/studio/playground/\(id)", cookie: cookie)
        #expect(!page.contains("<script>alert") && !page.contains("<img src=x"), "never as markup")
        #expect(page.contains("&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        let tooLarge = String(repeating: "x", count: 300 * 1024)
        let refused = try await StudioTests.post(
            instance, "/studio/playground/\(id)", cookie: cookie, form: StudioSlotTests.form([("csrf", csrf), ("document", tooLarge)]))
        #expect(refused.status == .contentTooLarge)
        #expect(refused.body.count < 300 * 1024, "the text shown is cut at the bound")
        let typed = try await StudioTests.send(
            instance, .post, "/studio/playground/\(id)/document", body: tooLarge,
            headers: [.cookie: cookie, .contentType: "application/json", HTTPField.Name("X-CSRF-Token")!: csrf])
        #expect(typed.status == .contentTooLarge)
    }

    @Test func theReadRoleCannotChangeAPlayground() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let (admin, adminCSRF) = try await StudioSlotTests.signedIn(instance)
        let id = try await Self.newPlayground(instance, cookie: admin, csrf: adminCSRF)
        let (reader, csrf) = try await StudioSlotTests.signedIn(instance, token: Instance.readToken)
        let (_, page) = try await StudioTests.page(instance, "/studio/playground/\(id)", cookie: reader)
        #expect(page.contains("Hello from the playground") && !page.contains("<textarea"), "it may look")
        let created = try await StudioTests.post(
            instance, "/studio/playground", cookie: reader, form: StudioSlotTests.form([("csrf", csrf)]))
        #expect(created.status == .forbidden)
        let changed = try await StudioTests.post(
            instance, "/studio/playground/\(id)", cookie: reader,
            form: StudioSlotTests.form([("csrf", csrf), ("document", Self.document("read role"))]))
        #expect(changed.status == .forbidden)
        let typed = try await StudioTests.send(
            instance, .post, "/studio/playground/\(id)/document", body: Self.document("read role"),
            headers: [.cookie: reader, .contentType: "application/json", HTTPField.Name("X-CSRF-Token")!: csrf])
        #expect(typed.status == .forbidden)
        let forged = try await StudioTests.post(
            instance, "/studio/playground/\(id)", cookie: admin, form: StudioSlotTests.form([("document", Self.document("forged"))]))
        #expect(forged.status == .forbidden, "an admin's session without its token")
        let app = try await instance.send(.get, "/screens/playground/\(id)", headers: Instance.allComponents, token: nil)
        #expect(
            !String(decoding: app.body, as: UTF8.self).contains("read role")
                && !String(decoding: app.body, as: UTF8.self).contains("forged"))
    }

    @Test func aFileSavedInAWatchedFolderReachesItsSubscribers() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("hello.json")
        try Data(Self.document("Saved 0").utf8).write(to: file)
        let screens = DocumentScreens(prefix: "watch")
        let server = TestServer("a server watching \(folder.lastPathComponent)") { port, running in
            DemoApp.application(
                host: "127.0.0.1", port: port, signer: Instance.signer,
                watch: DocumentFolder(
                    folder, screens: screens, logger: Logger(label: "test-watch", factory: { _ in SwiftLogNoOpLogHandler() })),
                onServerRunning: running)
        }
        try await server.start()
        let base = server.url.absoluteString
        try await eventually("the watched document to be served") { (try? await Self.get(base + "/screens/watch/hello"))?.status == .ok }
        let follower = try await Follower(URL(string: base + "/screens/watch/hello/stream")!)
        defer { follower.cancel() }
        try await eventually("the first saved version on the follower") { follower.events.contains { $0.text.contains("Saved 0") } }

        var latencies: [Duration] = []
        for round in 1...9 {
            // Saved at any moment of the polling interval, as a person saves: the random pause is
            // what the test exercises (a save mid-interval), not a wait for something.
            try await Task.sleep(for: .milliseconds(Int.random(in: 0..<250)))
            let saved = ContinuousClock.now
            try Data(Self.document("Saved \(round)").utf8).write(to: file, options: .atomic)
            try await eventually(pollingEvery: .milliseconds(2), "save \(round) on the follower") {
                follower.events.contains { $0.text.contains("Saved \(round)\"") }
            }
            if let arrived = follower.events.first(where: { $0.text.contains("Saved \(round)\"") })?.at {
                latencies.append(arrived - saved)
            }
        }
        let sorted = latencies.sorted()
        print(
            "watch: save to the new version on a subscribed client, p50 \(sorted[sorted.count / 2]), max \(sorted.last!), n \(sorted.count)"
        )

        // A file that does not decode keeps the last good version served.
        try Data("{\"version\": \"1.0\", \"id\":".utf8).write(to: file, options: .atomic)
        try await eventually("the watcher to read the broken file") { screens["hello"]?.decoded == false }
        let served = try await Self.get(base + "/screens/watch/hello")
        #expect(String(decoding: served.body, as: UTF8.self).contains("Saved 9"))
        follower.cancel()
        await server.stop()
    }

    static func get(_ url: String) async throws -> TransportResponse {
        try await DefaultTransport.make(maxResponseBytes: 8 << 20).send(
            TransportRequest(method: .get, url: URL(string: url)!, headers: Instance.allComponents, body: nil))
    }
}
