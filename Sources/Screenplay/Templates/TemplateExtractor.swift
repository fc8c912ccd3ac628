/// Finds nodes of the same shape in an encoded body and writes them once as a template, so that
/// each of them carries only what differs: DivKit's templates, found by the encoder instead of
/// written by hand.
///
/// Two nodes have the same shape when they have the same members, the same `type`s all the way
/// down and arrays of the same length; their other values may differ. A shape becomes a template
/// when at least ``minimumInstances`` outermost nodes have it, its instances have at most
/// ``maximumParameters`` values of their own, and the template plus its instances are at least
/// 10 % smaller than the nodes written out; otherwise the nodes inside are tried. Values that are
/// the same in every instance stay in the template; each other value becomes a parameter, named
/// `a`, `b` … in key order.
///
/// ```swift
/// var extractor = TemplateExtractor()
/// let body = extractor.extract(from: screen.body.json)   // instances in place of nodes
/// extractor.templates                                      // ["t0": {"type": "vstack", "$id": "a", …}]
/// ```
struct TemplateExtractor {
    /// Fewer nodes of a shape than this are written out as they are.
    static let minimumInstances = 3

    /// Templates whose instances would be mostly parameters are not worth it, and their short
    /// parameter names cost gzip more than they save: the nodes inside are tried instead (the
    /// cities' cards have 40 values of their own; their bars have 5).
    static let maximumParameters = 12

    /// The templates found, by name (`t0`, `t1` …, skipping type names the body uses).
    private(set) var templates: [String: JSONValue] = [:]

    /// How many nodes have each shape.
    private var shapeCounts: [Int: Int] = [:]
    private var typeNames: Set<String> = []

    /// `body` with every node whose shape is worth a template replaced by an instance.
    mutating func extract(from body: JSONValue) -> JSONValue {
        count(body)
        // Top-down: a node that becomes an instance takes its whole subtree into the template. A
        // shape found not worth it is passed through, and the nodes inside it are tried.
        var rejected: Set<Int> = []
        var accepted: [Int: (name: String, instances: [JSONValue])] = [:]
        var nextName = 0
        while true {
            var candidates: [Int: [JSONValue]] = [:]
            var order: [Int] = []
            var slot = 0
            collect(body, slot: &slot, skipping: rejected, into: &candidates, order: &order)
            var changed = false
            for shape in order where accepted[shape] == nil {
                let nodes = candidates[shape] ?? []
                guard nodes.count >= Self.minimumInstances, let (template, parameters) = Self.template(for: nodes),
                    parameters[0].count <= Self.maximumParameters
                else {
                    rejected.insert(shape)
                    changed = true
                    continue
                }
                var name: String
                repeat {
                    name = "t\(nextName)"
                    nextName += 1
                } while typeNames.contains(name)
                let instances = parameters.map { members -> JSONValue in
                    var members = members
                    members[.type] = .string(name)
                    return .object(members)
                }
                let plainBytes = nodes.reduce(0) { $0 + Self.size(of: $1) }
                let templatedBytes = Self.size(of: template) + instances.reduce(0) { $0 + Self.size(of: $1) }
                guard templatedBytes < plainBytes * 9 / 10 else {
                    nextName -= 1
                    rejected.insert(shape)
                    changed = true
                    continue
                }
                templates[name] = template
                accepted[shape] = (name, instances)
            }
            if !changed { break }
            // A rejected shape changes which nodes are outermost: start again without it.
            accepted.removeAll()
            templates.removeAll()
            nextName = 0
        }
        var used: [Int: Int] = [:]
        var slot = 0
        return rebuild(body, slot: &slot, accepted: accepted, skipping: rejected, used: &used)
    }

