import Screenplay

/// An intent as a client POSTs it to `/screens/<path>/intents`:
/// `{"name": "refresh", "payload": {…}, "state": {…}, "stateToken": "…", "version": "…"}`.
///
/// The server reads it member by member, as untrusted input: a wrong member is a 400 that names it.
///
/// ```swift
/// let body = IntentRequest(name: "refresh", state: ["city": "Paris"]).encoded()   // the client
/// let intent = try IntentRequest(decoding: body, limits: .default)               // the server
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

    /// Reads a request body; every problem is a 400 `malformedIntent` naming the member.
    public init(decoding bytes: [UInt8], limits: DocumentLimits) throws(ScreenplayError) {
        func malformed(_ message: String, at key: Key? = nil) -> ScreenplayError {
            ScreenplayError(.badRequest, code: "malformedIntent", message: message, path: key?.name)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: limits)
        } catch {
            throw malformed("the intent is not JSON: \(error)")
        }
        guard case .object(let members) = json else { throw malformed("an intent is a JSON object, not \(json.kindDescription)") }
        if let unknown = members.keys.sorted().first(where: { Key(rawValue: $0) == nil }) {
            throw ScreenplayError(
                .badRequest, code: "malformedIntent", message: "an intent has no member \"\(ScreenplayError.quoting(unknown))\"",
                path: ScreenplayError.quoting(unknown))
        }
        guard case .string(let name)? = members[Key.name], !name.isEmpty, name.count <= Self.maxNameLength else {
            throw malformed("an intent needs a \"name\": a non-empty string of at most \(Self.maxNameLength) characters", at: .name)
        }
        func object(_ key: Key) throws(ScreenplayError) -> [String: JSONValue] {
            switch members[key] {
            case nil, .null?: return [:]
            case .object(let value)?: return value
            case let other?: throw malformed("\"\(key.name)\" must be an object, not \(other.kindDescription)", at: key)
            }
        }
        self.name = name
        self.payload = try object(.payload)
        self.state = try object(.state)
        switch members[Key.stateToken] {
        case nil, .null?: stateToken = nil
        case .string(let token)?: stateToken = token
        case let other?: throw malformed("\"stateToken\" must be a string, not \(other.kindDescription)", at: .stateToken)
        }
        switch members[Key.version] {
        case nil, .null?: version = nil
        case .string(let value)? where value.utf8.count <= Self.maxVersionBytes: version = value
        case let other?:
            throw malformed(
                "\"version\" must be a string of at most \(Self.maxVersionBytes) characters, not \(other.kindDescription)", at: .version)
        }
    }
}
