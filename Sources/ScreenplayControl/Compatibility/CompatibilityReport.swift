import Foundation
import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// What each capability set in the field would lose on every screen and slot, and the shares of
/// screen requests and of users that loss reaches: what `GET /admin/compat` answers, `screenplay
/// compat` prints, the studio's compatibility page draws and the gate refuses a change with.
///
/// Shares of requests (`share`, `degradedShare`) weigh one heavy user on an old app like many
/// users; shares of users (`userShare`, `degradedUserShare`) divide a client's distinct users by
/// everyone's, both estimated by the census's ``UserSketch``es. The gate judges by users when the
/// census has counted any (`gateBasis` `users`), by requests otherwise (a census file, a server
/// whose requests name no user).
///
/// A *client* is a capability set seen from one platform (its app versions listed): the unit
/// the report weighs, since what a screen loses depends on the set and what its handler builds
/// may depend on the platform. A client *degrades* on a target when adaptation removes a node or
/// an action there (`AdaptationReport.losesContent`); fallbacks and built-in downgrades are
/// reported but stand in for what they replace, so they do not degrade.
///
/// ```json
/// {"basis": "requests", "gateBasis": "users", "from": "…", "to": "…", "total": 1200, "users": 300, "other": 0,
///  "otherShare": 0, "maxShare": 0.05,
///  "clients": [{"set": "5b0d…", "version": "1.0", "components": […], "actions": […], "platform": "ios",
///               "appVersions": [{"appVersion": "4.1.0", "requests": 200}], "requests": 200, "share": 0.1667,
///               "users": 3, "userShare": 0.01}],
///  "targets": [{"kind": "slot", "name": "home.promo", "experiment": null, "variant": null, "problem": null,
///               "degradedShare": 0.1667, "changedShare": 0.1667, "degradedUserShare": 0.01, "changedUserShare": 0.01,
///               "losses": [{"set": "5b0d…", "platform": "ios", "appVersions": ["4.1.0"], "requests": 200, "share": 0.1667,
///                           "users": 3, "userShare": 0.01,
///                           "degrades": true, "usedFallback": {}, "downgraded": {}, "droppedNodes": {"toggle": 1},
///                           "droppedActions": {}, "changes": [{"kind": "droppedNode", "type": "toggle", "path": "content.children[1]"}],
///                           "moreChanges": 0}]}]}
/// ```
public struct CompatibilityReport: AdminMessage, Hashable {
    public enum Key: String, JSONKey, CaseIterable {
        case basis, gateBasis, from, to, total, users, other, otherShare, maxShare, clients, targets
    }

    public enum ClientKey: String, JSONKey, CaseIterable {
        case set, version, components, actions, platform, appVersions, requests, share, users, userShare
    }

    public enum AppVersionKey: String, JSONKey, CaseIterable {
        case appVersion, requests
    }

    public enum TargetKey: String, JSONKey, CaseIterable {
        case kind, name, experiment, variant, problem, degradedShare, changedShare, degradedUserShare, changedUserShare, losses
    }

    public enum LossKey: String, JSONKey, CaseIterable {
        case set, platform, appVersions, requests, share, users, userShare, degrades, usedFallback, downgraded, droppedNodes,
            droppedActions, changes,
            moreChanges
    }

    public enum ChangeKey: String, JSONKey, CaseIterable {
        case kind, type, path
    }

    /// A capability set seen from one platform, with the app versions that sent it.
    public struct Client: Sendable, Hashable {
        /// The set's id (``CapabilityCensus/setID(of:)``).
        public var set: String
        /// The set, and the platform (nil: the clients did not say).
        public var capabilities: ClientCapabilities
        /// Requests per app version (nil: the app did not say), most first.
        public var appVersions: [(appVersion: AppVersion?, requests: Int)]
        public var requests: Int
        /// Its requests' share of the census's total.
        public var share: Double
        /// Its distinct users (of all its app versions), estimated; 0 when none were counted.
        public var users: Int
        /// Its users' share of the census's distinct users (0 when none were counted).
        public var userShare: Double

