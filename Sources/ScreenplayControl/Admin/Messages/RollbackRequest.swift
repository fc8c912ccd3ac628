import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// `POST /admin/slots/NAME/rollback`: the version to publish again, as a new version.
///
/// ```swift
/// let body = RollbackRequest(version: 3).encoded()   // {"version":3}
/// ```
public struct RollbackRequest: AdminMessage, Hashable {
    public enum Key: String, JSONKey, CaseIterable {
        case version
    }

    public var version: Int

    public init(version: Int) {
        self.version = version
    }

    public var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[Key.version] = .number(Double(version))
        return .object(members)
    }

    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<RollbackRequest> {
        var reader = try MessageReader<Key>(json) { _ in refused }
        let version = reader.integer(.version)
        return reader.result(RollbackRequest(version: version ?? 0))
    }

    /// A 400: a rollback names a version.
    /// Refused as a rollback without a version, whatever the problem.
    public static func refusal(for problems: [Diagnostic]) -> ScreenplayError { refused }

    static let refused = ScreenplayError(
        .badRequest, code: "malformedRollback", message: "a rollback is {\"version\": N}", path: Key.version.name)
}
