/// A member name that a type both writes and reads, so that the two cannot drift apart: a
/// misspelt name does not compile. The format's own names are `MemberKey`s; a message type
/// declares its own, usually as a `String` enum.
///
/// ```swift
/// enum Key: String, JSONKey { case name, payload }
/// writer.member(Key.name, "refresh")
/// let name = members[Key.name]?.stringValue
/// ```
package protocol JSONKey: Sendable {
    /// The name as it is spelt on the wire.
    var name: String { get }
}

extension JSONKey where Self: RawRepresentable<String> {
    package var name: String { rawValue }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// The member named `key`.
    package subscript(key: some JSONKey) -> JSONValue? {
        get { self[key.name] }
        set { self[key.name] = newValue }
    }

    /// The member the format names `key` (`members[.type]`).
    subscript(key: MemberKey) -> JSONValue? {
        get { self[key.name] }
        set { self[key.name] = newValue }
    }
}

extension JSONWriter {
    /// A writer for a message of its own (the protocol's envelopes); finish with ``bytes``.
    ///
    /// ```swift
    /// var writer = JSONWriter()
    /// writer.beginObject()
    /// writer.member(Key.base, .string(version))
    /// writer.member(Key.patch, patch)
    /// writer.endObject()
    /// send(writer.bytes)
    /// ```
    package init(layout: Layout = .compact) {
        self.init(layout: layout, capacity: 1024)
    }

    /// What was written so far.
    package var bytes: [UInt8] { written }

    /// Writes a member holding any JSON value; nil writes nothing.
    package mutating func member(_ key: some JSONKey, _ value: JSONValue?) {
        member(key.name, value)
    }

    /// Writes a member holding a string; nil writes nothing.
    package mutating func member(_ key: some JSONKey, _ value: String?) {
        member(key.name, value)
    }

    /// Writes a member holding a screen document; nil writes nothing.
    package mutating func member(_ key: some JSONKey, _ screen: Screen?) {
        member(key.name, screen)
    }

    /// Writes a member holding a patch; nil writes nothing.
    package mutating func member(_ key: some JSONKey, _ patch: ScreenPatch?) {
        member(key.name, patch)
    }

    /// Writes a member holding actions; nil writes nothing.
    package mutating func member(_ key: some JSONKey, _ actions: [Action]?) {
        member(key.name, actions)
    }

    /// Writes a member whose value is JSON this package encoded already (a screen in the form a
    /// client reads, templated or plain), without parsing it again; nil writes nothing.
    package mutating func member(_ key: some JSONKey, encoded json: [UInt8]?) {
        member(key.name, json.map(EncodedJSON.init))
    }
}

/// Bytes that are JSON already, written as they are.
private struct EncodedJSON: JSONEncodable {
    let bytes: [UInt8]

    func encode(into writer: inout JSONWriter) {
        bytes.withUnsafeBufferPointer { writer.writeRaw($0) }
    }
}
