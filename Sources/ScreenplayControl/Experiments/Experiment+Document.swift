import Screenplay
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer

/// An experiment as the admin API takes and gives it, and as it is stored:
///
/// ```json
/// {"name": "homeOrder",
///  "variants": [{"name": "servicesFirst", "weight": 50}, {"name": "paymentsFirst", "weight": 50}],
///  "status": "running", "winner": null, "goal": "checkout_done", "bucketVersion": 1,
///  "targeting": {"platforms": ["ios"], "languages": ["fr"], "minAppVersion": "2.3",
///                "maxAppVersion": null, "attributes": {"group": ["beta"]}},
///  "allowList": {"qa-anna": "paymentsFirst"},
///  "switchedOff": [{"platform": "ios", "minAppVersion": "4.2", "maxAppVersion": "4.2.3", "reason": "crash"}]}
/// ```
///
/// ```swift
/// let bytes = experiment.encoded()
/// let read = try Experiment.decode(from: bytes)   // read.value == experiment
/// ```
extension Experiment {
    /// The longest text of a string member.
    static let maxTextLength = 256
    /// The most variants of one experiment.
    static let maxVariants = 32
    /// The most users of an allow list, and of names in a targeting list.
    static let maxListLength = 1_000
    /// The most attributes a targeting names.
    static let maxAttributes = 32

    // MARK: Writing

    /// The experiment as a document.
    public var document: JSONValue {
        var targeting: [String: JSONValue] = [:]
        targeting[TargetingKey.platforms] = self.targeting.platforms.map(Self.sortedNames)
        targeting[TargetingKey.languages] = self.targeting.languages.map(Self.sortedNames)
        targeting[TargetingKey.minAppVersion] = self.targeting.minAppVersion.map { .string($0.description) }
        targeting[TargetingKey.maxAppVersion] = self.targeting.maxAppVersion.map { .string($0.description) }
        if !self.targeting.attributes.isEmpty {
            targeting[TargetingKey.attributes] = .object(self.targeting.attributes.mapValues(Self.sortedNames))
        }
        var members: [String: JSONValue] = [:]
        members[Key.name] = .string(name)
        members[Key.variants] = .array(
            variants.map { variant in
                var members: [String: JSONValue] = [:]
                members[VariantKey.name] = .string(variant.name)
                members[VariantKey.weight] = .number(variant.weight)
                return .object(members)
            })
        members[Key.status] = .string(status.rawValue)
        members[Key.bucketVersion] = .number(Double(bucketVersion))
        members[Key.winner] = winner.map(JSONValue.string)
        members[Key.goal] = goal.map(JSONValue.string)
        members[Key.seed] = seed.map(JSONValue.string)
        if !targeting.isEmpty { members[Key.targeting] = .object(targeting) }
        if !allowList.isEmpty { members[Key.allowList] = .object(allowList.mapValues(JSONValue.string)) }
        if !switchedOff.isEmpty { members[Key.switchedOff] = .array(switchedOff.map(\.document)) }
        return .object(members)
    }

    /// The document as JSON (members in a stable order: the same experiment, the same bytes).
    public func encoded(layout: JSONWriter.Layout = .compact) -> [UInt8] {
        JSONWriter.write(document, layout: layout)
    }

    private static func sortedNames(_ names: Set<String>) -> JSONValue { .array(names.sorted().map(JSONValue.string)) }

    // MARK: Reading

    /// Reads an experiment document. Throws (a 422) only when the bytes are not a JSON object;
    /// any other problem is a diagnostic with its path, and then there is no value.
    ///
    /// ```swift
    /// let result = try Experiment.decode(from: body)
    /// guard let experiment = result.value else { throw Experiment.invalid(result.diagnostics) }
    /// ```
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(ScreenplayError) -> DecodeResult<Experiment>
    {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: options.limits)
        } catch {
            throw invalid([.error(at: .root, "the document is not JSON: \(error)")])
        }
        return try decode(from: json)
    }

    /// Reads an experiment document already parsed (a request body the API completed).
    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<Experiment> {
        guard case .object(let members) = json else {
            throw invalid([.error(at: .root, "an experiment is a JSON object, not \(json.kindDescription)")])
        }
        var reader = DocumentReader()
        let experiment = reader.experiment(members)
        return DecodeResult(value: reader.problems.isEmpty ? experiment : nil, diagnostics: reader.problems)
    }

    /// A 422 `invalidExperiment` with every problem: what the admin API answers when an experiment
    /// cannot be read.
    ///
    /// ```swift
    /// guard let experiment = result.value else { throw Experiment.invalid(result.diagnostics) }
    /// ```
    public static func invalid(_ problems: [Diagnostic]) -> ScreenplayError {
        ScreenplayError.invalid(code: "invalidExperiment", "the experiment", problems)
    }
}

