/// Reads the members of one JSON object, reporting problems with their paths.
///
/// Required members throw a ``DecodingFailure`` (the enclosing node is dropped or replaced by its
/// fallback); optional members that are present but wrong are reported as warnings and ignored.
/// ``finish()`` reports members that nobody read as unknown fields.
///
/// Members are named by ``MemberKey``, the type the writer writes them with, so a misspelt
/// name does not compile; on the tape they were recognised while parsing, so finding one compares
/// small integers and makes no string.
struct ObjectReader {
    let object: JSONElement
    let context: DecodingContext
    private(set) var subject: Subject
    /// The object's `type`, found by the pass that finds which members there are (the last, when
    /// the name is repeated): a node is read by its type, and looking for it again costs a scan.
    private(set) var type: JSONElement?
    /// Which keys were read: bit `rawValue` of `MemberKey`.
    private var read: (UInt64, UInt64) = (0, 0)
    /// Which keys the object has, found in one pass: most of what a reader asks for is absent.
    private var present: (UInt64, UInt64) = (0, 0)
    private var hasRepeatedNames = false
    private var presentReads = 0
    /// Where the object's first sixteen members are, found by the same pass: each the position
    /// of its name on the tape, shifted past its key in the low byte. Reading a member of an
    /// object of up to sixteen looks here instead of walking the tape again.
    private var nearby:
        (
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private static let nearbyCount = 16

    /// What the object is, for messages: made into words only when a message needs them.
    enum Subject {
        case described(String)
        case node(type: String, builtIn: Bool)
        case action(type: String)

        var words: String {
            switch self {
            case .described(let words): words
            case .node(let type, true): "\"\(type)\""
            case .node(let type, false): "app-defined \"\(type)\""
            case .action(let type): "a \"\(type)\" action"
            }
        }
    }

    /// A reader of `object`, which must be an object.
    init(_ object: JSONElement, context: DecodingContext, subject: Subject) {
        assert(object.kind == .object)
        self.object = object
        self.context = context
        self.subject = subject
        let entries = object.tape.entries
        var position = object.index + 1
        let end = object.tape.end(of: object.index)
        var member = 0
        while position < end {
            let key = entries[position].key
            if member < Self.nearbyCount {
                let found = UInt64(position) << 8 | UInt64(key)
                withUnsafeMutableBytes(of: &nearby) { $0.storeBytes(of: found, toByteOffset: member * 8, as: UInt64.self) }
            }
            member += 1
            if key == MemberKey.type.rawValue { type = JSONElement(tape: object.tape, index: position + 1) }
            if key < 64 {
                if present.0 & (1 << UInt64(key)) != 0 { hasRepeatedNames = true }
                present.0 |= 1 << UInt64(key)
            } else if key < 128 {
                if present.1 & (1 << UInt64(key - 64)) != 0 { hasRepeatedNames = true }
                present.1 |= 1 << UInt64(key - 64)
            }
            position = object.tape.end(of: position + 1)
        }
    }

    init(_ object: JSONElement, context: DecodingContext, describedAs words: String) {
        self.init(object, context: context, subject: .described(words))
    }

    var describedAs: String { subject.words }

    /// Says what the object is, once its `type` is known.
    mutating func describe(as subject: Subject) {
        self.subject = subject
    }

    /// The object's members as JSON values (an app-defined component's properties).
    var members: [String: JSONValue] { object.value.objectValue ?? [:] }

    @inline(__always) private mutating func markRead(_ key: MemberKey) {
        let bit = key.rawValue
        if bit < 64 { read.0 |= 1 << UInt64(bit) } else { read.1 |= 1 << UInt64(bit - 64) }
    }

    private func wasRead(_ bit: UInt8) -> Bool { Self.contains(read, bit) }

    @inline(__always) private static func contains(_ set: (UInt64, UInt64), _ bit: UInt8) -> Bool {
        bit < 64 ? set.0 & (1 << UInt64(bit)) != 0 : bit < 128 && set.1 & (1 << UInt64(bit - 64)) != 0
    }

    /// Takes note that `key` belongs to the format without reading it.
    mutating func accept(_ key: MemberKey) {
        markRead(key)
        if Self.contains(present, key.rawValue) { presentReads += 1 }
    }

    mutating func raw(_ key: MemberKey) -> JSONElement? {
        markRead(key)
        guard Self.contains(present, key.rawValue) else { return nil }
        presentReads += 1
        let count = object.count
        guard count <= Self.nearbyCount else { return object.member(key, firstWillDo: !hasRepeatedNames) }
        // The last member of that name, as when the tape is walked.
        let position = withUnsafeBytes(of: nearby) { nearby -> Int? in
            var member = count - 1
            while member >= 0 {
                let found = nearby.load(fromByteOffset: member * 8, as: UInt64.self)
                if UInt8(truncatingIfNeeded: found) == key.rawValue { return Int(found >> 8) }
                member -= 1
            }
            return nil
        }
        return position.map { JSONElement(tape: object.tape, index: $0 + 1) }
    }

    mutating func required<T: JSONReadable>(_ key: MemberKey, as type: T.Type = T.self) throws(DecodingFailure) -> T {
        try required(key, leaf: false)
    }

    mutating func optional<T: JSONReadable>(_ key: MemberKey, as type: T.Type = T.self) -> T? {
        optional(key, leaf: false)
    }

    /// A required leaf (a ``JSONLeaf``): read without a step of the path.
    mutating func required<T: JSONLeaf>(_ key: MemberKey, as type: T.Type = T.self) throws(DecodingFailure) -> T {
        try required(key, leaf: true)
    }

    /// An optional leaf (a ``JSONLeaf``): read without a step of the path.
    mutating func optional<T: JSONLeaf>(_ key: MemberKey, as type: T.Type = T.self) -> T? {
        optional(key, leaf: true)
    }

    private mutating func required<T: JSONReadable>(_ key: MemberKey, leaf: Bool) throws(DecodingFailure) -> T {
        guard let json = raw(key), !json.isNull else {
            throw context.failure(.missingField, "\(describedAs) is missing its required \"\(key.name)\"")
        }
        return try read(json, at: key, leaf: leaf)
    }

    private mutating func optional<T: JSONReadable>(_ key: MemberKey, leaf: Bool) -> T? {
        guard let json = raw(key), !json.isNull else { return nil }
        do throws(DecodingFailure) {
            return try read(json, at: key, leaf: leaf)
        } catch {
            context.report(DecodingFailure(code: error.code, message: "\(error.message); ignored", path: error.path))
            return nil
        }
    }

    /// The member `key`'s value as `T`, its problems at the member's path. A leaf can only fail
    /// itself: it is read without taking the step, which is added to its failure instead.
    private mutating func read<T: JSONReadable>(_ json: JSONElement, at key: MemberKey, leaf: Bool) throws(DecodingFailure) -> T {
        guard leaf else {
            return try context.at(.member(key)) { () throws(DecodingFailure) -> T in try T(json: json, context: context) }
        }
        do throws(DecodingFailure) {
            return try T(json: json, context: context)
        } catch {
            throw DecodingFailure(code: error.code, message: error.message, path: error.path.appending(key: key.name))
        }
    }

    /// Reports members that were never read, when the options ask for it.
    func finish() {
        guard presentReads < object.count, context.options.reportsUnknownFields else { return }
        var unknown: Set<String> = []
        for member in object.members where !wasRead(object.tape.entries[member.name].key) {
            unknown.insert(object.tape.string(at: member.name))
        }
        for key in unknown.sorted() {
            context.at(.key(key)) {
                context.report(.warning, .unknownField, "\(describedAs) has no field \"\(key)\"; ignored")
            }
        }
    }
}
