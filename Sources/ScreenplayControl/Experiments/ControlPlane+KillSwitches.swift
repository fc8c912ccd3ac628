import ScreenplayProtocol
import ScreenplayServer

/// Kill switches: one action switches an experiment off for a platform or a range of app
/// versions (``KillSwitch``), audited as `switch off …` and in force on every instance from its
/// next request; another switches it on again.
extension ControlPlane {
    /// Switches experiment `name` off for `part`: that audience sees the control from its next
    /// screen. Switching off a part already switched off changes nothing.
    ///
    /// ```swift
    /// try await control.switchOff(
    ///     experiment: "checkoutOrder", for: KillSwitch(platform: "ios", maxAppVersion: AppVersion("4.2.3"), reason: "crash"),
    ///     by: "alice")
    /// ```
    ///
    /// - Parameters:
    ///   - name: the experiment, stored or declared in code.
    ///   - part: the platform and app versions switched off, and why.
    ///   - actor: who switches it off, for the audit log.
    /// - Returns: the experiment as stored now.
    @discardableResult
    public func switchOff(experiment name: String, for part: KillSwitch, by actor: String) async throws -> StoredExperiment {
        try await update(experiment: name, by: actor, ifRevision: nil, force: nil, action: "switch off \(part.summary)") { experiment in
            guard !experiment.switchedOff.contains(where: { $0.sameAudience(as: part) }) else { return }
            experiment.switchedOff.append(part)
        }
    }

    /// Switches experiment `name` on again for `part` (the same platform and versions as when it
    /// was switched off); a 404 `notSwitchedOff` when it was not.
    ///
    /// - Parameters:
    ///   - name: the experiment.
    ///   - part: the platform and app versions to switch on again (its reason is not compared).
    ///   - actor: who switches it on, for the audit log.
    /// - Returns: the experiment as stored now.
    @discardableResult
    public func switchOn(experiment name: String, for part: KillSwitch, by actor: String) async throws -> StoredExperiment {
        try await update(experiment: name, by: actor, ifRevision: nil, force: nil, action: "switch on \(part.summary)") { experiment in
            guard experiment.switchedOff.contains(where: { $0.sameAudience(as: part) }) else {
                throw ScreenplayError(
                    .notFound, code: "notSwitchedOff", message: "\(name) is not switched off for \(part.summary)", path: "platform")
            }
            experiment.switchedOff.removeAll { $0.sameAudience(as: part) }
        }
    }
}

extension KillSwitch {
    /// The same platform and versions, whatever the reason.
    func sameAudience(as other: KillSwitch) -> Bool {
        platform == other.platform && minAppVersion == other.minAppVersion && maxAppVersion == other.maxAppVersion
    }
}
