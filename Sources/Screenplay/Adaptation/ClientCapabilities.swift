/// What a client can show: the format version it reads and the component and action types it
/// renders and handles. A server adapts every screen to these before encoding it, so an old
/// client never receives a type it did not declare.
///
/// Clients declare them in request headers (the protocol module writes and reads those); a
/// request without them gets ``base``.
///
/// ```swift
/// let capabilities = ClientCapabilities(
///     version: FormatVersion(1, 0),
///     components: ClientCapabilities.base.components.union(["carousel", "item", "BANNER"]),
///     actions: ClientCapabilities.base.actions)
/// let (screen, report) = home.adapted(to: capabilities)
/// ```
public struct ClientCapabilities: Sendable, Hashable {
    public var version: FormatVersion
    /// Component type names the client renders, built-in and app-defined.
    public var components: Set<String>
    /// Action type names the client handles.
    public var actions: Set<String>
    /// `ios`, `android`, `web`, `terminal` … when the client says.
    public var platform: String?

    public init(version: FormatVersion = .latest, components: Set<String>, actions: Set<String>, platform: String? = nil) {
        self.version = version
        self.components = components
        self.actions = actions
        self.platform = platform
    }

    /// Whether the client evaluates expressions (format 1.2): variables, bindings, `set`.
    public var evaluatesExpressions: Bool { version >= .expressions }
    /// Whether the client plays nodes' motion (format 1.3); others get nodes without it.
    public var animates: Bool { version >= .motion }
    /// Whether the client checks `cardNumber` field rules (format 1.4).
    public var checksCardNumbers: Bool { version >= .cardNumbers }

    /// The conservative set every client of format 1.0 renders — the Tutu write-up's primitives: stacks,
    /// scroll, text, image, rectangle, button, spacer, divider; and the basic actions.
    public static let base = ClientCapabilities(
        version: FormatVersion(1, 0),
        components: ["vstack", "hstack", "zstack", "scroll", "spacer", "divider", "text", "image", "rectangle", "button"],
        actions: Set([ActionKind.navigate, .open, .intent, .back, .reload].map(\.rawValue)))

    /// Everything this library knows (no app-defined components).
    public static let full = ClientCapabilities(
        components: Set(ComponentKind.allCases.map(\.rawValue)), actions: Set(ActionKind.allCases.map(\.rawValue)))
}
