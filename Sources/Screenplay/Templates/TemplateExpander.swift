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
/// Expansion works on the parsed document's tape: it writes a new tape whose entries point into
/// the same bytes, copying each template's entries with the instance's values in place of its
/// bindings. Nothing is parsed twice and no string is made, so a templated document decodes as
/// fast as its plain form.
///
/// Templates may not use other templates, and the whole expansion is bounded by
/// ``DocumentLimits/maxExpandedValues``: a small document cannot unfold into a huge one.
struct TemplateExpander {
    private struct Template {
        let name: [UInt8]
        /// Where the template's node is on the tape.
        let index: Int
        /// How many JSON values it makes each time it is used.
        let size: Int
        /// What using it appends, worked out once: the template's walk, its bindings found.
        let steps: [Step]
    }

    /// One step of filling a template in.
    private enum Step {
        /// Appends an entry as it is: a member's name or a value that is not a container.
        case entry(JSONTape.Entry)
        /// Opens a container, whose count and end are set when it closes.
        case open(JSONTape.Entry)
        case close
        /// Appends the member `name` with the instance's value of the parameter whose name is
        /// the string at `parameter`; the member is left out when the instance has none.
        case binding(name: JSONTape.Entry, parameter: Int)
    }

    private let tape: JSONTape.Contents
    private var templates: [Template] = []
    private var budget: Int
    private let context: DecodingContext
    /// The values of the instances being filled in, innermost last: names on the tape, and each
    /// value's entry when it is not a container, else where its entries were expanded to. One
    /// stack for every instance, not an array each.
    private var valueStack: [(name: Int, leaf: JSONTape.Entry?, range: Range<Int>)] = []
    /// Bytes of names the expanded tape needs and the document does not have (a binding whose
    /// name has escapes).
    private var extraBytes: [UInt8] = []
    /// The names of escaped bindings, by where the binding is on the tape, written once.
    private var escapedBindings: [Int: JSONTape.Entry] = [:]
    /// The containers open while a template is filled in: where each starts, and its count.
    private var openContainers: [(start: Int, count: UInt32)] = []

