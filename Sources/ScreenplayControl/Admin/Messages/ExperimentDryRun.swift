import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// The answer to `PUT /admin/experiments/NAME?dryRun=true`: the experiment as it would be stored;
/// nothing changed.
///
/// ```json
/// {"dryRun": true, "experiment": {"name": "homeOrder", …}}
/// ```
public struct ExperimentDryRun: AdminMessage, Hashable {
    public enum Key: String, JSONKey, CaseIterable {
        case dryRun, experiment
    }

    public var experiment: Experiment

    public init(experiment: Experiment) {
        self.experiment = experiment
    }

    public var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[Key.dryRun] = .bool(true)
        members[Key.experiment] = experiment.document
        return .object(members)
    }

    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<ExperimentDryRun> {
        var reader = try MessageReader<Key>(json, notAnObject: AdminMessages.notAnObject("a dry run"))
        _ = reader.bool(.dryRun)
        guard let definition = reader.value(.experiment) else { return DecodeResult(value: nil, diagnostics: reader.problems) }
        let experiment = try Experiment.decode(from: definition)
        let diagnostics = reader.problems + experiment.diagnostics(under: JSONPath([.key(Key.experiment.name)]))
        return DecodeResult(value: diagnostics.isEmpty ? experiment.value.map(ExperimentDryRun.init) : nil, diagnostics: diagnostics)
    }
}
