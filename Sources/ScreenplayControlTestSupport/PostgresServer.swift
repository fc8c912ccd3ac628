import Foundation
import ScreenplayControl

#if canImport(Glibc)
    import Glibc
#endif

/// A real PostgreSQL server (Debian's `postgresql` package) started for the tests on a loopback
/// port, in a folder of its own, as the `postgres` user when the tests run as root (PostgreSQL
/// refuses to run as root). Each test gets a database of its own.
public final class PostgresServer: @unchecked Sendable {
    public let folder: URL
    public let port: Int
    private let binaries: URL

    /// Where Debian puts the server's programs, when it is installed.
    public static var binaries: URL? {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { root.appendingPathComponent($0).appendingPathComponent("bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path) }
    }

    /// `scripts/test` sets SCREENPLAY_REQUIRE_POSTGRES so that a missing server fails instead of skipping.
    public static var availableOrRequired: Bool {
        binaries != nil || ProcessInfo.processInfo.environment["SCREENPLAY_REQUIRE_POSTGRES"] != nil
    }

    /// The server the suites share, started once.
    public static let shared = Task { try PostgresServer.start() }

    public static func start() throws -> PostgresServer {
        guard let binaries else { throw DatabaseError("PostgreSQL is not installed (apt-get install postgresql)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let created = PostgresServer(folder: folder, port: 0, binaries: binaries)
        if getuid() == 0 { try created.run("/bin/chown", ["-R", "postgres:postgres", folder.path], asPostgres: false) }
        try created.run(
            binaries.appendingPathComponent("initdb").path,
            ["-D", folder.appendingPathComponent("data").path, "-A", "trust", "-U", "postgres"])
        // A port below the kernel's ephemeral range, so that no client socket of the tests (every
        // server and browser they start connects from that range) can hold it; and another port if
        // one is taken all the same (a CI run lost every PostgreSQL test to a port in use once).
        var lastError: (any Error)?
        for _ in 0..<5 {
            let server = PostgresServer(folder: folder, port: Int.random(in: portsOutsideTheEphemeralRange), binaries: binaries)
            do {
                try server.startServer()
            } catch {
                lastError = error
                continue
            }
            // Stopped when the test process ends: no server outlives its tests.
            PostgresServer.running = server
            atexit { try? PostgresServer.running?.stopServer() }
            return server
        }
        throw lastError ?? DatabaseError("PostgreSQL did not start")
    }

    /// Ports from 10,000 up to the first the kernel hands out to client sockets
    /// (`/proc/sys/net/ipv4/ip_local_port_range`, 32768 by default on Linux).
    private static var portsOutsideTheEphemeralRange: Range<Int> {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let lowest = range.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 32_768
        return 10_000..<max(lowest, 20_000)
    }

    nonisolated(unsafe) private static var running: PostgresServer?

    private init(folder: URL, port: Int, binaries: URL) {
        self.folder = folder
        self.port = port
        self.binaries = binaries
    }

    public var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres" }

    /// A new, empty database on the server.
    public func makeDatabase() async throws -> PostgresControlDatabase {
        let name = "t_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased())"
        let admin = try PostgresControlDatabase(url: url)
        try await admin.query("CREATE DATABASE \(name)")
        await admin.close()
        return try PostgresControlDatabase(url: "postgres://postgres@127.0.0.1:\(port)/\(name)")
    }

    public func startServer() throws {
        try run(
            binaries.appendingPathComponent("pg_ctl").path,
            [
                "-D", folder.appendingPathComponent("data").path, "-l", folder.appendingPathComponent("log").path, "-w", "-t", "60", "-o",
                "-p \(port) -k \(folder.path) -h 127.0.0.1 -c fsync=off -c max_connections=200", "start",
            ])
    }

    public func stopServer() throws {
        try run(
            binaries.appendingPathComponent("pg_ctl").path, ["-D", folder.appendingPathComponent("data").path, "-m", "fast", "-w", "stop"])
    }

    /// Runs a program to its end with posix_spawn and waitpid: Foundation's `Process` waits on a
    /// descriptor that the server pg_ctl starts in the background inherits, so it would never return.
    /// The program gets standard input, output and error, and no other descriptor of the tests.
    private func run(_ program: String, _ arguments: [String], asPostgres: Bool = true) throws {
        let argv = asPostgres && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments : [program] + arguments
        let outputPath = folder.appendingPathComponent("output-\(UUID().uuidString.prefix(8))").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of this process may live on in the server: a pipe another test opened for
        // its own child at that moment would never see its end while PostgreSQL runs, and that
        // test would wait for ever (it did: a CLI test's `readDataToEndOfFile`).
        _ = closeFrom(&actions, 3)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw DatabaseError("cannot run \(argv[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw DatabaseError("\(program) failed (status \(status)): \(text.suffix(2_000))")
        }
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its module map does
/// not show to Swift: the child closes every descriptor from `lowest` on before it runs.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32
