import Screenplay

/// The JSON body of an intent request, checked field by field: client input is untrusted.
struct IntentBody {
    let name: String
    let payload: [String: JSONValue]
    let state: [String: JSONValue]
    let stateToken: String?
    /// The version of the screen the client shows (its ETag or stream id), so the answer can be a patch.
    let version: String?

    init(bytes: [UInt8], limits: DocumentLimits) throws(ScreenplayError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: limits)
        } catch {
            throw ScreenplayError(.badRequest, code: "malformedIntent", message: "the intent is not JSON: \(error)")
        }
        guard case .object(let members) = json else {
            throw ScreenplayError(.badRequest, code: "malformedIntent", message: "an intent is a JSON object, not \(json.kindDescription)")
        }
        if let unknown = members.keys.sorted().first(where: { !["name", "payload", "state", "stateToken", "version"].contains($0) }) {
            throw ScreenplayError(.badRequest, code: "malformedIntent", message: "an intent has no member \"\(unknown)\"", path: unknown)
        }
        guard case .string(let name)? = members["name"], !name.isEmpty, name.count <= 128 else {
            throw ScreenplayError(.badRequest, code: "malformedIntent", message: "an intent needs a \"name\": a non-empty string of at most 128 characters", path: "name")
        }
        func object(_ key: String) throws(ScreenplayError) -> [String: JSONValue] {
            switch members[key] {
            case nil, .null?: return [:]
            case .object(let value)?: return value
            case let other?: throw ScreenplayError(.badRequest, code: "malformedIntent", message: "\"\(key)\" must be an object, not \(other.kindDescription)", path: key)
            }
        }
        self.name = name
        self.payload = try object("payload")
        self.state = try object("state")
        switch members["stateToken"] {
        case nil, .null?: stateToken = nil
        case .string(let token)?: stateToken = token
        case let other?: throw ScreenplayError(.badRequest, code: "malformedIntent", message: "\"stateToken\" must be a string, not \(other.kindDescription)", path: "stateToken")
        }
        switch members["version"] {
        case nil, .null?: version = nil
        case .string(let value)? where value.utf8.count <= 128: version = value
        case let other?: throw ScreenplayError(.badRequest, code: "malformedIntent", message: "\"version\" must be a string of at most 128 characters, not \(other.kindDescription)", path: "version")
        }
    }
}
