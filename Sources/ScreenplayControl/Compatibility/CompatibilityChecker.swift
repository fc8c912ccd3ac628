import Hummingbird
import ScreenplayDSL
import ScreenplayServer

/// Builds the ``CompatibilityReport`` of a census: every screen route without parameters (the
/// ones the studio's gallery draws), built in each of the routes' languages as an anonymous user
/// gets it and once per other variant of each experiment it reads, and every published slot, each
/// adapted to every client of the census with its changes' paths recorded.
///
/// The server's report and gate use the routes it serves; `screenplay compat --capabilities
/// FILE` without a server makes one over the routes compiled into the build (the demo's), so a
/// CI step checks a new build against a recorded census with no server and no database.
///
/// ```swift
/// let checker = CompatibilityChecker(routes: DemoApp.routes())
/// let report = await checker.report(census: recorded, slots: [:], maxShare: 0.05)
/// report.exceeding(0.05).map(\.title)     // ["screen checkout"]
/// ```
public struct CompatibilityChecker: Sendable {
    /// The screens, or nil for slots only.
    public let routes: ScreenplayRoutes?
    /// The experiments in force (the routes' configuration unless given).
    public let configuration: LiveConfiguration

    /// - Parameters:
    ///   - routes: the screens; routes not added to a router yet are added to one of the
    ///     checker's own (they are fixed from then on, and serve nothing).
    ///   - configuration: the experiments in force and the published content screens read;
    ///     the routes' own by default.
    public init(routes: ScreenplayRoutes?, configuration: LiveConfiguration? = nil) {
        self.routes = routes
        self.configuration = configuration ?? routes?.configuration ?? LiveConfiguration()
        if let routes, !routes.isMounted { routes.addRoutes(to: Router()) }
    }

    /// The screen paths the report builds: the routes without parameters, sorted.
    public var screens: [String] {
        (routes?.screenPatterns ?? []).filter { pattern in
            !pattern.split(separator: "/").contains { $0.hasPrefix(":") || $0.hasPrefix("*") }
        }.sorted()
    }

    // MARK: Reports

    /// The report of `census`: its clients, every screen (and variant) and every slot in `slots`.
    ///
    /// - Parameters:
    ///   - census: the capability sets and their requests.
    ///   - slots: the published content, by slot.
    ///   - maxShare: the gate's bound, written in the report (nil: no gate).
    public func report(census: CapabilityCensus.Snapshot, slots: [String: PublishedContent], maxShare: Double?) async
        -> CompatibilityReport
    {
        let clients = Self.clients(of: census)
        var targets: [CompatibilityReport.Target] = []
        for path in screens { targets += await screenTargets(path, clients: clients) }
        for (name, content) in slots.sorted(by: { $0.key < $1.key }) {
            targets.append(slotTarget(name, content: content, clients: clients))
        }
        return CompatibilityReport(
            from: census.from, to: census.to, total: census.total, other: census.other, maxShare: maxShare, clients: clients,
            targets: targets, users: census.users)
    }

    /// The census's entries as clients: one per set and platform, its app versions listed, its
    /// users those of its entries merged (a user of two app versions counted once).
    public static func clients(of census: CapabilityCensus.Snapshot) -> [CompatibilityReport.Client] {
        let total = census.total
        var order: [String] = []
        var grouped: [String: CompatibilityReport.Client] = [:]
        // Users as sketches where the census kept them; added up where only the figure is known.
        var sketches: [String: UserSketch] = [:]
        var counted: [String: Int] = [:]
        for entry in census.entries {
            let key = entry.set + "\u{0}" + (entry.capabilities.platform ?? "")
            if grouped[key] == nil {
                order.append(key)
                grouped[key] = CompatibilityReport.Client(
                    set: entry.set, capabilities: entry.capabilities, appVersions: [], requests: 0, share: 0)
            }
            if let sketch = entry.sketch {
                sketches[key, default: UserSketch()].merge(sketch)
            } else {
                counted[key, default: 0] += entry.users
            }
            grouped[key]?.requests += entry.requests
            if let index = grouped[key]?.appVersions.firstIndex(where: { $0.appVersion == entry.appVersion }) {
                grouped[key]?.appVersions[index].requests += entry.requests
            } else {
                grouped[key]?.appVersions.append((entry.appVersion, entry.requests))
            }
        }
        return order.compactMap { key in
            guard var client = grouped[key] else { return nil }
            client.share = total == 0 ? 0 : Double(client.requests) / Double(total)
            client.users = (sketches[key]?.estimate ?? 0) + (counted[key] ?? 0)
            // Two estimates: a client's may come out a little above everyone's.
            client.userShare = census.users == 0 ? 0 : min(1, Double(client.users) / Double(census.users))
            client.appVersions.sort {
                $0.requests != $1.requests
                    ? $0.requests > $1.requests : ($0.appVersion?.description ?? "") < ($1.appVersion?.description ?? "")
            }
            return client
        }.sorted {
            $0.requests != $1.requests
                ? $0.requests > $1.requests : ($0.set, $0.capabilities.platform ?? "") < ($1.set, $1.capabilities.platform ?? "")
        }
    }

