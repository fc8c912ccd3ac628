import Foundation
import Hummingbird
import ScreenplayTestHarness
import ServiceLifecycle
import Testing

/// The server fixture: a server that cannot listen makes `start` throw instead of waiting for
/// ever, and one that starts stops again within its limit.
struct TestServerTests {
    static func hello(port: Int, name: String = "hello") -> TestServer {
        TestServer(name, port: port) { port, running in
            let router = Router()
            router.get("/") { _, _ in "hello" }
            return Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
                onServerRunning: { channel in await running(channel.localAddress?.port ?? port) })
        }
    }

    @Test func aServerWhosePortIsTakenFailsToStart() async throws {
        let first = Self.hello(port: 0)
        try await first.start()
        let second = Self.hello(port: first.port, name: "the second server")
        await #expect(throws: TestServer.StartFailure.self) { try await second.start(within: .seconds(30)) }
        await first.stop()
    }

    /// The cause the old fixtures (LiveServer, StudioServer, Instance) had: they awaited a stream
    /// that only the server's running callback finished, so a server that could not listen left
    /// them waiting for ever, with no thread and nothing in flight. Shown here under a limit.
    @Test func theOldFixturesWaitWasNeverResumedWhenThePortWasTaken() async throws {
        let first = Self.hello(port: 0)
        try await first.start()
        let port = first.port
        let (ready, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: Router(), configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            })
        let group = ServiceGroup(configuration: .init(services: [application], logger: application.logger))
        let task = Task { try await group.run() }
        // The group has ended with the bind error ...
        let result = await task.result
        guard case .failure = result else {
            Issue.record("the second server listened on a taken port")
            return
        }
        // ... and the stream is still open: the old `await iterator.next()` never returned.
        await #expect(throws: TimeLimitExceeded.self) {
            try await withTimeLimit(.milliseconds(500), "the old fixture's ready stream") {
                var iterator = ready.makeAsyncIterator()
                return await iterator.next()
            }
        }
        continuation.finish()
        await first.stop()
    }

    @Test func aServiceThatEndsBeforeItListensFailsToStart() async throws {
        struct Quitter: Service {
            func run() async throws {}
        }
        let server = TestServer("a quitter") { _, _ in Quitter() }
        do {
            try await server.start(within: .seconds(30))
            Issue.record("a server that never listened started")
        } catch let failure as TestServer.StartFailure {
            #expect(failure.description.hasPrefix("a quitter did not start: "), "\(failure)")
        }
    }

    @Test func aServerStopsAndStartsAgainOnItsPort() async throws {
        let server = Self.hello(port: 0)
        try await server.start()
        let port = server.port
        #expect(port != 0)
        await server.stop()
        try await server.start()
        #expect(server.port == port)
        await server.stop()
    }
}
