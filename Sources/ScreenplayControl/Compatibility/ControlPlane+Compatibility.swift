import Foundation
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer

/// The compatibility gate's settings: its bound, and the screens it builds.
struct CompatibilitySettings: Sendable {
    var maxShare: Double?
    var routes: ScreenplayRoutes?
}

extension ControlPlane {
    /// The compatibility gate (issue 32): publishing a slot, or stopping an experiment with a
    /// winner, is refused (422 `compatibilityGate`, with what each client would lose) when the
    /// share of the census's users whose client would lose a node or an action there is above
    /// this (of its screen requests while no request named a user); nil (the default) is no gate. A change with a reason (`force`) goes through,
    /// and the override is in the audit log. Per process, like the admin tokens.
    public var compatibilityMaxShare: Double? {
        get { compatibility.withLockedValue { $0.maxShare } }
        set { compatibility.withLockedValue { $0.maxShare = newValue.map { min(1, max(0, $0)) } } }
    }

    /// The longest reason for overriding the gate.
    static let maxForceReason = 500

    /// The screens the report and the gate build (``addRoutes(to:tokens:screens:watched:)`` gives
    /// them), once they are served: routes not added to their router yet are left out rather than
    /// added to the checker's (they could not be added to the app's after that).
    var checker: CompatibilityChecker {
        let routes = compatibility.withLockedValue { $0.routes }
        return CompatibilityChecker(routes: routes?.isMounted == true ? routes : nil, configuration: configuration)
    }

    func useScreens(_ routes: ScreenplayRoutes) {
        compatibility.withLockedValue { $0.routes = routes }
    }

    // MARK: Reports

    /// What each client of `census` (the live census by default) loses on every screen and every
    /// published slot.
    public func compatibilityReport(census: CapabilityCensus.Snapshot? = nil) async throws -> CompatibilityReport {
        let snapshot: CapabilityCensus.Snapshot
        if let census { snapshot = census } else { snapshot = try await guarded { try await self.census.snapshot() } }
        var slots: [String: PublishedContent] = [:]
        for version in try await self.slots() {
            slots[version.slot] = try? PublishedContent.checked(Array(version.document.utf8))
        }
        return await checker.report(census: snapshot, slots: slots, maxShare: compatibilityMaxShare)
    }

    /// What each client of the live census would lose of `content` published to `slot`: a report
    /// with that one target.
    public func compatibility(of content: PublishedContent, inSlot slot: String) async throws -> CompatibilityReport {
        let snapshot = try await guarded { try await self.census.snapshot() }
        let clients = CompatibilityChecker.clients(of: snapshot)
        return CompatibilityReport(
            from: snapshot.from, to: snapshot.to, total: snapshot.total, other: snapshot.other, maxShare: compatibilityMaxShare,
            clients: clients, targets: [checker.slotTarget(slot, content: content, clients: clients)], users: snapshot.users)
    }

    /// What each client of the live census would lose on the screens that read `experiment`,
    /// with `winner` shown to everyone.
    public func compatibility(ofStopping experiment: String, winner: String) async throws -> CompatibilityReport {
        let snapshot = try await guarded { try await self.census.snapshot() }
        let clients = CompatibilityChecker.clients(of: snapshot)
        let targets = await checker.screenTargets(forcing: experiment, to: winner, clients: clients)
        return CompatibilityReport(
            from: snapshot.from, to: snapshot.to, total: snapshot.total, other: snapshot.other, maxShare: compatibilityMaxShare,
            clients: clients, targets: targets, users: snapshot.users)
    }

    /// A dry run of stopping `experiment` with `winner`: what each client would lose on the
    /// screens that read it, refused as the stop would be (a reason in `force` lets it through).
    public func checkStop(_ experiment: String, winner: String, force: String?) async throws -> CompatibilityReport {
        guard let current = try await storedExperiment(named: experiment)?.experiment ?? configuration.experiments[experiment] else {
            throw Self.noSuchExperiment(experiment)
        }
        guard current.has(variant: winner) else {
            throw ScreenplayError(.unprocessableContent, code: "badWinner", message: "the winner must be one of the experiment's variants")
        }
        let report = try await compatibility(ofStopping: experiment, winner: winner)
        _ = try gate(
            report, change: "stopping \"\(ScreenplayError.quoting(experiment))\" with \"\(ScreenplayError.quoting(winner))\"", force: force)
        return report
    }

    // MARK: The gate

    /// The gate on publishing `content` to `slot`: nil when there is no gate or it lets the
    /// change through, the override's audit record when `force` overrides it; the refusal otherwise.
    func gate(publishing content: PublishedContent, to slot: String, force: String?) async throws -> String? {
        guard compatibilityMaxShare != nil else { return nil }
        return try gate(
            try await compatibility(of: content, inSlot: slot), change: "publishing to \"\(ScreenplayError.quoting(slot))\"", force: force)
    }

    /// The gate on stopping `experiment` with `winner`.
    func gate(stopping experiment: String, winner: String, force: String?) async throws -> String? {
        guard compatibilityMaxShare != nil else { return nil }
        return try gate(
            try await compatibility(ofStopping: experiment, winner: winner),
            change: "stopping \"\(ScreenplayError.quoting(experiment))\" with \"\(ScreenplayError.quoting(winner))\"", force: force)
    }

