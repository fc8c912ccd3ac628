import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayProtocol
import ScreenplayServer
import ScreenplayTestHarness

/// One demo instance on loopback with a control plane of its own, on a shared database: a
/// ``TestServer``, so that it starts and stops within time limits and closes its database.
final class Instance: @unchecked Sendable {
    // Safe: set once in `start`, read by the test that owns the instance.
    let control: ControlPlane
    private var server: TestServer?
    static let token = "test-admin-token-0123456789abcdef"
    static let readToken = "test-read-token-0123456789abcdef"
    /// A second admin's, bob's: two holders whose changes the audit log tells apart.
    static let secondToken = "test-admin-token-bob-0123456789abcdef"

    init(control: ControlPlane) {
        self.control = control
    }

    /// One key for every instance, as a deployment shares `SCREENPLAY_STATE_KEY`.
    static let signer = StateSigner.development()

    static func start(on database: any ControlDatabase) async throws -> Instance {
        let control = try await ControlPlane.open(database: database, configuration: LiveConfiguration())
        try await DemoApp.seed(control)
        let instance = Instance(control: control)
        try await instance.start()
        return instance
    }

    /// Two instances on one new PostgreSQL database, each with its own connections, as two
    /// processes of a deployment are.
    static func pairOnPostgres() async throws -> (Instance, Instance) {
        let database = try await PostgresServer.shared.value.makeDatabase()
        let first = try await Instance.start(on: database)
        let second = try await Instance.start(on: try PostgresControlDatabase(url: database.url))
        return (first, second)
    }

    /// Stops instances when a test ends (from a `defer`, which cannot wait: each stop is bounded
    /// by ``TestServer/stop(within:)`` and closes the instance's database).
    static func stop(_ instances: Instance...) {
        Task { for instance in instances { await instance.stop() } }
    }

    /// The port it listens on (after ``start()``).
    var port: Int { server?.port ?? 0 }

    func start() async throws {
        let tokens = try AdminTokens([
            ("alice", .admin, Self.token), ("dashboard", .read, Self.readToken), ("bob", .admin, Self.secondToken),
        ])
        let server = TestServer("an instance of the demo", closing: control.database) { [control] port, running in
            DemoApp.application(
                host: "127.0.0.1", port: port, signer: Self.signer, control: control, adminTokens: tokens, onServerRunning: running)
        }
        self.server = server
        try await server.start()
    }

    func stop() async {
        await server?.stop()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// One request to this instance.
    func send(
        _ method: HTTPRequest.Method, _ path: String, body: String? = nil, headers: HTTPFields = [:], token: String? = Instance.token
    ) async throws -> TransportResponse {
        var fields = headers
        if let token { fields[.authorization] = "Bearer \(token)" }
        if body != nil, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return try await DefaultTransport.make(maxResponseBytes: 8 << 20).send(
            TransportRequest(
                method: method, url: URL(string: url.absoluteString + path)!, headers: fields, body: body.map { Array($0.utf8) }))
    }

    static let allComponents: HTTPFields = [
        .screenplayVersion: "1.0",
        .screenplayComponents: ComponentKind.allCases.map(\.rawValue).joined(separator: ","),
        .screenplayActions: Action.knownTypes.joined(separator: ","),
        .screenplayUser: "subscriber-1",
    ]
}
