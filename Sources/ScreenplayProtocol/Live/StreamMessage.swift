import Screenplay

/// What a screen stream (`GET /screens/<path>/stream`) says, one Server-Sent Event each: the whole
/// screen (event `screen`), or a patch from the version the client holds (event `patch`, a
/// ``PatchEnvelope``); the event's id is the version it leads to.
///
/// ```swift
/// let event = StreamMessage.patch(envelope, version: "81c0…").event   // the server
/// let message = try StreamMessage.decode(from: event, options: options)?.get()   // the client
/// ```
public enum StreamMessage: Sendable, Hashable {
    case screen(Screen, version: String)
    case patch(PatchEnvelope, version: String)

    /// The event types, as the stream names them.
    public enum EventType: String, Sendable {
        case screen, patch
    }

    /// The version the client holds once it applied the message.
    public var version: String {
        switch self {
        case .screen(_, let version), .patch(_, let version): version
        }
    }

    /// An event of a stream for web pages: rendered content rather than the document.
    public static func event(_ type: EventType, version: String, data: [UInt8]) -> ServerSentEvent {
        ServerSentEvent(type: type.rawValue, id: version, data: String(decoding: data, as: UTF8.self))
    }

    /// The message as an event (its data is JSON on one line).
    public var event: ServerSentEvent {
        switch self {
        case .screen(let screen, let version): Self.event(.screen, version: version, data: screen.encoded())
        case .patch(let envelope, let version): Self.event(.patch, version: version, data: envelope.encoded())
        }
    }
    /// Reads an event in the shape of every reader (`WireDecodable`), from an event rather than
    /// bytes, since its type and id are the event's: nil for event types this version does not
    /// know (they are skipped); an event without an id, or a patch that is not JSON, throws a 502
    /// `malformedEvent` or `malformedPatch`; a screen or patch that cannot be used has no value and
    /// its errors (``ProtocolMessage/refusal(for:)`` makes them a 502 `malformedEvent`). A screen's
    /// warnings come back as diagnostics.
    ///
    /// ```swift
    /// let message = try StreamMessage.decode(from: ServerSentEvent(type: "screen", id: "v2", data: json))?.get()
    /// ```
    public static func decode(from event: ServerSentEvent, options: DecodingOptions = .default) throws(ScreenplayError) -> DecodeResult<
        StreamMessage
    >? {
        guard let type = EventType(rawValue: event.type) else { return nil }
        guard let version = event.id else {
            throw ScreenplayError(.badGateway, code: "malformedEvent", message: "a \(type.rawValue) event has no id")
        }
        let data = Array(event.data.utf8)
        switch type {
        case .screen:
            let decoded = Screen.decode(from: data, options: options)
            guard let screen = decoded.value else {
                let problem = Diagnostic.error(
                    at: .root, "the stream's screen could not be used: \(decoded.errors.first.map(String.init(describing:)) ?? "")",
                    code: .droppedNode)
                return DecodeResult(value: nil, diagnostics: [problem] + decoded.diagnostics)
            }
            return DecodeResult(value: .screen(screen, version: version), diagnostics: decoded.diagnostics)
        case .patch:
            let decoded = try PatchEnvelope.decode(from: data, options: options)
            return DecodeResult(value: decoded.value.map { .patch($0, version: version) }, diagnostics: decoded.diagnostics)
        }
    }
}

extension StreamMessage: ProtocolMessage {
    /// A 502 `malformedEvent` naming the first problem: the stream sent what this client cannot use.
    public static func refusal(for problems: [Diagnostic]) -> ScreenplayError {
        ScreenplayError(.badGateway, code: "malformedEvent", refusing: problems[0])
    }
}
