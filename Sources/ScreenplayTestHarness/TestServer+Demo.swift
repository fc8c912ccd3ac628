import Foundation
import Hummingbird
import ScreenplayDemo
import ScreenplayServer

extension TestServer {
    /// The demo backend, started.
    ///
    ///     let server = try await TestServer.demo()
    ///     defer { Task { await server.stop() } }
    public static func demo(signer: StateSigner = .development(), feed: CityFeed = CityFeed()) async throws -> TestServer {
        let server = TestServer("the demo server") { port, running in
            DemoApp.application(host: "127.0.0.1", port: port, signer: signer, feed: feed, onServerRunning: running)
        }
        try await server.start()
        return server
    }

    /// A server of `router` (for documents the demo does not serve), started.
    ///
    ///     let server = try await TestServer.serving { let router = Router(); router.get("/") { _, _ in "hi" }; return router }
    public static func serving(_ router: @escaping @Sendable () -> Router<BasicRequestContext>) async throws -> TestServer {
        let server = TestServer("a test router") { port, running in
            Application(
                router: router(), configuration: .init(address: .hostname("127.0.0.1", port: port)),
                onServerRunning: { channel in
                    await running(channel.localAddress?.port ?? port)
                })
        }
        try await server.start()
        return server
    }
}
