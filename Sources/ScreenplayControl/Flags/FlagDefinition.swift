import Screenplay
import ScreenplayFlags
import ScreenplayProtocol
import ScreenplayServer

/// A feature flag as the control plane keeps it and its admin API takes and gives it: GrowthBook's
/// feature (default value and rules, exactly as GrowthBook's payloads write it), a description,
/// and the parts of the audience it is switched off for.
///
/// ```json
/// {"key": "newCheckout", "description": "The one-page checkout",
///  "feature": {"defaultValue": false,
///              "rules": [{"id": "ios-5", "condition": {"platform": "ios"}, "force": true, "coverage": 0.05, "hashAttribute": "id"}]},
///  "switchedOff": [{"platform": "ios", "maxAppVersion": "4.2.3", "reason": "crash"}]}
/// ```
///
/// A part switched off is served the default value: it becomes a force rule ahead of the others
/// (id `switched-off`) in the payload the server evaluates and exports, so GrowthBook's SDKs
/// reading that payload switch it off too.
public struct FlagDefinition: Sendable, Hashable {
    /// The flag's key: what `context.flags.isOn(…)` names.
    public let key: String
    public var description: String?
    /// GrowthBook's feature object: `{"defaultValue": …, "rules": […]}`.
    public var feature: JSONValue
    /// Parts of the audience served the default value whatever the rules say.
    public var switchedOff: [KillSwitch] = []
    /// One force rule's coverage stepped on a schedule and rolled back on a watched event.
    public var guardedRollout: GuardedRollout?

    /// - Parameters:
    ///   - key: the flag's key.
    ///   - feature: GrowthBook's feature object.
    ///   - description: what the flag is for.
    public init(key: String, feature: JSONValue, description: String? = nil) {
        self.key = key
        self.feature = feature
        self.description = description
    }

    enum Key: String, JSONKey, CaseIterable {
        case key, description, feature, switchedOff, guardedRollout
    }

    /// The most characters of a key and of a description.
    static let maxKey = 128
    static let maxDescription = 1_000

