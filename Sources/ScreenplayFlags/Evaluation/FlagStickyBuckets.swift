import Screenplay

/// A user's sticky buckets (GrowthBook's sticky-bucket assignment documents): the variation each
/// experiment gave them, kept per hash attribute and value, so that a later change of weights or
/// coverage does not move them. Load the user's documents (one per attribute of
/// ``FeaturesPayload/stickyBucketAttributes`` and its value), evaluate with them, and save the
/// documents in ``changedDocuments`` afterwards.
///
/// Evaluating with sticky buckets also enables each rule's `fallbackAttribute`, as in GrowthBook.
///
/// ```swift
/// var buckets = FlagStickyBuckets(documents: store.documents(for: user))
/// let result = evaluator.evaluate("checkout", attributes: attributes, stickyBuckets: &buckets)
/// store.save(buckets.changedDocuments)
/// ```
public struct FlagStickyBuckets: Sendable, Hashable {
    /// One document: an attribute's value and the variation keys it is stuck to, by
    /// `<experiment key>__<bucket version>`.
    public struct Document: Sendable, Hashable {
        /// The attribute (`id`, `deviceId` …).
        public var attributeName: String
        /// Its value, as text.
        public var attributeValue: String
        /// Variation keys by `<experiment key>__<bucket version>`.
        public var assignments: [String: String]

        /// - Parameters:
        ///   - attributeName: The attribute.
        ///   - attributeValue: Its value, as text.
        ///   - assignments: Variation keys by `<experiment key>__<bucket version>`.
        public init(attributeName: String, attributeValue: String, assignments: [String: String] = [:]) {
            self.attributeName = attributeName
            self.attributeValue = attributeValue
            self.assignments = assignments
        }

        /// `<attributeName>||<attributeValue>`: the key GrowthBook stores the document under.
        public var key: String { FlagStickyBuckets.key(attributeName, attributeValue) }

        /// The document as GrowthBook writes it (`StickyAssignmentsDocument`):
        /// `{"attributeName": …, "attributeValue": …, "assignments": {…}}`.
        public var json: JSONValue {
            var members = JSONMembers<Key>()
            members[.attributeName] = .string(attributeName)
            members[.attributeValue] = .string(attributeValue)
            members[.assignments] = .object(assignments.mapValues(JSONValue.string))
            return members.json
        }

        /// The members of GrowthBook's `StickyAssignmentsDocument`.
        package enum Key: String, JSONKey, CaseIterable {
            case attributeName, attributeValue, assignments
        }

        /// Reads a document GrowthBook wrote, or throws why it is not one.
        /// - Parameter json: `{"attributeName": "id", "attributeValue": "u1", "assignments": {"exp__0": "1"}}`.
        public init(json: JSONValue) throws(DocumentError) {
            guard let members = JSONMembers<Key>(json) else { throw DocumentError("a document is an object") }
            guard let name = members[.attributeName]?.stringValue, let value = members[.attributeValue]?.stringValue else {
                throw DocumentError("a document has attributeName and attributeValue, both strings")
            }
            var assignments: [String: String] = [:]
            for (key, variation) in members[.assignments]?.objectValue ?? [:] {
                guard let text = variation.stringValue else { throw DocumentError("assignments.\(key) is a variation's key, a string") }
                assignments[key] = text
            }
            self.init(attributeName: name, attributeValue: value, assignments: assignments)
        }
    }

    /// Why a sticky-bucket document could not be read.
    public struct DocumentError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// A user's documents as GrowthBook's SDKs load them from a store before evaluating: of the
    /// `stored` ones, those of an attribute the payload's experiments hash on (or fall back to) whose
    /// value is the user's.
    ///
    /// - Parameters:
    ///   - stored: The documents a store holds (any users').
    ///   - attributes: The user's attributes.
    ///   - payload: The flags to be evaluated.
    public init(loading stored: [Document], for attributes: [String: JSONValue], payload: FeaturesPayload) {
        let used = Set(payload.stickyBucketAttributes)
        self.init(
            documents: stored.filter { document in
                // GrowthBook's `getHashAttribute`: the value as text, "" when it is not truthy.
                let value = attributes[document.attributeName].map { JavaScript.truthy($0) ? Evaluation.stickyText($0) : "" } ?? ""
                return used.contains(document.attributeName) && value == document.attributeValue
            })
    }

    /// The documents by ``Document/key``.
    public private(set) var documents: [String: Document]
    /// The keys of the documents evaluations changed.
    public private(set) var changedKeys: Set<String> = []

    /// - Parameter documents: The user's documents.
    public init(documents: [Document] = []) {
        self.documents = Dictionary(documents.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The documents evaluations changed, to save.
    public var changedDocuments: [Document] {
        changedKeys.sorted().compactMap { documents[$0] }
    }

    static func key(_ attribute: String, _ value: String) -> String { attribute + "||" + value }

    /// The assignments of the document for `attribute` = `value`, if any.
    func assignments(_ attribute: String, _ value: String) -> [String: String] {
        documents[Self.key(attribute, value)]?.assignments ?? [:]
    }

    /// Adds assignments to the document for `attribute` = `value`, marking it changed when they
    /// are new.
    mutating func assign(_ assignments: [String: String], attribute: String, value: String) {
        let key = Self.key(attribute, value)
        var document = documents[key] ?? Document(attributeName: attribute, attributeValue: value)
        let before = document.assignments
        document.assignments.merge(assignments) { _, new in new }
        guard document.assignments != before else { return }
        documents[key] = document
        changedKeys.insert(key)
    }
}
