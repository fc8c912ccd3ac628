import Screenplay

/// The `track` events an app reports, as it POSTs them to `/events`:
/// `{"events": [{"id": "…", "name": "checkout_done", "time": 1763900000000, "screen": "checkout.done",
/// "properties": {…}}]}`. The user is the request's `Screenplay-User`.
///
/// Read resiliently: a malformed event costs that event (named with its path), never the batch.
///
/// ```swift
/// let body = EventBatch(events: [.init(id: UUID().uuidString, name: "tap")]).encoded()   // the app
/// let (batch, problems) = try EventBatch.decode(body)                                    // the server
/// ```
public struct EventBatch: Sendable, Hashable {
    public struct Event: Sendable, Hashable {
        /// Unique per event (a UUID): a batch sent again is counted once.
        public var id: String
        public var name: String
        /// When it happened on the device, Unix milliseconds.
        public var time: Int64?
        /// The id of the screen it happened on.
        public var screen: String?
        public var properties: [String: JSONValue]

        public init(id: String, name: String, time: Int64? = nil, screen: String? = nil, properties: [String: JSONValue] = [:]) {
            self.id = id
            self.name = name
            self.time = time
            self.screen = screen
            self.properties = properties
        }
    }

    public var events: [Event]

    public init(events: [Event]) {
        self.events = events
    }

    /// The most events in one batch, and the longest id and name.
    public static let maxEvents = 500
    public static let maxIDLength = 64
    public static let maxNameLength = 128
    /// The largest batch body, in bytes.
    public static let maxBytes = 512 * 1024

    enum Key: String, JSONKey {
        case events, id, name, time, screen, properties
    }

    public func encoded() -> [UInt8] {
        let events = self.events.map { event -> JSONValue in
            var members: [String: JSONValue] = [Key.id.name: .string(event.id), Key.name.name: .string(event.name)]
            members[Key.time.name] = event.time.map { .number(Double($0)) }
            members[Key.screen.name] = event.screen.map(JSONValue.string)
            if !event.properties.isEmpty { members[Key.properties.name] = .object(event.properties) }
            return .object(members)
        }
        return JSONWriter.write(.object([Key.events.name: .array(events)]))
    }

    /// Reads a batch: the well-formed events, and a problem for each one left out. A body that is
    /// not a batch at all, or holds too many events, is a 400.
    public static func decode(_ bytes: [UInt8]) throws(ScreenplayError) -> (batch: EventBatch, problems: [Diagnostic]) {
        func malformed(_ message: String, path: String? = nil) -> ScreenplayError {
            ScreenplayError(.badRequest, code: "malformedEvents", message: message, path: path)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: .default)
        } catch {
            throw malformed("the batch is not JSON: \(error)")
        }
        guard case .object(let members) = json, case .array(let items)? = members[Key.events] else {
            throw malformed("a batch is {\"events\": [ … ]}", path: Key.events.name)
        }
        guard items.count <= maxEvents else {
            throw ScreenplayError(
                .contentTooLarge, code: "tooManyEvents", message: "a batch holds at most \(maxEvents) events; send the rest in another",
                path: Key.events.name)
        }
        var events: [Event] = []
        var problems: [Diagnostic] = []
        for (index, item) in items.enumerated() {
            let path = "events[\(index)]"
            func skip(_ member: Key?, _ message: String) {
                problems.append(.error(at: JSONPath(parsing: member.map { "\(path).\($0.name)" } ?? path), message))
            }
            guard case .object(let event) = item else {
                skip(nil, "an event is an object, not \(item.kindDescription)")
                continue
            }
            guard case .string(let id)? = event[Key.id], !id.isEmpty else {
                skip(.id, "an event needs an \"id\" of 1 to \(maxIDLength) characters")
                continue
            }
            if let problem = StoredText.name(maxLength: maxIDLength).problem(in: id) {
                skip(.id, "\"id\" \(problem)")
                continue
            }
            guard case .string(let name)? = event[Key.name], !name.isEmpty else {
                skip(.name, "an event needs a \"name\" of 1 to \(maxNameLength) characters")
                continue
            }
            if let problem = StoredText.name(maxLength: maxNameLength).problem(in: name) {
                skip(.name, "\"name\" \(problem)")
                continue
            }
            var parsed = Event(id: id, name: name)
            switch event[Key.time] {
            case nil, .null?: break
            case .number(let time)? where time.isFinite && time >= 0 && time < 1e15: parsed.time = Int64(time)
            default:
                skip(.time, "\"time\" is Unix milliseconds")
                continue
            }
            switch event[Key.screen] {
            case nil, .null?: break
            case .string(let screen)? where StoredText.name(maxLength: 256).problem(in: screen) == nil: parsed.screen = screen
            default:
                skip(.screen, "\"screen\" is a screen id of at most 256 characters, without control characters")
                continue
            }
            switch event[Key.properties] {
            case nil, .null?: break
            case .object(let properties)? where properties.count <= 32 && JSONWriter.write(.object(properties)).count <= 4_096:
                if let (where_, problem) = StoredText.freeText(maxLength: 4_096).problem(in: .object(properties), at: "\(path).properties")
                {
                    problems.append(.error(at: JSONPath(parsing: where_), problem))
                    continue
                }
                parsed.properties = properties
            default:
                skip(.properties, "\"properties\" is an object of at most 32 members and 4 KiB")
                continue
            }
            events.append(parsed)
        }
        return (EventBatch(events: events), problems)
    }
}
