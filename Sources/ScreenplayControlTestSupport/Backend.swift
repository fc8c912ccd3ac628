import Foundation
import ScreenplayControl

/// The two stores every control-plane test runs on: SQLite always, PostgreSQL where it is
/// installed (or required by `SCREENPLAY_REQUIRE_POSTGRES`); `SCREENPLAY_TEST_BACKENDS=sqlite`
/// narrows the list.
///
/// ```swift
/// @Test(arguments: Backend.available)
/// func publishes(_ backend: Backend) async throws {
///     let database = try await backend.makeDatabase()
/// }
/// ```
public enum Backend: String, CaseIterable, Sendable {
    case sqlite, postgres

    /// A new, empty database of this kind.
    public func makeDatabase() async throws -> any ControlDatabase {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-sqlite-\(UUID().uuidString)")
            return try await SQLiteControlDatabase.open(folder: folder)
        case .postgres:
            return try await PostgresServer.shared.value.makeDatabase()
        }
    }

    /// The stores this machine runs the tests on.
    public static var available: [Backend] {
        if let only = ProcessInfo.processInfo.environment["SCREENPLAY_TEST_BACKENDS"] {
            return only.split(separator: ",").compactMap { Backend(rawValue: String($0)) }
        }
        return PostgresServer.availableOrRequired ? allCases : [.sqlite]
    }
}
