import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// `GET /admin/experiments`: every experiment in force, stored or declared, by name.
///
/// ```swift
/// let names = try ExperimentList.decode(from: response.body).value?.experiments.map(\.experiment.name)
/// ```
public struct ExperimentList: AdminMessage, Hashable {
    public enum Key: String, JSONKey, CaseIterable {
        case experiments
    }

    public var experiments: [ExperimentDocument]

    public init(experiments: [ExperimentDocument]) {
        self.experiments = experiments
    }

    public var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[Key.experiments] = .array(experiments.map(\.document))
        return .object(members)
    }

    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<ExperimentList> {
        var reader = try MessageReader<Key>(json, notAnObject: AdminMessages.notAnObject("a list of experiments"))
        let experiments = reader.array(.experiments) { element throws(ScreenplayError) in try ExperimentDocument.decode(from: element) }
        return reader.result(ExperimentList(experiments: experiments))
    }
}

/// What the admin messages share.
enum AdminMessages {
    /// A 400: the document is not `subject` at all.
    static func notAnObject(_ subject: String) -> (String) -> ScreenplayError {
        { kind in ScreenplayError(.badRequest, code: "malformedMessage", message: "\(subject) is a JSON object, not \(kind)") }
    }
}
