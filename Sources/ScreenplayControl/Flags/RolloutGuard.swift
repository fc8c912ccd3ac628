import ScreenplayServer
import ServiceLifecycle

/// Runs the flags' guarded rollouts (``GuardedRollout``), every `interval`: first the watch — the
/// rollout's report (`rollout:FLAG`, the watched event as its goal) compares the rate of the users
/// included with the users held back, and a rollout worse beyond its threshold, with enough users
/// on each side, is rolled back to no one — then the schedule, which sets the rule's coverage to
/// its current step. Each change is a save with its audit entry (`roll back rollout …`,
/// `step rollout to 25 %`), from the revision read, so instances running it at once change a flag once.
///
/// ```swift
/// application.addServices(control.rolloutGuard)
/// try await control.rolloutGuard.check()   // ["payBadge: step rollout to 50 %"]
/// ```
public struct RolloutGuard: Service {
    let control: ControlPlane
    /// How long between two checks.
    public var interval: Duration = .seconds(60)

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await check()
                } catch {
                    control.logger.error("the guarded rollouts were not checked", metadata: ["error": "\(error)"])
                }
                try? await control.clock.sleep(for: interval)
            }
        }
    }

    /// Checks every guarded rollout once; what it changed, as `FLAG: ACTION`.
    @discardableResult
    public func check() async throws -> [String] {
        var changes: [String] = []
        // A GrowthBook payload in force decides the flags; its rollouts are GrowthBook's to guard.
        guard !control.flagsFromPayload.withLockedValue({ $0 }) else { return [] }
        for stored in try await control.flags() {
            guard let rollout = stored.definition.guardedRollout, rollout.state == .rolling else { continue }
            var flag = stored.definition
            let action: String
            if let worse = try await worseFigures(of: flag.key, rollout) {
                flag = flag.settingCoverage(0, ofRule: rollout.rule)
                flag.guardedRollout?.state = .rolledBack
                flag.guardedRollout?.reason = worse
                action = "roll back rollout: \(worse)"
            } else {
                let coverage = rollout.coverage(at: control.clock.milliseconds)
                let done = coverage == rollout.steps.last
                guard flag.coverage(ofRule: rollout.rule) != coverage || done else { continue }
                flag = flag.settingCoverage(coverage, ofRule: rollout.rule)
                if done { flag.guardedRollout?.state = .done }
                action = "step rollout to \(ExperimentReport.percent(coverage))"
            }
            do {
                _ = try await control.save(flag: flag, by: "rollout guard", ifRevision: stored.revision, dryRun: false, action: action)
                changes.append("\(flag.key): \(action)")
                control.logger.notice("guarded rollout", metadata: ["flag": "\(flag.key)", "action": "\(action)"])
            } catch let error as ScreenplayError where error.status == .preconditionFailed {
                continue // another instance (or an admin) changed it first: the next check reads it again
            }
        }
        return changes
    }

    /// Why the included users fare worse than the held-back ones, beyond the threshold; nil when
    /// they do not, or too few users are on either side to say.
    func worseFigures(of key: String, _ rollout: GuardedRollout) async throws -> String? {
        guard let report = try? await control.report(experiment: FlagReads.rolloutName(key), goal: rollout.event),
            let heldBack = report.variants.first(where: { $0.name == "heldBack" }),
            let included = report.variants.first(where: { $0.name == "included" }),
            heldBack.users >= rollout.minimumUsers, included.users >= rollout.minimumUsers,
            rollout.isWorse(included: included.rate, heldBack: heldBack.rate)
        else { return nil }
        return "\(rollout.event) \(ExperimentReport.percent(included.rate)) of \(included.users) included against "
            + "\(ExperimentReport.percent(heldBack.rate)) of \(heldBack.users) held back (threshold \(ExperimentReport.percent(rollout.threshold)))"
    }
}

extension ControlPlane {
    /// The service that steps and guards the flags' guarded rollouts.
    public var rolloutGuard: RolloutGuard { RolloutGuard(control: self) }
}
