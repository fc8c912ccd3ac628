import Foundation
import NIOConcurrencyHelpers
import ScreenplayFlags

/// The feature flags of one request: each flag is evaluated once, for the request's audience, by
/// the rules in force (GrowthBook's, see `ScreenplayFlags`), and never changes within the request.
/// An experiment rule that puts the user in a variation is an exposure, recorded once the screen
/// is sent, like an experiment's; a rule that follows one of Screenplay's experiments reads the
/// request's own assignment of it (one variant, one exposure, for the screens and the flag).
///
/// The audience's attributes, as conditions read them: `id` (the user), `platform`,
/// `appVersion`, `language`, and every `Screenplay-Attributes` pair by its name.
///
/// ```swift
/// routes.screen("checkout") { context in
///     if context.flags.isOn("newCheckout") { return newCheckout(context) }
///     let columns = context.flags.value("gridColumns", default: 2)
///     …
/// }
/// ```
public final class FlagReads: Sendable {
    private let evaluator: FlagEvaluator?
    /// The attributes the flags are evaluated for.
    public let attributes: [String: JSONValue]
    private let user: String?
    private let experiments: ExperimentAssignments?
    private let reads = NIOLockedValueBox<[String: FlagResult]>([:])
    private let order = NIOLockedValueBox<[String]>([])

    /// The flags of one request (the pipeline makes them; tests and tools may too).
    /// - Parameters:
    ///   - evaluator: the flags in force, or nil when none are.
    ///   - audience: who the request is for.
    ///   - experiments: the request's experiments, which rules that follow one read (their
    ///     variant, and so their one exposure, is the screens'); nil passes such rules.
    public init(evaluator: FlagEvaluator?, audience: Audience, experiments: ExperimentAssignments? = nil) {
        self.evaluator = evaluator
        self.attributes = Self.attributes(of: audience)
        self.user = audience.user
        self.experiments = experiments
    }

    /// The attributes conditions read for `audience`: its own attributes first, then `id`,
    /// `platform` (lower case), `appVersion`, `language` over them.
    public static func attributes(of audience: Audience) -> [String: JSONValue] {
        var attributes = audience.attributes.mapValues(JSONValue.string)
        if let user = audience.user { attributes[AudienceAttribute.id] = .string(user) }
        if let platform = audience.platform { attributes[AudienceAttribute.platform] = .string(platform.lowercased()) }
        if let version = audience.appVersion { attributes[AudienceAttribute.appVersion] = .string(version.description) }
        attributes[AudienceAttribute.language] = .string(audience.language)
        return attributes
    }

    /// What a client says of its user (`Screenplay-Attributes`) that flags and experiments may
    /// read. With verified identity (``LiveConfiguration/userTokens`` in force) no attribute names a
    /// user: `id` and every attribute a flag's rule places users by (a rollout's or an experiment's
    /// `hashAttribute` and `fallbackAttribute`, a filter's `attribute`) are dropped, so a request
    /// without a token cannot pose as a user (`id=vip-1`) or choose its bucket; the user is the
    /// token's `sub`, read as `id`. Without verified identity, the user is said, not proven, and
    /// every attribute is read as sent.
    ///
    /// ```swift
    /// FlagReads.clientAttributes(["id": "vip-1", "plan": "gold"], evaluator: flags, identityVerified: true)   // ["plan": "gold"]
    /// ```
    public static func clientAttributes(
        _ sent: [String: String], evaluator: FlagEvaluator?, identityVerified: Bool
    ) -> [String: String] {
        guard identityVerified, !sent.isEmpty else { return sent }
        let userKeys = userKeyAttributes(of: evaluator)
        return sent.filter { !userKeys.contains($0.key) }
    }

    /// The attributes that name a user to `evaluator`'s flags: `id`, and every attribute a rule
    /// hashes users by (rollouts', experiments' and filters').
    public static func userKeyAttributes(of evaluator: FlagEvaluator?) -> Set<String> {
        var names: Set<String> = ["id"]
        guard let evaluator else { return names }
        for flag in evaluator.payload.features.values {
            for rule in flag.rules {
                names.formUnion(rule.filters.map(\.attribute))
                switch rule.action {
                case .force(_, let rollout):
                    names.insert(rollout.hashAttribute)
                    if let fallback = rollout.fallbackAttribute { names.insert(fallback) }
                case .experiment(let experiment):
                    names.insert(experiment.hashAttribute)
                    if let fallback = experiment.fallbackAttribute { names.insert(fallback) }
                    names.formUnion((experiment.filters ?? []).map(\.attribute))
                case .screenplayExperiment, .gate:
                    break
                }
            }
        }
        return names
    }

