import Screenplay

/// The `track` events an app reports, as it POSTs them to `/events`:
/// `{"events": [{"id": "…", "name": "checkout_done", "time": 1763900000000, "screen": "checkout.done",
/// "properties": {…}}]}`. The user is the request's `Screenplay-User`.
///
/// Read resiliently: a malformed event costs that event (named with its path), never the batch.
///
/// ```swift
/// let body = EventBatch(events: [.init(id: UUID().uuidString, name: "tap")]).encoded()   // the app
/// let read = try EventBatch.decode(from: body)                                            // the server
/// read.value?.events; read.diagnostics   // the well-formed events; a problem per event left out
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
    /// Where each event stood in the body it was read from: `positions[i]` is the index of
    /// `events[i]` in the body's `"events"` (the events left out for a problem leave gaps). A batch
    /// made in code has its own indices.
    ///
    /// ```swift
    /// let read = try EventBatch.decode(from: Array(#"{"events":[{"id":""},{"id":"a","name":"tap"}]}"#.utf8))
    /// read.value?.positions   // [1]
    /// ```
    public private(set) var positions: [Int]

    public init(events: [Event]) {
        self.events = events
        self.positions = Array(events.indices)
    }

    /// The most events in one batch, and the longest id and name.
    public static let maxEvents = 500
    public static let maxIDLength = 64
    public static let maxNameLength = 128
    /// The largest batch body, in bytes.
    public static let maxBytes = 512 * 1024

    package enum Key: String, JSONKey {
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
}

extension EventBatch: WireDecodable, ProtocolMessage {
    /// Reads a batch: the well-formed events, with their ``positions``, and an error at
    /// `events[i]` (or below) for each one left out. A body that is not a batch at all is a 400
    /// `malformedEvents`, one with more than ``maxEvents`` a 413 `tooManyEvents`.
    ///
    /// ```swift
    /// let read = try EventBatch.decode(from: body)
    /// read.value?.events        // the events to store
    /// read.diagnostics          // [events[3].name: error: an event needs a "name" …]
    /// ```
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(ScreenplayError) -> DecodeResult<
        EventBatch
    > {
        func malformed(_ message: String, path: String? = nil) -> ScreenplayError {
            ScreenplayError(.badRequest, code: "malformedEvents", message: message, path: path)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: options.limits)
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
        var batch = EventBatch(events: [])
        var problems: [Diagnostic] = []
        for (index, item) in items.enumerated() {
            let path = JSONPath([.key(Key.events.name), .index(index)])
            func skip(_ member: Key?, _ message: String) {
                problems.append(.error(at: member.map { path.appending(key: $0.name) } ?? path, message))
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
                let propertiesPath = path.appending(key: Key.properties.name)
                if let (where_, problem) = StoredText.freeText(maxLength: 4_096).problem(in: .object(properties), at: propertiesPath) {
                    problems.append(.error(at: where_, problem))
                    continue
                }
                parsed.properties = properties
            default:
                skip(.properties, "\"properties\" is an object of at most 32 members and 4 KiB")
                continue
            }
            batch.events.append(parsed)
            batch.positions.append(index)
        }
        return DecodeResult(value: batch, diagnostics: problems)
    }

    /// A 400 `malformedEvents` naming the first problem. A batch is never refused for its
    /// events' problems (each costs its event); this is for readers that need every event.
    public static func refusal(for problems: [Diagnostic]) -> ScreenplayError {
        ScreenplayError(.badRequest, code: "malformedEvents", refusing: problems[0])
    }
}
