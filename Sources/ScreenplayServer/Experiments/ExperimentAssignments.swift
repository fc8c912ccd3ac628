import Foundation
import HTTPTypes
import ScreenplayDSL
import ScreenplayProtocol

/// The experiments of one request: each variant is decided once, recorded as an exposure the
/// first time a handler asks for it, and never changes within the request.
///
/// ```swift
/// if context.experiments.variant(of: "homeOrder") == "paymentsFirst" { … }
/// ```
public final class ExperimentAssignments: Sendable {
    private let experiments: [String: Experiment]
    private let user: String?
    private let overrides: [String: String]
    private let sink: any ExposureSink
    private let recorded = LockedSet()

    init(experiments: [String: Experiment], user: String?, overrides: [String: String], sink: any ExposureSink) {
        self.experiments = experiments
        self.user = user
        self.overrides = overrides
        self.sink = sink
    }

    /// The variant of experiment `name` for this request's user. Asking for an experiment the
    /// server did not declare is a programming error.
    public func variant(of name: String) -> String {
        guard let experiment = experiments[name] else {
            preconditionFailure("experiment \"\(name)\" is not declared on the ScreenplayRoutes")
        }
        let overridden = overrides[name].flatMap { wanted in experiment.variants.contains { $0.name == wanted } ? wanted : nil }
        let variant = overridden ?? user.map(experiment.variant(for:)) ?? experiment.variants[0].name
        if recorded.insert(name) {
            sink.record(Exposure(experiment: name, variant: variant, user: user, overridden: overridden != nil))
        }
        return variant
    }

    /// Parses `name=variant, other=variant`; malformed items are skipped.
    static func overrides(fromHeader value: String?) -> [String: String] {
        guard let value else { return [:] }
        var overrides: [String: String] = [:]
        for item in value.split(separator: ",").prefix(32) {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
            if pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty { overrides[pair[0]] = pair[1] }
        }
        return overrides
    }
}

/// A set of names behind a lock, so one request's assignments can be shared by its tasks.
final class LockedSet: @unchecked Sendable {
    // Safe: `names` is only touched while `lock` is held.
    private let lock = NSLock()
    private var names: Set<String> = []

    /// Inserts `name`; true when it was not there yet. Past `limit` names the set starts afresh.
    func insert(_ name: String, forgettingAllBeyond limit: Int = .max) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if names.count >= limit { names.removeAll(keepingCapacity: true) }
        return names.insert(name).inserted
    }
}
