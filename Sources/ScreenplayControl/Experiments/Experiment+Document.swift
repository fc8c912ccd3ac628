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
///  "allowList": {"qa-anna": "paymentsFirst"}}
/// ```
extension Experiment {
    enum Key: String, JSONKey, CaseIterable {
        case name, variants, weight, status, winner, goal, bucketVersion, seed, targeting, allowList
        case platforms, languages, minAppVersion, maxAppVersion, attributes
    }

    /// Reads an experiment document; every problem comes back at once, with its path (a 422).
    public init(document json: JSONValue) throws(ScreenplayError) {
        var problems: [Diagnostic] = []
        func problem(_ path: String, _ message: String) { problems.append(.error(at: JSONPath(parsing: path), message)) }
        guard case .object(let members) = json else {
            throw Self.invalid([.error(at: "$", "an experiment is a JSON object, not \(json.kindDescription)")])
        }
        let known = Set(["name", "variants", "status", "winner", "goal", "bucketVersion", "seed", "targeting", "allowList"])
        for key in members.keys.sorted() where !known.contains(key) {
            problem(ScreenplayError.quoting(key), "an experiment has no member \"\(ScreenplayError.quoting(key))\"")
        }
        func string(_ value: JSONValue?, at path: String, optional: Bool = true) -> String? {
            switch value {
            case nil, .null?:
                if !optional { problem(path, "required") }
                return nil
            case .string(let text)?:
                if text.count > 256 { problem(path, "at most 256 characters") }
                return text
            case let other?:
                problem(path, "must be a string, not \(other.kindDescription)")
                return nil
            }
        }
        let name = string(members["name"], at: "name", optional: false) ?? ""
        var variants: [Variant] = []
        if case .array(let items)? = members["variants"], !items.isEmpty, items.count <= 32 {
            for (index, item) in items.enumerated() {
                guard case .object(let variant) = item else {
                    problem("variants[\(index)]", "a variant is {\"name\": …, \"weight\": …}")
                    continue
                }
                let variantName = string(variant["name"], at: "variants[\(index)].name", optional: false) ?? ""
                let weight = variant["weight"]?.doubleValue ?? 0
                if variant["weight"]?.doubleValue == nil { problem("variants[\(index)].weight", "a weight is a positive number") }
                for key in variant.keys.sorted() where key != "name" && key != "weight" {
                    problem("variants[\(index)].\(ScreenplayError.quoting(key))", "a variant has only a name and a weight")
                }
                variants.append(Variant(name: variantName, weight: weight))
            }
        } else {
            problem("variants", "an experiment needs 1 to 32 variants, as an array")
        }
        var experiment = Experiment(name: name, variants: variants)
        if let status = string(members["status"], at: "status") {
            if let parsed = Status(rawValue: status) {
                experiment.status = parsed
            } else {
                problem("status", "\"\(ScreenplayError.quoting(status))\" is not one of running, paused, stopped")
            }
        }
        experiment.winner = string(members["winner"], at: "winner")
        experiment.goal = string(members["goal"], at: "goal")
        experiment.seed = string(members["seed"], at: "seed")
        switch members["bucketVersion"] {
        case nil, .null?: break
        case .number(let version)? where version == version.rounded() && abs(version) < 1e9: experiment.bucketVersion = Int(version)
        default: problem("bucketVersion", "a bucket version is a whole number, 1 or more")
        }
        switch members["allowList"] {
        case nil, .null?: break
        case .object(let list)? where list.count <= 1_000:
            for (user, variant) in list {
                if let variant = string(variant, at: "allowList.\(ScreenplayError.quoting(user))") { experiment.allowList[user] = variant }
            }
        default: problem("allowList", "an allow list is an object of at most 1,000 users and their variants")
        }
        switch members["targeting"] {
        case nil, .null?: break
        case .object(let targeting)?:
            experiment.targeting = Self.targeting(targeting, problem: problem)
        case let other?: problem("targeting", "targeting is an object, not \(other.kindDescription)")
        }
        if problems.isEmpty {
            problems = experiment.problems.map { .error(at: JSONPath(parsing: $0.member), $0.message) }
        }
        guard problems.isEmpty else { throw Self.invalid(problems) }
        self = experiment
    }

    private static func targeting(_ members: [String: JSONValue], problem: (String, String) -> Void) -> Targeting {
        var targeting = Targeting()
        func names(_ value: JSONValue?, at path: String) -> Set<String>? {
            switch value {
            case nil, .null?: return nil
            case .array(let items)? where items.count <= 1_000:
                var names: Set<String> = []
                for (index, item) in items.enumerated() {
                    if case .string(let name) = item { names.insert(name.lowercased()) } else { problem("\(path)[\(index)]", "a string") }
                }
                return names
            default:
                problem(path, "a list of at most 1,000 strings")
                return nil
            }
        }
        func version(_ value: JSONValue?, at path: String) -> AppVersion? {
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
        for key in members.keys.sorted() where !["platforms", "languages", "minAppVersion", "maxAppVersion", "attributes"].contains(key) {
            problem("targeting.\(ScreenplayError.quoting(key))", "targeting has no member \"\(ScreenplayError.quoting(key))\"")
        }
        targeting.platforms = names(members["platforms"], at: "targeting.platforms")
        targeting.languages = names(members["languages"], at: "targeting.languages")
        targeting.minAppVersion = version(members["minAppVersion"], at: "targeting.minAppVersion")
        targeting.maxAppVersion = version(members["maxAppVersion"], at: "targeting.maxAppVersion")
        switch members["attributes"] {
        case nil, .null?: break
        case .object(let attributes)? where attributes.count <= 32:
            for (name, values) in attributes {
                targeting.attributes[name] = names(values, at: "targeting.attributes.\(ScreenplayError.quoting(name))") ?? []
            }
        default: problem("targeting.attributes", "an object of at most 32 attributes, each a list of values")
        }
        return targeting
    }

    static func invalid(_ problems: [Diagnostic]) -> ScreenplayError {
        ScreenplayError.invalid(code: "invalidExperiment", "the experiment", problems)
    }

    /// The experiment as a document (members in a stable order).
    public var document: JSONValue {
        var targeting: [String: JSONValue] = [:]
        targeting["platforms"] = self.targeting.platforms.map { .array($0.sorted().map(JSONValue.string)) }
        targeting["languages"] = self.targeting.languages.map { .array($0.sorted().map(JSONValue.string)) }
        targeting["minAppVersion"] = self.targeting.minAppVersion.map { .string($0.description) }
        targeting["maxAppVersion"] = self.targeting.maxAppVersion.map { .string($0.description) }
        if !self.targeting.attributes.isEmpty {
            targeting["attributes"] = .object(self.targeting.attributes.mapValues { .array($0.sorted().map(JSONValue.string)) })
        }
        var members: [String: JSONValue] = [
            "name": .string(name),
            "variants": .array(variants.map { .object(["name": .string($0.name), "weight": .number($0.weight)]) }),
            "status": .string(status.rawValue), "bucketVersion": .number(Double(bucketVersion)),
        ]
        members["winner"] = winner.map(JSONValue.string)
        members["goal"] = goal.map(JSONValue.string)
        members["seed"] = seed.map(JSONValue.string)
        if !targeting.isEmpty { members["targeting"] = .object(targeting) }
        if !allowList.isEmpty { members["allowList"] = .object(allowList.mapValues(JSONValue.string)) }
        return .object(members)
    }
}
