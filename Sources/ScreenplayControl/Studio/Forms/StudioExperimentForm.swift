import Foundation
import Screenplay
import ScreenplayHTML
import ScreenplayProtocol
import ScreenplayServer

/// The form that creates or edits an experiment: its fields as typed, the experiment document
/// they make, and every problem the document's reader finds, put back at the field it comes from
/// (`variants[1].weight` → the second variant's weight). Nothing is saved while one remains, and
/// nothing typed is lost.
///
/// ```swift
/// let form = StudioExperimentForm(StudioForm("name=x&variant.0.name=a&variant.0.weight=50"))
/// let (experiment, problems) = form.read()
/// ```
struct StudioExperimentForm {
    /// How many variant rows the form offers.
    static let variantRows = 6
    static let platforms = ["ios", "android", "web"]

    var name = ""
    var variants: [(name: String, weight: String)] = Array(repeating: ("", ""), count: variantRows)
    var goal = ""
    var bucketVersion = "1"
    var platforms: Set<String> = []
    var languages = ""
    var minAppVersion = ""
    var maxAppVersion = ""
    /// `key = value, value` per line.
    var attributes = ""
    /// `user = variant` per line.
    var allowList = ""
    /// The revision the form was made from (0: a new experiment).
    var base = 0

    init() {}

    init(_ form: StudioForm) {
        name = form["name"] ?? ""
        for row in 0..<Self.variantRows {
            variants[row] = (form["variant.\(row).name"] ?? "", form["variant.\(row).weight"] ?? "")
        }
        goal = form["goal"] ?? ""
        bucketVersion = form["bucketVersion"] ?? "1"
        platforms = Set(Self.platforms.filter { form["platform.\($0)"] != nil })
        languages = form["languages"] ?? ""
        minAppVersion = form["minAppVersion"] ?? ""
        maxAppVersion = form["maxAppVersion"] ?? ""
        attributes = form["attributes"] ?? ""
        allowList = form["allowList"] ?? ""
        base = form["base"].flatMap { Int($0) } ?? 0
    }

