import Foundation
import Logging
import ScreenplayControl
import ServiceLifecycle
import Testing

/// A server the tests run on loopback in their own process: a Hummingbird application (or any
/// service) in a `ServiceGroup`, started and stopped within time limits. ``start(within:)``
/// returns once it listens and throws when it ends before (a failed bind) or takes too long;
/// ``stop(within:)`` shuts it down gracefully (bounded by the group's own grace), cancels it if
/// that is not enough, then closes the database it was given. A server can be started again on
/// the port it had, to take a client offline and back.
///
///     let server = TestServer("demo") { port, running in
///         DemoApp.application(host: "127.0.0.1", port: port, signer: .development(), onServerRunning: running)
///     }
///     try await server.start()
///     defer { ... }
///     await server.stop()
public final class TestServer: @unchecked Sendable {
    /// Builds the service listening on `port` (0: any free port), which calls `running` with the
    /// port it listens on once it does.
    public typealias Make = @Sendable (_ port: Int, _ running: @escaping @Sendable (Int) async -> Void) -> any Service

    // Safe: `task`, `group` and `port` are only touched by the test that owns the server, one call at a time.
    private var task: Task<Void, any Error>?
    private var group: ServiceGroup?
    /// The port it listens on (after ``start(within:)``).
    public private(set) var port: Int
    /// Its name, in messages.
    public let name: String
    private let make: Make
    private let database: (any ControlDatabase)?

    /// A server called `name` (for messages) made by `make`, which closes `database` when it stops.
    public init(_ name: String, port: Int = 0, closing database: (any ControlDatabase)? = nil, make: @escaping Make) {
        self.name = name
        self.port = port
        self.database = database
        self.make = make
    }

    /// Its address: `http://127.0.0.1:port`.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The server did not get to listen.
    public struct StartFailure: Error, CustomStringConvertible, Sendable {
        public let name: String
        public let reason: String
        public var description: String { "\(name) did not start: \(reason)" }
    }

    /// Starts it (on the port it had, after a stop) and returns once it listens.
    public func start(within limit: Duration = .seconds(30)) async throws {
        let (ready, continuation) = AsyncStream.makeStream(of: Int.self)
        let service = make(port) { port in
            continuation.yield(port)
            continuation.finish()
        }
        var logger = Logger(label: "test-server.\(name)")
        logger.logLevel = .critical
        var configuration = ServiceGroupConfiguration(services: [.init(service: service)], logger: logger)
        // A connection that does not close (a browser left behind) makes the group cancel the
        // server after this, instead of waiting for it.
        configuration.maximumGracefulShutdownDuration = .seconds(5)
        let group = ServiceGroup(configuration: configuration)
        self.group = group
        let task = Task {
            // However the group ends, `start` hears of it: a server that never runs cannot leave it waiting.
            defer { continuation.finish() }
            try await group.run()
        }
        self.task = task
        let listening: Int?
        do {
            listening = try await withTimeLimit(limit, "\(name) to start listening") {
                var iterator = ready.makeAsyncIterator()
                return await iterator.next()
            }
        } catch {
            task.cancel()
            self.task = nil
            throw error
        }
        guard let listening else {
            let reason: String
            switch await task.result {
            case .failure(let error): reason = "\(error)"
            case .success: reason = "it ended before it listened"
            }
            self.task = nil
            throw StartFailure(name: name, reason: reason)
        }
        port = listening
    }

    /// Shuts it down gracefully and waits until the port is closed, then closes its database.
    /// Within `limit` whatever happens: a server that has not stopped by then is cancelled and
    /// recorded as an issue of the running test, which goes on.
    public func stop(within limit: Duration = .seconds(15)) async {
        if let task, let group {
            await group.triggerGracefulShutdown()
            do {
                _ = try await withTimeLimit(limit, "\(name) to stop") { await task.result }
            } catch {
                task.cancel()
                Issue.record("\(error); it was cancelled")
            }
        }
        task = nil
        group = nil
        if let database {
            do {
                try await withTimeLimit(.seconds(10), "the database of \(name) to close") { await database.close() }
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    deinit { task?.cancel() }
}
