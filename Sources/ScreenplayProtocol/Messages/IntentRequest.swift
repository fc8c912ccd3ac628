import Screenplay

/// An intent as a client POSTs it to `/screens/<path>/intents`:
/// `{"name": "refresh", "payload": {…}, "state": {…}, "stateToken": "…", "version": "…"}`.
///
/// The server reads it member by member, as untrusted input: a wrong member is a 400 that names it.
///
/// ```swift
/// let body = IntentRequest(name: "refresh", state: ["city": "Paris"]).encoded()   // the client
/// let intent = try IntentRequest.decode(from: body).get()                        // the server
/// ```
public struct IntentRequest: Sendable, Hashable {
    /// The intent's name, as in the `intent` action (1 to 128 characters).
    public var name: String
    /// The action's payload.
    public var payload: [String: JSONValue]
    /// The client state (values of inputs and toggles).
    public var state: [String: JSONValue]
    /// State the server signed earlier, sent back as it came.
    public var stateToken: String?
    /// The version of the screen the client shows (its ETag's version or its stream id), so that
    /// the answer can be a patch from it.
    public var version: String?

    /// The longest name and version accepted.
    public static let maxNameLength = 128
    public static let maxVersionBytes = 128

    public init(
        name: String, payload: [String: JSONValue] = [:], state: [String: JSONValue] = [:], stateToken: String? = nil,
        version: String? = nil
    ) {
        self.name = name
        self.payload = payload
        self.state = state
        self.stateToken = stateToken
        self.version = version
    }

    enum Key: String, JSONKey, CaseIterable {
        case name, payload, state, stateToken, version
    }

    public func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member(Key.name, name)
        writer.member(Key.payload, .object(payload))
        writer.member(Key.state, .object(state))
        writer.member(Key.stateToken, stateToken)
        writer.member(Key.version, version)
        writer.endObject()
        return writer.bytes
    }
}

extension IntentRequest: WireDecodable, ProtocolMessage {
    /// Reads a request body. Bytes that are not a JSON object throw a 400 `malformedIntent`; a
    /// wrong member is an error at its path, and the request has no value then.
    ///
    /// ```swift
    /// let result = try IntentRequest.decode(from: Array(#"{"name":""}"#.utf8))
    /// result.errors.first?.path   // name
    /// ```
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(ScreenplayError) -> DecodeResult<
        IntentRequest
    > {
        func malformed(_ message: String) -> ScreenplayError {
            ScreenplayError(.badRequest, code: "malformedIntent", message: message)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: options.limits)
        } catch {
            throw malformed("the intent is not JSON: \(error)")
        }
        guard case .object(let members) = json else { throw malformed("an intent is a JSON object, not \(json.kindDescription)") }
        var problems: [Diagnostic] = []
        func problem(_ key: Key, _ message: String) {
            problems.append(.error(at: JSONPath([.key(key.name)]), message))
        }
        for unknown in members.keys.sorted() where Key(rawValue: unknown) == nil {
            problems.append(
                .error(
                    at: JSONPath([.key(unknown)]), "an intent has no member \"\(ScreenplayError.quoting(unknown))\"", code: .unknownField))
        }
        var name = ""
        switch members[Key.name] {
        case .string(let value)? where !value.isEmpty && value.count <= Self.maxNameLength: name = value
        default: problem(.name, "an intent needs a \"name\": a non-empty string of at most \(Self.maxNameLength) characters")
        }
        func object(_ key: Key) -> [String: JSONValue] {
            switch members[key] {
            case nil, .null?: return [:]
            case .object(let value)?: return value
            case let other?:
                problem(key, "\"\(key.name)\" must be an object, not \(other.kindDescription)")
                return [:]
            }
        }
        var request = IntentRequest(name: name, payload: object(.payload), state: object(.state))
        switch members[Key.stateToken] {
        case nil, .null?: break
        case .string(let token)?: request.stateToken = token
        case let other?: problem(.stateToken, "\"stateToken\" must be a string, not \(other.kindDescription)")
        }
        switch members[Key.version] {
        case nil, .null?: break
        case .string(let value)? where value.utf8.count <= Self.maxVersionBytes: request.version = value
        case let other?:
            problem(.version, "\"version\" must be a string of at most \(Self.maxVersionBytes) characters, not \(other.kindDescription)")
        }
        return DecodeResult(value: problems.isEmpty ? request : nil, diagnostics: problems)
    }

    /// A 400 `malformedIntent` naming the first problem's member.
    public static func refusal(for problems: [Diagnostic]) -> ScreenplayError {
        ScreenplayError(.badRequest, code: "malformedIntent", refusing: problems[0])
    }
}
