/// The outcome of decoding a document: the value (unless the document was unusable) and every
/// problem found, with its path.
///
/// ```swift
/// let result = Screen.decode(from: bytes)
/// if let screen = result.value { show(screen) }
/// result.diagnostics.forEach { log.warning("\($0)") }
/// ```
public struct DecodeResult<Value: Sendable>: Sendable {
    /// The decoded value; nil only when the document could not be used at all (not JSON, over a
    /// limit, an unsupported major version, or a body that could not be decoded).
    public var value: Value?
    public var diagnostics: [Diagnostic]

    public init(value: Value?, diagnostics: [Diagnostic]) {
        self.value = value
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
