import Foundation

/// A parsed document as one flat array of entries, simdjson's *tape*: what the decoder reads
/// instead of a tree of ``JSONValue``s, so that decoding a screen allocates only the screen.
///
/// A value is one entry; an object is its entry, then each member's name (a string entry) and
/// value; an array is its entry, then each element. A container's entry knows where it ends, so a
/// reader steps over a whole subtree at once. Strings stay in the document's bytes until a reader
/// asks for them; member names the format defines are recognised once, while parsing, and compared
/// as small integers afterwards.
///
/// ```swift
/// let tape = try JSONParser.tape(Array(#"{"type":"text","text":"Hi"}"#.utf8))
/// tape.root.member(.text)?.string   // "Hi"
/// ```
final class JSONTape {
    /// The document's bytes, which string entries point into.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let entries: UnsafeMutablePointer<Entry>
    /// What readers read: pointers into the memory this tape owns. It lives in memory of its
    /// own, so that an element is two words (where it is, and an index), passed in registers.
    private let home: UnsafeMutablePointer<Contents>
    var contents: Contents { home.pointee }
    /// For a tape whose templates were expanded: the strings made from it so far (see
    /// ``SharedStrings``).
    private let sharedStrings: SharedStrings?

    /// A tape of `entries`, which it takes over, pointing into `bytes`, which it copies.
    init(bytes: [UInt8], entries: EntryBuffer) {
        self.bytes = UnsafeMutableBufferPointer.allocate(capacity: bytes.count)
        _ = self.bytes.initialize(from: bytes)
        self.entries = entries.base
        sharedStrings = nil
        home = Self.home(entries: entries, bytes: self.bytes, sharedStrings: nil)
    }

    /// A tape of `entries`, which it takes over, pointing into the bytes of `tape` followed by
    /// `extraBytes`: a document with its templates expanded, whose entries repeat the templates'
    /// strings (each string long enough to be allocated is made once, and shared).
    init(entries: EntryBuffer, bytesOf tape: Contents, extraBytes: [UInt8]) {
        bytes = UnsafeMutableBufferPointer.allocate(capacity: tape.bytes.count + extraBytes.count)
        _ = bytes.initialize(fromContentsOf: tape.bytes)
        _ = UnsafeMutableBufferPointer(rebasing: bytes[tape.bytes.count...]).initialize(from: extraBytes)
        self.entries = entries.base
        let sharedStrings = SharedStrings()
        self.sharedStrings = sharedStrings
        home = Self.home(entries: entries, bytes: bytes, sharedStrings: Unmanaged.passUnretained(sharedStrings))
    }

    private static func home(
        entries: EntryBuffer, bytes: UnsafeMutableBufferPointer<UInt8>, sharedStrings: Unmanaged<SharedStrings>?
    ) -> UnsafeMutablePointer<Contents> {
        let home = UnsafeMutablePointer<Contents>.allocate(capacity: 1)
        home.initialize(
            to: Contents(
                entries: entries.base, bytes: UnsafeBufferPointer(bytes), count: entries.count, home: home,
                sharedStrings: sharedStrings))
        return home
    }

    /// The strings made from an expanded tape, by where they are in the bytes: a template's
    /// constant is one place in the bytes that every instance's entries point to, so its string
    /// is made (allocated, copied, checked) once and shared by every node that holds it. A
    /// direct-mapped cache of the most recent, for strings too long to be stored inline.
    final class SharedStrings {
        private var slots: [(offset: UInt64, string: String)?] = Array(repeating: nil, count: 64)

        func string(of entry: Entry, in bytes: UnsafeBufferPointer<UInt8>) -> String {
            let slot = Int(truncatingIfNeeded: (entry.payload &* 0x9E37_79B9_7F4A_7C15) >> 58)
            if let cached = slots[slot], cached.offset == entry.payload { return cached.string }
            let string = Contents.stringOf(entry, in: bytes)
            slots[slot] = (entry.payload, string)
            return string
        }
    }

    deinit {
        bytes.deallocate()
        entries.deallocate()
        home.deallocate()
    }

    struct Entry {
        enum Kind: UInt8 {
            case null, `true`, `false`, number, string, array, object
        }

        var kind: Kind
        /// For a member name: its ``MemberKey`` (`.max` when the format does not define it).
        var key: UInt8 = .max
        /// For a string: whether it has escapes, which reading it undoes.
        var escaped = false
        /// A string's length in bytes; a container's number of elements or members.
        var count: UInt32 = 0
        /// A number's bits; a string's offset in the bytes; the index just past a container.
        var payload: UInt64 = 0
    }

