import Foundation
import Hummingbird
import Logging
import ScreenplayClient
import ScreenplayDemo
import ScreenplayServer
import ServiceLifecycle

/// A real server on loopback in the test process, which a test can stop and start again on the
/// same port (to take the client offline and back).
final class LiveServer: @unchecked Sendable {
    // Safe: `task` and `port` are only touched by the test that owns the server, one call at a time.
    private var task: Task<Void, any Error>?
    private var group: ServiceGroup?
    private(set) var port: Int
    private let make: @Sendable (Int, @escaping @Sendable (Int) async -> Void) -> any ApplicationProtocol

    /// The demo backend.
    static func demo(signer: StateSigner = .development(), feed: CityFeed = CityFeed()) async throws -> LiveServer {
        let server = LiveServer(port: 0) { port, running in
            DemoApp.application(host: "127.0.0.1", port: port, signer: signer, feed: feed, onServerRunning: running)
        }
        try await server.start()
        return server
    }

    /// Any router (for documents the demo does not serve).
    static func serving(_ router: @escaping @Sendable () -> Router<BasicRequestContext>) async throws -> LiveServer {
        let server = LiveServer(port: 0) { port, running in
            Application(
                router: router(), configuration: .init(address: .hostname("127.0.0.1", port: port)),
                onServerRunning: { channel in
                    await running(channel.localAddress?.port ?? port)
                })
        }
        try await server.start()
        return server
    }

    private init(port: Int, make: @escaping @Sendable (Int, @escaping @Sendable (Int) async -> Void) -> any ApplicationProtocol) {
        self.port = port
        self.make = make
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts the server (on the port it had, after a stop) and waits until it listens.
    func start() async throws {
        let (ready, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = make(port) { port in
            continuation.yield(port)
            continuation.finish()
        }
        var logger = Logger(label: "test-server")
        logger.logLevel = .critical
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        self.group = group
        task = Task { try await group.run() }
        var iterator = ready.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        self.port = port
    }

    /// Shuts it down gracefully and waits until the port is closed.
    func stop() async {
        await group?.triggerGracefulShutdown()
        _ = await task?.result
        task = nil
        group = nil
    }

    deinit { task?.cancel() }
}

/// A transport that counts what goes through it, for asserting on revalidation.
final class CountingTransport: Transport, @unchecked Sendable {
    // Safe: `log` is only touched while `lock` is held.
    private let inner: any Transport = DefaultTransport.make(maxResponseBytes: 8 << 20)
    private let lock = NSLock()
    private var log: [(request: TransportRequest, status: Int?)] = []
    private var bodies: [[UInt8]] = []

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        do {
            let response = try await inner.send(request)
            lock.withLock {
                log.append((request, response.status.code))
                bodies.append(response.body)
            }
            return response
        } catch {
            lock.withLock { log.append((request, nil)) }
            throw error
        }
    }

    var exchanges: [(request: TransportRequest, status: Int?)] { lock.withLock { log } }
    var responseBodies: [[UInt8]] { lock.withLock { bodies } }

    func open(_ request: TransportRequest) async throws -> StreamingResponse {
        try await inner.open(request)
    }
}

func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-client-tests-\(UUID().uuidString)")
}
