import Screenplay

/// A GrowthBook features payload: what GrowthBook's SDK endpoint (`/api/features/<client key>`)
/// answers, or a file in the same shape, read once into flags whose conditions are compiled.
///
/// ```json
/// {"status": 200, "dateUpdated": "2026-03-01T09:00:00Z",
///  "features": {"newCheckout": {"defaultValue": false, "rules": [{"force": true, "coverage": 0.05}]}},
///  "savedGroups": {"beta": ["u1", "u2"]}}
/// ```
///
/// Reading refuses the payload as a whole (no value, every error with its path) for anything that
/// would make evaluation differ from what its author meant or cost more than its bounds: an
/// unknown operator, a pattern the linear-time matcher refuses, weights that do not add up,
/// coverage or ranges out of 0…1, prerequisites in a cycle, a payload past ``FlagLimits``, an
/// encrypted payload. What GrowthBook itself tolerates and evaluates in a defined way (an unknown
/// hash version, an unknown prerequisite flag or saved group, a member Screenplay does not know)
/// is a warning. A server keeps its previous payload when a new one is refused.
///
/// ```swift
/// let result = FeaturesPayload.decode(from: bytes)
/// guard let payload = result.value else {
///     result.errors.forEach { log.error("\($0)") }   // features.checkout.rules[1].weights: error: …
///     return
/// }
/// let evaluator = FlagEvaluator(payload: payload)
/// ```
public struct FeaturesPayload: Sendable {
    /// The flags by key.
    public let features: [String: FeatureFlag]
    /// The saved groups `$inGroup` and `$notInGroup` look in.
    public let savedGroups: FlagSavedGroups
    /// The contextual bandits experiment rules may name.
    public let contextualBandits: [String: FlagContextualBandit]
    /// When GrowthBook last changed the payload, as it wrote it.
    public let dateUpdated: String?
    /// The prerequisite graph's shape, for the evaluator.
    let prerequisites: PrerequisiteGraph

    /// A payload built in code. Its prerequisites are not checked for cycles here (reading does
    /// that); the evaluator reports a cycle it meets as GrowthBook does (`cyclicPrerequisite`).
    ///
    /// ```swift
    /// let payload = FeaturesPayload(features: ["dark": FeatureFlag(key: "dark", defaultValue: true)])
    /// ```
    /// - Parameters:
    ///   - features: The flags by key.
    ///   - savedGroups: The saved groups.
    ///   - contextualBandits: The contextual bandits.
    ///   - dateUpdated: When the payload last changed.
    public init(
        features: [String: FeatureFlag], savedGroups: FlagSavedGroups = .none, contextualBandits: [String: FlagContextualBandit] = [:],
        dateUpdated: String? = nil
    ) {
        self.features = features
        self.savedGroups = savedGroups
        self.contextualBandits = contextualBandits
        self.dateUpdated = dateUpdated
        prerequisites = PrerequisiteGraph(features: features)
    }

    /// Reads a payload from JSON bytes.
    ///
    /// ```swift
    /// let result = FeaturesPayload.decode(from: Array(try Data(contentsOf: url)))
    /// ```
    /// - Parameters:
    ///   - bytes: The payload, UTF-8 JSON.
    ///   - limits: The bounds it is read within.
    /// - Returns: The payload, or no value and every error when it is refused; warnings either way.
    public static func decode(from bytes: [UInt8], limits: FlagLimits = .default) -> DecodeResult<FeaturesPayload> {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: limits.document)
        } catch {
            let code: Diagnostic.Code =
                [.tooDeep, .stringTooLong, .documentTooLarge].contains(error.code) ? .limitExceeded : .malformedJSON
            return DecodeResult(value: nil, diagnostics: [.error(at: .root, "the payload is not JSON: \(error)", code: code)])
        }
        return decode(from: json, limits: limits)
    }

    /// Reads a payload already parsed.
    ///
    /// ```swift
    /// let result = FeaturesPayload.decode(from: ["features": ["dark": ["defaultValue": true]]])
    /// ```
    /// - Parameters:
    ///   - json: The payload.
    ///   - limits: The bounds it is read within.
    /// - Returns: The payload, or no value and every error when it is refused; warnings either way.
    public static func decode(from json: JSONValue, limits: FlagLimits = .default) -> DecodeResult<FeaturesPayload> {
        var reader = PayloadReader(limits: limits)
        let payload = reader.payload(json)
        let refused = reader.diagnostics.contains { $0.severity == .error }
        return DecodeResult(value: refused ? nil : payload, diagnostics: reader.diagnostics)
    }

    /// Reads the payload a GrowthBook SDK context holds (its `features`, `savedGroups` and
    /// `contextualBandits`, as GrowthBook's published test cases give them). With
    /// `evenWhenRefused`, a payload with errors still has a value — what GrowthBook's SDKs would
    /// evaluate (a rule with an unknown operator never matches, prerequisites in a cycle give
    /// `cyclicPrerequisite`) — for checking Screenplay against those cases; a server never serves
    /// one.
    ///
    /// ```swift
    /// let read = FeaturesPayload.decode(growthBookContext: context, evenWhenRefused: true)
    /// read.errors   // the reasons a server would refuse it
    /// ```
    /// - Parameters:
    ///   - context: The context's members.
    ///   - evenWhenRefused: Whether a payload with errors keeps its value.
    ///   - limits: The bounds reading keeps to.
    /// - Returns: The payload and every problem at its path.
    public static func decode(growthBookContext context: [String: JSONValue], evenWhenRefused: Bool = false, limits: FlagLimits = .default)
        -> DecodeResult<FeaturesPayload>
    {
        var json: [String: JSONValue] = [:]
        for key in ["features", "savedGroups", "contextualBandits"] { json[key] = context[key] }
        var reader = PayloadReader(limits: limits)
        let payload = reader.payload(.object(json))
        let refused = reader.diagnostics.contains { $0.severity == .error }
        return DecodeResult(value: refused && !evenWhenRefused ? nil : payload, diagnostics: reader.diagnostics)
    }

    /// The attributes whose sticky-bucket documents an evaluation needs (each experiment rule's
    /// hash attribute and fallback attribute), for loading a user's documents before evaluating.
    public var stickyBucketAttributes: [String] {
        var names = Set<String>()
        for flag in features.values {
            for rule in flag.rules {
                guard case .experiment(let experiment) = rule.action else { continue }
                names.insert(experiment.hashAttribute)
                if let fallback = experiment.fallbackAttribute { names.insert(fallback) }
            }
        }
        return names.sorted()
    }
}

extension FeaturesPayload {
    /// The members of GrowthBook's features payload.
    package enum Key: String, JSONKey, CaseIterable {
        case features, savedGroups, contextualBandits, dateUpdated, status, experiments, sdkUrl, url
    }

    /// The members of an encrypted payload, which Screenplay refuses.
    package enum EncryptedKey: String, JSONKey, CaseIterable {
        case encryptedFeatures, encryptedSavedGroups, encryptedExperiments, encryptedContextualBandits
    }
}