    /// Entries being written, in memory a ``JSONTape`` takes over.
    typealias EntryBuffer = GrowableBuffer<Entry>

    /// The document's value. The tape must outlive it.
    var root: JSONElement { JSONElement(tape: contents, index: 0) }

    /// A tape's entries and bytes, without the tape: elements carry it, and copying it retains
    /// nothing.
    struct Contents {
        let entries: UnsafePointer<Entry>
        let bytes: UnsafeBufferPointer<UInt8>
        let count: Int
        /// Where the tape keeps these contents (what an element points to).
        fileprivate let home: UnsafePointer<Contents>
        /// Kept alive by the tape.
        fileprivate let sharedStrings: Unmanaged<SharedStrings>?

        /// The index just past the value at `index`.
        @inline(__always) func end(of index: Int) -> Int {
            let entry = entries[index]
            switch entry.kind {
            case .array, .object: return Int(entry.payload)
            default: return index + 1
            }
        }

        /// The string at `index` (a string entry).
        func string(at index: Int) -> String {
            let entry = entries[index]
            if let sharedStrings, entry.count > 15 {
                return sharedStrings._withUnsafeGuaranteedRef { $0.string(of: entry, in: bytes) }
            }
            return JSONTape.Contents.stringOf(entry, in: bytes)
        }

        /// The string of a string entry in `bytes`.
        static func stringOf(_ entry: Entry, in bytes: UnsafeBufferPointer<UInt8>) -> String {
            let start = Int(entry.payload)
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<start + Int(entry.count)])
            guard entry.escaped else { return String(decoding: raw, as: UTF8.self) }
            // The parser checked every escape, so unescaping cannot fail.
            var unescaped: [UInt8] = []
            try? JSONParser.unescape(raw, into: &unescaped)
            return String(decoding: unescaped, as: UTF8.self)
        }

        /// Whether the string at `index` is exactly `utf8` (compared without making a String).
        func string(at index: Int, equals utf8: UnsafeBufferPointer<UInt8>) -> Bool {
            let entry = entries[index]
            guard !entry.escaped else { return Array(string(at: index).utf8).elementsEqual(utf8) }
            guard Int(entry.count) == utf8.count else { return false }
            return utf8.count == 0 || memcmp(bytes.baseAddress! + Int(entry.payload), utf8.baseAddress!, utf8.count) == 0
        }

        /// Whether the strings at `first` and `second` are the same.
        func strings(at first: Int, and second: Int) -> Bool {
            let entry = entries[second]
            guard !entry.escaped else { return string(at: first) == string(at: second) }
            return string(
                at: first, equals: UnsafeBufferPointer(rebasing: bytes[Int(entry.payload)..<Int(entry.payload) + Int(entry.count)]))
        }

        /// The value at `index` as a ``JSONValue`` (for the parts of a document kept raw).
        func value(at index: Int) -> JSONValue {
            let entry = entries[index]
            switch entry.kind {
            case .null: return .null
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .number: return .number(Double(bitPattern: entry.payload))
            case .string: return .string(string(at: index))
            case .array:
                var elements: [JSONValue] = []
                elements.reserveCapacity(Int(entry.count))
                var position = index + 1
                while position < Int(entry.payload) {
                    elements.append(value(at: position))
                    position = end(of: position)
                }
                return .array(elements)
            case .object:
                var members: [String: JSONValue] = [:]
                members.reserveCapacity(Int(entry.count))
                var position = index + 1
                while position < Int(entry.payload) {
                    members[string(at: position)] = value(at: position + 1)
                    position = end(of: position + 1)
                }
                return .object(members)
            }
        }

    }

    /// A tape for a value built in code or parsed earlier, so that it is decoded by the same code
    /// as bytes are.
    convenience init(_ value: JSONValue) {
        // Written then parsed: the writer's output is valid JSON, so parsing cannot fail.
        let bytes = JSONWriter.write(value)
        if let entries = try? JSONParser.entries(of: bytes, limits: .unlimited) {
            self.init(bytes: bytes, entries: entries)
        } else {
            var null = EntryBuffer(capacity: 1)
            null.append(Entry(kind: .null))
            self.init(bytes: [], entries: null)
        }
    }
}

