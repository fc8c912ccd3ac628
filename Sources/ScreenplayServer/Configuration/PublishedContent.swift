import ScreenplayDSL

/// The nodes published for a slot: one node for every language, and translations of it.
///
/// On the wire (the admin API's body):
///
/// ```json
/// {"content": {"type": "text", "text": "Free delivery today"},
///  "translations": {"fr": {"type": "text", "text": "Livraison offerte aujourd'hui"}}}
/// ```
public struct PublishedContent: Sendable, Hashable {
    /// The slot's version this is (1, 2, …): each publish makes a new one.
    public var version: Int
    public var content: Node
    /// The content in other languages, by language code.
    public var translations: [String: Node]

    public init(version: Int, content: Node, translations: [String: Node] = [:]) {
        self.version = version
        self.content = content
        self.translations = translations
    }

    /// The content for `language`, or the untranslated one.
    public func node(for language: String) -> Node { translations[language] ?? content }

    /// The node ids of the content, in every language.
    public var nodeIDs: Set<String> {
        var ids = Set<String>()
        for node in [content] + translations.values.map({ $0 }) {
            node.walk { node, _ in if let id = node.id { ids.insert(id) } }
        }
        return ids
    }
}
