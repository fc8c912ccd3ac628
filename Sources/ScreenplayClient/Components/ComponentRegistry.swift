import Foundation
import Screenplay

/// An app-defined component: its wire type and its own properties, decoded with `Decodable`.
///
/// ```swift
/// struct Banner: ScreenplayComponent {
///     static let type = "BANNER"
///     var title: String
///     var image: String
///     var highlighted: Bool?
/// }
/// ```
public protocol ScreenplayComponent: Decodable, Sendable {
    static var type: String { get }
}

/// The app-defined components a renderer draws, each with the closure that draws it: one struct
/// and one registration per widget. Generic over what the renderer produces (a SwiftUI view, HTML,
/// a line of text), so every renderer uses the same runtime.
///
/// Its ``typeNames`` go into ``ClientConfiguration/customComponents``, so the server sends these
/// types and falls back for the others; its ``check`` makes the decoder replace a node whose
/// properties do not decode by its fallback, with a diagnostic at the node's path.
///
/// ```swift
/// var components = ComponentRegistry<String>()
/// components.register(Banner.self) { banner in "banner \(banner.title)" }
/// configuration.customComponents = components.typeNames
/// ```
public struct ComponentRegistry<Rendered>: Sendable {
    /// Per type: reading the properties (any thread, during decoding) and drawing them (the main
    /// actor, where views are made).
    private struct Entry: Sendable {
        let read: @Sendable (CustomComponent) throws -> Void
        let render: @MainActor @Sendable (CustomComponent) throws -> Rendered
    }

    private var entries: [String: Entry] = [:]

    public init() {}

    /// Registers `Component` under its ``ScreenplayComponent/type``.
    public mutating func register<Component: ScreenplayComponent>(
        _ component: Component.Type, render: @escaping @MainActor @Sendable (Component) -> Rendered
    ) {
        register(Component.type, as: Component.self, render: render)
    }

    /// Registers the wire type `type`, whose properties decode as `Properties`.
    public mutating func register<Properties: Decodable & Sendable>(
        _ type: String, as properties: Properties.Type, render: @escaping @MainActor @Sendable (Properties) -> Rendered
    ) {
        entries[type] = Entry(
            read: { custom in _ = try custom.decode(Properties.self) },
            render: { custom in render(try custom.decode(Properties.self)) })
    }

    /// The registered wire types.
    public var typeNames: Set<String> { Set(entries.keys) }

    /// Draws `custom`: nil when its type is not registered; throws when its properties do not decode.
    @MainActor public func render(_ custom: CustomComponent) throws -> Rendered? {
        guard let entry = entries[custom.type] else { return nil }
        return try entry.render(custom)
    }

    /// The check a decoder runs on every app-defined node: a registered type whose properties do
    /// not decode is refused, so the decoder shows its fallback (or drops it) and reports where.
    public var check: CustomComponentCheck {
        let entries = self.entries
        return CustomComponentCheck { custom in
            guard let entry = entries[custom.type] else { return nil }
            do {
                try entry.read(custom)
                return nil
            } catch {
                return "\(error)"
            }
        }
    }
}