    /// The flag as a document.
    public var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[Key.key] = .string(key)
        members[Key.description] = description.map(JSONValue.string)
        members[Key.feature] = feature
        if !switchedOff.isEmpty { members[Key.switchedOff] = .array(switchedOff.map(\.document)) }
        members[Key.guardedRollout] = guardedRollout?.document
        return .object(members)
    }

    /// The document as JSON.
    public func encoded(layout: JSONWriter.Layout = .compact) -> [UInt8] { JSONWriter.write(document, layout: layout) }

    /// The feature the server evaluates: the switched-off parts first, as force rules of the default value.
    var servedFeature: JSONValue {
        guard !switchedOff.isEmpty, var members = JSONMembers<FeatureFlag.Key>(feature) else { return feature }
        let off = members[.defaultValue].flatMap { $0 == .null ? nil : $0 } ?? .bool(false)
        let kills: [JSONValue] = switchedOff.map { part in
            var rule = JSONMembers<FlagRule.Key>()
            rule[.id] = .string("switched-off: \(part.summary)")
            rule[.condition] = part.condition
            rule[.force] = off
            return rule.json
        }
        members[.rules] = .array(kills + (members[.rules]?.arrayValue ?? []))
        return members.json
    }

    /// The feature's rules, each an object by ``FlagRule/Key`` (those that are not objects left out).
    var rules: [JSONMembers<FlagRule.Key>] {
        (JSONMembers<FeatureFlag.Key>(feature)?[.rules]?.arrayValue ?? []).compactMap { JSONMembers($0) }
    }

    /// Reads a flag document (`key` defaults to `pathKey`, the key in the request's path); every
    /// problem at its path. The feature is checked with the others it will be served with
    /// (``ControlPlane/save(flag:by:ifRevision:dryRun:)``), not here.
    ///
    /// - Parameters:
    ///   - json: the document.
    ///   - pathKey: the key the path names, used when the document has none (they must agree).
    /// - Returns: the definition, or no value and every problem.
    public static func decode(from json: JSONValue, key pathKey: String? = nil) -> DecodeResult<FlagDefinition> {
        var problems: [Diagnostic] = []
        guard case .object(let members) = json else {
            return DecodeResult(value: nil, diagnostics: [.error(at: .root, "a flag is a JSON object, not \(json.kindDescription)")])
        }
        func path(_ key: Key) -> JSONPath { JSONPath.root.appending(member: key) }
        let known = Set(Key.allCases.map(\.rawValue))
        for name in members.keys.sorted() where !known.contains(name) {
            problems.append(
                .error(at: JSONPath([.key(ScreenplayError.quoting(name))]), "a flag has no member \"\(ScreenplayError.quoting(name))\""))
        }
        var key = pathKey ?? ""
        switch members[Key.key] {
        case nil, .null?: if pathKey == nil { problems.append(.error(at: path(.key), "required")) }
        case .string(let text)?:
            if let pathKey, pathKey != text {
                problems.append(
                    .error(
                        at: path(.key),
                        "the document's key \"\(ScreenplayError.quoting(text))\" is not the path's \"\(ScreenplayError.quoting(pathKey))\"")
                )
            }
            key = text
        case let other?: problems.append(.error(at: path(.key), "must be a string, not \(other.kindDescription)"))
        }
        if key.isEmpty || key.count > maxKey
            || !key.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)
            })
        {
            problems.append(.error(at: path(.key), "a key is 1 to \(maxKey) letters, digits, '_', '-' or '.'"))
        }
        var off = JSONMembers<FeatureFlag.Key>()
        off[.defaultValue] = .bool(false)
        var definition = FlagDefinition(key: key, feature: off.json)
        switch members[Key.description] {
        case nil, .null?: break
        case .string(let text)? where text.count <= maxDescription: definition.description = text
        default: problems.append(.error(at: path(.description), "a string of at most \(maxDescription) characters"))
        }
        switch members[Key.feature] {
        case .object?: definition.feature = members[Key.feature] ?? .null
        case nil, .null?: problems.append(.error(at: path(.feature), "required: GrowthBook's {\"defaultValue\": …, \"rules\": […]}"))
        case let other?: problems.append(.error(at: path(.feature), "a feature is an object, not \(other.kindDescription)"))
        }
        switch members[Key.switchedOff] {
        case nil, .null?: break
        case .array(let items)? where items.count <= Experiment.maxKillSwitches:
            for (index, item) in items.enumerated() {
                if let part = KillSwitch.read(item, at: path(.switchedOff).appending(index: index), problems: &problems) {
                    definition.switchedOff.append(part)
                }
            }
        default: problems.append(.error(at: path(.switchedOff), "a list of at most \(Experiment.maxKillSwitches) parts switched off"))
        }
        switch members[Key.guardedRollout] {
        case nil, .null?: break
        case let json?:
            let rolloutPath = path(.guardedRollout)
            if let rollout = GuardedRollout.read(json, at: rolloutPath, problems: &problems) {
                if !definition.rules.contains(where: { $0[.id]?.stringValue == rollout.rule && $0[.force] != nil }) {
                    problems.append(
                        .error(
                            at: rolloutPath.appending(member: GuardedRollout.Key.rule),
                            "no force rule of the feature has the id \"\(ScreenplayError.quoting(rollout.rule))\""))
                }
                definition.guardedRollout = rollout
            }
        }
        return DecodeResult(value: problems.isEmpty ? definition : nil, diagnostics: problems)
    }

    /// The flag with rule `id`'s coverage set to `coverage`.
    func settingCoverage(_ coverage: Double, ofRule id: String) -> FlagDefinition {
        guard var members = JSONMembers<FeatureFlag.Key>(feature), let rules = members[.rules]?.arrayValue else { return self }
        members[.rules] = .array(
            rules.map { rule in
                guard var fields = JSONMembers<FlagRule.Key>(rule), fields[.id]?.stringValue == id else { return rule }
                fields[.coverage] = .number(coverage)
                return fields.json
            })
        var changed = self
        changed.feature = members.json
        return changed
    }

    /// Rule `id`'s coverage (1 when it has none; nil when the feature has no such rule).
    ///
    /// ```swift
    /// flag.coverage(ofRule: "ios-rollout")   // 0.25
    /// ```
    /// - Parameter id: the rule's id.
    public func coverage(ofRule id: String) -> Double? {
        guard let rule = rules.first(where: { $0[.id]?.stringValue == id }) else { return nil }
        return rule[.coverage]?.doubleValue ?? 1
    }

    /// The flags as GrowthBook's features payload, each feature as the server serves it.
    ///
    /// ```swift
    /// let bytes = JSONWriter.write(FlagDefinition.payload(of: flags))   // {"features": {…}}
    /// ```
    public static func payload(of flags: [FlagDefinition]) -> JSONValue {
        var payload = JSONMembers<FeaturesPayload.Key>()
        payload[.features] = .object(Dictionary(flags.map { ($0.key, $0.servedFeature) }, uniquingKeysWith: { _, last in last }))
        return payload.json
    }
}
