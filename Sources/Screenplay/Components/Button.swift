extension Component {
    /// A button; its node's `action` runs when it is pressed. Wire type `"button"`.
    ///
    /// ```swift
    /// Button("Refresh", action: .intent("refresh"))
    /// Button("Delete", variant: .destructive, enabled: canDelete, action: .intent("delete"))
    /// ```
    public struct Button: Sendable, Hashable, ComponentBody, NodeConvertible {
        public enum Variant: String, Sendable, Hashable, CaseIterable, JSONEnum {
            case primary, secondary, plain, destructive
        }

        public var title: String
        /// How prominent the button is (wire field `variant`).
        public var variant: Variant
        public var enabled: Bool
        /// Kept with the button so the DSL reads naturally; it becomes the node's `action`.
        var action: Action?

        public init(_ title: String, variant: Variant = .primary, enabled: Bool = true, action: Action? = nil) {
            self.title = title
            self.variant = variant
            self.enabled = enabled
            self.action = action
        }

        public var node: Node {
            var body = self
            body.action = nil
            return Node(.button(body), action: action)
        }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(
                try reader.required(.title), variant: reader.optional(.variant) ?? .primary, enabled: reader.optional(.enabled) ?? true)
        }

        func write(to writer: inout NodeWriter) {
            if !enabled { writer.member(.enabled, false) }
            writer.member(.title, title)
            if variant != .primary { writer.member(.variant, variant) }
        }
    }
}