        /// - Parameters:
        ///   - set: the set's id.
        ///   - capabilities: the set, and the platform.
        ///   - appVersions: requests per app version, most first.
        ///   - requests: its requests.
        ///   - share: its requests' share of the census's.
        ///   - users: its distinct users, estimated.
        ///   - userShare: their share of the census's distinct users.
        public init(
            set: String, capabilities: ClientCapabilities, appVersions: [(appVersion: AppVersion?, requests: Int)], requests: Int,
            share: Double, users: Int = 0, userShare: Double = 0
        ) {
            self.set = set
            self.capabilities = capabilities
            self.appVersions = appVersions
            self.requests = requests
            self.share = share
            self.users = users
            self.userShare = userShare
        }

        /// The app versions as people read them: `4.1.0, 4.2.0`, `–` for none said.
        public var appVersionsText: String {
            appVersions.map { $0.appVersion?.description ?? "–" }.joined(separator: ", ")
        }

        public static func == (left: Client, right: Client) -> Bool {
            left.set == right.set && left.capabilities == right.capabilities && left.requests == right.requests
                && left.share == right.share && left.users == right.users && left.userShare == right.userShare
                && left.appVersions.elementsEqual(right.appVersions) { $0 == $1 }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(set)
            hasher.combine(capabilities.platform)
            hasher.combine(requests)
        }
    }

    /// What one client loses on one target.
    public struct Loss: Sendable, Hashable {
        public var set: String
        public var platform: String?
        public var appVersions: [String]
        public var requests: Int
        public var share: Double
        /// The client's distinct users, estimated, and their share of the census's.
        public var users: Int
        public var userShare: Double
        /// What adaptation changes, by type, and where (at most ``maxChanges`` places).
        public var report: AdaptationReport
        /// Places beyond the first ``maxChanges``.
        public var moreChanges: Int

        /// The most places a loss lists.
        public static let maxChanges = 20

        /// - Parameters:
        ///   - set: the client's set.
        ///   - platform: its platform.
        ///   - appVersions: its app versions.
        ///   - requests: its requests.
        ///   - share: their share of the census's.
        ///   - users: its distinct users, estimated.
        ///   - userShare: their share of the census's.
        ///   - report: what adaptation changes for it.
        public init(
            set: String, platform: String?, appVersions: [String], requests: Int, share: Double, users: Int = 0, userShare: Double = 0,
            report: AdaptationReport
        ) {
            self.set = set
            self.platform = platform
            self.appVersions = appVersions
            self.requests = requests
            self.share = share
            self.users = users
            self.userShare = userShare
            var report = report
            self.moreChanges = max(0, report.changes.count - Self.maxChanges)
            report.changes = Array(report.changes.prefix(Self.maxChanges))
            self.report = report
        }

        /// Whether the client loses a node or an action (not only fallbacks and downgrades).
        public var degrades: Bool { report.losesContent }
    }

