/// A value read from bytes in the one shape every reader of the format and of the protocol has:
/// `decode(from:options:)` answers a ``DecodeResult`` — the value, unless the bytes could not be
/// used, and every problem with its ``JSONPath`` — and throws only when the bytes are not this
/// message at all (not JSON, not an object, over a limit the message sets), with the reader's own
/// ``Refusal``.
///
/// What a reader throws is its own: a screen never throws (a validator shows even "not JSON" as a
/// diagnostic, so ``Screen`` refuses with `Never`), a patch throws a ``Diagnostic``, and the
/// protocol's messages throw their `ScreenplayError` — the HTTP status and code they are refused
/// with. A member that is wrong is never thrown: it is a diagnostic at its path, and the value is
/// nil when the message cannot be used without it.
///
/// ```swift
/// extension Banner: WireDecodable {
///     public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(Diagnostic) -> DecodeResult<Banner> {
///         guard case .object(let members)? = try? JSONParser.parse(bytes, limits: options.limits) else {
///             throw .error(at: .root, "a banner is a JSON object", code: .malformedJSON)
///         }
///         guard case .string(let title)? = members["title"] else {
///             return DecodeResult(value: nil, diagnostics: [.error(at: "title", "a banner needs a title", code: .missingField)])
///         }
///         return DecodeResult(value: Banner(title: title), diagnostics: [])
///     }
/// }
/// let banner = try Banner.decode(from: bytes).get()   // the value, or the first error thrown
/// ```
public protocol WireDecodable: Sendable {
    /// What ``decode(from:options:)`` throws when the bytes are not this message at all.
    associatedtype Refusal: Error

    /// Reads the message: the value and every problem at its path; throws only when the bytes are
    /// not this message at all.
    static func decode(from bytes: [UInt8], options: DecodingOptions) throws(Refusal) -> DecodeResult<Self>
}

extension Screen: WireDecodable {
    /// A screen's reader reports everything, even bytes that are not JSON, as diagnostics.
    public typealias Refusal = Never
}

extension Node: WireDecodable {
    /// A node's reader reports everything, even bytes that are not JSON, as diagnostics.
    public typealias Refusal = Never
}

extension DecodeResult {
    /// The value, or the first error when the document could not be used.
    ///
    /// ```swift
    /// let patch = try ScreenPatch.decode(from: bytes).get()
    /// ```
    public func get() throws(Diagnostic) -> Value {
        if let value { return value }
        throw errors.first ?? Diagnostic(.error, .droppedNode, at: .root, "the document could not be used")
    }

    /// The diagnostics with their paths below `prefix`: a member's problems as the enclosing
    /// message names them (`screen.body.children[2]`).
    ///
    /// ```swift
    /// diagnostics += Screen.decode(from: member).diagnostics(under: "screen")
    /// ```
    public func diagnostics(under prefix: JSONPath) -> [Diagnostic] {
        diagnostics.map { $0.under(prefix) }
    }
}

extension Diagnostic {
    /// The same problem, its path below `prefix`.
    ///
    /// ```swift
    /// Diagnostic.error(at: "ops[0]", "unknown").under("patch").path   // patch.ops[0]
    /// ```
    public func under(_ prefix: JSONPath) -> Diagnostic {
        var moved = self
        moved.path = JSONPath(prefix.components + path.components)
        return moved
    }
}