    // MARK: Screens

    /// The screen at `path` as an anonymous user gets it, then once with each other variant of
    /// each experiment it reads forced (an experiment at a time).
    func screenTargets(_ path: String, clients: [CompatibilityReport.Client]) async -> [CompatibilityReport.Target] {
        let (first, read) = await screenTarget(path, clients: clients, forcing: nil)
        var targets = [first]
        for name in read {
            guard let experiment = configuration.experiments[name] else { continue }
            let shown =
                experiment.status == .stopped
                ? (experiment.winner.flatMap { experiment.has(variant: $0) ? $0 : nil } ?? experiment.control) : experiment.control
            for variant in experiment.variants.map(\.name) where variant != shown {
                targets.append(await screenTarget(path, clients: clients, forcing: (name, variant)).target)
            }
        }
        return targets
    }

    /// The screens that read `experiment`, each with `variant` forced: what stopping it with
    /// that winner shows everyone.
    func screenTargets(forcing experiment: String, to variant: String, clients: [CompatibilityReport.Client]) async -> [CompatibilityReport
        .Target]
    {
        var targets: [CompatibilityReport.Target] = []
        for path in screens {
            let (target, read) = await screenTarget(path, clients: clients, forcing: (experiment, variant))
            if read.contains(experiment) { targets.append(target) }
        }
        return targets
    }

    /// One screen for every client, in every language (what a client loses in any of them).
    private func screenTarget(
        _ path: String, clients: [CompatibilityReport.Client], forcing: (experiment: String, variant: String)?
    ) async -> (target: CompatibilityReport.Target, read: [String]) {
        var target = CompatibilityReport.Target(
            kind: .screen, name: path, experiment: forcing?.experiment, variant: forcing?.variant, losses: [])
        guard let routes else { return (target, []) }
        let variants = forcing.map { [$0.experiment: $0.variant] } ?? [:]
        var read: [String] = []
        // Without clients, the screen is still built once: the experiments it reads are known.
        let probes = clients.isEmpty ? [nil] : clients.map { Optional($0) }
        for client in probes {
            var merged: AdaptationReport?
            for language in routes.languages.supported {
                do {
                    let adaptation = try await routes.adaptation(
                        ofScreen: path, language: language, capabilities: client?.capabilities ?? .full,
                        appVersion: client?.appVersions.first?.appVersion ?? nil, variants: variants)
                    for name in adaptation.experimentsRead where !read.contains(name) { read.append(name) }
                    merged = merged.map { Self.merge($0, adaptation.report) } ?? adaptation.report
                } catch {
                    target.problem = "it could not be built: \(error)"
                    return (target, read)
                }
            }
            if let client, let report = merged, !report.isEmpty { target.losses.append(Self.loss(client, report)) }
        }
        return (target, read)
    }

    // MARK: Slots

    /// What each client loses of a slot's content, in any of its languages.
    public func slotTarget(_ name: String, content: PublishedContent, clients: [CompatibilityReport.Client]) -> CompatibilityReport.Target {
        var target = CompatibilityReport.Target(kind: .slot, name: name, losses: [])
        for client in clients {
            typealias Member = PublishedContent.Key
            var report = content.content.adaptationReport(for: client.capabilities, at: JSONPath.root.appending(member: Member.content))
            for (language, node) in content.translations.sorted(by: { $0.key < $1.key }) {
                let path = JSONPath.root.appending(member: Member.translations).appending(key: language)
                report = Self.merge(report, node.adaptationReport(for: client.capabilities, at: path))
            }
            if !report.isEmpty { target.losses.append(Self.loss(client, report)) }
        }
        return target
    }

    // MARK: Parts

    static func loss(_ client: CompatibilityReport.Client, _ report: AdaptationReport) -> CompatibilityReport.Loss {
        CompatibilityReport.Loss(
            set: client.set, platform: client.capabilities.platform,
            appVersions: client.appVersions.compactMap { $0.appVersion?.description },
            requests: client.requests, share: client.share, users: client.users, userShare: client.userShare, report: report)
    }

    /// Two languages' reports as one: each type's count the larger, every place once.
    static func merge(_ left: AdaptationReport, _ right: AdaptationReport) -> AdaptationReport {
        var merged = left
        merged.usedFallback.merge(right.usedFallback, uniquingKeysWith: max)
        merged.downgraded.merge(right.downgraded, uniquingKeysWith: max)
        merged.droppedNodes.merge(right.droppedNodes, uniquingKeysWith: max)
        merged.droppedActions.merge(right.droppedActions, uniquingKeysWith: max)
        var seen = Set(left.changes)
        for change in right.changes where seen.insert(change).inserted { merged.changes.append(change) }
        return merged
    }
}
