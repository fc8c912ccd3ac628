import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayProtocol
import ScreenplayTestHarness
import Testing

/// Exposures survive a crash as events do: a child `screenplay serve` answers screens of an
/// experiment to many users at once and is killed with SIGKILL mid-flood; every user whose screen
/// arrived is counted in the database after.
@Suite struct ExposureCrashTests {
    /// A port nobody listens on now.
    static func freePort() throws -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw CancellationError() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test(arguments: Backend.available)
    func everyExposureSentSurvivesAKill(_ backend: Backend) async throws {
        let executable = try #require(BuiltExecutable.path(of: "screenplay"), "the screenplay executable was not built next to the tests")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-crash-\(UUID().uuidString)")
        var storage = ["--data", folder.path]
        var postgres: PostgresControlDatabase?
        if backend == .postgres {
            let database = try await PostgresServer.shared.value.makeDatabase()
            storage = ["--database", database.url]
            postgres = database
        }
        let port = try Self.freePort()
        // Killed with its group when released, should the test end before it kills it.
        let process = try ChildProcess.start(
            executable, ["serve", "--port", "\(port)", "--log-level", "error", "--live-interval", "0"] + storage)
        let transport = DefaultTransport.make(maxResponseBytes: 8 << 20)
        let base = "http://127.0.0.1:\(port)"
        try await eventually(within: .seconds(60), pollingEvery: .milliseconds(100), "the server to answer /health") {
            (try? await transport.send(TransportRequest(method: .get, url: URL(string: base + "/health")!)))?.status == .ok
        }

        // Users ask for the home screen (it reads the experiment homeOrder) 40 at a time; the
        // process is killed once 600 have their screen, with others in flight.
        let shown = Shown()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<40 {
                group.addTask {
                    for index in 0..<100 {
                        let user = "crash-\(worker)-\(index)"
                        let request = TransportRequest(
                            method: .get, url: URL(string: base + "/screens/home")!,
                            headers: [.screenplayUser: user, .accept: "application/json"])
                        guard let answer = try? await transport.send(request), answer.status == .ok else { return }
                        if shown.add(user) >= 600 { kill(process.pid, SIGKILL) }
                    }
                }
            }
        }
        // Fewer than 600 screens (a server that stopped answering) leave it running: then it is
        // not waited for beyond the limit, and its group is killed when it is released.
        #expect(try await process.waitForExit(within: .seconds(30)) == .signalled(SIGKILL))
        let users = shown.users
        #expect(users.count >= 600)

        let database: any ControlDatabase =
            if let postgres { try PostgresControlDatabase(url: postgres.url) } else { try await SQLiteControlDatabase.open(folder: folder) }
        let stored = Set(
            try await database.query("SELECT user_id FROM assignments WHERE experiment = $1", [.text("homeOrder")]).compactMap {
                $0.text(0)
            })
        let lost = users.subtracting(stored)
        #expect(lost.isEmpty, "\(lost.count) of \(users.count) exposures shown were lost: \(lost.sorted().prefix(5))")
        print("exposures after a kill -9 on \(backend): \(users.count) shown, \(users.count - lost.count) stored")
        await database.close()
        await postgres?.close()
    }
}

/// The users whose screens arrived, from many tasks.
final class Shown: @unchecked Sendable {
    // Safe: every access holds the lock.
    private let lock = NSLock()
    private var set = Set<String>()
    func add(_ user: String) -> Int { lock.withLock { set.insert(user).inserted ? set.count : set.count } }
    var users: Set<String> { lock.withLock { set } }
}
