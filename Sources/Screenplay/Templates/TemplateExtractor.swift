/// Finds nodes of the same shape in an encoded screen and writes them once as a template, so that
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
/// It works on the parsed document's tape and writes the templated document straight from it:
/// shapes are hashed once, bottom up; instances are written from their parameters' entries; every
/// other value is copied from the tape (strings as the bytes they were written with). Nothing is
/// built as a ``JSONValue`` but the templates themselves.
///
/// ```swift
/// let templated = TemplateExtractor.templated(document: tape.root, layout: .compact)
/// ```
struct TemplateExtractor {
    /// Fewer nodes of a shape than this are written out as they are.
    static let minimumInstances = 3

    /// Templates whose instances would be mostly parameters are not worth it, and their short
    /// parameter names cost gzip more than they save: the nodes inside are tried instead (the
    /// cities' cards have 40 values of their own; their bars have 5). At most 26, so that every
    /// parameter's name is one letter.
    static let maximumParameters = 12

    private let tape: JSONTape.Contents
    /// Every node (an object with a string `type`) in document order: where it is on the tape,
    /// its shape (nil when it cannot be templated), and the slot just past its subtree's nodes.
    private var nodes: [(index: Int, shape: UInt64?, end: Int)] = []
    private var shapeCounts: [UInt64: Int] = [:]
    /// Every `type` the document uses that is spelt like a template's name, so that no template
    /// is named like one.
    private var typeNames: Set<String> = []
    /// The templates accepted, by shape: name, template, and each instance's parameters (by
    /// node slot).
    private var accepted: [UInt64: Accepted] = [:]

    private struct Accepted {
        let name: String
        let template: Template
        /// The node slot of each instance.
        let slots: [Int]
    }

    /// The accepted nodes as the writer meets them, by node slot and in flat arrays of integers:
    /// writing an instance looks nothing up in a dictionary and copies no reference.
    private struct Instances {
        /// Per node slot: the number of the template it is an instance of, or -1.
        var template: [Int32]
        /// Per node slot that is an instance: where its parameters' values start in `values`.
        var firstValue: [Int32]
        /// Every instance's parameters' values (where they are on the tape), in parameter order.
        var values: [Int] = []
        /// Per template: its name and number of parameters (named `a`, `b` … in every template).
        var names: [String] = []
        var parameterCounts: [Int] = []
        /// Per template: its bytes in `typeMembers`, `"type":"t0"}`, which ends every instance.
        var typeMemberRanges: [Range<Int>] = []
        var typeMembers: [UInt8] = []

        init(_ accepted: some Collection<Accepted>, slots: Int) {
            template = Array(repeating: -1, count: slots)
            firstValue = Array(repeating: 0, count: slots)
            for (number, accepted) in accepted.enumerated() {
                let parameterCount = accepted.template.parameterCount
                names.append(accepted.name)
                parameterCounts.append(parameterCount)
                let start = typeMembers.count
                typeMembers += Array("\"type\":\"\(accepted.name)\"}".utf8)
                typeMemberRanges.append(start..<typeMembers.count)
                for (row, slot) in accepted.slots.enumerated() {
                    template[slot] = Int32(number)
                    firstValue[slot] = Int32(values.count)
                    for parameter in 0..<parameterCount { values.append(accepted.template.values[parameter * accepted.slots.count + row]) }
                }
            }
        }
    }

    private init(tape: JSONTape.Contents) {
        self.tape = tape
    }

    /// The document at `root` (a screen, plain) with its repeated nodes as templates, or nil when
    /// no template is worth it.
    static func templated(document root: JSONElement, layout: JSONWriter.Layout) -> [UInt8]? {
        guard root.kind == .object, let body = root.member(.body) else { return nil }
        var extractor = TemplateExtractor(tape: root.tape)
        extractor.choose(in: body.index)
        guard !extractor.accepted.isEmpty else { return nil }
        let instances = Instances(extractor.accepted.values, slots: extractor.nodes.count)
        return extractor.write(document: root.index, body: body.index, instances: instances, layout: layout)
    }

    // MARK: Shapes

    /// A fast hash of shapes (a collision is caught when the template is built, and costs only
    /// that template).
    private struct ShapeHash {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func combine(_ word: UInt64) {
            value = (value ^ word) &* 0x0000_0100_0000_01B3
            value ^= value >> 29
        }

        mutating func combine(bytes: UnsafeBufferPointer<UInt8>) {
            combine(UInt64(bytes.count))
            var index = 0
            while index + 8 <= bytes.count {
                combine(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                index += 8
            }
            var tail: UInt64 = 0
            while index < bytes.count {
                tail = tail << 8 | UInt64(bytes[index])
                index += 1
            }
            combine(tail)
        }
    }

