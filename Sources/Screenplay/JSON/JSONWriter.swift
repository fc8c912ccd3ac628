/// Writes JSON as UTF-8 with object members in sorted order, so the same value always gives the
/// same bytes (stable ETags, snapshots and caches).
///
/// Screenplay's model types write themselves straight into a writer, without building an
/// intermediate ``JSONValue`` tree; ``write(_:layout:)`` serialises any ``JSONValue``.
///
/// ```swift
/// let bytes = JSONWriter.write(["b": 1, "a": [true, nil]])   // {"a":[true,null],"b":1}
/// ```
public struct JSONWriter: ~Copyable {
    /// How the output is laid out.
    public enum Layout: Sendable {
        /// No whitespace at all: what goes over the wire.
        case compact
        /// Two-space indentation, one member per line: what is checked in.
        case pretty
    }

    /// What was written so far. The writer is not copyable: it owns this memory alone, so
    /// appending never checks whether it is shared.
    private var output: GrowableBuffer<UInt8>
    let layout: Layout
    private var indent = 0

    init(layout: Layout, capacity: Int = 1024) {
        self.layout = layout
        output = GrowableBuffer(capacity: capacity)
        members = GrowableBuffer(capacity: 64)
        memberStarts = GrowableBuffer(capacity: 16)
    }

    deinit {
        output.deallocate()
        members.deallocate()
        memberStarts.deallocate()
    }

    /// The bytes written so far.
    var written: [UInt8] { Array(output.elements) }

    /// The bytes of a whole document: pretty ones end with a newline, as text files do.
    var finished: [UInt8] {
        mutating get {
            if layout == .pretty { output.append(0x0A) }
            return written
        }
    }

    /// Serialises `value`.
    public static func write(_ value: JSONValue, layout: Layout = .compact) -> [UInt8] {
        encode(value, layout: layout)
    }

    /// Serialises any of Screenplay's model values.
    static func encode(_ value: some JSONEncodable, layout: Layout = .compact, capacity: Int = 1024) -> [UInt8] {
        var writer = JSONWriter(layout: layout, capacity: capacity)
        value.encode(into: &writer)
        return writer.finished
    }

    // MARK: Values

    mutating func writeNull() { append("null") }

    mutating func write(_ flag: Bool) { flag ? append("true") : append("false") }

    mutating func write(_ number: Double) {
        guard number.isFinite else { return append("null") }
        if number.rounded() == number, abs(number) < 1e15 {
            write(Int(number))
        } else {
            var text = number.description
            text.withUTF8 { output.append(contentsOf: $0) }
        }
    }

    mutating func write(_ integer: Int) {
        if integer < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        // Digits backwards into a small buffer, then forwards into the output: no String made.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func write(_ string: String) {
        string.withUTF8Bytes { write(utf8: $0) }
    }

