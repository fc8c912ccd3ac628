import Screenplay

/// What a screen stream (`GET /screens/<path>/stream`) says, one Server-Sent Event each: the whole
/// screen (event `screen`), or a patch from the version the client holds (event `patch`, a
/// ``PatchEnvelope``); the event's id is the version it leads to.
///
/// ```swift
/// let event = StreamMessage.patch(envelope, version: "81c0…").event   // the server
/// let message = try StreamMessage.decode(event, options: options)?.value   // the client
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

    /// Reads an event: nil for event types this version does not know (they are skipped); a
    /// screen or patch that cannot be used throws. A screen's warnings come back as diagnostics.
    public static func decode(_ event: ServerSentEvent, options: DecodingOptions = .default) throws(ScreenplayError) -> DecodeResult<
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
                throw ScreenplayError(
                    .badGateway, code: "malformedEvent",
                    message: "the stream's screen could not be used: \(decoded.errors.first.map(String.init(describing:)) ?? "")")
            }
            return DecodeResult(value: .screen(screen, version: version), diagnostics: decoded.diagnostics)
        case .patch:
            return DecodeResult(value: .patch(try PatchEnvelope.decode(from: data, options: options), version: version), diagnostics: [])
        }
    }
}