    private func bytes(ofString index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = tape.entries[index]
        return UnsafeBufferPointer(rebasing: tape.bytes[Int(entry.payload)..<Int(entry.payload) + Int(entry.count)])
    }

    /// Hashes a member name: the format's names by their key, others by their bytes.
    private func combine(name index: Int, into hash: inout ShapeHash) {
        let key = tape.entries[index].key
        if key != .max {
            hash.combine(UInt64(key))
        } else {
            hash.combine(0xFF)
            hash.combine(bytes: bytes(ofString: index))
        }
    }

    /// Hashes a leaf by its value.
    private func combine(leaf index: Int, into hash: inout ShapeHash) {
        let entry = tape.entries[index]
        hash.combine(UInt64(entry.kind.rawValue))
        switch entry.kind {
        case .string: hash.combine(bytes: bytes(ofString: index))
        case .number: hash.combine(entry.payload)
        default: break
        }
    }

    /// The shape of the value at `index`: keys, `type`s and array lengths, with leaves left out
    /// (a leaf in an array counts by its value: arrays of leaves are not parameterised). Records
    /// every node on the way.
    private mutating func shape(of index: Int, inArray: Bool) -> UInt64? {
        var hash = ShapeHash()
        let element = JSONElement(tape: tape, index: index)
        switch element.kind {
        case .object:
            let type = element.member(.type)
            let slot = nodes.count
            let isNode = type?.kind == .string
            if isNode, let type {
                // Only a type spelt like a template's name ("t" and digits) could be taken for one.
                let spelling = bytes(ofString: type.index)
                if spelling.first == UInt8(ascii: "t"), spelling.count > 1, spelling.dropFirst().allSatisfy({ (0x30...0x39).contains($0) })
                {
                    typeNames.insert(type.string ?? "")
                }
                nodes.append((index, nil, 0))
            }
            var templatable = true
            hash.combine(0)
            hash.combine(UInt64(element.count))
            for member in element.members {
                let nameEntry = tape.entries[member.name]
                if nameEntry.count > 0, tape.bytes[Int(nameEntry.payload)] == UInt8(ascii: "$") { templatable = false }
                combine(name: member.name, into: &hash)
                if nameEntry.key == MemberKey.type.rawValue {
                    combine(leaf: member.value.index, into: &hash)
                } else if let child = shape(of: member.value.index, inArray: false) {
                    hash.combine(child)
                } else {
                    templatable = false
                }
            }
            let result = templatable ? hash.value : nil
            if isNode { nodes[slot] = (index, result, nodes.count) }
            return result
        case .array:
            var templatable = true
            hash.combine(1)
            hash.combine(UInt64(element.count))
            for child in element.elements {
                if let shape = shape(of: child.index, inArray: true) { hash.combine(shape) } else { templatable = false }
            }
            return templatable ? hash.value : nil
        default:
            hash.combine(2)
            if inArray { combine(leaf: index, into: &hash) }
            return hash.value
        }
    }

    // MARK: Choosing

    /// Finds the body's templates: top-down, a node that becomes an instance takes its whole
    /// subtree into the template; a shape found not worth it is passed over, and the nodes
    /// inside it are tried.
    private mutating func choose(in body: Int) {
        _ = shape(of: body, inArray: false)
        for case let shape? in nodes.map(\.shape) { shapeCounts[shape, default: 0] += 1 }
        var rejected: Set<UInt64> = []
        var nextName = 0
        while true {
            var candidates: [UInt64: [Int]] = [:]
            var order: [UInt64] = []
            var slot = 0
            collect(body, slot: &slot, skipping: rejected, into: &candidates, order: &order)
            var changed = false
            for shape in order where accepted[shape] == nil {
                let slots = candidates[shape] ?? []
                guard slots.count >= Self.minimumInstances, let template = template(for: slots.map { nodes[$0].index }),
                    template.parameterCount <= Self.maximumParameters
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
                let plainBytes = slots.reduce(0) { $0 + size(of: nodes[$1].index) }
                // `{"type":"t0"}` for each, and `"a":` and a value for each parameter.
                let instanceBytes =
                    slots.count * (11 + name.utf8.count) + template.values.count * 5 + template.values.reduce(0) { $0 + size(of: $1) }
                guard Self.size(of: template.value) + instanceBytes < plainBytes * 9 / 10 else {
                    nextName -= 1
                    rejected.insert(shape)
                    changed = true
                    continue
                }
                accepted[shape] = Accepted(name: name, template: template, slots: slots)
            }
            if !changed { break }
            // A rejected shape changes which nodes are outermost: start again without it.
            accepted.removeAll()
            nextName = 0
        }
    }

