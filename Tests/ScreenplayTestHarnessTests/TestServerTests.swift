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