/// An experiment document is read in the one shape of every reader, and refused as the admin API
/// refuses it (a 422 `invalidExperiment` listing every problem).
///
/// ```swift
/// let experiment = try Experiment.decode(from: body).get()
/// ```
extension Experiment: WireDecodable, ProtocolMessage {
    public static func refusal(for problems: [Diagnostic]) -> ScreenplayError { invalid(problems) }
}

/// Reads an experiment's members, keeping every problem with its path.
private struct DocumentReader {
    typealias Key = Experiment.Key
    typealias VariantKey = Experiment.VariantKey
    typealias TargetingKey = Experiment.TargetingKey

    var problems: [Diagnostic] = []

    mutating func problem(_ path: [JSONPath.Component], _ message: String) {
        problems.append(.error(at: JSONPath(path), message))
    }

    /// The components of `key`'s path.
    static func at(_ keys: any JSONKey...) -> [JSONPath.Component] { keys.map { .key($0.name) } }

    mutating func unknown(
        _ members: [String: JSONValue], known: [some JSONKey], at path: [JSONPath.Component], _ message: (String) -> String
    ) {
        let names = Set(known.map(\.name))
        for key in members.keys.sorted() where !names.contains(key) {
            problem(path + [.key(ScreenplayError.quoting(key))], message(ScreenplayError.quoting(key)))
        }
    }

    mutating func string(_ value: JSONValue?, at path: [JSONPath.Component], optional: Bool = true) -> String? {
        switch value {
        case nil, .null?:
            if !optional { problem(path, "required") }
            return nil
        case .string(let text)?:
            if text.count > Experiment.maxTextLength { problem(path, "at most \(Experiment.maxTextLength) characters") }
            return text
        case let other?:
            problem(path, "must be a string, not \(other.kindDescription)")
            return nil
        }
    }

