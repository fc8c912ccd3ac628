/// Runs statements: a database, or one of its transactions. Statements use `$1`, `$2` … for their
/// parameters, which SQLite and PostgreSQL both read.
public protocol SQLExecutor: Sendable {
    /// Runs one statement and returns its rows.
    @discardableResult
    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]
}

extension SQLExecutor {
    @discardableResult
    public func query(_ sql: String) async throws -> [SQLRow] { try await query(sql, []) }
}

/// Which SQL a database speaks where the two differ (the migrations' column types).
public enum SQLDialect: String, Sendable {
    case sqlite, postgres
}

/// Where the control plane keeps its state: SQLite in a data folder for one instance, PostgreSQL
/// for several that share it.
///
/// ```swift
/// let database = try await SQLiteControlDatabase.open(folder: URL(filePath: ".screenplay"))
/// try await database.transaction { tx in try await tx.query("UPDATE …", [.text("homeOrder")]) }
/// ```
public protocol ControlDatabase: SQLExecutor {
    var dialect: SQLDialect { get }
    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<Value: Sendable>(_ body: @escaping @Sendable (any SQLExecutor) async throws -> Value) async throws -> Value
    /// Wakes other instances (PostgreSQL `NOTIFY`) once the current transaction commits; nothing
    /// on SQLite, whose other processes poll.
    func notifyChange(in transaction: any SQLExecutor) async throws
    /// Calls `onNotification` whenever another instance announces a change, until cancelled or the
    /// connection drops (then it throws; the caller polls and retries). Returns at once on SQLite.
    func listenForChanges(_ onNotification: @escaping @Sendable () -> Void) async throws
    /// Closes the connections.
    func close() async
}

/// The database could not be reached or refused a statement; the message says which, and
/// ``isConstraintViolation`` whether a constraint refused it, as the driver's error code says
/// (SQLite's `SQLITE_CONSTRAINT`, PostgreSQL's SQLSTATE class 23).
///
/// ```swift
/// catch let error as DatabaseError where error.isConstraintViolation { /* someone wrote first */ }
/// ```
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// A unique key or another constraint refused the statement (someone else wrote first).
    public let isConstraintViolation: Bool

    public init(_ message: String, isConstraintViolation: Bool = false) {
        self.message = message
        self.isConstraintViolation = isConstraintViolation
    }

    public var description: String { message }
}