    /// The node met at `slot` when the walk reaches the object at `index`, if it starts a
    /// candidate template: then `slot` moves past its whole subtree, which the template holds.
    private func candidate(at index: Int, slot: inout Int, skipping rejected: Set<UInt64>) -> (slot: Int, shape: UInt64)? {
        guard slot < nodes.count, nodes[slot].index == index else { return nil }
        let mine = slot
        slot += 1
        guard let shape = nodes[mine].shape, !rejected.contains(shape), (shapeCounts[shape] ?? 0) >= Self.minimumInstances else {
            return nil
        }
        slot = nodes[mine].end
        return (mine, shape)
    }

    /// The outermost nodes whose shape repeats, by shape (their slots), in document order.
    private func collect(
        _ index: Int, slot: inout Int, skipping rejected: Set<UInt64>, into candidates: inout [UInt64: [Int]], order: inout [UInt64]
    ) {
        let element = JSONElement(tape: tape, index: index)
        switch element.kind {
        case .object:
            if let (mine, shape) = candidate(at: index, slot: &slot, skipping: rejected) {
                if candidates[shape] == nil { order.append(shape) }
                candidates[shape, default: []].append(mine)
                return
            }
            for member in element.members { collect(member.value.index, slot: &slot, skipping: rejected, into: &candidates, order: &order) }
        case .array:
            for child in element.elements { collect(child.index, slot: &slot, skipping: rejected, into: &candidates, order: &order) }
        default:
            break
        }
    }

    // MARK: Templates

    /// Whether the leaves at `first` and `second` are the same value.
    private func sameLeaf(_ first: Int, _ second: Int) -> Bool {
        let (a, b) = (tape.entries[first], tape.entries[second])
        guard a.kind == b.kind else { return false }
        switch a.kind {
        case .string: return tape.strings(at: first, and: second)
        case .number: return Double(bitPattern: a.payload) == Double(bitPattern: b.payload)
        default: return true
        }
    }

    private func isLeaf(_ index: Int) -> Bool {
        let kind = tape.entries[index].kind
        return kind != .object && kind != .array
    }

    /// What the nodes of one shape have in common, and what each has of its own.
    private struct Template {
        let value: JSONValue
        /// How many parameters each instance has: `a`, `b` … in the order met.
        let parameterCount: Int
        /// Where each instance's parameters' values are on the tape, parameter after parameter:
        /// the value of parameter `k` for instance `i` is at `values[k * instances + i]`.
        let values: [Int]
    }

    /// The template of nodes that share a shape, and each node's parameters; nil if they turn out
    /// not to share it (a hash collision).
    private func template(for instances: [Int]) -> Template? {
        var values: [Int] = []
        var parameterCount = 0
        // Every instance's position, walked side by side: nodes of one shape have the same names
        // in the same order.
        func build(_ column: inout [Int]) -> JSONValue? {
            let first = tape.entries[column[0]]
            switch first.kind {
            case .object, .array:
                for index in column {
                    let entry = tape.entries[index]
                    guard entry.kind == first.kind, entry.count == first.count else { return nil }
                }
                for row in column.indices { column[row] += 1 }
                if first.kind == .array {
                    var elements: [JSONValue] = []
                    elements.reserveCapacity(Int(first.count))
                    for _ in 0..<first.count {
                        guard let element = build(&column) else { return nil }
                        elements.append(element)
                    }
                    return .array(elements)
                }
                var members: [String: JSONValue] = [:]
                for _ in 0..<first.count {
                    let nameIndex = column[0]
                    let name = tape.entries[nameIndex]
                    for row in column.indices {
                        // Names of the format compare by key; others by their bytes.
                        let sameName =
                            name.key != .max ? tape.entries[column[row]].key == name.key : tape.strings(at: column[row], and: nameIndex)
                        guard sameName else { return nil }
                        column[row] += 1
                    }
                    let key = tape.string(at: nameIndex)
                    let value = column[0]
                    if name.key != MemberKey.type.rawValue, isLeaf(value), column.contains(where: { !sameLeaf($0, value) }) {
                        guard column.allSatisfy(isLeaf) else { return nil }
                        members["$" + key] = .string(Self.parameterName(parameterCount))
                        parameterCount += 1
                        values += column
                        for row in column.indices { column[row] += 1 }
                    } else {
                        guard let built = build(&column) else { return nil }
                        members[key] = built
                    }
                }
                return .object(members)
            default:
                let value = column[0]
                guard column.allSatisfy({ sameLeaf($0, value) }) else { return nil }
                for row in column.indices { column[row] += 1 }
                return tape.value(at: value)
            }
        }
        var column = instances
        guard let value = build(&column) else { return nil }
        return Template(value: value, parameterCount: parameterCount, values: values)
    }

