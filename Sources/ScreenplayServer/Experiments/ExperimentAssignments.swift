import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayProtocol

/// The experiments of one request: each variant is decided once and never changes within the
/// request; what was read becomes the request's exposures once its screen is sent.
///
/// A variant is, in order: a QA override (`Screenplay-Experiments`, when the server allows it),
/// the allow list, the control while paused or for users outside the targeting, the winner once
/// stopped, the user's stored (sticky) assignment under the current bucket version, and the hash.
///
/// ```swift
/// if context.experiments.variant(of: "homeOrder") == "paymentsFirst" { … }
/// ```
public final class ExperimentAssignments: Sendable {
    private let experiments: [String: Experiment]
    private let audience: Audience
    private let overrides: [String: String]
    /// The user's stored assignments, by ``ExperimentAssignments/stickyKey(_:bucketVersion:)``.
    private let sticky: [String: String]
    private let reads = NIOLockedValueBox<[(name: String, variant: String, exposure: Exposure?)]>([])

    /// The assignments of one request (the pipeline makes them; tests and tools may too).
    /// - Parameters:
    ///   - experiments: the experiments in force, by name.
    ///   - audience: who the request is for, as the experiments' targeting reads it.
    ///   - overrides: QA overrides, by experiment.
    ///   - sticky: the user's stored assignments (``AssignmentStore``).
    public init(experiments: [String: Experiment], audience: Audience, overrides: [String: String] = [:], sticky: [String: String] = [:]) {
        self.experiments = experiments
        self.audience = audience
        self.overrides = overrides
        self.sticky = sticky
    }

    /// The key of a stored assignment.
    public static func stickyKey(_ experiment: String, bucketVersion: Int) -> String { "\(experiment)#\(bucketVersion)" }

    /// The variant of experiment `name` for this request's user; an experiment neither declared in
    /// code nor stored reads as `""` (so no comparison with a variant holds).
    public func variant(of name: String) -> String {
        if let read = reads.withLockedValue({ $0.first { $0.name == name } }) { return read.variant }
        guard let experiment = experiments[name] else { return "" }
        let (variant, exposure) = decide(experiment)
        return reads.withLockedValue { reads in
            if let earlier = reads.first(where: { $0.name == name }) { return earlier.variant }
            reads.append((name, variant, exposure))
            return variant
        }
    }

    private func decide(_ experiment: Experiment) -> (String, Exposure?) {
        func exposure(_ variant: String, forced: Bool) -> Exposure? {
            audience.user.map {
                Exposure(
                    experiment: experiment.name, variant: variant, user: $0, overridden: forced, bucketVersion: experiment.bucketVersion)
            }
        }
        if let wanted = overrides[experiment.name], experiment.has(variant: wanted) { return (wanted, exposure(wanted, forced: true)) }
        // Switched off for this audience: the control, before any list or status (a winner may be what breaks).
        if experiment.switchedOff.contains(where: { $0.matches(audience) }) { return (experiment.control, nil) }
        if let user = audience.user, let listed = experiment.allowList[user], experiment.has(variant: listed) {
            return (listed, exposure(listed, forced: true))
        }
        switch experiment.status {
        case .paused: return (experiment.control, nil)
        case .stopped: return (experiment.winner.flatMap { experiment.has(variant: $0) ? $0 : nil } ?? experiment.control, nil)
        case .running: break
        }
        guard let user = audience.user, experiment.targeting.includes(audience) else { return (experiment.control, nil) }
        let key = Self.stickyKey(experiment.name, bucketVersion: experiment.bucketVersion)
        if let kept = sticky[key], experiment.has(variant: kept) { return (kept, exposure(kept, forced: false)) }
        let variant = experiment.variant(for: user)
        return (variant, exposure(variant, forced: false))
    }

    /// The names of the experiments read so far.
    public var experimentsRead: [String] { reads.withLockedValue { $0.map(\.name) } }

    /// The exposures of what was read: users in running experiments they are targeted by, and
    /// forced (QA) variants, marked as such.
    public var exposures: [Exposure] { reads.withLockedValue { $0.compactMap(\.exposure) } }
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

    var members: [String] {
        lock.lock()
        defer { lock.unlock() }
        return Array(names)
    }
}