    /// Writes UTF-8 bytes as a JSON string, escaping what must be.
    private mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time while none needs escaping (most strings have no byte that does).
            if index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if !Self.needsEscaping(word) {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            index += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index - 1]))
            runStart = index
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            default:
                for digit in [
                    UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), Self.hexDigits[Int(byte >> 4)],
                    Self.hexDigits[Int(byte & 0x0F)],
                ] {
                    output.append(digit)
                }
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        output.append(UInt8(ascii: "\""))
    }

    /// Whether any of the word's eight bytes is a quote, a backslash or a control character.
    @inline(__always) private static func needsEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        // Bytes of 0x80 and above (UTF-8 beyond ASCII) are written as they are; the control test
        // only looks at bytes below 0x80.
        let control = (word &- ones &* 0x20) & ~word & highs
        return (hasZeroByte(word ^ (ones &* 0x22)) | hasZeroByte(word ^ (ones &* 0x5C)) | control) != 0
    }

    /// Appends one byte of JSON.
    mutating func writeRaw(byte: UInt8) {
        output.append(byte)
    }

    /// Appends bytes that are already JSON.
    mutating func writeRaw(_ bytes: UnsafeBufferPointer<UInt8>) {
        output.append(contentsOf: bytes)
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeNull()
        case .bool(let flag): write(flag)
        case .number(let number): write(number)
        case .string(let string): write(string)
        case .array(let elements): writeArray(elements)
        case .object(let members):
            beginObject()
            for key in members.keys.sorted() {
                // The key comes from the dictionary itself, so the lookup cannot fail.
                member(key, members[key] ?? .null)
            }
            endObject()
        }
    }

    // MARK: Containers

    mutating func writeArray<Element: JSONEncodable>(_ elements: [Element]) {
        if elements.isEmpty { return append("[]") }
        output.append(UInt8(ascii: "["))
        indent += 1
        for index in elements.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            newline()
            elements[index].encode(into: &self)
        }
        indent -= 1
        newline()
        output.append(UInt8(ascii: "]"))
    }

    /// One member already written: its key, and where its bytes (after any comma) lie.
    private struct Member {
        /// The format's own member names order by their ``MemberKey`` rank (no string compare);
        /// other names (an app's component properties) by their UTF-8 bytes. Plain integers only,
        /// so that sorting moves no reference counts.
        let rank: UInt8
        let otherName: Int
        let start: Int
        let end: Int

        static let other: UInt8 = .max
    }

    /// Names of members that are not ``MemberKey``s, referred to by index from `Member`.
    private var otherNames: [String] = []

    private func name(of member: Member) -> String {
        member.rank == Member.other ? otherNames[member.otherName] : MemberKey.names[Int(member.rank)]
    }

    private func precedes(_ lhs: Member, _ rhs: Member) -> Bool {
        if lhs.rank != Member.other, rhs.rank != Member.other { return lhs.rank < rhs.rank }
        return name(of: lhs).utf8.lexicographicallyPrecedes(name(of: rhs).utf8)
    }

    /// How many objects had to be reordered after they were written (the format's own values
    /// write their members in key order; tests check that they do).
    private(set) var reorderedObjects = 0

    /// The members written so far of every open object, innermost last; `memberStarts[level]` is
    /// where the object open at `level` begins. One flat stack, reused from object to object.
    private var members: GrowableBuffer<Member>
    private var memberStarts: GrowableBuffer<Int>
    /// How many elements each open array has so far (``beginArray()``).
    private var arrayCounts: [Int] = []
    private var openObjectCount = 0
    private var scratch: [UInt8] = []

    /// Starts an object; add members with `member(_:_:)` in any order, then call ``endObject()``.
    public mutating func beginObject() {
        output.append(UInt8(ascii: "{"))
        if memberStarts.count == openObjectCount { memberStarts.append(0) }
        memberStarts[openObjectCount] = members.count
        openObjectCount += 1
        indent += 1
    }

    /// Writes a member of the format; a nil value writes nothing.
    mutating func member<Value: JSONEncodable>(_ key: MemberKey, _ value: Value?) {
        guard let value else { return }
        let start = beginMember()
        output.append(contentsOf: key.quotedName)
        if layout == .pretty { output.append(UInt8(ascii: " ")) }
        value.encode(into: &self)
        members.append(Member(rank: key.rawValue, otherName: 0, start: start, end: output.count))
    }

    /// Writes a member whose name the format does not define (app-defined properties).
    mutating func member<Value: JSONEncodable>(_ key: String, _ value: Value?) {
        guard let value else { return }
        if let known = MemberKey.byName[key] { return member(known, value) }
        let start = beginMember()
        write(key)
        output.append(UInt8(ascii: ":"))
        if layout == .pretty { output.append(UInt8(ascii: " ")) }
        value.encode(into: &self)
        otherNames.append(key)
        members.append(Member(rank: Member.other, otherName: otherNames.count - 1, start: start, end: output.count))
    }

    /// Where a member whose value is written next began: ``endMember(_:)`` takes it.
    struct OpenMember {
        fileprivate let rank: UInt8
        fileprivate let otherName: Int
        fileprivate let start: Int
    }

    /// Writes a member's name; write its value next, then call ``endMember(_:)``.
    mutating func beginMember(_ key: MemberKey) -> OpenMember {
        let start = beginMember()
        output.append(contentsOf: key.quotedName)
        if layout == .pretty { output.append(UInt8(ascii: " ")) }
        return OpenMember(rank: key.rawValue, otherName: 0, start: start)
    }

    /// Writes a member's name, which may be any string; its value is written next.
    mutating func beginMember(_ name: String) -> OpenMember {
        let key = name.withUTF8Bytes { MemberKey.rawValue(spelt: $0) }
        if key != .max { return beginMember(MemberKey.allCases[Int(key)]) }
        let start = beginMember()
        write(name)
        output.append(UInt8(ascii: ":"))
        if layout == .pretty { output.append(UInt8(ascii: " ")) }
        otherNames.append(name)
        return OpenMember(rank: Member.other, otherName: otherNames.count - 1, start: start)
    }

    /// Writes the name of the string entry at `name` on `tape`; its value is written next.
    mutating func beginMember(named name: Int, in tape: JSONTape.Contents) -> OpenMember {
        let key = tape.entries[name].key
        return key != .max ? beginMember(MemberKey.allCases[Int(key)]) : beginMember(tape.string(at: name))
    }

    /// Ends the member begun with `member`, once its value is written.
    mutating func endMember(_ member: OpenMember) {
        members.append(Member(rank: member.rank, otherName: member.otherName, start: member.start, end: output.count))
    }

    /// Starts an array; call ``nextElement()`` before each element, then ``endArray()``.
    mutating func beginArray() {
        output.append(UInt8(ascii: "["))
        indent += 1
        arrayCounts.append(0)
    }

    mutating func nextElement() {
        if arrayCounts[arrayCounts.count - 1] > 0 { output.append(UInt8(ascii: ",")) }
        arrayCounts[arrayCounts.count - 1] += 1
        newline()
    }

    mutating func endArray() {
        indent -= 1
        if arrayCounts.removeLast() > 0 { newline() }
        output.append(UInt8(ascii: "]"))
    }

    private mutating func beginMember() -> Int {
        if members.count > memberStarts[openObjectCount - 1] { output.append(UInt8(ascii: ",")) }
        let start = output.count
        newline()
        return start
    }

    /// Ends the current object, putting its members in key order if they were not written so.
    public mutating func endObject() {
        let level = openObjectCount - 1
        let first = memberStarts[level]
        let count = members.count - first
        if count > 1, !isSorted(from: first) {
            reorderedObjects += 1
            var sorted = Array(members.elements[first...])
            sort(&sorted)
            let regionStart = members[first].start
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: output.elements[regionStart...])
            output.removeSubrange(from: regionStart)
            for (index, member) in sorted.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                scratch.withUnsafeBufferPointer {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[(member.start - regionStart)..<(member.end - regionStart)]))
                }
            }
        }
        members.removeSubrange(from: first)
        openObjectCount -= 1
        indent -= 1
        if count > 0 { newline() }
        output.append(UInt8(ascii: "}"))
    }

    private func isSorted(from first: Int) -> Bool {
        for index in first + 1..<members.count where !precedes(members[index - 1], members[index]) { return false }
        return true
    }

    /// Objects are small (a node has about a dozen members): insertion sort beats a general sort.
    private func sort(_ members: inout [Member]) {
        for index in 1..<members.count {
            var position = index
            while position > 0, precedes(members[position], members[position - 1]) {
                members.swapAt(position, position - 1)
                position -= 1
            }
        }
    }

    /// Key order for dictionaries: UTF-8 byte order, the same as members written one by one.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    @inline(__always)
    private mutating func newline() {
        if layout == .pretty { indentedNewline() }
    }

    private mutating func indentedNewline() {
        output.append(0x0A)
        for _ in 0..<indent * 2 { output.append(UInt8(ascii: " ")) }
    }

    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }
}

