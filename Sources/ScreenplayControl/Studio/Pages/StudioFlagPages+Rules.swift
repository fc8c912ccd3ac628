import Foundation
import Screenplay
import ScreenplayFlags
import ScreenplayHTML

/// A flag's GrowthBook rules as the studio reads them out: a summary for the list, a table for
/// the flag's page, what each serves, percentages as people write them.
extension StudioFlagPages {
    /// A GrowthBook feature's members, by ``FeatureFlag/Key``.
    typealias FeatureMembers = JSONMembers<FeatureFlag.Key>
    /// A rule's members, by ``FlagRule/Key``.
    typealias RuleMembers = JSONMembers<FlagRule.Key>

    /// The rules of `feature`, each read by its keys (one that is not an object has no member).
    static func rules(of feature: JSONValue) -> [RuleMembers] {
        (FeatureMembers(feature)?[.rules]?.arrayValue ?? []).map { RuleMembers($0) ?? RuleMembers() }
    }

    /// What `feature` serves when no rule applies (`null` when it says nothing).
    static func defaultValue(of feature: JSONValue) -> JSONValue { FeatureMembers(feature)?[.defaultValue] ?? .null }

    static func tableHead(_ columns: [String], label: String = "Flags") -> HTML {
        var head: HTML = "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"\(label)\"><table><thead><tr>"
        for column in columns { head += "<th scope=\"col\">\(column)</th>" }
        return head + "</tr></thead><tbody>"
    }

    /// "3 rules: force, rollout 25 %, experiment checkout" — how many rules and of which kinds.
    static func rulesSummary(_ feature: JSONValue) -> String {
        let rules = rules(of: feature)
        guard !rules.isEmpty else { return "no rule" }
        let kinds = rules.map(kind(of:))
        return "\(rules.count) \(rules.count == 1 ? "rule" : "rules"): " + kinds.joined(separator: ", ")
    }

    static func kind(of rule: RuleMembers) -> String {
        var kind: String
        if rule[.variations] != nil {
            kind = "experiment \(rule[.key]?.stringValue ?? "–")"
        } else if rule[.force] != nil {
            kind = rule[.coverage]?.doubleValue.map { "rollout \(percent($0))" } ?? "force"
        } else if let reference = FlagExperimentReference(rule: rule.json) {
            kind = "follows \(reference.name)"
        } else {
            kind = "gate"
        }
        if let prerequisites = rule[.parentConditions]?.arrayValue, !prerequisites.isEmpty {
            kind +=
                " after " + prerequisites.map { JSONMembers<FlagPrerequisite.Key>($0)?[.id]?.stringValue ?? "?" }.joined(separator: ", ")
        }
        return kind
    }

    /// The rules as a table: id, condition, what each serves, and when.
    static func rulesTable(_ feature: JSONValue) -> HTML {
        let rules = rules(of: feature)
        var body: HTML = "<h2>Rules</h2>\n"
        guard !rules.isEmpty else { return body + "<p>No rule: everyone gets the default value.</p>\n" }
        body += "<p>Evaluated in order; the first that applies decides.</p>\n"
        body += tableHead(["#", "Id", "Condition", "Serves", "Coverage", "Hash attribute", "Prerequisites", "Schedule"], label: "Rules")
        for (index, rule) in rules.enumerated() {
            body += "<tr><th scope=\"row\">\(index + 1)</th><td>\(rule[.id]?.stringValue ?? "–")</td>"
            body += "<td>\(rule[.condition].map { condition -> HTML in "<code>\(json(condition))</code>" } ?? "everyone")</td>"
            body += "<td>\(serves(rule))</td>"
            body += "<td>\(rule[.coverage]?.doubleValue.map(percent) ?? "100 %")</td>"
            body += "<td>\(rule[.hashAttribute]?.stringValue ?? "id")</td>"
            let prerequisites = rule[.parentConditions]?.arrayValue ?? []
            body += "<td>\(prerequisites.isEmpty ? HTML("–") : "<code>\(json(.array(prerequisites)))</code>")</td>"
            let start = rule[.startsAt]?.stringValue, end = rule[.endsAt]?.stringValue
            let schedule = [start.map { "from \($0)" }, end.map { "until \($0)" }].compactMap { $0 }.joined(separator: " ")
            body += "<td>\(schedule.isEmpty ? "always" : schedule)</td></tr>"
        }
        return body + "</tbody></table></div>\n"
    }

    /// What a rule serves: its forced value, or its experiment's variations and weights.
    static func serves(_ rule: RuleMembers) -> String {
        if let variations = rule[.variations]?.arrayValue {
            let weights = rule[.weights]?.arrayValue?.compactMap(\.doubleValue) ?? []
            let names = rule[.meta]?.arrayValue?.map { JSONMembers<FlagVariationMeta.Key>($0)?[.key]?.stringValue } ?? []
            let each = variations.enumerated().map { index, value in
                let name = index < names.count ? names[index] ?? "\(index)" : "\(index)"
                let weight = index < weights.count ? " (\(percent(weights[index])))" : ""
                return "\(name): \(json(value))\(weight)"
            }
            return "experiment \(rule[.key]?.stringValue ?? "–"): " + each.joined(separator: ", ")
        }
        if let force = rule[.force] { return json(force) }
        if let followed = FlagExperimentReference(rule: rule.json) {
            let values = followed.values.sorted { $0.key < $1.key }.map { "\($0.key): \(json($0.value))" }
            return "the variant of Screenplay experiment \(followed.name): " + values.joined(separator: ", ")
        }
        return "nothing (a gate on its prerequisites)"
    }

    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        return (value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)) + " %"
    }

    static func json(_ value: JSONValue) -> String { String(decoding: JSONWriter.write(value), as: UTF8.self) }

    static func pretty(_ definition: FlagDefinition) -> String {
        String(decoding: definition.encoded(layout: .pretty), as: UTF8.self)
    }
}
