import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLiteNIO

/// The embedded store: one SQLite file in a data folder, in WAL mode, written by one connection
/// (statements and transactions take turns). Other processes on the same file see changes by
/// polling the change number.
///
/// ```swift
/// let database = try await SQLiteControlDatabase.open(folder: URL(filePath: ".screenplay"))
/// ```
public final class SQLiteControlDatabase: ControlDatabase {
    public let dialect = SQLDialect.sqlite
    private let connection: SQLiteConnection
    /// One statement or transaction at a time on the connection.
    private let turn = AsyncMutex()

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Opens (creating when missing) `screenplay.sqlite` in `folder`, or a private in-memory
    /// database when `folder` is nil.
    public static func open(folder: URL?) async throws -> SQLiteControlDatabase {
        let storage: SQLiteConnection.Storage
        if let folder {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw DatabaseError("cannot create the data folder \(folder.path): \(error.localizedDescription)")
            }
            storage = .file(path: folder.appendingPathComponent("screenplay.sqlite").path)
        } else {
            storage = .memory
        }
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(
                storage: storage, threadPool: .singleton, logger: Logger(label: "screenplay.sqlite"),
                on: MultiThreadedEventLoopGroup.singleton.any())
        } catch {
            throw DatabaseError("cannot open SQLite database \(folder?.path ?? "in memory"): \(error)")
        }
        let database = SQLiteControlDatabase(connection: connection)
        if folder != nil { _ = try await database.query("PRAGMA journal_mode=WAL") }
        try await database.query("PRAGMA busy_timeout=5000")
        try await database.query("PRAGMA synchronous=NORMAL")
        return database
    }

    public func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await turn.run { try await self.run(sql, binds) }
    }

    public func transaction<Value: Sendable>(_ body: @escaping @Sendable (any SQLExecutor) async throws -> Value) async throws -> Value {
        try await turn.run {
            try await self.run("BEGIN IMMEDIATE", [])
            do {
                let value = try await body(Transaction(database: self))
                try await self.run("COMMIT", [])
                return value
            } catch {
                _ = try? await self.run("ROLLBACK", [])
                throw error
            }
        }
    }

    public func notifyChange(in transaction: any SQLExecutor) async throws {}

    public func listenForChanges(_ onNotification: @escaping @Sendable () -> Void) async throws {}

    public func close() async {
        try? await connection.close()
    }

    /// Statements of a transaction run on the connection the transaction holds.
    private struct Transaction: SQLExecutor {
        let database: SQLiteControlDatabase
        func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] { try await database.run(sql, binds) }
    }

    /// `$1` as SQLite's `?1`: SQLite reads `$1` as a *named* parameter, numbered by where it first
    /// appears, so a statement that names `$2` before `$1` would bind them the wrong way round.
    static func numberedParameters(_ sql: String) -> String {
        guard sql.contains("$") else { return sql }
        var result = ""
        result.reserveCapacity(sql.utf8.count)
        var previous: Character?
        for character in sql {
            if previous == "$", character.isNumber {
                result.removeLast()
                result.append("?")
            }
            result.append(character)
            previous = character
        }
        return result
    }

    @discardableResult
    private func run(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try SQLValue.refuseUnstorable(binds)
        let data = binds.map { value -> SQLiteData in
            switch value {
            case .integer(let integer): .integer(SQLiteInt64(integer))
            case .text(let text): .text(text)
            case .null: .null
            }
        }
        do {
            let rows = try await connection.query(Self.numberedParameters(sql), data).get()
            return rows.map { row in
                SQLRow(
                    row.columns.map { column in
                        switch column.data {
                        case .integer(let integer): .integer(Int64(integer))
                        case .float(let double): .integer(Int64(double))
                        case .text(let text): .text(text)
                        case .blob(let buffer): .text(String(buffer: buffer))
                        case .null: .null
                        }
                    })
            }
        } catch let error as SQLiteError {
            throw DatabaseError("SQLite: \(error)", isConstraintViolation: Self.isConstraintViolation(error.reason))
        } catch {
            throw DatabaseError("SQLite: \(error)")
        }
    }

    /// `SQLITE_CONSTRAINT` and its extended codes (unique, primary key, not null, check …).
    static func isConstraintViolation(_ reason: SQLiteError.Reason) -> Bool {
        switch reason {
        case .constraint, .constraintCheckFailed, .constraintCommitHookFailed, .constraintForeignKeyFailed,
            .constraintUserFunctionFailed, .constraintNotNullFailed, .constraintPrimaryKeyFailed, .constraintTriggerFailed,
            .constraintUniqueFailed, .constraintVirtualTableFailed, .constraintUniqueRowIDFailed, .constraintUpdateTriggerDeletedRow,
            .constraintStrictDataTypeFailed:
            true
        default: false
        }
    }
}
