import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// `POST /admin/experiments/NAME/stop`: the variant everyone sees from now on.
///
/// ```swift
/// let body = StopRequest(winner: "cardFirst").encoded()   // {"winner":"cardFirst"}
/// ```
public struct StopRequest: AdminMessage, Hashable {
    public enum Key: String, JSONKey, CaseIterable {
        case winner
    }

    public var winner: String

    public init(winner: String) {
        self.winner = winner
    }

    public var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[Key.winner] = .string(winner)
        return .object(members)
    }

    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<StopRequest> {
        var reader = try MessageReader<Key>(json) { _ in refused }
        let winner = reader.string(.winner)
        return reader.result(StopRequest(winner: winner ?? ""))
    }

    /// Refused as a stop without a winner, whatever the problem.
    public static func refusal(for problems: [Diagnostic]) -> ScreenplayError { refused }

    /// A 422: stopping names the winner.
    static let refused = Experiment.invalid([
        .error(at: JSONPath([.key(Key.winner.name)]), "stopping names the winner: {\"winner\": \"…\"}")
    ])
}
