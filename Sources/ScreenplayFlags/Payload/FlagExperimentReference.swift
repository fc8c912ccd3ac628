import Screenplay

/// A rule that follows one of Screenplay's own experiments (Screenplay's extension,
/// `screenplayExperiment`): the user gets the value of the variant the experiment gives them —
/// the same variant the server's screens read, with its targeting, allow list, sticky
/// assignments, status, winner and kill switches, and the same one exposure. So an experiment
/// already running on screens becomes one kind of flag rule.
///
/// ```json
/// {"id": "follow-checkout", "condition": {"platform": "ios"},
///  "screenplayExperiment": {"name": "checkoutOrder", "values": {"control": false, "newFlow": true}}}
/// ```
///
/// A user whose variant has no value here, or for whom the experiment is unknown, passes to the
/// next rule. An evaluator that is given no experiments (``FlagEvaluator/evaluate(_:attributes:)``,
/// `screenplay flags evaluate` without `--variants`) passes every such rule, as GrowthBook's SDKs
/// skip a rule they do not know; the control plane exports it to them as GrowthBook rules.
public struct FlagExperimentReference: Sendable, Hashable {
    /// The experiment's name, as `context.experiments.variant(of:)` reads it.
    public var name: String
    /// The flag's value for each variant, by the variant's name.
    public var values: [String: JSONValue]

    /// - Parameters:
    ///   - name: The experiment's name.
    ///   - values: The flag's value for each variant.
    public init(name: String, values: [String: JSONValue]) {
        self.name = name
        self.values = values
    }

    /// The rule's member that holds the reference.
    public static let member = FlagRule.Key.screenplayExperiment.name

    /// The members of the reference: `{"name": "checkoutOrder", "values": {"control": false, …}}`.
    package enum Key: String, JSONKey, CaseIterable {
        case name, values
    }

    /// The reference a rule's JSON holds, read without checking it (the payload's reader checks
    /// and reports; this is for tools that show or translate rules already checked): nil when the
    /// rule has none, or no name.
    ///
    /// ```swift
    /// FlagExperimentReference(rule: ["screenplayExperiment": ["name": "checkoutOrder", "values": ["cardFirst": true]]])?.name
    /// ```
    /// - Parameter rule: The rule's JSON.
    public init?(rule: JSONValue) {
        guard let reference = JSONMembers<Key>(JSONMembers<FlagRule.Key>(rule)?[.screenplayExperiment]),
            let name = reference[.name]?.stringValue
        else { return nil }
        self.init(name: name, values: reference[.values]?.objectValue ?? [:])
    }
}

extension PayloadReader {
    /// `screenplayExperiment`: an object with the experiment's `name` and a value per variant.
    mutating func experimentReference(_ json: JSONValue, at path: JSONPath) -> FlagExperimentReference? {
        typealias Key = FlagExperimentReference.Key
        guard let members = JSONMembers<Key>(json) else {
            error(path, "\"screenplayExperiment\" is an object with \"name\" and \"values\", not \(json.kindDescription)")
            return nil
        }
        for key in members.unknownNames {
            warning(path.appending(key: key), "\"screenplayExperiment\" has no member \"\(key)\"; it is ignored", code: .unknownField)
        }
        guard case .string(let name)? = members[.name], !name.isEmpty, name.count <= 128 else {
            error(path.appending(member: Key.name), "the experiment's name: a string of 1 to 128 characters")
            return nil
        }
        guard case .object(let values)? = members[.values], !values.isEmpty else {
            error(path.appending(member: Key.values), "the flag's value for each variant, by the variant's name: {\"control\": false, …}")
            return nil
        }
        guard values.count <= limits.maxVariations else {
            error(
                path.appending(member: Key.values), "\(values.count) variants have values; the limit is \(limits.maxVariations)",
                code: .limitExceeded)
            return nil
        }
        return FlagExperimentReference(name: name, values: values)
    }
}