    /// Reads the document's `templates` member, reporting and leaving out any template that
    /// cannot be used.
    init(templates json: JSONElement, context: DecodingContext) {
        self.context = context
        tape = json.tape
        budget = context.options.limits.maxExpandedValues
        guard json.kind == .object else {
            context.at(.member(.templates)) {
                context.report(.error, .invalidValue, "templates must be an object of named nodes, found \(json.kindDescription)")
            }
            return
        }
        // The last of a repeated name counts, as it does for every member.
        var byName: [String: JSONElement] = [:]
        for member in json.members { byName[tape.string(at: member.name)] = member.value }
        // Built-in names cannot be templates, so a node of a built-in type never counts as a use.
        let names = Set(byName.keys.filter { ComponentKind(rawValue: $0) == nil })
        context.at(.member(.templates)) {
            for name in byName.keys.sorted() {
                context.at(.key(name)) {
                    guard let template = byName[name], template.kind == .object, template.member(.type)?.string != nil else {
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
                    var steps: [Step] = []
                    compile(template.index, into: &steps)
                    templates.append(
                        Template(name: Array(name.utf8), index: template.index, size: Self.valueCount(template), steps: steps))
                }
            }
        }
    }

    var isEmpty: Bool { templates.isEmpty }

    /// `json` with every instance replaced by its template filled in, on a tape of its own; an
    /// instance past the expansion limit is dropped with an error. Nil when `json` itself is
    /// dropped.
    mutating func expand(_ json: JSONElement) -> JSONTape? {
        var output = JSONTape.EntryBuffer(capacity: tape.count * 2)
        guard copy(json.index, into: &output) else {
            output.deallocate()
            return nil
        }
        return JSONTape(entries: output, bytesOf: tape, extraBytes: extraBytes)
    }

    /// Appends the value at `index`, expanded, to the output; false when it is dropped.
    private mutating func copy(_ index: Int, into output: inout JSONTape.EntryBuffer) -> Bool {
        let entry = tape.entries[index]
        switch entry.kind {
        case .array:
            let start = output.count
            output.append(entry)
            var count: UInt32 = 0
            for (offset, element) in JSONElement(tape: tape, index: index).elements.enumerated() {
                if context.at(.index(offset), { copy(element.index, into: &output) }) { count += 1 }
            }
            Self.close(start, count: count, in: &output)
            return true
        case .object:
            if let template = template(instantiatedBy: index) { return instantiate(template, at: index, into: &output) }
            let start = output.count
            output.append(entry)
            var count: UInt32 = 0
            for member in JSONElement(tape: tape, index: index).members {
                output.append(tape.entries[member.name])
                if copy(member: member, into: &output) {
                    count += 1
                } else {
                    output.removeSubrange(from: output.count - 1)
                }
            }
            Self.close(start, count: count, in: &output)
            return true
        default:
            output.append(entry)
            return true
        }
    }

    /// Appends a member's value, expanded; false when it is dropped. Only a container can hold an
    /// instance, and so a problem: a plain value is copied without taking a step of the path.
    private mutating func copy(member: (name: Int, value: JSONElement), into output: inout JSONTape.EntryBuffer) -> Bool {
        let entry = tape.entries[member.value.index]
        guard entry.kind == .array || entry.kind == .object else {
            output.append(entry)
            return true
        }
        return context.at(step(forName: member.name)) { copy(member.value.index, into: &output) }
    }

    private static func close(_ start: Int, count: UInt32, in output: inout JSONTape.EntryBuffer) {
        output[start].count = count
        output[start].payload = UInt64(output.count)
    }

    /// The path step of the member whose name is at `index`.
    private func step(forName index: Int) -> DecodingContext.Step {
        let key = tape.entries[index].key
        return key != .max ? .member(MemberKey.allCases[Int(key)]) : .key(tape.string(at: index))
    }

    /// The template the object at `index` is an instance of, if any.
    private func template(instantiatedBy index: Int) -> Template? {
        guard let type = JSONElement(tape: tape, index: index).member(.type), type.kind == .string, !templates.isEmpty else {
            return nil
        }
        for template in templates {
            let matches = template.name.withUnsafeBufferPointer { tape.string(at: type.index, equals: $0) }
            if matches { return template }
        }
        return nil
    }

    /// Appends `template` filled in with the values of the instance at `index`.
    private mutating func instantiate(_ template: Template, at index: Int, into output: inout JSONTape.EntryBuffer) -> Bool {
        // The instance's values are expanded first, each at its own path, as if the instance
        // were written out: a container's onto the end of the output (the template is copied
        // after them with them in place of its bindings, then moved down over them), any other
        // value's entry kept aside.
        let valuesStart = output.count
        let valuesBase = valueStack.count
        defer { valueStack.removeSubrange(valuesBase...) }
        for member in JSONElement(tape: tape, index: index).members {
            let entry = tape.entries[member.value.index]
            guard entry.kind == .array || entry.kind == .object else {
                valueStack.append((member.name, entry, 0..<0))
                continue
            }
            let start = output.count
            if copy(member: member, into: &output) { valueStack.append((member.name, nil, start..<output.count)) }
        }
        budget -= template.size
        guard budget >= 0 else {
            output.removeSubrange(from: valuesStart)
            let type = JSONElement(tape: tape, index: index).member(.type)?.string ?? ""
            context.report(
                .error, .limitExceeded,
                "templates expand beyond \(context.options.limits.maxExpandedValues) values; instance of \"\(type)\" dropped")
            return false
        }
        let fillStart = output.count
        fill(template, values: valuesBase..<valueStack.count, into: &output)
        let shift = fillStart - valuesStart
        if shift > 0 {
            for position in fillStart..<output.count { output[position - shift] = Self.moved(output[position], by: -shift) }
            output.removeSubrange(from: output.count - shift)
        }
        return true
    }

    /// An entry copied `shift` places along: a container's end moves with it.
    private static func moved(_ entry: JSONTape.Entry, by shift: Int) -> JSONTape.Entry {
        guard entry.kind == .array || entry.kind == .object else { return entry }
        var moved = entry
        moved.payload = UInt64(Int(entry.payload) + shift)
        return moved
    }

    /// The steps that append the template value at `index`, each `"$name": "param"` member a
    /// binding of `name` to `param`.
    private mutating func compile(_ index: Int, into steps: inout [Step]) {
        let entry = tape.entries[index]
        switch entry.kind {
        case .array:
            steps.append(.open(entry))
            for element in JSONElement(tape: tape, index: index).elements { compile(element.index, into: &steps) }
            steps.append(.close)
        case .object:
            steps.append(.open(entry))
            for member in JSONElement(tape: tape, index: index).members {
                if let bound = boundName(at: member.name) {
                    // The parameter's name is a string: `problem(in:)` refused templates where not.
                    steps.append(.binding(name: bound, parameter: member.value.index))
                } else {
                    steps.append(.entry(tape.entries[member.name]))
                    compile(member.value.index, into: &steps)
                }
            }
            steps.append(.close)
        default:
            steps.append(.entry(entry))
        }
    }

    /// Appends `template` filled in with the instance's `values` (on the value stack).
    private mutating func fill(_ template: Template, values: Range<Int>, into output: inout JSONTape.EntryBuffer) {
        openContainers.removeAll(keepingCapacity: true)
        for step in template.steps {
            switch step {
            case .entry(let entry):
                output.append(entry)
            case .open(let entry):
                openContainers.append((output.count, entry.count))
                output.append(entry)
            case .close:
                let (start, count) = openContainers.removeLast()
                output[start].count = count
                output[start].payload = UInt64(output.count)
            case .binding(let name, let parameter):
                guard let found = values.last(where: { tape.strings(at: valueStack[$0].name, and: parameter) }) else {
                    openContainers[openContainers.count - 1].count -= 1
                    continue
                }
                let value = valueStack[found]
                output.append(name)
                if let leaf = value.leaf {
                    output.append(leaf)
                    continue
                }
                let shift = output.count - value.range.lowerBound
                for position in value.range { output.append(Self.moved(output[position], by: shift)) }
            }
        }
    }

    /// For a member name written `$name`, the entry of `name`; nil for any other name.
    private mutating func boundName(at index: Int) -> JSONTape.Entry? {
        var entry = tape.entries[index]
        if entry.escaped {
            // Rare: "\u0024text" binds "text" as "$text" does. The unescaped name goes into bytes
            // of the expanded tape's own, after the document's, once for every instance.
            if let known = escapedBindings[index] { return known }
            let name = tape.string(at: index)
            guard name.utf8.first == UInt8(ascii: "$") else { return nil }
            let bound = Array(name.utf8.dropFirst())
            entry.escaped = false
            entry.payload = UInt64(tape.bytes.count + extraBytes.count)
            entry.count = UInt32(bound.count)
            entry.key = bound.withUnsafeBufferPointer { MemberKey.rawValue(spelt: $0) }
            extraBytes += bound
            escapedBindings[index] = entry
            return entry
        }
        let start = Int(entry.payload)
        guard entry.count > 0, tape.bytes[start] == UInt8(ascii: "$") else { return nil }
        entry.payload += 1
        entry.count -= 1
        entry.key = MemberKey.rawValue(spelt: UnsafeBufferPointer(rebasing: tape.bytes[start + 1..<start + 1 + Int(entry.count)]))
        return entry
    }

    /// Why a template cannot be used, or nil: a binding that is not a parameter name, or a node
    /// that is itself an instance of a template.
    private static func problem(in json: JSONElement, templateNames: Set<String>) -> String? {
        switch json.kind {
        case .array:
            return json.elements.lazy.compactMap { problem(in: $0, templateNames: templateNames) }.first
        case .object:
            if let type = json.member(.type)?.string, templateNames.contains(type) { return "uses the template \"\(type)\"" }
            for member in json.members {
                let key = json.tape.string(at: member.name)
                if key.utf8.first == UInt8(ascii: "$") {
                    guard member.value.kind == .string else {
                        return "binds \"\(key)\" to \(member.value.kindDescription), not a parameter name"
                    }
                } else if let problem = problem(in: member.value, templateNames: templateNames) {
                    return problem
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// How many JSON values a template makes each time it is used.
    private static func valueCount(_ json: JSONElement) -> Int {
        switch json.kind {
        case .array: 1 + json.elements.reduce(0) { $0 + valueCount($1) }
        case .object: 1 + json.members.reduce(0) { $0 + valueCount($1.value) }
        default: 1
        }
    }
}
