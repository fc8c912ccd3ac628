/// Writes one node's object: the members its component writes, in the order the component
/// writes them, with the members every node may have (`id`, `action`, `type` …) slotted in among
/// them by key order, so that a node comes out sorted without being reordered afterwards.
///
/// The JSON writer knows objects and members; this is the part that knows nodes.
///
/// ```swift
/// func write(to writer: inout NodeWriter) {     // a component's members, in key order
///     writer.member(.children, children)
///     writer.member(.spacing, spacing)
/// }
/// ```
struct NodeWriter {
    /// The writer the node is written into, borrowed for as long as the node is written: the
    /// writer is never copied, so writing a node retains none of its buffers.
    private let json: UnsafeMutablePointer<JSONWriter>
    /// The node's own members, read one at a time: the node is not copied.
    private let id: String?
    private let extras: Node.Extras?
    private let type: String
    /// Which common members have a value: bit `i` for `Node.commonMember(at: i)`.
    private let present: UInt16
    /// The index (`Node.commonMember(at:)`) of the next common member to write, and its rank
    /// (`.max` when none is left), kept apart so that the check before every member copies nothing.
    private var next = 0
    private var nextRank: UInt8 = .max

    /// Writes into `json`, in which the node's object was just opened, until ``finishObject()``.
    init(_ json: UnsafeMutablePointer<JSONWriter>, node: Node) {
        self.json = json
        id = node.id
        extras = node.extras
        type = node.component.type
        present = Node.presence(id: node.id, extras: node.extras)
        advance()
    }

    /// Writes a member of the format after the common members that sort before it; a nil value
    /// writes nothing.
    mutating func member<Value: JSONEncodable>(_ key: MemberKey, _ value: Value?) {
        while nextRank < key.rawValue { writeNextCommonMember() }
        json.pointee.member(key, value)
    }

    /// Writes a member whose name the format does not define (an app-defined property).
    mutating func member<Value: JSONEncodable>(_ name: String, _ value: Value?) {
        if let known = MemberKey.byName[name] { return member(known, value) }
        while nextRank != .max, MemberKey.names[Int(nextRank)].utf8.lexicographicallyPrecedes(name.utf8) {
            writeNextCommonMember()
        }
        json.pointee.member(name, value)
    }

    /// Writes the common members left and closes the object.
    mutating func finishObject() {
        while nextRank != .max { writeNextCommonMember() }
        json.pointee.endObject()
    }

    private mutating func advance() {
        while next < Node.commonMemberCount, present & (1 << next) == 0 { next += 1 }
        nextRank = next < Node.commonMemberCount ? Node.commonMember(at: next).rawValue : .max
    }

    /// Writes the next common member, reading only that field of the node.
    private mutating func writeNextCommonMember() {
        let key = Node.commonMember(at: next)
        next += 1
        advance()
        switch key {
        case .accessibilityLabel: json.pointee.member(key, extras?.accessibilityLabel)
        case .action: json.pointee.member(key, extras?.action)
        case .bindings: json.pointee.member(key, extras.map { $0.bindings.mapValues { JSONValue.string($0.source) } })
        case .fallback: json.pointee.member(key, extras?.fallback)
        case .id: json.pointee.member(key, id)
        case .motion: json.pointee.member(key, extras?.motion)
        case .style: json.pointee.member(key, extras?.style)
        case .type: json.pointee.member(key, type)
        case .visibleWhen: json.pointee.member(key, extras?.visibleWhen)
        default: break
        }
    }
}

extension Node: JSONEncodable {
    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        withUnsafeMutablePointer(to: &writer) { writer in
            var node = NodeWriter(writer, node: self)
            component.write(to: &node)
            node.finishObject()
        }
    }

    /// How many members every node may have (type, id, action…), which ``NodeWriter`` slots in.
    static let commonMemberCount = 9

    /// The common member at `index`, in key order. A switch, not an array: an array is a lazy
    /// global, checked and retained on every read, and this is read several times per node.
    @inline(__always)
    static func commonMember(at index: Int) -> MemberKey {
        switch index {
        case 0: .accessibilityLabel
        case 1: .action
        case 2: .bindings
        case 3: .fallback
        case 4: .id
        case 5: .motion
        case 6: .style
        case 7: .type
        default: .visibleWhen
        }
    }

    /// The presence bit of each common member: one shifted by its place in key order (constants,
    /// for the same reason).
    private static let labelBit: UInt16 = 1 << 0, actionBit: UInt16 = 1 << 1, bindingsBit: UInt16 = 1 << 2, fallbackBit: UInt16 = 1 << 3,
        idBit: UInt16 = 1 << 4, motionBit: UInt16 = 1 << 5, styleBit: UInt16 = 1 << 6, typeBit: UInt16 = 1 << 7,
        visibleWhenBit: UInt16 = 1 << 8

    /// Which common members have a value (every node has a type; an empty style is not written).
    static func presence(id: String?, extras: Extras?) -> UInt16 {
        var present = typeBit
        if id != nil { present |= idBit }
        if let values = extras?.values {
            if values.accessibilityLabel != nil { present |= labelBit }
            if values.action != nil { present |= actionBit }
            if !values.bindings.isEmpty { present |= bindingsBit }
            if values.fallback != nil { present |= fallbackBit }
            if values.motion != nil { present |= motionBit }
            if let style = values.style, !style.isEmpty { present |= styleBit }
            if values.visibleWhen != nil { present |= visibleWhenBit }
        }
        return present
    }
}