    /// About how many bytes `json` takes compact (for choosing, not for writing).
    private static func size(of json: JSONValue) -> Int {
        switch json {
        case .null: 4
        case .bool(let flag): flag ? 4 : 5
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)).utf8.count : 12
        case .string(let string): string.utf8.count + 2
        case .array(let elements): 1 + elements.reduce(0) { $0 + size(of: $1) + 1 }
        case .object(let members): 1 + members.reduce(0) { $0 + $1.key.utf8.count + 4 + size(of: $1.value) }
        }
    }

    // MARK: Shapes

    /// Each node's shape, in the order the walks meet nodes (pre-order, keys sorted), computed
    /// once; nil for a node that cannot be templated (a member name starting with `$`).
    private var shapes: [Int?] = []
    /// Where each node's subtree ends in `shapes`, so a walk can step over it.
    private var subtreeEnds: [Int] = []

    /// Counts the nodes of each shape, and notes every type name in use.
    private mutating func count(_ json: JSONValue) {
        _ = shape(of: json, inArray: false)
        for case let shape? in shapes { shapeCounts[shape, default: 0] += 1 }
    }

    /// The shape of a value, as a hash: keys, `type`s and array lengths, with leaves left out
    /// (a leaf in an array counts by its value: arrays of leaves are not parameterised). Records
    /// the shape of every node on the way.
    private mutating func shape(of json: JSONValue, inArray: Bool) -> Int? {
        var hasher = Hasher()
        switch json {
        case .object(let members):
            let type = members[.type]?.stringValue
            let slot = shapes.count
            if let type {
                typeNames.insert(type)
                shapes.append(nil)
                subtreeEnds.append(0)
            }
            var templatable = true
            hasher.combine(0 as UInt8)
            hasher.combine(members.count)
            for key in members.keys.sorted() {
                if key.utf8.first == UInt8(ascii: "$") { templatable = false }
                hasher.combine(key)
                let value = members[key] ?? .null
                if key == "type" {
                    hasher.combine(value)
                } else if let child = shape(of: value, inArray: false) {
                    hasher.combine(child)
                } else {
                    templatable = false
                }
            }
            let result = templatable ? hasher.finalize() : nil
            if type != nil {
                shapes[slot] = result
                subtreeEnds[slot] = shapes.count
            }
            return result
        case .array(let elements):
            var templatable = true
            hasher.combine(1 as UInt8)
            hasher.combine(elements.count)
            for element in elements {
                if let child = shape(of: element, inArray: true) { hasher.combine(child) } else { templatable = false }
            }
            return templatable ? hasher.finalize() : nil
        default:
            hasher.combine(2 as UInt8)
            if inArray { hasher.combine(json) }
            return hasher.finalize()
        }
    }

    /// Steps a walk over the node it meets at `slot` (`members`, when they are a node's): returns
    /// the node's shape when the node starts a candidate template, and then moves `slot` past its
    /// whole subtree, which the template will hold.
    private func visitNode(_ members: [String: JSONValue], slot: inout Int, skipping rejected: Set<Int>) -> Int? {
        guard members[.type]?.stringValue != nil else { return nil }
        let mine = slot
        slot += 1
        guard let shape = shapes[mine], !rejected.contains(shape), (shapeCounts[shape] ?? 0) >= Self.minimumInstances else { return nil }
        slot = subtreeEnds[mine]
        return shape
    }

    /// The outermost nodes whose shape repeats, by shape, in document order (keys sorted).
    private func collect(
        _ json: JSONValue, slot: inout Int, skipping rejected: Set<Int>, into candidates: inout [Int: [JSONValue]], order: inout [Int]
    ) {
        switch json {
        case .object(let members):
            if let shape = visitNode(members, slot: &slot, skipping: rejected) {
                if candidates[shape] == nil { order.append(shape) }
                candidates[shape, default: []].append(json)
                return
            }
            for key in members.keys.sorted() {
                collect(members[key] ?? .null, slot: &slot, skipping: rejected, into: &candidates, order: &order)
            }
        case .array(let elements):
            for element in elements { collect(element, slot: &slot, skipping: rejected, into: &candidates, order: &order) }
        default:
            break
        }
    }

    /// `json` with the accepted nodes replaced by their instances, met in the same order as
    /// `collect` met them.
    private func rebuild(
        _ json: JSONValue, slot: inout Int, accepted: [Int: (name: String, instances: [JSONValue])], skipping rejected: Set<Int>,
        used: inout [Int: Int]
    ) -> JSONValue {
        switch json {
        case .object(let members):
            if let shape = visitNode(members, slot: &slot, skipping: rejected) {
                guard let template = accepted[shape] else { return json }
                let index = used[shape, default: 0]
                used[shape] = index + 1
                return template.instances[index]
            }
            var rebuilt: [String: JSONValue] = [:]
            rebuilt.reserveCapacity(members.count)
            for key in members.keys.sorted() {
                rebuilt[key] = rebuild(members[key] ?? .null, slot: &slot, accepted: accepted, skipping: rejected, used: &used)
            }
            return .object(rebuilt)
        case .array(let elements):
            return .array(elements.map { rebuild($0, slot: &slot, accepted: accepted, skipping: rejected, used: &used) })
        default:
            return json
        }
    }

    // MARK: Templates

    /// The template of nodes that share a shape, and each node's parameters; nil if they turn out
    /// not to share it (a hash collision).
    private static func template(for nodes: [JSONValue]) -> (JSONValue, [[String: JSONValue]])? {
        var parameters = Array(repeating: [String: JSONValue](), count: nodes.count)
        var nextParameter = 0
        func build(_ values: [JSONValue]) -> JSONValue? {
            let first = values[0]
            switch first {
            case .object(let members):
                var template: [String: JSONValue] = [:]
                for key in members.keys.sorted() {
                    var column: [JSONValue] = []
                    column.reserveCapacity(values.count)
                    for value in values {
                        guard case .object(let other) = value, other.count == members.count, let member = other[key] else { return nil }
                        column.append(member)
                    }
                    if key != "type", isLeaf(column[0]), column.contains(where: { $0 != column[0] }) {
                        guard column.allSatisfy(isLeaf) else { return nil }
                        let name = parameterName(nextParameter)
                        nextParameter += 1
                        template["$" + key] = .string(name)
                        for (index, value) in column.enumerated() { parameters[index][name] = value }
                    } else {
                        guard let built = build(column) else { return nil }
                        template[key] = built
                    }
                }
                return .object(template)
            case .array(let elements):
                var template: [JSONValue] = []
                for index in elements.indices {
                    var column: [JSONValue] = []
                    for value in values {
                        guard case .array(let other) = value, other.count == elements.count else { return nil }
                        column.append(other[index])
                    }
                    guard let built = build(column) else { return nil }
                    template.append(built)
                }
                return .array(template)
            default:
                return values.allSatisfy({ $0 == first }) ? first : nil
            }
        }
        guard let template = build(nodes) else { return nil }
        return (template, parameters)
    }

    private static func isLeaf(_ json: JSONValue) -> Bool {
        switch json {
        case .object, .array: false
        default: true
        }
    }

    /// `a` … `z`, `ba` … : short, and never `type`.
    private static func parameterName(_ index: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var index = index
        var name = String(letters[index % 26])
        index /= 26
        while index > 0 {
            name = String(letters[index % 26]) + name
            index /= 26
        }
        return name
    }
}
