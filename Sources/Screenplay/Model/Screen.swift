/// A whole Screenplay document: one screen an app shows.
///
/// ```swift
/// let screen = Screen(id: "cities", title: "Statistics", state: ["city": ""]) {
///     VStack(spacing: 16) {
///         TextField(key: "city", placeholder: "City")
///         Button("Refresh", action: .intent("refresh"))
///         for city in cities { cityCard(city) }
///     }
/// }
/// let bytes = screen.encoded()            // sorted keys: same screen, same bytes
/// let result = Screen.decode(from: bytes) // resilient: diagnostics, never a lost screen
/// ```
public struct Screen: Sendable, Hashable {
    /// The format version the document is written in.
    public var version: FormatVersion
    /// A stable name for the screen ("cities", "checkout.card").
    public var id: String
    public var title: String?
    /// The root node.
    public var body: Node
    /// The initial client state: values bound to inputs and conditions, sent back with intents.
    /// Each entry is a variable typed by its value.
    public var state: [String: JSONValue]
    /// The variables the screen declares with a type (and a scope), read by expressions.
    public var variables: [VariableDeclaration]
    public var cache: CacheHints?
    /// Where intents are POSTed; nil means the screen's own URL followed by `/intents`.
    public var intents: String?
    /// A live stream of patches for this screen (Server-Sent Events), if it has one.
    public var stream: String?
    /// Actions run on the device when a condition over the variables becomes true (format 1.2).
    public var triggers: [ScreenTrigger] = []
    /// Timers that `timer` actions start, pause and stop (format 1.2).
    public var timers: [ScreenTimer] = []
    /// Actions run each time the screen is shown (format 1.2).
    public var onAppear: [Action] = []

    public init(
        version: FormatVersion = .current, id: String, title: String? = nil, state: [String: JSONValue] = [:],
        variables: [VariableDeclaration] = [], cache: CacheHints? = nil, intents: String? = nil, stream: String? = nil,
        triggers: [ScreenTrigger] = [], timers: [ScreenTimer] = [], onAppear: [Action] = [], body: Node
    ) {
        self.version = version
        self.id = id
        self.title = title
        self.body = body
        self.state = state
        self.variables = variables
        self.cache = cache
        self.intents = intents
        self.stream = stream
        self.triggers = triggers
        self.timers = timers
        self.onAppear = onAppear
    }

    /// A screen whose body is built with the DSL; several top-level nodes are wrapped in a `VStack`.
    public init(
        id: String, title: String? = nil, state: [String: JSONValue] = [:], variables: [VariableDeclaration] = [],
        cache: CacheHints? = nil, intents: String? = nil, stream: String? = nil, triggers: [ScreenTrigger] = [],
        timers: [ScreenTimer] = [], onAppear: [Action] = [], @NodeBuilder body: () -> [Node]
    ) {
        let nodes = body()
        let root = nodes.count == 1 ? nodes[0] : VStack(children: nodes).node
        self.init(
            id: id, title: title, state: state, variables: variables, cache: cache, intents: intents, stream: stream, triggers: triggers,
            timers: timers, onAppear: onAppear, body: root)
    }

    /// Every member a screen document may have.
    static let keys: [String] = [
        "version", "id", "title", "body", "state", "variables", "cache", "intents", "stream", "triggers", "timers", "onAppear",
    ]
}

extension Screen {
    /// The screen as JSON bytes with sorted keys; the same screen always gives the same bytes.
    public func encoded(layout: JSONWriter.Layout = .compact) -> [UInt8] {
        JSONWriter.encode(self, layout: layout, capacity: 16 * 1024)
    }

    /// The screen as a JSON value (for inspection and tests; encoding does not go through it).
    public var json: JSONValue {
        (try? JSONParser.parse(encoded(), limits: .unlimited)) ?? .null
    }
}

extension Screen: JSONEncodable {
    func encode(into writer: inout JSONWriter) {
        encode(into: &writer, withBody: true)
    }

    /// The screen's members in key order (the writer has nothing to reorder); without the body
    /// for a patch's `header` operation.
    func encode(into writer: inout JSONWriter, withBody: Bool) {
        writer.beginObject()
        if withBody { writer.member(.body, body) }
        writer.member(.cache, cache)
        writer.member(.id, id)
        writer.member(.intents, intents)
        if !onAppear.isEmpty { writer.member(.onAppear, onAppear) }
        if !state.isEmpty { writer.member(.state, state) }
        writer.member(.stream, stream)
        if !timers.isEmpty { writer.member(.timers, timers) }
        writer.member(.title, title)
        if !triggers.isEmpty { writer.member(.triggers, triggers) }
        if !variables.isEmpty { writer.member(.variables, variables) }
        writer.member(.version, version.description)
        writer.endObject()
    }
}
