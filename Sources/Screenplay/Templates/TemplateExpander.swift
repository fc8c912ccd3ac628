/// Expands a document's templates (format 1.1) into plain nodes before the nodes are decoded, so
/// that nothing past the decoder ever sees a template.
///
/// A template is a node in which a member written `"$name": "param"` takes its value from the
/// instance's `param`; an instance is an object whose `type` names a template of the document:
///
/// ```json
/// "templates": {"t0": {"type": "text", "size": 15, "$text": "a", "$id": "b"}},
/// "body": {"type": "vstack", "children": [{"type": "t0", "a": "Paris", "b": "city.paris"}]}
/// ```
///
/// Templates may not use other templates, and the whole expansion is bounded by
/// ``DocumentLimits/maxExpandedValues``: a small document cannot unfold into a huge one.
struct TemplateExpander {
    private var templates: [String: (json: JSONValue, size: Int)] = [:]
    private var budget: Int
    private let context: DecodingContext

    /// Reads the document's `templates` member, reporting and leaving out any template that
    /// cannot be used.
    init(templates json: JSONValue, context: DecodingContext) {
        self.context = context
        budget = context.options.limits.maxExpandedValues
        guard case .object(let members) = json else {
            context.at(.member(.templates)) {
                context.report(.error, .invalidValue, "templates must be an object of named nodes, found \(json.kindDescription)")
            }
            return
        }
        // Built-in names cannot be templates, so a node of a built-in type never counts as a use.
        let names = Set(members.keys.filter { ComponentKind(rawValue: $0) == nil })
        context.at(.member(.templates)) {
            for name in members.keys.sorted() {
                context.at(.key(name)) {
                    guard let template = members[name], case .object(let fields) = template, fields["type"]?.stringValue != nil else {
                        context.report(.error, .invalidValue, "template \"\(name)\" must be a node: an object with a \"type\"")
                        return
                    }
                    guard ComponentKind(rawValue: name) == nil else {
                        context.report(.error, .invalidValue, "template \"\(name)\" has the name of a built-in component")
                        return
                    }
                    if let problem = Self.problem(in: template, templateNames: names) {
                        context.report(.error, .invalidValue, "template \"\(name)\" \(problem); it is not used")
                        return
                    }
                    templates[name] = (template, Self.valueCount(template))
                }
            }
        }
    }

    var isEmpty: Bool { templates.isEmpty }

    /// `json` with every instance replaced by its template filled in; an instance past the
    /// expansion limit is dropped with an error.
    mutating func expand(_ json: JSONValue) -> JSONValue? {
        switch json {
        case .array(let elements):
            var expanded: [JSONValue] = []
            expanded.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let value = context.at(.index(index), { expand(element) }) { expanded.append(value) }
            }
            return .array(expanded)
        case .object(let members):
            var expanded: [String: JSONValue] = [:]
            expanded.reserveCapacity(members.count)
            for (key, value) in members {
                if let value = context.at(.key(key), { expand(value) }) { expanded[key] = value }
            }
            guard let type = members[.type]?.stringValue, let template = templates[type] else { return .object(expanded) }
            budget -= template.size
            guard budget >= 0 else {
                context.report(
                    .error, .limitExceeded,
                    "templates expand beyond \(context.options.limits.maxExpandedValues) values; instance of \"\(type)\" dropped")
                return nil
            }
            return Self.fill(template.json, with: expanded)
        default:
            return json
        }
    }

    /// The template with each `"$name": "param"` member replaced by `name` set to the instance's
    /// `param` (left out when the instance has none).
    private static func fill(_ template: JSONValue, with parameters: [String: JSONValue]) -> JSONValue {
        switch template {
        case .array(let elements):
            return .array(elements.map { fill($0, with: parameters) })
        case .object(let members):
            var filled: [String: JSONValue] = [:]
            filled.reserveCapacity(members.count)
            for (key, value) in members {
                if key.utf8.first == UInt8(ascii: "$") {
                    if let parameter = value.stringValue, let bound = parameters[parameter] { filled[String(key.dropFirst())] = bound }
                } else {
                    filled[key] = fill(value, with: parameters)
                }
            }
            return .object(filled)
        default:
            return template
        }
    }

    /// Why a template cannot be used, or nil: a binding that is not a parameter name, or a node
    /// that is itself an instance of a template.
    private static func problem(in json: JSONValue, templateNames: Set<String>) -> String? {
        switch json {
        case .array(let elements):
            return elements.lazy.compactMap { problem(in: $0, templateNames: templateNames) }.first
        case .object(let members):
            if let type = members[.type]?.stringValue, templateNames.contains(type) { return "uses the template \"\(type)\"" }
            for (key, value) in members {
                if key.utf8.first == UInt8(ascii: "$") {
                    guard value.stringValue != nil else { return "binds \"\(key)\" to \(value.kindDescription), not a parameter name" }
                } else if let problem = problem(in: value, templateNames: templateNames) {
                    return problem
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// How many JSON values a template makes each time it is used.
    private static func valueCount(_ json: JSONValue) -> Int {
        switch json {
        case .array(let elements): 1 + elements.reduce(0) { $0 + valueCount($1) }
        case .object(let members): 1 + members.values.reduce(0) { $0 + valueCount($1) }
        default: 1
        }
    }
}