    /// Checks `report` (a change's targets) against the gate: nothing when no target degrades
    /// more than the bound; the override's audit record when one does and `force` gives a
    /// reason; otherwise the refusal, listing each degrading client and where it loses what.
    func gate(_ report: CompatibilityReport, change: String, force: String?) throws -> String? {
        guard let maxShare = report.maxShare else { return nil }
        let exceeding = report.exceeding(maxShare)
        guard !exceeding.isEmpty else { return nil }
        guard let reason = force?.trimmingCharacters(in: .whitespacesAndNewlines), !reason.isEmpty else {
            throw Self.refusal(exceeding, report: report, maxShare: maxShare, change: change)
        }
        if let problem = StoredText.freeText(maxLength: Self.maxForceReason).problem(in: reason) {
            throw ScreenplayError(.badRequest, code: "badForceReason", message: "the reason for forcing \(problem)", path: "force")
        }
        var record = JSONMembers<GateOverrideKey>()
        record[.reason] = .string(reason)
        record[.maxShare] = .number(maxShare)
        record[.basis] = .string(report.gateBasis.rawValue)
        record[.targets] = .array(
            exceeding.map {
                var target = JSONMembers<GateOverrideKey.Target>()
                target[.target] = .string($0.title)
                target[.degradedShare] = .number(CompatibilityReport.rounded($0.degradedShare))
                target[.degradedUserShare] = .number(CompatibilityReport.rounded($0.degradedUserShare))
                return target.json
            })
        record[.change] = .string(change)
        return String(decoding: JSONWriter.write(record.json), as: UTF8.self)
    }

    /// The members of the audit record of a forced change: why, the gate's bound and basis, the
    /// targets over it, and the change.
    enum GateOverrideKey: String, JSONKey, CaseIterable {
        case reason, maxShare, basis, targets, change

        /// The members of one target over the bound.
        enum Target: String, JSONKey, CaseIterable {
            case target, degradedShare, degradedUserShare
        }
    }

    /// Writes the override of the gate into the audit log, in the change's transaction.
    static func auditOverride(_ record: String, target: String, actor: String, at now: Int64, on tx: any SQLExecutor) async throws {
        try await tx.query(
            "INSERT INTO audit_log (at, actor, action, target, before_value, after_value) VALUES ($1, $2, $3, $4, NULL, $5)",
            [.integer(now), .text(actor), .text("override compatibility gate"), .text(target), .text(record)])
    }

    /// The gate's 422: the change, the share it would degrade (of users, or of requests when the
    /// census counted no user: it says which), and one problem per degrading client and place
    /// (at most 50).
    static func refusal(
        _ targets: [CompatibilityReport.Target], report: CompatibilityReport, maxShare: Double, change: String
    ) -> ScreenplayError {
        var problems: [Diagnostic] = []
        for target in targets {
            for loss in target.losses where loss.degrades {
                let who = Self.describe(loss)
                let places = loss.report.changes.filter { $0.kind == .droppedNode || $0.kind == .droppedAction }
                if places.isEmpty {
                    problems.append(.error(at: .root, "\(target.title): \(who) loses \(Self.lost(loss.report))"))
                }
                for place in places {
                    let what =
                        place.kind == .droppedNode ? "the node \(place.type) (no fallback, no downgrade)" : "the action \(place.type)"
                    problems.append(.error(at: place.path, "\(target.title): \(who) loses \(what)"))
                }
            }
        }
        let worst = targets.max { report.gatedShare(of: $0) < report.gatedShare(of: $1) }
        let shares = targets.map { "\($0.title) \(ExperimentReport.percent(report.gatedShare(of: $0)))" }.joined(separator: ", ")
        let basis =
            report.gateBasis == .users
            ? "users (judged by users: \(report.users) counted; clients that named no user by their requests)"
            : "screen requests (judged by requests: the census counted no user)"
        var error = ScreenplayError(
            .unprocessableContent, code: "compatibilityGate",
            message:
                "\(change) would make apps in the field lose nodes or actions for more than \(ExperimentReport.percent(maxShare)) of \(basis) "
                + "(\(shares)); change it, or force it with a reason",
            path: worst.flatMap { $0.losses.first { $0.degrades }?.report.changes.first?.path.description })
        error.problems = Array(problems.prefix(50))
        return error
    }

    /// `set 5b0d3f1a, ios, app 4.1.0, 4.2.0 (1.0% of users, 16.7% of requests)`.
    static func describe(_ loss: CompatibilityReport.Loss) -> String {
        var parts = ["set \(loss.set.prefix(8))"]
        parts.append(loss.platform ?? "no platform said")
        if !loss.appVersions.isEmpty { parts.append("app " + loss.appVersions.prefix(5).joined(separator: ", ")) }
        let users = loss.users > 0 ? "\(ExperimentReport.percent(loss.userShare)) of users, " : ""
        return "\(parts.joined(separator: ", ")) (\(users)\(ExperimentReport.percent(loss.share)) of requests)"
    }

    /// `2 toggle, 1 present action`.
    static func lost(_ report: AdaptationReport) -> String {
        let nodes = report.droppedNodes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        let actions = report.droppedActions.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key) action\($0.value == 1 ? "" : "s")" }
        return (nodes + actions).joined(separator: ", ")
    }
}