    /// The form of a stored or declared experiment.
    init(_ experiment: Experiment, revision: Int) {
        name = experiment.name
        for (row, variant) in experiment.variants.prefix(Self.variantRows).enumerated() {
            let weight = variant.weight
            variants[row] = (variant.name, weight.rounded() == weight && abs(weight) < 1e15 ? String(Int(weight)) : String(weight))
        }
        goal = experiment.goal ?? ""
        bucketVersion = String(experiment.bucketVersion)
        platforms = experiment.targeting.platforms ?? []
        languages = (experiment.targeting.languages ?? []).sorted().joined(separator: ", ")
        minAppVersion = experiment.targeting.minAppVersion?.description ?? ""
        maxAppVersion = experiment.targeting.maxAppVersion?.description ?? ""
        attributes = experiment.targeting.attributes.sorted { $0.key < $1.key }.map {
            "\($0.key) = \($0.value.sorted().joined(separator: ", "))"
        }
        .joined(separator: "\n")
        allowList = experiment.allowList.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: "\n")
        base = revision
    }

    /// A problem of the form: the field it belongs to (nil: the form as a whole) and what is wrong.
    struct Problem: Equatable {
        var field: String?
        var message: String
    }

    /// The experiment the fields make, keeping `status` and `winner` from `current`; or the problems.
    func read(keeping current: Experiment? = nil) -> (experiment: Experiment?, problems: [Problem]) {
        var problems: [Problem] = []
        var members = JSONMembers<Experiment.Key>()
        members[.name] = .string(name.trimmingCharacters(in: .whitespaces))
        var variantRows: [Int] = []
        var variantsJSON: [JSONValue] = []
        for (row, variant) in variants.enumerated() where !(variant.name.isEmpty && variant.weight.isEmpty) {
            let weight = Double(variant.weight.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "."))
            if weight == nil { problems.append(Problem(field: "variant.\(row).weight", message: "a weight is a number, such as 50")) }
            variantRows.append(row)
            var member = JSONMembers<Experiment.VariantKey>()
            member[.name] = .string(variant.name.trimmingCharacters(in: .whitespaces))
            member[.weight] = .number(weight ?? 0)
            variantsJSON.append(member.json)
        }
        if variantsJSON.isEmpty { problems.append(Problem(field: "variant.0.name", message: "an experiment needs at least one variant")) }
        members[.variants] = .array(variantsJSON)
        if !goal.trimmingCharacters(in: .whitespaces).isEmpty { members[.goal] = .string(goal.trimmingCharacters(in: .whitespaces)) }
        if let version = Int(bucketVersion.trimmingCharacters(in: .whitespaces)) {
            members[.bucketVersion] = .number(Double(version))
        } else {
            problems.append(Problem(field: "bucketVersion", message: "a bucket version is a whole number, such as 1"))
        }
        var targeting = JSONMembers<Experiment.TargetingKey>()
        if !platforms.isEmpty { targeting[.platforms] = .array(platforms.sorted().map(JSONValue.string)) }
        let languageList = Self.list(languages)
        if !languageList.isEmpty { targeting[.languages] = .array(languageList.map(JSONValue.string)) }
        if !minAppVersion.isEmpty { targeting[.minAppVersion] = .string(minAppVersion.trimmingCharacters(in: .whitespaces)) }
        if !maxAppVersion.isEmpty { targeting[.maxAppVersion] = .string(maxAppVersion.trimmingCharacters(in: .whitespaces)) }
        var attributeMembers: [String: JSONValue] = [:]
        for (number, line) in Self.lines(attributes).enumerated() {
            guard let (key, values) = Self.pair(line) else {
                problems.append(Problem(field: "attributes", message: "line \(number + 1) is not key = value, value"))
                continue
            }
            attributeMembers[key] = .array(Self.list(values).map(JSONValue.string))
        }
        if !attributeMembers.isEmpty { targeting[.attributes] = .object(attributeMembers) }
        if !targeting.isEmpty { members[.targeting] = targeting.json }
        var allowed: [String: JSONValue] = [:]
        for (number, line) in Self.lines(allowList).enumerated() {
            guard let (user, variant) = Self.pair(line) else {
                problems.append(Problem(field: "allowList", message: "line \(number + 1) is not user = variant"))
                continue
            }
            allowed[user] = .string(variant)
        }
        if !allowed.isEmpty { members[.allowList] = .object(allowed) }
        if let current {
            members[.status] = .string(current.status.rawValue)
            if let winner = current.winner { members[.winner] = .string(winner) }
        }
        guard problems.isEmpty else { return (nil, problems) }
        let result: DecodeResult<Experiment>
        do {
            result = try Experiment.decode(from: members.json)
        } catch {
            return (nil, [Problem(field: nil, message: error.message)])
        }
        let errors = result.diagnostics.filter { $0.severity == .error }
        for diagnostic in errors {
            problems.append(Problem(field: Self.field(of: diagnostic.path, variantRows: variantRows), message: diagnostic.message))
        }
        return (errors.isEmpty ? result.value : nil, problems)
    }

    /// The form field a document path comes from.
    static func field(of path: JSONPath, variantRows: [Int]) -> String? {
        let steps = path.components.map { component -> String in
            switch component {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
        guard let first = steps.first else { return nil }
        switch first {
        case "variants":
            guard steps.count > 1, let index = Int(steps[1]), index < variantRows.count else { return "variant.0.name" }
            return "variant.\(variantRows[index]).\(steps.count > 2 ? steps[2] : "name")"
        case "targeting":
            guard steps.count > 1 else { return nil }
            return steps[1] == "platforms" ? "platform.ios" : steps[1]
        case "name", "goal", "bucketVersion", "allowList": return first
        default: return nil
        }
    }

    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func pair(_ line: String) -> (String, String)? {
        let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (parts[0], parts[1])
    }

    // MARK: Drawing

    /// The form's HTML: every field labelled, each problem under its field and announced, the
    /// typed values kept.
    func html(action: String, session: StudioSession, isNew: Bool, problems: [Problem]) -> HTML {
        var byField: [String: [String]] = [:]
        var general: [String] = []
        for problem in problems {
            if let field = problem.field { byField[field, default: []].append(problem.message) } else { general.append(problem.message) }
        }
        var html = HTML()
        if !problems.isEmpty {
            html +=
                "<div class=\"notice\" role=\"alert\"><p>Not saved: \(problems.count) \(problems.count == 1 ? "problem" : "problems").</p>"
            if !general.isEmpty { html += "<ul>\(general.map { message -> HTML in "<li>\(message)</li>" })</ul>" }
            html += "</div>\n"
        }
        func field(_ id: String, _ label: String, _ value: String, hint: String? = nil) -> HTML {
            var out: HTML = "<label for=\"\(id)\">\(label)</label>"
            let messages = byField[id] ?? []
            var described: [String] = []
            if let hint {
                out += "<p class=\"hint\" id=\"\(id).hint\">\(hint)</p>"
                described.append("\(id).hint")
            }
            if !messages.isEmpty { described.append("\(id).problem") }
            out += "<input type=\"text\" id=\"\(id)\" name=\"\(id)\" value=\"\(value)\""
            if !described.isEmpty { out += " aria-describedby=\"\(described.joined(separator: " "))\"" }
            if !messages.isEmpty { out += " aria-invalid=\"true\"" }
            out += ">"
            if !messages.isEmpty {
                out += "<p class=\"problem\" id=\"\(id).problem\">\(messages.joined(separator: " "))</p>"
            }
            return out
        }
        func area(_ id: String, _ label: String, _ value: String, hint: String) -> HTML {
            let messages = byField[id] ?? []
            var out: HTML =
                "<label for=\"\(id)\">\(label)</label><p class=\"hint\" id=\"\(id).hint\">\(hint)</p>"
            out +=
                "<textarea id=\"\(id)\" name=\"\(id)\" rows=\"3\" aria-describedby=\"\(id).hint\(messages.isEmpty ? "" : " \(id).problem")\""
            out += messages.isEmpty ? ">" : " aria-invalid=\"true\">"
            out += "\(value)</textarea>"
            if !messages.isEmpty {
                out += "<p class=\"problem\" id=\"\(id).problem\">\(messages.joined(separator: " "))</p>"
            }
            return out
        }
        html += "<form method=\"post\" action=\"\(action)\">\(StudioPage.csrfField(session))"
        html += "<input type=\"hidden\" name=\"base\" value=\"\(base)\">"
        if isNew {
            html += field("name", "Name", name, hint: "What the server's code reads the variant by, such as checkoutOrder.")
        } else {
            html += "<input type=\"hidden\" name=\"name\" value=\"\(name)\">"
        }
        html += "<fieldset><legend>Variants (the first is the control)</legend>"
        for (row, variant) in variants.enumerated() {
            html += "<div class=\"row\">"
            html += field("variant.\(row).name", "Variant \(row + 1) name", variant.name)
            html += field("variant.\(row).weight", "Variant \(row + 1) weight", variant.weight)
            html += "</div>"
        }
        html += "</fieldset>"
        html += field("goal", "Goal event", goal, hint: "The conversion event that measures it, such as checkout_done.")
        html += field("bucketVersion", "Bucket version", bucketVersion, hint: "Raise it to reshuffle everyone.")
        html += "<fieldset><legend>Platforms (none: every platform)</legend>"
        for platform in Self.platforms {
            let checked: HTML = platforms.contains(platform) ? " checked" : ""
            html +=
                "<label class=\"inline\"><input type=\"checkbox\" name=\"platform.\(platform)\" id=\"platform.\(platform)\"\(checked)> \(platform)</label>"
        }
        html += "</fieldset>"
        html += field("languages", "Languages", languages, hint: "Comma-separated, such as fr, de; empty: every language.")
        html += field("minAppVersion", "Lowest app version", minAppVersion)
        html += field("maxAppVersion", "Highest app version", maxAppVersion)
        html += area("attributes", "User attributes", attributes, hint: "One per line: key = value, value.")
        html += area("allowList", "Allow list", allowList, hint: "One per line: user = variant (QA users forced into a variant).")
        html += "<div class=\"actions\"><button type=\"submit\">\(isNew ? "Create" : "Save")</button></div></form>"
        return html
    }
}