    mutating func experiment(_ members: [String: JSONValue]) -> Experiment {
        unknown(members, known: Key.allCases, at: []) { "an experiment has no member \"\($0)\"" }
        let name = string(members[Key.name], at: Self.at(Key.name), optional: false) ?? ""
        var variants: [Experiment.Variant] = []
        if case .array(let items)? = members[Key.variants], !items.isEmpty, items.count <= Experiment.maxVariants {
            for (index, item) in items.enumerated() {
                let path = Self.at(Key.variants) + [.index(index)]
                guard case .object(let variant) = item else {
                    problem(path, "a variant is {\"name\": …, \"weight\": …}")
                    continue
                }
                let variantName = string(variant[VariantKey.name], at: path + Self.at(VariantKey.name), optional: false) ?? ""
                let weight = variant[VariantKey.weight]?.doubleValue
                if weight == nil { problem(path + Self.at(VariantKey.weight), "a weight is a positive number") }
                unknown(variant, known: VariantKey.allCases, at: path) { _ in "a variant has only a name and a weight" }
                variants.append(Experiment.Variant(name: variantName, weight: weight ?? 0))
            }
        } else {
            problem(Self.at(Key.variants), "an experiment needs 1 to \(Experiment.maxVariants) variants, as an array")
        }
        var experiment = Experiment(name: name, variants: variants)
        if let status = string(members[Key.status], at: Self.at(Key.status)) {
            if let parsed = Experiment.Status(rawValue: status) {
                experiment.status = parsed
            } else {
                problem(Self.at(Key.status), "\"\(ScreenplayError.quoting(status))\" is not one of running, paused, stopped")
            }
        }
        experiment.winner = string(members[Key.winner], at: Self.at(Key.winner))
        experiment.goal = string(members[Key.goal], at: Self.at(Key.goal))
        // An event's name: one line, as every name (the studio and the report show it as given).
        if let goal = experiment.goal, let wrong = StoredText.name(maxLength: Experiment.maxTextLength).problem(in: goal) {
            problem(Self.at(Key.goal), "an event name \(wrong)")
        }
        experiment.seed = string(members[Key.seed], at: Self.at(Key.seed))
        switch members[Key.bucketVersion] {
        case nil, .null?: break
        case .number(let version)? where version == version.rounded() && abs(version) < 1e9: experiment.bucketVersion = Int(version)
        default: problem(Self.at(Key.bucketVersion), "a bucket version is a whole number, 1 or more")
        }
        switch members[Key.allowList] {
        case nil, .null?: break
        case .object(let list)? where list.count <= Experiment.maxListLength:
            for (user, variant) in list {
                if let variant = string(variant, at: Self.at(Key.allowList) + [.key(ScreenplayError.quoting(user))]) {
                    experiment.allowList[user] = variant
                }
            }
        default: problem(Self.at(Key.allowList), "an allow list is an object of at most 1,000 users and their variants")
        }
        switch members[Key.targeting] {
        case nil, .null?: break
        case .object(let targeting)?: experiment.targeting = self.targeting(targeting)
        case let other?: problem(Self.at(Key.targeting), "targeting is an object, not \(other.kindDescription)")
        }
        switch members[Key.switchedOff] {
        case nil, .null?: break
        case .array(let items)? where items.count <= Experiment.maxKillSwitches:
            for (index, item) in items.enumerated() {
                if let kill = KillSwitch.read(item, at: JSONPath(Self.at(Key.switchedOff) + [.index(index)]), problems: &problems) {
                    experiment.switchedOff.append(kill)
                }
            }
        default: problem(Self.at(Key.switchedOff), "a list of at most \(Experiment.maxKillSwitches) parts switched off")
        }
        // What the members say together (a winner among the variants, weights …), at the paths
        // the reading above did not already find wrong: every problem at once, each said once.
        let reported = Set(problems.map { "\($0.path)" })
        problems += experiment.problems.filter { !reported.contains("\($0.path)") }
        return experiment
    }

    mutating func names(_ value: JSONValue?, at path: [JSONPath.Component]) -> Set<String>? {
        switch value {
        case nil, .null?: return nil
        case .array(let items)? where items.count <= Experiment.maxListLength:
            var names: Set<String> = []
            for (index, item) in items.enumerated() {
                if case .string(let name) = item { names.insert(name.lowercased()) } else { problem(path + [.index(index)], "a string") }
            }
            return names
        default:
            problem(path, "a list of at most 1,000 strings")
            return nil
        }
    }

    mutating func version(_ value: JSONValue?, at path: [JSONPath.Component]) -> AppVersion? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?:
            guard let version = AppVersion(text) else {
                problem(path, "\"\(ScreenplayError.quoting(text))\" is not a version such as 2.3.1")
                return nil
            }
            return version
        default:
            problem(path, "a version is a string such as \"2.3.1\"")
            return nil
        }
    }

    mutating func targeting(_ members: [String: JSONValue]) -> Targeting {
        let path = Self.at(Key.targeting)
        unknown(members, known: TargetingKey.allCases, at: path) { "targeting has no member \"\($0)\"" }
        var targeting = Targeting()
        targeting.platforms = names(members[TargetingKey.platforms], at: path + Self.at(TargetingKey.platforms))
        targeting.languages = names(members[TargetingKey.languages], at: path + Self.at(TargetingKey.languages))
        targeting.minAppVersion = version(members[TargetingKey.minAppVersion], at: path + Self.at(TargetingKey.minAppVersion))
        targeting.maxAppVersion = version(members[TargetingKey.maxAppVersion], at: path + Self.at(TargetingKey.maxAppVersion))
        let attributesPath = path + Self.at(TargetingKey.attributes)
        switch members[TargetingKey.attributes] {
        case nil, .null?: break
        case .object(let attributes)? where attributes.count <= Experiment.maxAttributes:
            for (name, values) in attributes {
                targeting.attributes[name] = names(values, at: attributesPath + [.key(ScreenplayError.quoting(name))]) ?? []
            }
        default: problem(attributesPath, "an object of at most 32 attributes, each a list of values")
        }
        return targeting
    }
}
