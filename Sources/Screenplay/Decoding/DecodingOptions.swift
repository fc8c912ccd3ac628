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

    public init(limits: DocumentLimits = .default, allowedURLSchemes: Set<String> = ["http", "https"], reportsUnknownFields: Bool = true) {
        self.limits = limits
        self.allowedURLSchemes = allowedURLSchemes
        self.reportsUnknownFields = reportsUnknownFields
    }

    public static let `default` = DecodingOptions()
}