    /// A screen (as an anonymous user gets it, or with one experiment's variant forced) or a slot.
    public struct Target: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case screen, slot
        }

        public var kind: Kind
        /// The screen's path (`home`) or the slot's name (`home.promo`).
        public var name: String
        /// The experiment whose variant is forced, and that variant.
        public var experiment: String?
        public var variant: String?
        /// Why the target could not be judged (its handler threw …), or nil.
        public var problem: String?
        /// The clients that change on it (degrading or not), most requested first.
        public var losses: [Loss]

        public init(kind: Kind, name: String, experiment: String? = nil, variant: String? = nil, problem: String? = nil, losses: [Loss]) {
            self.kind = kind
            self.name = name
            self.experiment = experiment
            self.variant = variant
            self.problem = problem
            self.losses = losses
        }

        /// The share of requests whose client loses a node or an action here.
        public var degradedShare: Double { losses.filter(\.degrades).reduce(0) { $0 + $1.share } }
        /// The share of requests whose client gets anything other than the document as written.
        public var changedShare: Double { losses.reduce(0) { $0 + $1.share } }
        /// The share of users whose client loses a node or an action here: the clients' shares
        /// added (a user seen with two degrading clients counts in both), at most 1.
        public var degradedUserShare: Double { min(1, losses.filter(\.degrades).reduce(0) { $0 + $1.userShare }) }
        /// The share of users whose client gets anything other than the document as written.
        public var changedUserShare: Double { min(1, losses.reduce(0) { $0 + $1.userShare }) }

        /// `screen home`, `screen home [homeOrder = paymentsFirst]`, `slot home.promo`.
        public var title: String {
            var text = "\(kind.rawValue) \(name)"
            if let experiment, let variant { text += " [\(experiment) = \(variant)]" }
            return text
        }
    }

    public var from: Int64
    public var to: Int64
    public var total: Int
    /// The census's distinct users, estimated ("other"'s included); 0 when none were counted.
    public var users: Int
    /// Requests of sets past the census's bound: not judged (their capabilities are not known).
    public var other: Int
    /// The gate's bound on a change's degraded share, when the server has one.
    public var maxShare: Double?
    public var clients: [Client]
    public var targets: [Target]

    /// - Parameters:
    ///   - from: the window's first instant, in Unix milliseconds.
    ///   - to: its last.
    ///   - total: the census's requests.
    ///   - other: requests of sets past the census's bound.
    ///   - maxShare: the gate's bound (nil: no gate).
    ///   - clients: the census's clients.
    ///   - targets: the screens and slots judged.
    ///   - users: the census's distinct users, estimated (0: none counted: the gate judges requests).
    public init(
        from: Int64, to: Int64, total: Int, other: Int, maxShare: Double?, clients: [Client], targets: [Target], users: Int = 0
    ) {
        self.from = from
        self.to = to
        self.total = total
        self.users = users
        self.other = other
        self.maxShare = maxShare
        self.clients = clients
        self.targets = targets
    }

    /// The share of requests in "other".
    public var otherShare: Double { total == 0 ? 0 : Double(other) / Double(total) }

    /// What the gate weighs: users when the census counted any, requests otherwise.
    public enum Basis: String, Sendable, Hashable {
        case users, requests

        /// `users`, `screen requests`: what a share is of, in a sentence.
        public var noun: String { self == .users ? "users" : "screen requests" }
    }

    /// Whether the gate judges this report by users (the census counted some) or by requests.
    public var gateBasis: Basis { users > 0 ? .users : .requests }

    /// The share the gate judges `target` by: of users or of requests, as ``gateBasis`` says. By
    /// users, a client seen only without a user (a signed-out app, a page) is weighed by its share
    /// of requests, so traffic that names nobody is never left out of the judgement.
    public func gatedShare(of target: Target) -> Double {
        guard gateBasis == .users else { return target.degradedShare }
        return min(1, target.losses.filter(\.degrades).reduce(0) { $0 + ($1.users > 0 ? $1.userShare : $1.share) })
    }

    /// The targets whose degraded share (of users, or of requests when no user was counted) is
    /// above `maxShare`.
    public func exceeding(_ maxShare: Double) -> [Target] { targets.filter { gatedShare(of: $0) > maxShare } }

    // MARK: Writing

    public var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[Key.basis] = .string(CapabilityCensus.Snapshot.basis)
        members[Key.gateBasis] = .string(gateBasis.rawValue)
        members[Key.from] = .string(AdminTimestamp.string(from))
        members[Key.to] = .string(AdminTimestamp.string(to))
        members[Key.total] = .number(Double(total))
        members[Key.users] = .number(Double(users))
        members[Key.other] = .number(Double(other))
        members[Key.otherShare] = .number(Self.rounded(otherShare))
        members[Key.maxShare] = maxShare.map { .number($0) } ?? .null
        members[Key.clients] = .array(clients.map(Self.document))
        members[Key.targets] = .array(targets.map(Self.document))
        return .object(members)
    }

    /// Shares to six decimals: a stable text for the same figures.
    static func rounded(_ share: Double) -> Double { (share * 1_000_000).rounded() / 1_000_000 }

    static func document(_ client: Client) -> JSONValue {
        var members: [String: JSONValue] = [:]
        members[ClientKey.set] = .string(client.set)
        members[ClientKey.version] = .string(client.capabilities.version.description)
        members[ClientKey.components] = .array(client.capabilities.components.sorted().map(JSONValue.string))
        members[ClientKey.actions] = .array(client.capabilities.actions.sorted().map(JSONValue.string))
        members[ClientKey.platform] = client.capabilities.platform.map(JSONValue.string) ?? .null
        members[ClientKey.appVersions] = .array(
            client.appVersions.map { item in
                var version: [String: JSONValue] = [:]
                version[AppVersionKey.appVersion] = item.appVersion.map { .string($0.description) } ?? .null
                version[AppVersionKey.requests] = .number(Double(item.requests))
                return .object(version)
            })
        members[ClientKey.requests] = .number(Double(client.requests))
        members[ClientKey.share] = .number(rounded(client.share))
        members[ClientKey.users] = .number(Double(client.users))
        members[ClientKey.userShare] = .number(rounded(client.userShare))
        return .object(members)
    }

    static func document(_ target: Target) -> JSONValue {
        var members: [String: JSONValue] = [:]
        members[TargetKey.kind] = .string(target.kind.rawValue)
        members[TargetKey.name] = .string(target.name)
        members[TargetKey.experiment] = target.experiment.map(JSONValue.string) ?? .null
        members[TargetKey.variant] = target.variant.map(JSONValue.string) ?? .null
        members[TargetKey.problem] = target.problem.map(JSONValue.string) ?? .null
        members[TargetKey.degradedShare] = .number(rounded(target.degradedShare))
        members[TargetKey.changedShare] = .number(rounded(target.changedShare))
        members[TargetKey.degradedUserShare] = .number(rounded(target.degradedUserShare))
        members[TargetKey.changedUserShare] = .number(rounded(target.changedUserShare))
        members[TargetKey.losses] = .array(target.losses.map(document))
        return .object(members)
    }

    static func document(_ loss: Loss) -> JSONValue {
        func counts(_ counts: [String: Int]) -> JSONValue { .object(counts.mapValues { .number(Double($0)) }) }
        var members: [String: JSONValue] = [:]
        members[LossKey.set] = .string(loss.set)
        members[LossKey.platform] = loss.platform.map(JSONValue.string) ?? .null
        members[LossKey.appVersions] = .array(loss.appVersions.map(JSONValue.string))
        members[LossKey.requests] = .number(Double(loss.requests))
        members[LossKey.share] = .number(rounded(loss.share))
        members[LossKey.users] = .number(Double(loss.users))
        members[LossKey.userShare] = .number(rounded(loss.userShare))
        members[LossKey.degrades] = .bool(loss.degrades)
        members[LossKey.usedFallback] = counts(loss.report.usedFallback)
        members[LossKey.downgraded] = counts(loss.report.downgraded)
        members[LossKey.droppedNodes] = counts(loss.report.droppedNodes)
        members[LossKey.droppedActions] = counts(loss.report.droppedActions)
        members[LossKey.changes] = .array(
            loss.report.changes.map { change in
                var item: [String: JSONValue] = [:]
                item[ChangeKey.kind] = .string(change.kind.rawValue)
                item[ChangeKey.type] = .string(change.type)
                item[ChangeKey.path] = .string(change.path.description)
                return .object(item)
            })
        members[LossKey.moreChanges] = .number(Double(loss.moreChanges))
        return .object(members)
    }

    // MARK: Reading

    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<CompatibilityReport> {
        var reader = try MessageReader<Key>(json, notAnObject: AdminMessages.notAnObject("a compatibility report"))
        let report = CompatibilityReport(
            from: reader.timestamp(.from) ?? 0, to: reader.timestamp(.to) ?? 0, total: reader.integer(.total) ?? 0,
            other: reader.integer(.other) ?? 0, maxShare: reader.number(.maxShare, optional: true),
            clients: reader.array(.clients) { element throws(ScreenplayError) in try Self.client(element) },
            targets: reader.array(.targets) { element throws(ScreenplayError) in try Self.target(element) },
            users: reader.integer(.users, optional: true) ?? 0)
        return reader.result(report)
    }

    static func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

    static func client(_ json: JSONValue) throws(ScreenplayError) -> DecodeResult<Client> {
        var reader = try MessageReader<ClientKey>(json, notAnObject: AdminMessages.notAnObject("a report's client"))
        let capabilities = ClientCapabilities(
            version: reader.string(.version).flatMap(FormatVersion.init) ?? .current, components: Set(strings(reader.value(.components))),
            actions: Set(strings(reader.value(.actions))), platform: reader.string(.platform, optional: true))
        let versions = reader.array(.appVersions) {
            item throws(ScreenplayError) -> DecodeResult<(appVersion: AppVersion?, requests: Int)> in
            var version = try MessageReader<AppVersionKey>(item, notAnObject: AdminMessages.notAnObject("an app version's count"))
            let text = version.string(.appVersion, optional: true)
            return version.result((text.flatMap { AppVersion($0) }, version.integer(.requests) ?? 0))
        }
        let client = Client(
            set: reader.string(.set) ?? "", capabilities: capabilities, appVersions: versions, requests: reader.integer(.requests) ?? 0,
            share: reader.number(.share) ?? 0, users: reader.integer(.users, optional: true) ?? 0,
            userShare: reader.number(.userShare, optional: true) ?? 0)
        return reader.result(client)
    }

    static func target(_ json: JSONValue) throws(ScreenplayError) -> DecodeResult<Target> {
        var reader = try MessageReader<TargetKey>(json, notAnObject: AdminMessages.notAnObject("a report's target"))
        let kind = reader.string(.kind).flatMap(Target.Kind.init) ?? .screen
        let target = Target(
            kind: kind, name: reader.string(.name) ?? "", experiment: reader.string(.experiment, optional: true),
            variant: reader.string(.variant, optional: true), problem: reader.string(.problem, optional: true),
            losses: reader.array(.losses) { element throws(ScreenplayError) in try Self.loss(element) })
        return reader.result(target)
    }

    static func loss(_ json: JSONValue) throws(ScreenplayError) -> DecodeResult<Loss> {
        var reader = try MessageReader<LossKey>(json, notAnObject: AdminMessages.notAnObject("a report's loss"))
        func counts(_ key: LossKey) -> [String: Int] { reader.value(key)?.objectValue?.compactMapValues(\.intValue) ?? [:] }
        var report = AdaptationReport()
        report.usedFallback = counts(.usedFallback)
        report.downgraded = counts(.downgraded)
        report.droppedNodes = counts(.droppedNodes)
        report.droppedActions = counts(.droppedActions)
        report.changes = reader.array(.changes) { item throws(ScreenplayError) -> DecodeResult<AdaptationReport.Change> in
            var change = try MessageReader<ChangeKey>(item, notAnObject: AdminMessages.notAnObject("a change"))
            let kind = change.string(.kind).flatMap(AdaptationReport.Change.Kind.init) ?? .droppedNode
            return change.result(
                AdaptationReport.Change(kind: kind, type: change.string(.type) ?? "", path: JSONPath(parsing: change.string(.path) ?? "$")))
        }
        var loss = Loss(
            set: reader.string(.set) ?? "", platform: reader.string(.platform, optional: true),
            appVersions: strings(reader.value(.appVersions)),
            requests: reader.integer(.requests) ?? 0, share: reader.number(.share) ?? 0, users: reader.integer(.users, optional: true) ?? 0,
            userShare: reader.number(.userShare, optional: true) ?? 0, report: report)
        loss.moreChanges = reader.integer(.moreChanges, optional: true) ?? 0
        return reader.result(loss)
    }
}
