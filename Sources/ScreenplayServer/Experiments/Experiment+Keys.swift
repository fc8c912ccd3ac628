import Screenplay

/// The members of an experiment's document, as the control plane stores it and its admin API
/// takes and gives it; a problem's path names them too.
///
/// ```swift
/// members[Experiment.Key.name] = .string(experiment.name)
/// ```
extension Experiment {
    /// An experiment document's members.
    package enum Key: String, JSONKey, CaseIterable {
        case name, variants, status, winner, goal, bucketVersion, seed, targeting, allowList, switchedOff
    }

    /// A variant's members.
    package enum VariantKey: String, JSONKey, CaseIterable {
        case name, weight
    }

    /// The members of a part of the audience switched off (``KillSwitch``).
    package enum KillSwitchKey: String, JSONKey, CaseIterable {
        case platform, minAppVersion, maxAppVersion, reason
    }

    /// The members of an experiment's targeting.
    package enum TargetingKey: String, JSONKey, CaseIterable {
        case platforms, languages, minAppVersion, maxAppVersion, attributes
    }
}

extension JSONPath.Component {
    /// The step to the member `key`.
    static func member(_ key: some JSONKey) -> Self { .key(key.name) }
}
