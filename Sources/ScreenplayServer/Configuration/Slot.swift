import ScreenplayDSL

/// A place in a screen whose nodes are published as data (through the admin API) rather than
/// written in code: the published content for the request's language when there is one, the
/// fallback otherwise (nothing published yet, or a screen built outside a request).
///
/// ```swift
/// VStack {
///     Slot("home.promo") { Text("Welcome back") }   // until marketing publishes something
///     servicesSection()
/// }
/// ```
///
/// The screen is rebuilt, and its live subscribers sent a patch, whenever the slot is published
/// or rolled back.
public struct Slot: NodeConvertible, Sendable {
    public let name: String
    private let fallback: [Node]

    public init(_ name: String, @NodeBuilder fallback: () -> [Node] = { [] }) {
        self.name = name
        self.fallback = fallback()
    }

    public var node: Node {
        if let scope = ContentScope.current, let content = scope.content(of: name) { return content }
        let node = fallback.count == 1 ? fallback[0] : VStack(spacing: 0, children: fallback).node
        // The fallback's ids are the slot's: published content may take them over.
        ContentScope.current?.placed(fallback: node)
        return node
    }
}

/// What slots read while a handler builds a screen for one request: the published content, in the
/// request's language, and which slots the screen used (so a publish knows which screens it changes).
final class ContentScope: Sendable {
    @TaskLocal static var current: ContentScope?

    private let configuration: LiveConfiguration
    private let language: String
    private let used = LockedSet()

    init(configuration: LiveConfiguration, language: String) {
        self.configuration = configuration
        self.language = language
    }

    func content(of slot: String) -> Node? {
        _ = used.insert(slot)
        return configuration.content(of: slot)?.node(for: language)
    }

    var slotsUsed: [String] { used.members }

    /// Ids of the fallbacks placed for slots with no content.
    private let fallbackIDSet = LockedSet()

    func placed(fallback node: Node) {
        node.walk { node, _ in if let id = node.id { _ = fallbackIDSet.insert(id) } }
    }

    var fallbackIDs: [String] { fallbackIDSet.members }
}
