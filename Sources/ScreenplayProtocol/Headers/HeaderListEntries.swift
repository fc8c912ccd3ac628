/// The entries of a comma-separated header value, cut one at a time: reading the first few of a
/// hostile 20,000-entry header costs a scan to them, not an array of them all. Entries come as
/// they are written (spaces around them kept, empty ones included); callers trim and skip.
///
/// ```swift
/// for entry in HeaderListEntries(#""a", W/"b""#) { print(entry) }   // "\"a\"", " W/\"b\""
/// ```
package struct HeaderListEntries: Sequence, IteratorProtocol {
    private var rest: Substring
    private var done: Bool

    package init(_ value: some StringProtocol) {
        rest = Substring(value)
        done = rest.isEmpty
    }

    package mutating func next() -> Substring? {
        guard !done else { return nil }
        guard let comma = rest.utf8.firstIndex(of: UInt8(ascii: ",")) else {
            done = true
            return rest
        }
        let entry = rest[..<comma]
        rest = rest[rest.utf8.index(after: comma)...]
        return entry
    }
}