/// A value that writes itself as JSON.
protocol JSONEncodable {
    func encode(into writer: inout JSONWriter)
}

extension String: JSONEncodable {
    func encode(into writer: inout JSONWriter) { writer.write(self) }
}

extension Double: JSONEncodable {
    func encode(into writer: inout JSONWriter) { writer.write(self) }
}

extension Int: JSONEncodable {
    func encode(into writer: inout JSONWriter) { writer.write(self) }
}

extension Bool: JSONEncodable {
    func encode(into writer: inout JSONWriter) { writer.write(self) }
}

extension JSONValue: JSONEncodable {
    func encode(into writer: inout JSONWriter) { writer.write(self) }
}

extension Array: JSONEncodable where Element: JSONEncodable {
    func encode(into writer: inout JSONWriter) { writer.writeArray(self) }
}

extension Dictionary: JSONEncodable where Key == String, Value == JSONValue {
    func encode(into writer: inout JSONWriter) { writer.write(JSONValue.object(self)) }
}

extension AdaptiveColor {
    /// The colour as the format writes it, compact: `"#1a73e8"` or `{"dark":"#8ab4f8","light":"#1a73e8"}`.
    ///
    /// ```swift
    /// AdaptiveColor(hex: "#fff", dark: "#000")?.wireText   // {"dark":"#000000","light":"#ffffff"}
    /// ```
    public var wireText: String { String(decoding: JSONWriter.encode(self), as: UTF8.self) }
}

extension Insets {
    /// The insets as the format writes them, compact: `12` or `{"leading":8,"top":4}`.
    public var wireText: String { String(decoding: JSONWriter.encode(self), as: UTF8.self) }
}