    /// The flag's evaluation: its value and the rule that gave it.
    public func result(_ key: String) -> FlagResult {
        if let read = reads.withLockedValue({ $0[key] }) { return read }
        let experiments = self.experiments
        let result =
            evaluator?.evaluate(key, attributes: attributes) { name in
                experiments.map { $0.variant(of: name) }.flatMap { $0.isEmpty ? nil : $0 }
            } ?? FlagResult(key: key, value: .null, source: .unknownFeature)
        return reads.withLockedValue { reads in
            if let earlier = reads[key] { return earlier }
            reads[key] = result
            order.withLockedValue { $0.append(key) }
            return result
        }
    }

    /// Whether the flag is on (GrowthBook's truth: all but `null`, `false`, `0` and `""`); an
    /// unknown flag is off.
    public func isOn(_ key: String) -> Bool { result(key).isOn }

    /// The flag's value as a boolean, or `fallback` when it is not one (or unknown).
    public func value(_ key: String, default fallback: Bool) -> Bool { result(key).value.boolValue ?? fallback }

    /// The flag's value as a string, or `fallback` when it is not one (or unknown).
    public func value(_ key: String, default fallback: String) -> String { result(key).value.stringValue ?? fallback }

    /// The flag's value as a number, or `fallback` when it is not one (or unknown).
    public func value(_ key: String, default fallback: Double) -> Double { result(key).value.doubleValue ?? fallback }

    /// The flag's value as a whole number, or `fallback` when it is not one (or unknown).
    public func value(_ key: String, default fallback: Int) -> Int { result(key).value.intValue ?? fallback }

    /// The flag's value as JSON (objects, arrays), or `fallback` when it is unknown or null.
    public func value(_ key: String, default fallback: JSONValue) -> JSONValue {
        let value = result(key).value
        return value == .null ? fallback : value
    }

    /// The flag as a screen variable, `flags.KEY`, typed by its value: sent to the app so that its
    /// native code (and the screen's expressions) can be gated by the same evaluation. Nil for a
    /// flag that is unknown, null, or whose key is not a variable name.
    ///
    /// ```swift
    /// Screen(id: "home", variables: context.flags.variables(["newCheckout", "gridColumns"])) { … }
    /// ```
    public func variable(_ key: String) -> VariableDeclaration? {
        let name = "flags." + key
        guard VariableDeclaration.isValidName(name) else { return nil }
        let value = result(key).value
        let type: ExpressionType
        switch value {
        case .null: return nil
        case .bool: type = .boolean
        case .number(let number): type = number == number.rounded() && abs(number) < 9e15 ? .integer : .number
        case .string: type = .string
        case .array: type = .array
        case .object: type = .dict
        }
        return VariableDeclaration(name, type: type, value: value)
    }

    /// The flags as screen variables (``variable(_:)``), in the order given, the unusable left out.
    public func variables(_ keys: [String]) -> [VariableDeclaration] { keys.compactMap(variable) }

    /// The keys of the flags read so far, in the order they were first read.
    public var flagsRead: [String] { order.withLockedValue { $0 } }

    /// The exposures of what was read: each experiment rule that put the user in a variation, and
    /// each partial rollout the user was placed by — `rollout:KEY`, variant `included` or
    /// `heldBack` — so that a rollout has an experiment's results.
    public var exposures: [Exposure] {
        guard let user else { return [] }
        return order.withLockedValue { $0 }.flatMap { key -> [Exposure] in
            guard let result = reads.withLockedValue({ $0[key] }) else { return [] }
            var exposures: [Exposure] = []
            if let experiment = result.experiment, experiment.inExperiment, experiment.hashUsed {
                exposures.append(
                    Exposure(experiment: experiment.experimentKey, variant: experiment.variationKey, user: user, overridden: false))
            }
            if let rollout = result.rollout {
                exposures.append(
                    Exposure(
                        experiment: Self.rolloutName(key), variant: rollout.included ? "included" : "heldBack", user: user,
                        overridden: false))
            }
            return exposures
        }
    }

    /// The name a flag's rollout is measured by, as an experiment: `rollout:KEY`.
    public static func rolloutName(_ key: String) -> String { "rollout:" + key }
}
