import HTTPTypes
import Screenplay

/// A message of the protocol: read in the format's one shape (`WireDecodable`, throwing its
/// `ScreenplayError` when the bytes are not this message at all), and refused with its own status
/// and code when what it holds cannot be used — `400 malformedIntent` for an intent the server
/// reads, `502 malformedAnswer` for an answer the client reads.
///
/// ```swift
/// let intent = try IntentRequest.decode(from: body).get()   // throws 400 malformedIntent at "name"
///
/// extension SlotDocument: ProtocolMessage {
///     static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(ScreenplayError) -> DecodeResult<Self> { … }
///     static func refusal(for problems: [Diagnostic]) -> ScreenplayError {
///         .invalid(code: "invalidContent", "the content", problems)   // a 422 listing every problem
///     }
/// }
/// ```
public protocol ProtocolMessage: Sendable {
    /// The error that refuses a message that could not be used, for its problems (the errors
    /// among its diagnostics, never empty).
    static func refusal(for problems: [Diagnostic]) -> ScreenplayError
}

extension DecodeResult where Value: ProtocolMessage {
    /// The message, or the error that refuses it (``ProtocolMessage/refusal(for:)``) when it could
    /// not be used.
    ///
    /// ```swift
    /// let answer = try IntentAnswer.decode(from: response.body, options: options).get()
    /// ```
    public func get() throws(ScreenplayError) -> Value {
        if let value { return value }
        let problems = errors.isEmpty ? [Diagnostic.error(at: .root, "the message could not be used")] : errors
        throw Value.refusal(for: problems)
    }
}

extension ScreenplayError {
    /// The error naming one problem of a message: its message, and its path unless it is the
    /// whole message (quoted: a path may hold a client's member name).
    ///
    /// ```swift
    /// ScreenplayError(.badRequest, code: "malformedIntent", refusing: .error(at: "name", "an intent needs a name"))
    /// ```
    public init(_ status: HTTPResponse.Status, code: String, refusing problem: Diagnostic) {
        self.init(
            status, code: code, message: problem.message,
            path: problem.path == .root ? nil : ScreenplayError.quoting(problem.path.description))
    }
}