    /// About how many bytes the value at `index` takes compact (for choosing, not for writing).
    private func size(of index: Int) -> Int {
        let entry = tape.entries[index]
        switch entry.kind {
        case .null, .true: return 4
        case .false: return 5
        case .number:
            let number = Double(bitPattern: entry.payload)
            return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)).utf8.count : 12
        case .string: return Int(entry.count) + 2
        case .array: return JSONElement(tape: tape, index: index).elements.reduce(1) { $0 + size(of: $1.index) + 1 }
        case .object:
            return JSONElement(tape: tape, index: index).members.reduce(1) {
                $0 + Int(tape.entries[$1.name].count) + 4 + size(of: $1.value.index)
            }
        }
    }

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

    // MARK: Writing

    /// The document with `templates` added, its version raised to 1.1, and the body's accepted
    /// nodes written as instances.
    private func write(document: Int, body: Int, instances: Instances, layout: JSONWriter.Layout) -> [UInt8] {
        var writer = JSONWriter(layout: layout, capacity: tape.bytes.count / 2)
        writer.beginObject()
        var slot = 0
        for member in JSONElement(tape: tape, index: document).members {
            switch tape.entries[member.name].key {
            case MemberKey.body.rawValue where member.value.index == body:
                let open = writer.beginMember(.body)
                write(body, slot: &slot, instances: instances, into: &writer)
                writer.endMember(open)
            case MemberKey.templates.rawValue:
                continue
            case MemberKey.version.rawValue:
                let version = member.value.string.flatMap(FormatVersion.init) ?? .current
                writer.member(.version, Swift.max(version, .templates).description)
            default:
                let open = writer.beginMember(named: member.name, in: tape)
                write(member.value.index, slot: &slot, instances: instances, into: &writer)
                writer.endMember(open)
            }
        }
        var templates: [String: JSONValue] = [:]
        for template in accepted.values { templates[template.name] = template.template.value }
        writer.member(.templates, templates)
        writer.endObject()
        return writer.finished
    }

    /// Writes the value at `index` as it is, but for the accepted nodes in it, which become their
    /// instances.
    private func write(_ index: Int, slot: inout Int, instances: borrowing Instances, into writer: inout JSONWriter) {
        let element = JSONElement(tape: tape, index: index)
        switch element.kind {
        case .object:
            if slot < nodes.count, nodes[slot].index == index {
                let mine = slot
                slot += 1
                let template = Int(instances.template[mine])
                if template >= 0 {
                    slot = nodes[mine].end
                    let firstValue = Int(instances.firstValue[mine])
                    let parameterCount = instances.parameterCounts[template]
                    if case .compact = writer.layout {
                        // Written as bytes: its members are known, and already in key order
                        // (`a` … `l` sort before `type`).
                        writer.writeRaw(byte: UInt8(ascii: "{"))
                        for parameter in 0..<parameterCount {
                            writer.writeRaw(byte: UInt8(ascii: "\""))
                            writer.writeRaw(byte: UInt8(ascii: "a") + UInt8(parameter))
                            writer.writeRaw(byte: UInt8(ascii: "\""))
                            writer.writeRaw(byte: UInt8(ascii: ":"))
                            write(instances.values[firstValue + parameter], slot: &slot, instances: instances, into: &writer)
                            writer.writeRaw(byte: UInt8(ascii: ","))
                        }
                        let typeMember = instances.typeMemberRanges[template]
                        instances.typeMembers.withUnsafeBufferPointer { writer.writeRaw(UnsafeBufferPointer(rebasing: $0[typeMember])) }
                        return
                    }
                    writer.beginObject()
                    for parameter in 0..<parameterCount {
                        let open = writer.beginMember(Self.parameterName(parameter))
                        write(instances.values[firstValue + parameter], slot: &slot, instances: instances, into: &writer)
                        writer.endMember(open)
                    }
                    writer.member(.type, instances.names[template])
                    writer.endObject()
                    return
                }
            }
            writer.beginObject()
            for member in element.members {
                let open = writer.beginMember(named: member.name, in: tape)
                write(member.value.index, slot: &slot, instances: instances, into: &writer)
                writer.endMember(open)
            }
            writer.endObject()
        case .array:
            writer.beginArray()
            for child in element.elements {
                writer.nextElement()
                write(child.index, slot: &slot, instances: instances, into: &writer)
            }
            writer.endArray()
        case .string:
            let entry = tape.entries[index]
            // The string as the document wrote it, quotes and escapes included.
            writer.writeRaw(UnsafeBufferPointer(rebasing: tape.bytes[Int(entry.payload) - 1..<Int(entry.payload) + Int(entry.count) + 1]))
        case .number: writer.write(element.number ?? 0)
        case .true: writer.write(true)
        case .false: writer.write(false)
        case .null: writer.writeNull()
        }
    }
}
