import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// The shared store: PostgreSQL, which every instance of a deployment reads and writes. A change
/// committed by one instance is announced with `NOTIFY screenplay_changes`; the others `LISTEN`
/// on a connection of their own, and poll the change number as well in case a notification is lost.
///
/// ```swift
/// let database = try PostgresControlDatabase(url: "postgres://screenplay@127.0.0.1:5432/screenplay")
/// ```
public final class PostgresControlDatabase: ControlDatabase {
    public let dialect = SQLDialect.postgres
    /// Where it connects.
    public let url: String
    /// The channel changes are announced on.
    static let channel = "screenplay_changes"
    private let client: PostgresClient
    private let connection: PostgresConnection.Configuration
    private let runner: Task<Void, Never>
    private let logger = Logger(label: "screenplay.postgres")

    /// - Parameter url: `postgres://user:password@host:port/database` (`postgresql://` too);
    ///   `?sslmode=require` asks for TLS.
    public init(url: String) throws {
        self.url = url
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty
        else {
            throw DatabaseError("\"\(url.prefix(200))\" is not a postgres://user:password@host:port/database URL")
        }
        let database = components.path.split(separator: "/").first.map(String.init)
        let requiresTLS = components.queryItems?.contains { $0.name == "sslmode" && $0.value == "require" } == true
        let tls: PostgresConnection.Configuration.TLS =
            requiresTLS ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable
        let user = components.user?.removingPercentEncoding ?? "postgres"
        let password = components.password?.removingPercentEncoding
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: password, database: database,
            tls: requiresTLS ? .require(.makeClientConfiguration()) : .disable)
        configuration.options.connectTimeout = .seconds(3)
        configuration.options.maximumConnections = 8
        client = PostgresClient(configuration: configuration)
        connection = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: password, database: database, tls: tls)
        runner = Task { [client] in await client.run() }
    }

    public func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await Self.run(sql, binds) { query in try await self.client.query(query, logger: self.logger) }
    }

    public func transaction<Value: Sendable>(_ body: @escaping @Sendable (any SQLExecutor) async throws -> Value) async throws -> Value {
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await body(Transaction(connection: connection, logger: self.logger))
            }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? DatabaseError("PostgreSQL transaction: \(String(reflecting: error))")
        }
    }

    public func notifyChange(in transaction: any SQLExecutor) async throws {
        try await transaction.query("SELECT pg_notify('\(Self.channel)', '')")
    }

    public func listenForChanges(_ onNotification: @escaping @Sendable () -> Void) async throws {
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.any(), configuration: self.connection, id: 1, logger: logger)
        defer { Task { try? await connection.close() } }
        try await connection.listen(on: Self.channel) { notifications in
            for try await _ in notifications { onNotification() }
        }
    }

    public func close() async {
        runner.cancel()
    }

    private struct Transaction: SQLExecutor {
        let connection: PostgresConnection
        let logger: Logger
        func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
            try await PostgresControlDatabase.run(sql, binds) { query in try await connection.query(query, logger: logger) }
        }
    }

    private static func run(
        _ sql: String, _ binds: [SQLValue], _ execute: (PostgresQuery) async throws -> PostgresRowSequence
    ) async throws -> [SQLRow] {
        try SQLValue.refuseUnstorable(binds)
        var bindings = PostgresBindings(capacity: binds.count)
        for value in binds {
            switch value {
            case .integer(let integer): bindings.append(integer)
            case .text(let text): bindings.append(text)
            case .null: bindings.appendNull()
            }
        }
        do {
            var rows: [SQLRow] = []
            for try await row in try await execute(PostgresQuery(unsafeSQL: sql, binds: bindings)) {
                rows.append(
                    SQLRow(
                        try row.map { cell -> SQLValue in
                            guard cell.bytes != nil else { return .null }
                            switch cell.dataType {
                            case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
                            case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
                            default: return .text(try cell.decode(String.self))
                            }
                        }))
            }
            return rows
        } catch let error as PSQLError {
            // SQLSTATE class 23: integrity constraint violation (23505 unique_violation …).
            let state = error.serverInfo?[.sqlState]
            throw DatabaseError(
                "PostgreSQL: \(error.serverInfo?[.message] ?? String(describing: error.code))",
                isConstraintViolation: state?.hasPrefix("23") == true)
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError("PostgreSQL: \(error)")
        }
    }
}