/// One value of a ``JSONTape``: the tape and where the value is on it.
///
/// Elements are made by the thousand while a document is decoded, so they do not retain their
/// tape: whoever decodes keeps it alive until decoding ends.
struct JSONElement {
    private let contents: UnsafePointer<JSONTape.Contents>
    let index: Int

    init(tape: JSONTape.Contents, index: Int) {
        contents = tape.home
        self.index = index
    }

    var tape: JSONTape.Contents { contents.pointee }

    var kind: JSONTape.Entry.Kind { tape.entries[index].kind }

    var isNull: Bool { kind == .null }

    var string: String? { kind == .string ? tape.string(at: index) : nil }

    var number: Double? {
        let entry = tape.entries[index]
        return entry.kind == .number ? Double(bitPattern: entry.payload) : nil
    }

    var bool: Bool? {
        switch kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The value as an integer, when it is a number without a fractional part that fits an `Int`.
    var int: Int? {
        guard let value = number, value.rounded() == value, abs(value) < 9.007_199_254_740_992e15 else { return nil }
        return Int(value)
    }

    /// The value as a ``JSONValue``.
    var value: JSONValue { tape.value(at: index) }

    /// The name of the value's JSON type, as diagnostics say it ("a string", "an object").
    var kindDescription: String {
        switch kind {
        case .null: "null"
        case .true, .false: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The number of an array's elements or an object's members.
    var count: Int { Int(tape.entries[index].count) }

    /// An array's elements, in order.
    var elements: Elements { Elements(tape: tape, position: index + 1, end: tape.end(of: index)) }

    struct Elements: Sequence, IteratorProtocol {
        let tape: JSONTape.Contents
        var position: Int
        let end: Int

        mutating func next() -> JSONElement? {
            guard position < end else { return nil }
            defer { position = tape.end(of: position) }
            return JSONElement(tape: tape, index: position)
        }
    }

    /// An object's members, in document order: each name's entry and its value.
    var members: Members { Members(tape: tape, position: index + 1, end: tape.end(of: index)) }

    struct Members: Sequence, IteratorProtocol {
        let tape: JSONTape.Contents
        var position: Int
        let end: Int

        mutating func next() -> (name: Int, value: JSONElement)? {
            guard position < end else { return nil }
            defer { position = tape.end(of: position + 1) }
            return (position, JSONElement(tape: tape, index: position + 1))
        }
    }

    /// The value of an object's member named by the format (the last, when a name is repeated;
    /// the first, when the caller knows no name is).
    func member(_ key: MemberKey, firstWillDo: Bool = false) -> JSONElement? {
        let entries = tape.entries
        guard entries[index].kind == .object else { return nil }
        var found: Int?
        var position = index + 1
        let end = Int(entries[index].payload)
        while position < end {
            if entries[position].key == key.rawValue {
                found = position + 1
                if firstWillDo { break }
            }
            position = tape.end(of: position + 1)
        }
        return found.map { JSONElement(tape: tape, index: $0) }
    }

    /// The path from this value to the value at `target` inside it.
    func pathComponents(to target: Int) -> [JSONPath.Component] {
        var components: [JSONPath.Component] = []
        var current = self
        while current.index != target {
            var next: JSONElement?
            switch current.kind {
            case .array:
                for (offset, element) in current.elements.enumerated() where element.index <= target && target < tape.end(of: element.index)
                {
                    components.append(.index(offset))
                    next = element
                    break
                }
            case .object:
                for member in current.members where member.value.index <= target && target < tape.end(of: member.value.index) {
                    components.append(.key(tape.string(at: member.name)))
                    next = member.value
                    break
                }
            default: break
            }
            guard let next else { break }
            current = next
        }
        return components
    }

    /// Which built-in component a string spells, read off the bytes.
    var componentKind: ComponentKind? {
        let entry = tape.entries[index]
        guard entry.kind == .string else { return nil }
        if let kind = withUnescapedUTF8({ ComponentKind.spellings.value(spelt: $0) }) { return kind }
        return string.flatMap(ComponentKind.init(rawValue:))
    }

    /// Runs `body` on a string's bytes as the document holds them, or returns nil when the value
    /// is not a string or has escapes (whose bytes are not the string's).
    func withUnescapedUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let entry = tape.entries[index]
        guard entry.kind == .string, !entry.escaped else { return nil }
        return body(UnsafeBufferPointer(rebasing: tape.bytes[Int(entry.payload)..<Int(entry.payload) + Int(entry.count)]))
    }
}
