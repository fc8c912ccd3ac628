import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// A document of the admin API — an experiment, a slot version, an audit entry, a report, a
/// request — as one type that the server writes and `screenplay admin` reads (or the other way
/// round), its members named by a `JSONKey` enum, so that renaming one is a compile error on both
/// sides.
///
/// ```swift
/// let bytes = StopRequest(winner: "cardFirst").encoded()
/// let stop = try StopRequest.decode(from: bytes).value   // StopRequest(winner: "cardFirst")
/// ```
public protocol AdminMessage: WireDecodable, ProtocolMessage where Refusal == ScreenplayError {
    /// The message as JSON.
    var document: JSONValue { get }

    /// Reads the message from a parsed document. Throws only when it is not that message at all
    /// (not an object); any other problem is a diagnostic with its path, and then there is no value.
    static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<Self>
}

extension AdminMessage {
    /// A 422 that lists every problem of the document; requests with a refusal of their own (a
    /// stop without a winner) say so.
    public static func refusal(for problems: [Diagnostic]) -> ScreenplayError {
        .invalid(code: "invalidDocument", "the document", problems)
    }

    /// The message as bytes (members in a stable order); the admin API answers `.pretty`.
    public func encoded(layout: JSONWriter.Layout = .compact) -> [UInt8] {
        JSONWriter.write(document, layout: layout)
    }

    /// Reads the message from bytes; throws (a 400) when they are not JSON, or not this message.
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(ScreenplayError) -> DecodeResult<Self> {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: options.limits)
        } catch {
            throw ScreenplayError(.badRequest, code: "malformedJSON", message: "the document is not JSON: \(error)")
        }
        return try decode(from: json)
    }
}
