/// The members of one JSON object, read and written by the names of its document's `Key` enum: each
/// name is spelt once, in the enum, and a misspelt one does not compile. Members the enum does not
/// name are kept as they are (``all``), so a document is written back with what it was read with.
///
/// ```swift
/// enum Key: String, JSONKey, CaseIterable { case defaultValue, rules }
/// var feature = JSONMembers<Key>(json) ?? JSONMembers()   // nil when json is not an object
/// let rules = feature[.rules]?.arrayValue ?? []
/// feature[.defaultValue] = .bool(false)
/// feature.json                                             // {"defaultValue":false,"rules":[…]}
/// ```
package struct JSONMembers<Key: JSONKey>: Sendable, Hashable {
    /// Every member by its name, those the enum does not name included.
    package var all: [String: JSONValue]

    /// - Parameter all: The members by name.
    package init(_ all: [String: JSONValue] = [:]) {
        self.all = all
    }

    /// The members of `json`; nil when it is not an object (or nil).
    package init?(_ json: JSONValue?) {
        guard case .object(let members)? = json else { return nil }
        all = members
    }

    /// The member named `key`; nil when missing (null is `.null`).
    package subscript(key: Key) -> JSONValue? {
        get { all[key.name] }
        set { all[key.name] = newValue }
    }

    /// The object.
    package var json: JSONValue { .object(all) }

    /// Whether the object has no member at all.
    package var isEmpty: Bool { all.isEmpty }
}

extension JSONMembers where Key: CaseIterable {
    /// Every name the enum declares.
    package static var names: Set<String> { Set(Key.allCases.map(\.name)) }

    /// The names of the members the enum does not declare, sorted.
    package var unknownNames: [String] {
        let known = Self.names
        return all.keys.filter { !known.contains($0) }.sorted()
    }
}

extension JSONPath {
    /// The path of the member named `key` of the object at this path.
    ///
    /// ```swift
    /// JSONPath.root.appending(member: FeatureFlag.Key.rules)   // rules
    /// ```
    package func appending(member key: some JSONKey) -> JSONPath { appending(key: key.name) }
}
