import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// An experiment as the admin API gives it: its definition, where it comes from, and when stored,
/// its revision and last change. `PUT` takes it back as it was given (these members are ignored).
///
/// ```json
/// {"name": "homeOrder", "variants": […], "status": "running", "bucketVersion": 1,
///  "source": "stored", "revision": 3, "updatedAt": "2025-06-15T14:26:40Z", "updatedBy": "alice"}
/// ```
///
/// ```swift
/// let answer = try ExperimentDocument.decode(from: response.body).value
/// answer?.revision   // 3
/// ```
public struct ExperimentDocument: AdminMessage, Hashable {
    /// Where the experiment in force comes from.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// Declared in code; nothing is stored.
        case code
        /// Stored through the admin API.
        case stored
    }

    /// The members the API adds to the experiment's own (`Experiment.Key`).
    public enum Key: String, JSONKey, CaseIterable {
        case source, revision, updatedAt, updatedBy
    }

    public var experiment: Experiment
    public var source: Source
    /// When stored: 1 when created, one more with each change (what `If-Match` names).
    public var revision: Int?
    /// When stored: Unix milliseconds (ISO 8601 on the wire).
    public var updatedAt: Int64?
    public var updatedBy: String?

    public init(experiment: Experiment, source: Source, revision: Int? = nil, updatedAt: Int64? = nil, updatedBy: String? = nil) {
        self.experiment = experiment
        self.source = source
        self.revision = revision
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }

    /// `experiment` as in force: stored (with its revision) or declared in code.
    public init(_ experiment: Experiment, stored: StoredExperiment?) {
        self.init(
            experiment: experiment, source: stored == nil ? .code : .stored, revision: stored?.revision, updatedAt: stored?.updatedAt,
            updatedBy: stored?.updatedBy)
    }

    public var document: JSONValue {
        guard case .object(var members) = experiment.document else { return experiment.document }
        members[Key.source] = .string(source.rawValue)
        members[Key.revision] = revision.map { .number(Double($0)) }
        members[Key.updatedAt] = updatedAt.map { .string(AdminTimestamp.string($0)) }
        members[Key.updatedBy] = updatedBy.map(JSONValue.string)
        return .object(members)
    }

    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<ExperimentDocument> {
        var reader = try MessageReader<Key>(json) { kind in
            Experiment.invalid([.error(at: .root, "an experiment is a JSON object, not \(kind)")])
        }
        let source = reader.string(.source, optional: true).flatMap(Source.init(rawValue:)) ?? .code
        let revision = reader.integer(.revision, optional: true)
        let updatedAt = reader.timestamp(.updatedAt, optional: true)
        let updatedBy = reader.string(.updatedBy, optional: true)
        let definition = try Experiment.decode(from: Self.definition(json))
        guard let experiment = definition.value else {
            return DecodeResult(value: nil, diagnostics: reader.problems + definition.diagnostics)
        }
        let document = ExperimentDocument(
            experiment: experiment, source: source, revision: revision, updatedAt: updatedAt, updatedBy: updatedBy)
        return DecodeResult(value: reader.problems.isEmpty ? document : nil, diagnostics: reader.problems + definition.diagnostics)
    }

    /// The experiment's own members of `json`: what the API adds is left out.
    public static func definition(_ json: JSONValue) -> JSONValue {
        guard case .object(var members) = json else { return json }
        for key in Key.allCases { members[key] = nil }
        return .object(members)
    }
}
