/// What a decoder accepts.
///
/// ```swift
/// let options = DecodingOptions(allowedURLSchemes: ["http", "https", "tel"])
/// ```
public struct DecodingOptions: Sendable, Hashable {
    public var limits: DocumentLimits
    /// Schemes an absolute URL may use in actions, images and links. Relative paths are always
    /// allowed. Anything else is refused with a warning and the action or link is dropped.
    public var allowedURLSchemes: Set<String>
    /// Report members that the format does not define as warnings (useful to catch typos).
    public var reportsUnknownFields: Bool
    /// The app's own reading of its app-defined components (a client's component registry): a
    /// node it cannot read is treated like any malformed node — its fallback is shown, or it is
    /// dropped — with a diagnostic at its path in the document.
    public var customComponentCheck: CustomComponentCheck?

    public init(limits: DocumentLimits = .default, allowedURLSchemes: Set<String> = ["http", "https"], reportsUnknownFields: Bool = true) {
        self.limits = limits
        self.allowedURLSchemes = allowedURLSchemes
        self.reportsUnknownFields = reportsUnknownFields
    }

    public static let `default` = DecodingOptions()
}

/// Says why the app cannot read an app-defined component, or nil when it can.
///
/// ```swift
/// options.customComponentCheck = CustomComponentCheck { custom in
///     custom.type == "BANNER" && (try? custom.decode(Banner.self)) == nil ? "not a Banner" : nil
/// }
/// ```
public struct CustomComponentCheck: Sendable, Hashable {
    /// Checks compare by identity: the closure cannot be compared.
    private final class Identity: Sendable {}
    private let identity = Identity()
    let problem: @Sendable (CustomComponent) -> String?

    public init(_ problem: @escaping @Sendable (CustomComponent) -> String?) {
        self.problem = problem
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity === rhs.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
}
